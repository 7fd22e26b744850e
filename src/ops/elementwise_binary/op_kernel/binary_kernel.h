// The element-wise binary kernel (Add with alpha, Mul) and the host call
// that launches it on the kernel twin. Call runBinary from inside a stream
// task: it launches now and waits for the kernel.
#pragma once

#include <cstdint>

#include "common/status.h"
#include "ops/elementwise_binary/op_host/binary_tiling.h"

namespace asctwin::ops::binary {

// out[i] = self[i] + alpha * other[i] (kOpAdd) or self[i] * other[i]
// (kOpMul) over the broadcast shape of the tiling, each operand read through
// its own strides and element type, computed in the tiling's compute kind and
// written in out's type (round to nearest even for 16-bit floats).
void elementwise_binary(uint8_t* self, uint8_t* other, uint8_t* out, BinaryTiling tiling);

Status runBinary(const BinaryTiling& tiling, const void* self, const void* other, void* out);

}  // namespace asctwin::ops::binary
