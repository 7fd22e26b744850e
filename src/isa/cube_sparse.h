// The 4:2 structured-sparse Mmad (cube_sparse.cpp).
#pragma once

#include <cstdint>

#include "isa/cube_mad_kernels.h"
#include "isa/operand.h"

namespace asctwin::isa {

// The core's sparse index buffer (a quarter of L0B, garbage until loaded).
uint8_t* sparseIndexBuffer(CoreState& c);

// C (int32, whole fractals of sc) = init + A x B: A int8 Zz over `sa`
// (K = k), B the densified int8 Zn over `sb` (K = ceil(k / 2)), `idx` the
// index fractals of B (128 bytes per B fractal). Returns false and the
// offending column in *badColumn when a valid column's index holds the
// value 3 (indices are 0, 1 or 2).
bool madSparse(const madk::Shape& sa, const madk::Shape& sb, uint32_t n, const uint8_t* a,
               const uint8_t* b, const uint8_t* idx, uint8_t* c, const int32_t* bias, bool zeroInit,
               uint32_t* badColumn);

}  // namespace asctwin::isa
