// The findings of a process: deduplicated per (kernel, kind, site pair) with
// a count, in order of first occurrence. Thread-safe.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"
#include "checker/finding_kinds.h"

namespace asctwin::checker {

class FindingStore {
 public:
  // Adds one occurrence. `f.count` is ignored (counted here).
  void add(Finding f);
  std::vector<Finding> all() const;
  void clear();

 private:
  mutable std::mutex mu_;
  std::vector<Finding> list_;
  std::unordered_map<std::string, size_t> index_;
};

}  // namespace asctwin::checker
