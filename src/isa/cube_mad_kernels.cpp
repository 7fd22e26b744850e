// mad's numerics (cube_mad_kernels.h). Every element of C is one fp32
// accumulator that takes fma(A[i][kk], B[kk][j], acc) for kk = 0 .. k-1 in
// order; the operands are first unpacked into row-major fp32 panels (A:
// s.m x k, B: k x s.n) and C into a row-major panel, then a register-blocked
// kernel runs the fused multiply-adds: AVX-512 12 x 32, AVX2 6 x 16 or the
// portable loop. Blocking changes which elements run together, never the
// order of one element's additions, so every level gives the same bits.
#include "isa/cube_mad_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

#include "asctwin/kernel/numeric.h"
#include "common/cpu_isa.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace asctwin::isa::madk {
namespace {

// Scratch panels of the calling host thread (a mad runs on one thread).
struct Panels {
  std::vector<float> a, b, c;
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

#if defined(__x86_64__)
// --- AVX2 unpacking: 8 elements of one fractal row at a time ------------------------------
__attribute__((target("avx2,fma,f16c"))) inline __m256 load8(MadType t, const uint8_t* p) {
  switch (t) {
    case MadType::F16:
      return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    case MadType::BF16:
      return _mm256_castsi256_ps(_mm256_slli_epi32(
          _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), 16));
    default:
      return _mm256_loadu_ps(reinterpret_cast<const float*>(p));
  }
}

// Transposes 8 x 8 floats in registers.
__attribute__((target("avx2,fma,f16c"))) inline void transpose8(__m256 r[8]) {
  const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  const __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
  const __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
  const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
  r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
  r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
  r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
  r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
  r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
  r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
  r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}

// A: each row's k values of one fractal are contiguous; B: a fractal holds
// 16 columns j of k0 consecutive k, transposed 8 x 8 into the panel's rows.
__attribute__((target("avx2,fma,f16c"))) void unpackAvx2(MadType t, const Shape& s,
                                                         const uint8_t* a, const uint8_t* b,
                                                         float* pa, float* pb) {
  float tail[8];
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t kk = 0; kk < s.k; kk += 8) {
      const __m256 v = load8(t, a + aOffset(s, i, kk));
      if (kk + 8 <= s.k) {
        _mm256_storeu_ps(pa + uint64_t{i} * s.k + kk, v);
      } else {
        _mm256_storeu_ps(tail, v);
        std::memcpy(pa + uint64_t{i} * s.k + kk, tail, (s.k - kk) * 4);
      }
    }
  for (uint32_t kk = 0; kk < s.k; kk += 8)
    for (uint32_t j = 0; j < s.n; j += 8) {
      __m256 r[8];
      for (uint32_t q = 0; q < 8; ++q) r[q] = load8(t, b + bOffset(s, kk, j + q));
      transpose8(r);
      const uint32_t rows = std::min(8u, s.k - kk);
      for (uint32_t q = 0; q < rows; ++q) _mm256_storeu_ps(pb + uint64_t{kk + q} * s.n + j, r[q]);
    }
}

// R rows x 16 columns of C in registers.
template <int R>
__attribute__((target("avx2,fma"))) void block16(const float* a, uint32_t lda, const float* b,
                                                 uint32_t ldb, float* c, uint32_t ldc, uint32_t k) {
  __m256 acc[R][2];
  for (int r = 0; r < R; ++r) {
    acc[r][0] = _mm256_loadu_ps(c + uint64_t(r) * ldc);
    acc[r][1] = _mm256_loadu_ps(c + uint64_t(r) * ldc + 8);
  }
  for (uint32_t kk = 0; kk < k; ++kk) {
    const __m256 b0 = _mm256_loadu_ps(b + uint64_t{kk} * ldb);
    const __m256 b1 = _mm256_loadu_ps(b + uint64_t{kk} * ldb + 8);
    for (int r = 0; r < R; ++r) {
      const __m256 av = _mm256_broadcast_ss(a + uint64_t(r) * lda + kk);
      acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
    }
  }
  for (int r = 0; r < R; ++r) {
    _mm256_storeu_ps(c + uint64_t(r) * ldc, acc[r][0]);
    _mm256_storeu_ps(c + uint64_t(r) * ldc + 8, acc[r][1]);
  }
}

// R rows x 32 (W = 2) or 16 (W = 1) columns of C in zmm registers.
template <int R, int W>
__attribute__((target("avx512f"))) void block512(const float* a, uint32_t lda, const float* b,
                                                 uint32_t ldb, float* c, uint32_t ldc, uint32_t k) {
  __m512 acc[R][W];
  for (int r = 0; r < R; ++r)
    for (int w = 0; w < W; ++w) acc[r][w] = _mm512_loadu_ps(c + uint64_t(r) * ldc + w * 16);
  for (uint32_t kk = 0; kk < k; ++kk) {
    __m512 bv[W];
    for (int w = 0; w < W; ++w) bv[w] = _mm512_loadu_ps(b + uint64_t{kk} * ldb + w * 16);
    for (int r = 0; r < R; ++r) {
      const __m512 av = _mm512_set1_ps(a[uint64_t(r) * lda + kk]);
      for (int w = 0; w < W; ++w) acc[r][w] = _mm512_fmadd_ps(av, bv[w], acc[r][w]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int w = 0; w < W; ++w) _mm512_storeu_ps(c + uint64_t(r) * ldc + w * 16, acc[r][w]);
}

using BlockFn = void (*)(const float*, uint32_t, const float*, uint32_t, float*, uint32_t,
                         uint32_t);

template <int... R>
constexpr auto table16(std::integer_sequence<int, R...>) {
  return std::array<BlockFn, sizeof...(R)>{&block16<R + 1>...};
}
template <int W, int... R>
constexpr auto table512(std::integer_sequence<int, R...>) {
  return std::array<BlockFn, sizeof...(R)>{&block512<R + 1, W>...};
}

// Column panels outside (one B panel of k x width stays in cache), row
// blocks of `rows` inside, the last one shorter.
template <size_t N>
void runBlocks(const std::array<BlockFn, N>& fns, uint32_t width, uint32_t j0, uint32_t j1,
               const float* a, const float* b, float* c, const Shape& s) {
  for (uint32_t j = j0; j + width <= j1; j += width)
    for (uint32_t i = 0; i < s.m; i += static_cast<uint32_t>(N)) {
      const uint32_t rows = std::min<uint32_t>(static_cast<uint32_t>(N), s.m - i);
      fns[rows - 1](a + uint64_t{i} * s.k, s.k, b + j, s.n, c + uint64_t{i} * s.n + j, s.n, s.k);
    }
}

void kernelAvx2(const float* a, const float* b, float* c, const Shape& s) {
  static constexpr auto k16 = table16(std::make_integer_sequence<int, 6>{});
  runBlocks(k16, 16, 0, s.n, a, b, c, s);
}

void kernelAvx512(const float* a, const float* b, float* c, const Shape& s) {
  static constexpr auto k32 = table512<2>(std::make_integer_sequence<int, 12>{});
  static constexpr auto k16 = table512<1>(std::make_integer_sequence<int, 12>{});
  const uint32_t wide = s.n / 32 * 32;
  runBlocks(k32, 32, 0, wide, a, b, c, s);
  runBlocks(k16, 16, wide, s.n, a, b, c, s);
}
#endif

}  // namespace

void madFloat(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
              const float* bias, bool zeroInit) {
  Panels& p = tPanels;
  p.a.resize(uint64_t{s.m} * s.k);
  p.b.resize(uint64_t{s.k} * s.n);
  p.c.resize(uint64_t{s.m} * s.n);
  const CpuLevel level = cpuLevel();
#if defined(__x86_64__)
  if (level >= CpuLevel::kAvx2 && !s.gemv) {
    unpackAvx2(t, s, a, b, p.a.data(), p.b.data());
  } else {
    unpackPortable(t, s, a, b, p.a.data(), p.b.data());
  }
#else
  unpackPortable(t, s, a, b, p.a.data(), p.b.data());
#endif
  // C's rows of 16 are contiguous in a fractal: one 64-byte move each.
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; j += 16) {
      float* row = p.c.data() + uint64_t{i} * s.n + j;
      if (bias != nullptr) {
        for (uint32_t q = 0; q < 16; ++q) row[q] = j + q < s.nBias ? bias[j + q] : 0.0f;
      } else if (zeroInit) {
        std::memset(row, 0, 64);
      } else {
        std::memcpy(row, c + cOffset(s, i, j), 64);
      }
    }
#if defined(__x86_64__)
  if (level >= CpuLevel::kAvx512) {
    kernelAvx512(p.a.data(), p.b.data(), p.c.data(), s);
  } else if (level >= CpuLevel::kAvx2) {
    kernelAvx2(p.a.data(), p.b.data(), p.c.data(), s);
  } else {
    kernelPortable(p.a.data(), p.b.data(), p.c.data(), s);
  }
#else
  kernelPortable(p.a.data(), p.b.data(), p.c.data(), s);
#endif
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; j += 16)
      std::memcpy(c + cOffset(s, i, j), p.c.data() + uint64_t{i} * s.n + j, 64);
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
