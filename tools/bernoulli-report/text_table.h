// An aligned plain-text table: the first column and the ones marked with
// leftAlign() left-aligned (text), the others right-aligned (numbers), two
// spaces between columns.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace asctwin::report {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) : rows_{std::move(header)} {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void leftAlign(std::vector<size_t> columns) { left_ = std::move(columns); }
  void print(std::FILE* f) const;

 private:
  std::vector<std::vector<std::string>> rows_;
  std::vector<size_t> left_{0};
};

// 69207040 -> "69,207,040" (the design's tables group digits this way).
std::string groupDigits(uint64_t v);
// printf-style formatting into a string.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace asctwin::report
