// Which device bytes the host side has written (aclrtMemcpy/aclrtMemset, the
// DSA mask task): the checker's initcheck tells "never written" GM from data
// even when the data happens to equal the allocator's poison fill. A fresh
// allocation forgets what was written at its addresses before.
//
// Kept as merged disjoint ranges (a memcpy of a tensor is one entry).
#pragma once

#include <cstddef>
#include <cstdint>

namespace asctwin::device {

void noteHostWrite(const void* p, size_t n);
void forgetHostWrites(const void* p, size_t n);
// Whether [p, p + n) was entirely written by the host.
bool hostWritten(const void* p, size_t n);

}  // namespace asctwin::device
