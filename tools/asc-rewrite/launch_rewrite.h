// Rewrites kernel launches `CALLEE<<<blocks, dynUbBytes[, stream]>>>(args...)`
// into calls of the twin's launcher. When CALLEE names a kernel of the
// translation unit (`NAME`, `ns::NAME`, `NAME<T>`), the kind is known here:
//
//   ::asctwin::ascLaunch(SPEC, "NAME", CALLEE, (blocks), (dynUbBytes), (stream), args...)
//
// Any other callee (a pointer, a kernel chosen by a lambda or `?:`, an array
// element) is launched through the kernel registry, which knows every kernel
// defined in a translated unit by its address:
//
//   ::asctwin::ascLaunchPtr("CALLEE", CALLEE, (blocks), (dynUbBytes), (stream), args...)
//
// Without a stream (`<<<blocks, dynUbBytes>>>`) the default stream (nullptr)
// is used. Only the launch syntax is replaced (plus the spaces and tabs right
// next to it); every newline stays, so each line keeps its number.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "kernel_scan.h"
#include "tokenizer.h"

namespace asctwin::asc {

// Replace source bytes [begin, end) by `text`.
struct Edit {
  std::size_t begin;
  std::size_t end;
  std::string text;
};

using Edits = std::vector<Edit>;

// A launch that was rewritten.
struct LaunchSite {
  std::string kernel;  // the kernel's name, or the callee as written
  bool direct;         // the callee names a kernel of this unit
  std::size_t line;    // of the callee's first token
  std::size_t column;
  std::size_t lastLine;  // of the '(' that opens the kernel arguments
};

// Appends the edits for every launch in `toks`, and its site to `sites`.
// Malformed launches are reported in `errors`.
void rewriteLaunches(std::string_view src, const std::vector<Token>& toks,
                     const KernelTable& kernels, Edits& edits, std::vector<LaunchSite>& sites,
                     Diagnostics& errors);

// `src` with `edits` applied (overlapping edits are ignored after the first).
std::string applyEdits(std::string_view src, Edits edits);

// `text` as the body of a C++ string literal.
std::string escapeString(std::string_view text);

}  // namespace asctwin::asc
