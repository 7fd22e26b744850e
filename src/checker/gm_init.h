// initcheck's answer to "was this GM byte ever written?": bytes that the host
// never wrote (aclrtMemcpy/aclrtMemset, device tasks) and no kernel wrote
// (the checker notes kernel GM writes as host writes) and that still hold the
// allocator's poison fill. Word by word (4 bytes), as the kernels' dtypes are.
#pragma once

#include <cstddef>
#include <cstdint>

namespace asctwin::checker {

// Whether any word of [lo, hi) was never written.
bool uninitialisedGm(uintptr_t lo, uintptr_t hi);

struct UninitialisedSpan {
  uintptr_t first = 0;  // the first never-written byte (0 = none)
  size_t bytes = 0;     // never-written bytes in the range
};
// Where and how much of [lo, hi) was never written.
UninitialisedSpan uninitialisedGmSpan(uintptr_t lo, uintptr_t hi);

}  // namespace asctwin::checker
