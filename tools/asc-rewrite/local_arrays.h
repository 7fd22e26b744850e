// Arrays in a core's local memory declared in kernel code (the C API's
// "以数组方式申请内存", Atlas A2/A3):
//
//   __ubuf__ float x[256];     ->  auto& x = ::asctwin::capi::localArray<float[256],
//                                      ::asctwin::capi::LocalSpace::UB>([] {}, "x");
//   __ubuf__ Tiles t{};        ->  auto& t = ::asctwin::capi::localObject<Tiles, ...>(...);
//
// in the bodies of __global__ and __aicore__ functions, for the qualifiers
// __ubuf__ (UB), __cbuf__ (L1), __ca__ (L0A), __cb__ (L0B), __cc__ (L0C),
// __biasbuf__ (BT) and __fbuf__ (FB). The qualifier itself is blanked like
// every marker; the rest of the declaration up to its ';' is replaced, its
// newlines kept at the end. Declarations of pointers or references in those
// spaces (`__ubuf__ float* p = ...;`) only lose the qualifier.
//
// Refused (the documentation's unsupported forms, or forms the twin cannot
// place): a struct without braces (`__ubuf__ Tiles t;`, "不支持隐式构造"),
// an initialiser, an array without a size, and such a declaration after
// `static`, `extern` or `thread_local`.
#pragma once

#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "launch_rewrite.h"
#include "line_map.h"
#include "tokenizer.h"

namespace asctwin::asc {

// True for the local-memory qualifiers above.
bool isLocalSpaceWord(std::string_view word);

// Adds the edits of every such declaration in device code; errors carry the
// positions of the unit (translate() maps them to the user's files).
void rewriteLocalArrays(std::string_view src, const std::vector<Token>& code, Edits& edits,
                        Diagnostics& errors);

}  // namespace asctwin::asc
