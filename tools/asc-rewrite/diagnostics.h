// Errors the front end reports, in the compilers' "file:line:col: error: ..." form.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace asctwin::asc {

struct Diagnostic {
  std::size_t line;    // 1-based
  std::size_t column;  // 1-based, in bytes
  std::string message;
  std::string file;  // empty: the file being translated
};

using Diagnostics = std::vector<Diagnostic>;

inline std::string formatDiagnostic(std::string_view path, const Diagnostic& d) {
  std::string out = d.file.empty() ? std::string(path) : d.file;
  out += ':' + std::to_string(d.line) + ':' + std::to_string(d.column) + ": error: ";
  out += d.message;
  return out;
}

}  // namespace asctwin::asc
