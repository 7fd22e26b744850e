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
  // Findings read back from a file may carry a kind this build does not know:
  // they keep their sites as given.
  const KindInfo* k = kindNamed(f.kind);
  std::string a = siteKey(f.first, k != nullptr && k->perBlock);
  std::string b = f.second ? siteKey(*f.second, false) : std::string("-");
  // Which side of an unordered pair ran first depends on the schedule.
  if (f.second && k != nullptr && k->unorderedPair && b < a) std::swap(a, b);
  return f.kernel + "#" + f.kind + "#" + a + "#" + b;
}

Finding findingOf(Kind k) {
  Finding f;
  f.kind = std::string(kindInfo(k).name);
  f.tool = toolName(kindInfo(k).tool);
  return f;
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
