#include "text_table.h"

#include <algorithm>
#include <cstdarg>
#include <cstdint>

namespace asctwin::report {
namespace {

// Display width: UTF-8 continuation bytes take no column.
size_t columns(const std::string& s) {
  return static_cast<size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

void TextTable::print(std::FILE* f) const {
  std::vector<size_t> width;
  for (const auto& row : rows_) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], columns(row[i]));
  }
  for (size_t r = 0; r < rows_.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < rows_[r].size(); ++i) {
      const std::string& cell = rows_[r][i];
      const std::string pad(width[i] - columns(cell), ' ');
      if (i > 0) line += "  ";
      const bool left = std::find(left_.begin(), left_.end(), i) != left_.end();
      line += left ? cell + pad : pad + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::fprintf(f, "%s\n", line.c_str());
    if (r == 0) {
      size_t total = 0;
      for (size_t w : width) total += w + 2;
      std::fprintf(f, "%s\n", std::string(total > 2 ? total - 2 : 0, '-').c_str());
    }
  }
}

std::string groupDigits(uint64_t v) {
  // Built forwards: GCC 12's -Wrestrict misfires on std::string::insert here.
  const std::string digits = std::to_string(v);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

std::string format(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

}  // namespace asctwin::report
