// Devkit mode: Huawei's block-local variables in a translated unit.
//
// The contract defines `__BLOCK_LOCAL__` as the marker
// `__asctwin_block_local__` (include/asctwin/devkit/block_local.h). In the
// preprocessed, translated unit every marked declaration
//
//     __asctwin_block_local__ inline T name ... ;
//
// becomes `thread_local inline T name ... ;` followed, on the same line, by
// a registration of the variable with the twin (its calling-thread address
// and size), so that the scheduler saves and restores each block's value
// around fiber switches (src/kernel/block_locals.h). A declaration whose
// declarator is a function (a variable the contract redirects by a macro to
// a register accessor) gets `extern "C"` instead and no registration.
// Lines are unchanged, so diagnostics and debug information keep naming the
// user's and Huawei's files and lines.
#pragma once

#include <string>

namespace asctwin::asc {

inline constexpr const char* kBlockLocalMarker = "__asctwin_block_local__";

// Rewrites every marked declaration of `text`. Returns false (and says why
// in `error`, naming the offending declaration) when a marker does not start
// a declaration this rewrite understands.
bool rewriteBlockLocals(std::string& text, std::string* error);

}  // namespace asctwin::asc
