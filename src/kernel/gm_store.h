// Plain (non-atomic) transfers into GM. Large blocks use non-temporal stores
// where the CPU has AVX2: the twin's GM is far larger than any cache, and
// streaming stores skip the read-for-ownership that ordinary stores pay.
#pragma once

#include <cstddef>
#include <cstdint>

namespace asctwin::kernel {

void gmStore(uint8_t* dst, const uint8_t* src, size_t bytes);
// Transfers out of GM into local memory (prefetching ahead on large blocks).
void gmLoad(uint8_t* dst, const uint8_t* src, size_t bytes);
// Orders earlier streaming stores before later loads and stores of any thread.
void gmStoreFence();

}  // namespace asctwin::kernel
