// The integer arithmetic of tilings, shared by the host tiling and the
// kernels that recompute the same splits. Only <cstdint>: kernel sources
// include it next to kernel_operator.h.
#pragma once

#include <cstdint>

#ifndef __aicore__
#define __aicore__
#endif

namespace asctwin::ops {

// ceil(a / b); 0 when b is 0.
__aicore__ inline constexpr uint64_t CeilDiv(uint64_t a, uint64_t b) {
  return b == 0 ? 0 : (a + b - 1) / b;
}
// a rounded up to a multiple of b.
__aicore__ inline constexpr uint64_t AlignUp(uint64_t a, uint64_t b) {
  return CeilDiv(a, b) * b;
}
// Start of part `i` of `count` parts of [0, total): floor(i * total / count).
// Callers keep total * count below 2^64 (total < 2^48 with count <= 65535).
__aicore__ inline constexpr uint64_t SplitPoint(uint64_t total, uint64_t i, uint64_t count) {
  return count == 0 ? 0 : i * total / count;
}

}  // namespace asctwin::ops
