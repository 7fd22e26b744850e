// Helpers shared by the front end's in-process tests (translate.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "translate.h"

namespace asctwin::asc::test {

inline std::size_t countNewlines(std::string_view s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// Text after the first line (the `#line 1 "..."` header of unmarked input).
inline std::string afterFirstLine(std::string_view s) {
  const std::size_t nl = s.find('\n');
  return nl == std::string_view::npos ? std::string() : std::string(s.substr(nl + 1));
}

// Translates `src` as "test.asc"; the output without its `#line` header, or
// "<errors>" followed by the diagnostics when there are errors.
inline std::string translated(std::string_view src) {
  const TranslateResult r = translate(src, "test.asc");
  if (r.ok()) return afterFirstLine(r.output);
  std::string out = "<errors>\n";
  for (const Diagnostic& d : r.errors) out += formatDiagnostic("test.asc", d) + "\n";
  return out;
}

// Every diagnostic of translating `src` as "test.asc", one per line ("" if none).
inline std::string errorsOf(std::string_view src) {
  std::string out;
  for (const Diagnostic& d : translate(src, "test.asc").errors) {
    out += formatDiagnostic("test.asc", d) + "\n";
  }
  return out;
}

// The spellings of the kinds in generated code (launch_rewrite.h, kernel_scan.h).
inline std::string spec(std::string_view kind, int aic = 0, int aiv = 0) {
  return "::asctwin::KernelSpec{::asctwin::KernelKind::" + std::string(kind) + ", " +
         std::to_string(aic) + ", " + std::to_string(aiv) + "}";
}
inline std::string spec(std::string_view kind, std::string_view aic, std::string_view aiv) {
  return "::asctwin::KernelSpec{::asctwin::KernelKind::" + std::string(kind) + ", " +
         std::string(aic) + ", " + std::string(aiv) + "}";
}

// The statement translate() puts at the start of a kernel body.
inline std::string registration(std::string_view address, const std::string& kernelSpec) {
  return " (void)::asctwin::kernelRegistration<" + std::string(address) + ", " + kernelSpec + ">;";
}

// The call a direct launch of kernel `name` with `kernelSpec` begins with.
inline std::string direct(std::string_view name, const std::string& kernelSpec) {
  return "::asctwin::ascLaunch(" + kernelSpec + ", \"" + std::string(name) + "\", ";
}

// `s` with every byte other than a newline replaced by a space.
inline std::string blanks(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c != '\n') c = ' ';
  }
  return out;
}

}  // namespace asctwin::asc::test
