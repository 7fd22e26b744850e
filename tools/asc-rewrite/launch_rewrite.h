// Rewrites kernel launches `NAME<<<blocks, ubBytes, stream>>>(args...)` (also
// `ns::NAME<T><<<...>>>(...)`) into calls of the twin's launcher:
//
//   ::asctwin::ascLaunch(SPEC, "NAME", NAME, (blocks), (ubBytes), (stream), args...)
//
// where SPEC is kernelSpecExpression() of the kernel. Only the launch syntax
// itself is replaced (plus the spaces and tabs right next to it); every other
// byte, comment and newline stays, so each line keeps its number.
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
  std::string kernel;
  std::size_t line;  // of the kernel name
  std::size_t column;
  std::size_t lastLine;  // of the '(' that opens the kernel arguments
};

// Appends the edits for every launch in `toks`, and its site to `sites`. Launches of names that are
// not in `kernels`, unbalanced `<<<`/`>>>` and unbalanced parentheses are reported in `errors`.
void rewriteLaunches(std::string_view src, const std::vector<Token>& toks,
                     const KernelTable& kernels, Edits& edits, std::vector<LaunchSite>& sites,
                     Diagnostics& errors);

// `src` with `edits` applied (overlapping edits are ignored after the first).
std::string applyEdits(std::string_view src, Edits edits);

}  // namespace asctwin::asc
