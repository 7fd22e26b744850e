// Findings of several runs (one per seed) merged: the same finding (tool,
// kind, kernel, both sites) seen under several seeds is one, with the counts
// added and the first seed that showed it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"

namespace asctwin::sanitizer {

// Parses the JSON array the library writes to ASCTWIN_CHECKER_OUT; nullopt
// when it is malformed.
std::optional<std::vector<checker::Finding>> parseFindings(const std::string& json);

class Merged {
 public:
  void add(const std::vector<checker::Finding>& run, uint64_t seed);
  const std::vector<checker::Finding>& findings() const { return list_; }

 private:
  std::vector<checker::Finding> list_;
  std::vector<std::string> keys_;
};

}  // namespace asctwin::sanitizer
