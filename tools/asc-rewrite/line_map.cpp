#include "line_map.h"

#include <algorithm>

namespace asctwin::asc {
namespace {

std::string_view skipSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// A string literal at the start of `s` (escapes resolved) into `out`.
bool readQuoted(std::string_view s, std::string& out) {
  if (s.empty() || s.front() != '"') return false;
  out.clear();
  for (std::size_t i = 1; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') return true;
    if (c == '\\' && i + 1 < s.size()) {
      const char e = s[++i];
      if (e >= '0' && e <= '7') {  // octal escape, as GCC writes unusual bytes
        int v = e - '0';
        for (int k = 0; k < 2 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7'; ++k) {
          v = v * 8 + (s[++i] - '0');
        }
        out += static_cast<char>(v);
      } else {
        out += e == 'n' ? '\n' : e;
      }
      continue;
    }
    out += c;
  }
  return false;
}

}  // namespace

bool parseLineMarker(std::string_view line, std::size_t& number, std::string& file) {
  line = skipSpaces(line);
  if (line.empty() || line.front() != '#') return false;
  line = skipSpaces(line.substr(1));
  if (line.substr(0, 4) == "line") line = skipSpaces(line.substr(4));
  std::size_t digits = 0;
  std::size_t n = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') {
    n = n * 10 + static_cast<std::size_t>(line[digits] - '0');
    ++digits;
  }
  if (digits == 0) return false;
  line = skipSpaces(line.substr(digits));
  if (!line.empty() && !readQuoted(line, file)) return false;
  number = n;
  return true;
}

LineMap::LineMap(std::string_view text, std::string defaultFile) {
  files_.push_back(std::move(defaultFile));
  std::size_t lineNo = 1;
  std::size_t start = 0;
  std::string file;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    const std::string_view line =
        text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    std::size_t number = 0;
    file.clear();
    if (!line.empty() && parseLineMarker(line, number, file)) {
      std::size_t index = markers_.empty() ? 0 : markers_.back().file;
      if (!file.empty()) {
        const auto found = std::find(files_.begin(), files_.end(), file);
        index = static_cast<std::size_t>(found - files_.begin());
        if (found == files_.end()) files_.push_back(file);
      }
      markers_.push_back({lineNo + 1, index, number});
    }
    if (nl == std::string_view::npos) break;
    start = nl + 1;
    ++lineNo;
  }
}

SourcePos LineMap::at(std::size_t line) const {
  const auto after =
      std::upper_bound(markers_.begin(), markers_.end(), line,
                       [](std::size_t l, const Marker& m) { return l < m.textLine; });
  if (after == markers_.begin()) return {files_[0], line};
  const Marker& m = *(after - 1);
  return {files_[m.file], m.line + (line - m.textLine)};
}

}  // namespace asctwin::asc
