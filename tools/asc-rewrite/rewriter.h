// The .asc build step as a function: tokenize, find the kernels, rewrite the
// launches, and put a `#line 1 "<path>"` header in front so diagnostics and
// std::source_location point at the original .asc lines.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "kernel_scan.h"
#include "launch_rewrite.h"

namespace asctwin::asc {

struct RewriteResult {
  std::string output;  // only meaningful when errors is empty
  KernelTable kernels;
  Diagnostics errors;  // in source order
  std::vector<LaunchSite> launches;

  [[nodiscard]] bool ok() const { return errors.empty(); }
};

// `path` is what the #line header names (the build step passes an absolute
// path). A leading UTF-8 byte-order mark is dropped; everything else is kept
// byte for byte apart from the launches.
RewriteResult rewriteAsc(std::string_view source, std::string_view path);

// `#line 1 "<path>"` plus a newline, with the path escaped as a string literal.
std::string lineDirective(std::string_view path);

}  // namespace asctwin::asc
