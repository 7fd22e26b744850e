// mad's numerics (cube_mad_kernels.h). Every element of C is one fp32
// accumulator that takes fma(A[i][kk], B[kk][j], acc) for kk = 0 .. k-1 in
// order. This file has the dispatch, the portable loop (operands unpacked
// into row-major fp32 panels) and int8; the AVX2 and AVX-512 paths
// (cube_mad_avx2.cpp, cube_mad_avx512.cpp) pack the operands for
// register-blocked tiles that read and write C in place. Blocking changes
// which elements run together, never the order of one element's additions,
// so every level gives the same bits.
#include "isa/cube_mad_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "asctwin/kernel/numeric.h"
#include "isa/cube_mad_simd.h"

namespace asctwin::isa::madk {
namespace {

// Scratch panels of the calling host thread (a mad runs on one thread).
struct Panels {
  std::vector<float> a, b, c, init;
  std::vector<int32_t> ai, bi;
};
thread_local Panels tPanels;

float loadElem(MadType t, const uint8_t* p) {
  uint16_t h;
  switch (t) {
    case MadType::F16:
      std::memcpy(&h, p, 2);
      return numeric::halfToFloat(h);
    case MadType::BF16:
      std::memcpy(&h, p, 2);
      return numeric::bf16ToFloat(h);
    default: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
  }
}

// --- portable --------------------------------------------------------------------------
void unpackPortable(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, float* pa,
                    float* pb) {
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t kk = 0; kk < s.k; ++kk)
      pa[uint64_t{i} * s.k + kk] = loadElem(t, a + aOffset(s, i, kk));
  for (uint32_t kk = 0; kk < s.k; ++kk)
    for (uint32_t j = 0; j < s.n; ++j)
      pb[uint64_t{kk} * s.n + j] = loadElem(t, b + bOffset(s, kk, j));
}

void kernelPortable(const float* a, const float* b, float* c, const Shape& s) {
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; ++j) {
      float acc = c[uint64_t{i} * s.n + j];
      for (uint32_t kk = 0; kk < s.k; ++kk)
        acc = std::fma(a[uint64_t{i} * s.k + kk], b[uint64_t{kk} * s.n + j], acc);
      c[uint64_t{i} * s.n + j] = acc;
    }
}

// Unpacks A and B into row-major panels, C (or the initial row) into a
// row-major panel, runs the loop and moves C back to its Nz layout.
void madFloatPortable(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
                      const float* init) {
  Panels& p = tPanels;
  p.a.resize(uint64_t{s.m} * s.k);
  p.b.resize(uint64_t{s.k} * s.n);
  p.c.resize(uint64_t{s.m} * s.n);
  unpackPortable(t, s, a, b, p.a.data(), p.b.data());
  // C's rows of 16 are contiguous in a fractal: one 64-byte move each.
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; j += 16) {
      float* row = p.c.data() + uint64_t{i} * s.n + j;
      if (init != nullptr) {
        std::memcpy(row, init + j, 64);
      } else {
        std::memcpy(row, c + cOffset(s, i, j), 64);
      }
    }
  kernelPortable(p.a.data(), p.b.data(), p.c.data(), s);
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; j += 16)
      std::memcpy(c + cOffset(s, i, j), p.c.data() + uint64_t{i} * s.n + j, 64);
}

}  // namespace

void madFloat(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
              const float* bias, bool zeroInit) {
  madFloatAt(cpuLevel(), t, s, a, b, c, bias, zeroInit);
}

void madFloatAt(CpuLevel level, MadType t, const Shape& s, const uint8_t* a, const uint8_t* b,
                uint8_t* c, const float* bias, bool zeroInit) {
  // The initial row every row of C starts from (the bias, zeros past its
  // valid columns), or none: C's current values.
  const float* init = nullptr;
  if (bias != nullptr || zeroInit) {
    std::vector<float>& row = tPanels.init;
    row.assign(s.n, 0.0f);
    if (bias != nullptr) std::copy(bias, bias + std::min(s.n, s.nBias), row.begin());
    init = row.data();
  }
#if defined(__x86_64__)
  if (level >= CpuLevel::kAvx512) return madFloatAvx512(t, s, a, b, c, init);
  if (level >= CpuLevel::kAvx2) return madFloatAvx2(t, s, a, b, c, init);
#else
  (void)level;
#endif
  madFloatPortable(t, s, a, b, c, init);
}

void madInt8(const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c, const int32_t* bias,
             bool zeroInit) {
  Panels& p = tPanels;
  p.ai.resize(uint64_t{s.m} * s.k);
  p.bi.resize(uint64_t{s.k} * s.n);
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t kk = 0; kk < s.k; ++kk)
      p.ai[uint64_t{i} * s.k + kk] = static_cast<int8_t>(a[aOffset(s, i, kk)]);
  for (uint32_t kk = 0; kk < s.k; ++kk)
    for (uint32_t j = 0; j < s.n; ++j)
      p.bi[uint64_t{kk} * s.n + j] = static_cast<int8_t>(b[bOffset(s, kk, j)]);
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; ++j) {
      uint32_t acc;
      if (bias != nullptr) {
        acc = j < s.nBias ? static_cast<uint32_t>(bias[j]) : 0;
      } else if (zeroInit) {
        acc = 0;
      } else {
        std::memcpy(&acc, c + cOffset(s, i, j), 4);
      }
      // Products and sums in int32 modulo 2^32 (exact, order-free).
      const int32_t* ar = p.ai.data() + uint64_t{i} * s.k;
      for (uint32_t kk = 0; kk < s.k; ++kk)
        acc += static_cast<uint32_t>(ar[kk] * p.bi[uint64_t{kk} * s.n + j]);
      std::memcpy(c + cOffset(s, i, j), &acc, 4);
    }
}

}  // namespace asctwin::isa::madk
