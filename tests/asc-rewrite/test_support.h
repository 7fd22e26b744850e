// Helpers shared by the asc-rewrite tests.
#pragma once

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "rewriter.h"

namespace asctwin::asc::test {

inline std::string dataPath(std::string_view name) {
  return std::string(ASC_TEST_DATA) + "/" + std::string(name);
}

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return std::move(s).str();
}

inline void writeFile(const std::string& path, std::string_view data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

inline std::size_t countNewlines(std::string_view s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

inline std::vector<std::string> splitLines(std::string_view s) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {
    const std::size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.emplace_back(s.substr(start));
      return lines;
    }
    lines.emplace_back(s.substr(start, nl - start));
    start = nl + 1;
  }
}

// The rewritten text without its `#line` header.
inline std::string body(const RewriteResult& r) {
  const std::size_t nl = r.output.find('\n');
  return nl == std::string::npos ? std::string() : r.output.substr(nl + 1);
}

// Rewrites `src` (as file "test.asc") and returns the body; empty on errors.
inline std::string rewriteBody(std::string_view src) {
  return body(rewriteAsc(src, "test.asc"));
}

// All diagnostics of rewriting `src` as "test.asc", one per line.
inline std::string errorsOf(std::string_view src) {
  std::string out;
  for (const Diagnostic& d : rewriteAsc(src, "test.asc").errors) {
    out += formatDiagnostic("test.asc", d) + "\n";
  }
  return out;
}

// The launch call the rewriter generates for a vector kernel, for short tests.
inline std::string vectorCall(std::string_view name) {
  return "::asctwin::ascLaunch(::asctwin::KernelSpec{::asctwin::KernelKind::Vector, 0, 0}, \"" +
         std::string(name) + "\", ";
}

}  // namespace asctwin::asc::test
