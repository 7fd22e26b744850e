// GM writes under an atomic mode (add/max/min of int8, int16, half, bfloat16,
// int32, float): the incoming bytes combine with GM element by element. On the
// host the combination is atomic per element: writers of the same 512-byte GM
// chunk serialise on a striped lock.
#pragma once

#include <cstddef>
#include <cstdint>

#include "asctwin/kernel/runtime.h"

namespace asctwin::kernel {

// Combines `bytes` bytes from src into gm (bytes a multiple of the type size).
void atomicCombine(AtomicOp op, DType type, uint8_t* gm, const uint8_t* src, size_t bytes);

}  // namespace asctwin::kernel
