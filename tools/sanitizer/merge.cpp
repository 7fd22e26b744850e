#include "merge.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace asctwin::sanitizer {
namespace {

checker::Site siteFrom(const nlohmann::json& j) {
  checker::Site s;
  s.block = j.at("block").get<int>();
  s.core = j.at("core").get<std::string>();
  s.pipe = j.at("pipe").get<std::string>();
  s.api = j.at("api").get<std::string>();
  s.file = j.at("file").get<std::string>();
  s.line = j.at("line").get<int>();
  return s;
}

}  // namespace

std::optional<std::vector<checker::Finding>> parseFindings(const std::string& text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    std::vector<checker::Finding> out;
    for (const auto& e : j) {
      checker::Finding f;
      f.tool = e.at("tool").get<std::string>();
      f.kind = e.at("kind").get<std::string>();
      f.kernel = e.at("kernel").get<std::string>();
      f.message = e.at("message").get<std::string>();
      f.count = e.at("count").get<uint64_t>();
      f.firstSeed = e.at("first_seed").get<uint64_t>();
      f.first = siteFrom(e.at("first"));
      if (!e.at("second").is_null()) f.second = siteFrom(e.at("second"));
      out.push_back(std::move(f));
    }
    return out;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

void Merged::add(const std::vector<checker::Finding>& run, uint64_t seed) {
  for (const checker::Finding& f : run) {
    const std::string key = checker::dedupKey(f);
    auto it = std::find(keys_.begin(), keys_.end(), key);
    if (it != keys_.end()) {
      list_[static_cast<size_t>(it - keys_.begin())].count += f.count;
      continue;
    }
    keys_.push_back(key);
    list_.push_back(f);
    list_.back().firstSeed = seed;
  }
}

}  // namespace asctwin::sanitizer
