// Helpers for the checker tests: the line of a "// @tag" marker in a source
// file, and finding lookups.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"

namespace asctwin::testing {

// The line of `file` that carries the comment "// @tag" (0 if none).
inline int markerLine(const char* file, const std::string& tag) {
  std::ifstream in(file);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find("// @" + tag) != std::string::npos) return n;
  }
  return 0;
}

inline std::vector<checker::Finding> ofKind(const std::vector<checker::Finding>& all,
                                            const std::string& kind) {
  std::vector<checker::Finding> out;
  for (const auto& f : all)
    if (f.kind == kind) out.push_back(f);
  return out;
}

inline std::string dump(const std::vector<checker::Finding>& all) {
  std::string s;
  for (const auto& f : all) s += checker::toText(f);
  return s.empty() ? "(no findings)" : s;
}

}  // namespace asctwin::testing
