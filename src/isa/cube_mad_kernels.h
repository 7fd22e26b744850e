// The numerics of mad (cube_mad.cpp): the fractal layouts of its operands
// and the products, with a portable loop and AVX2 / AVX-512 kernels that
// carry out the same fused multiply-adds in the same order (bit-identical;
// the level is asctwin::cpuLevel()). docs/cube.md states the rule.
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics_cube.h"
#include "common/cpu_isa.h"

namespace asctwin::isa::madk {

// m and n are the rows and columns computed: whole fractals (16 x 16 of C),
// as the cube unit computes them, one row for GEMV; nBias the valid columns.
struct Shape {
  uint32_t m, k, n, nBias;
  uint32_t es;      // A/B element bytes
  uint32_t k0;      // elements of one fractal row (32 bytes)
  uint32_t k1;      // fractals along K (ceil(k / k0), or the aligned count)
  uint32_t m1, n1;  // fractals along M and N
  bool gemv;        // m == 1: A is a plain vector of k elements
};

// Byte offsets of the fractal layouts: A Zz in L0A (fractal (i/16, kk/k0),
// row i % 16), B Zn in L0B (fractal (kk/k0, j/16), row j % 16), C Nz in L0C
// (fractal (j/16, i/16), row i % 16, 16 fp32/int32 per row).
inline uint64_t aOffset(const Shape& s, uint32_t i, uint32_t kk) {
  if (s.gemv) return uint64_t{kk} * s.es;
  return ((uint64_t{i / 16} * s.k1 + kk / s.k0) * 16 + i % 16) * 32 + uint64_t{kk % s.k0} * s.es;
}
inline uint64_t bOffset(const Shape& s, uint32_t kk, uint32_t j) {
  return ((uint64_t{kk / s.k0} * s.n1 + j / 16) * 16 + j % 16) * 32 + uint64_t{kk % s.k0} * s.es;
}
inline uint64_t cOffset(const Shape& s, uint32_t i, uint32_t j) {
  return ((uint64_t{j / 16} * s.m1 + i / 16) * 16 + i % 16) * 64 + uint64_t{j % 16} * 4;
}

// C = init + A x B over s.m x s.n; init: bias[j] (j < nBias, else 0) when
// bias is set, 0 when zeroInit, else C's current values.
void madFloat(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
              const float* bias, bool zeroInit);
// The same at a given SIMD level (capped by what the CPU has is the
// caller's business): the tests hold every level to the same bits.
void madFloatAt(CpuLevel level, MadType t, const Shape& s, const uint8_t* a, const uint8_t* b,
                uint8_t* c, const float* bias, bool zeroInit);
void madInt8(const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c, const int32_t* bias,
             bool zeroInit);

}  // namespace asctwin::isa::madk
