// Plain (non-atomic) transfers between GM and local memory. Large blocks into
// GM use non-temporal stores where the CPU has AVX2: the twin's GM is far
// larger than any cache, and streaming stores skip the read-for-ownership
// that ordinary stores pay. Small blocks out of GM prefetch what follows.
#pragma once

#include <cstddef>
#include <cstdint>

namespace asctwin::kernel {

void gmStore(uint8_t* dst, const uint8_t* src, size_t bytes);
// Transfers out of GM into local memory (a small block also prefetches the
// bytes after it: the next tile's).
void gmLoad(uint8_t* dst, const uint8_t* src, size_t bytes);
// Orders earlier streaming stores before later loads and stores of any thread.
void gmStoreFence();

}  // namespace asctwin::kernel
