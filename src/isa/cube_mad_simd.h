// The SIMD paths of mad's numerics (cube_mad_kernels.cpp dispatches to
// them): operand packing shared by the AVX2 and AVX-512 paths and their
// entry points. Both run the ordered fma chain of every element of C
// (docs/cube.md "Numerics"), reading and writing C in its L0C Nz layout.
//
// Packed operands (fp32, converted once per Mmad):
//   A: blocks of kPackRows rows, row block q at pa + q * k * kPackRows, element
//      (r, kk) at [kk * kPackRows + r] (the kPackRows values one k step
//      broadcasts are adjacent); GEMV packs its one row as [kk].
//   B: panels of `width` column blocks of 16 (the last one narrower), the
//      panel starting at column block jb at pb + jb * 16 * k, element (kk, j)
//      at [kk * 16 * w + (j - 16 * jb)] with w the panel's width.
#pragma once

#include <cstdint>

#include "isa/cube_mad_kernels.h"

namespace asctwin::isa::madk {

inline constexpr uint32_t kPackRows = 8;

#if defined(__x86_64__)
// Packs A (s.m rows, or the GEMV vector) as above (AVX2 + F16C).
void packA(MadType t, const Shape& s, const uint8_t* a, float* pa);
// The width (in column blocks) of the panel that starts at column block jb
// of n1.
using PanelWidth = uint32_t (*)(uint32_t jb, uint32_t n1);
// Packs B into panels as above, their widths from `width` (AVX2 + F16C).
void packB(MadType t, const Shape& s, const uint8_t* b, PanelWidth width, float* pb);

// C (L0C, Nz, s.m x s.n fp32) = init + A x B. `init` is one row of s.n
// values that every row starts from (the bias padded with zeros, or zeros),
// or null: C's current values.
void madFloatAvx2(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
                  const float* init);
void madFloatAvx512(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
                    const float* init);
#endif

}  // namespace asctwin::isa::madk
