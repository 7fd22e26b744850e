#include "checker/finding_store.h"

#include <utility>

namespace asctwin::checker {
namespace {

std::string siteKey(const Site& s, bool withBlock) {
  std::string k = s.core + "|" + s.pipe + "|" + s.api + "|" + s.file + ":" + std::to_string(s.line);
  if (withBlock) k += "|b" + std::to_string(s.block);
  return k;
}

}  // namespace

std::string dedupKey(const Finding& f) {
  std::string a = siteKey(f.first, f.kind == "syncall-count-mismatch");
  std::string b = f.second ? siteKey(*f.second, false) : std::string("-");
  // Which side of an unordered pair ran first depends on the schedule.
  const bool unorderedPair = f.kind != "double-set" && f.kind != "buffer-overlap";
  if (f.second && unorderedPair && b < a) std::swap(a, b);
  return f.kernel + "#" + f.kind + "#" + a + "#" + b;
}

Tool toolOfKind(const std::string& kind) {
  if (kind == "race-same-core" || kind == "race-cross-core") return racecheck;
  if (kind == "unordered-atomics" || kind == "plain-write-vs-atomic") return detcheck;
  if (kind == "wait-without-set" || kind == "unmatched-set" || kind == "double-set" ||
      kind == "syncall-count-mismatch" || kind == "deadlock-spin")
    return synccheck;
  if (kind == "uninit-ub-read" || kind == "uninit-gm-read" || kind == "uninit-gm-atomic" ||
      kind == "uninit-gm-copy")
    return initcheck;
  return memcheck;
}

void FindingStore::add(Finding f) {
  std::string key = dedupKey(f);
  std::lock_guard lock(mu_);
  auto it = index_.find(key);
  if (it != index_.end()) {
    list_[it->second].count += 1;
    return;
  }
  f.count = 1;
  index_.emplace(std::move(key), list_.size());
  list_.push_back(std::move(f));
}

std::vector<Finding> FindingStore::all() const {
  std::lock_guard lock(mu_);
  return list_;
}

void FindingStore::clear() {
  std::lock_guard lock(mu_);
  list_.clear();
  index_.clear();
}

}  // namespace asctwin::checker
