// mad's AVX2 path and the operand packing both SIMD paths share
// (cube_mad_simd.h). Compiled for the baseline ISA with per-function target
// attributes; nothing here runs unless cpuLevel() allows AVX2.
//
// The tile: 4 rows x 16 columns of C (8 ymm accumulators) over the whole k,
// each accumulator taking its fused multiply-adds in k order, so the bits
// are those of the ordered scalar loop. C is read and written in place in
// its Nz layout: a column block of 16 is s.m rows of 64 bytes.
#include <algorithm>
#include <vector>

#include "isa/cube_common.h"
#include "isa/cube_mad_simd.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ASCTWIN_MAD_AVX2_TARGET "avx2,fma,f16c"
#define ASCTWIN_MAD_AVX2_INLINE \
  __attribute__((target(ASCTWIN_MAD_AVX2_TARGET), always_inline)) inline
#define ASCTWIN_MAD_AVX2_FN __attribute__((target(ASCTWIN_MAD_AVX2_TARGET)))

namespace asctwin::isa::madk {
namespace {

// 8 elements of one fractal row as fp32 (exact for every input type).
template <MadType T>
ASCTWIN_MAD_AVX2_INLINE __m256 load8(const uint8_t* p) {
  if constexpr (T == MadType::F16) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  } else if constexpr (T == MadType::BF16) {
    return _mm256_castsi256_ps(_mm256_slli_epi32(
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), 16));
  } else {
    return _mm256_loadu_ps(reinterpret_cast<const float*>(p));
  }
}

// Transposes 8 x 8 floats in registers.
ASCTWIN_MAD_AVX2_INLINE void transpose8(__m256 r[8]) {
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

// 8 fractal rows of 8 elements (32 bytes apart from `p`) to 8 rows of
// `out` (ld floats apart), transposed; only the first `rows` are stored.
template <MadType T>
ASCTWIN_MAD_AVX2_INLINE void block8(const uint8_t* p, float* out, uint64_t ld, uint32_t rows) {
  __m256 r[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) r[i] = load8<T>(p + i * 32);
  transpose8(r);
  if (rows == 8) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) _mm256_storeu_ps(out + i * ld, r[i]);
    return;
  }
  for (uint32_t i = 0; i < rows; ++i) _mm256_storeu_ps(out + i * ld, r[i]);
}

template <MadType T>
ASCTWIN_MAD_AVX2_FN void packAT(const Shape& s, const uint8_t* a, float* pa) {
  if (s.gemv) {  // k consecutive elements: no over-read past the k-th
    uint32_t kk = 0;
    for (; kk + 8 <= s.k; kk += 8) _mm256_storeu_ps(pa + kk, load8<T>(a + uint64_t{kk} * s.es));
    if (kk < s.k) {
      uint8_t tail[32] = {};
      std::copy(a + uint64_t{kk} * s.es, a + uint64_t{s.k} * s.es, tail);
      float out[8];
      _mm256_storeu_ps(out, load8<T>(tail));
      std::copy(out, out + (s.k - kk), pa + kk);
    }
    return;
  }
  // Fractal by fractal (k0 is 8 or 16 elements, so 8 consecutive k never
  // cross a fractal): 8 rows of 8 values, transposed into 8 k steps.
  const uint64_t halfBytes = uint64_t{8} * s.es;  // 8 elements of a fractal row
  for (uint32_t q = 0; q < s.m / kPackRows; ++q) {
    float* out = pa + uint64_t{q} * s.k * kPackRows;
    // Row block q is rows (q % 2) * 8 .. + 8 of the fractal row q / 2.
    const uint8_t* rowBlock = a + (uint64_t{q / 2} * s.k1 * 16 + (q % 2) * 8) * 32;
    for (uint32_t kk = 0, kb = 0; kk < s.k; ++kb) {
      const uint8_t* frac = rowBlock + uint64_t{kb} * kFractalBytes;
      for (uint32_t h = 0; h * 8 < s.k0 && kk < s.k; ++h, kk += 8)
        block8<T>(frac + h * halfBytes, out + uint64_t{kk} * 8, 8, std::min(8u, s.k - kk));
    }
  }
}

template <MadType T>
ASCTWIN_MAD_AVX2_FN void packBT(const Shape& s, const uint8_t* b, PanelWidth width, float* pb) {
  const uint64_t halfBytes = uint64_t{8} * s.es;  // 8 elements of a fractal row
  for (uint32_t jb0 = 0, w = 0; jb0 < s.n1; jb0 += w) {
    w = width(jb0, s.n1);
    const uint32_t ld = 16 * w;
    float* panel = pb + uint64_t{jb0} * 16 * s.k;
    for (uint32_t kk = 0, kb = 0; kk < s.k; ++kb) {
      // Fractal (kb, jb): row j % 16 holds k0 consecutive k of column j.
      const uint8_t* kRow = b + (uint64_t{kb} * s.n1 + jb0) * kFractalBytes;
      for (uint32_t h = 0; h * 8 < s.k0 && kk < s.k; ++h, kk += 8) {
        const uint32_t steps = std::min(8u, s.k - kk);
        for (uint32_t jw = 0; jw < 2 * w; ++jw)  // 8 columns at a time
          block8<T>(kRow + (jw / 2) * kFractalBytes + (jw % 2) * 8 * 32 + h * halfBytes,
                    panel + uint64_t{kk} * ld + jw * 8, ld, steps);
      }
    }
  }
}

// R rows x 16 columns: a points at row 0's value of k step 0 (the rows'
// values of one step AS floats apart), b at the panel row of k step 0 (16
// floats of this column block, panel rows ldb floats apart), c at row 0 of
// the column block in L0C (rows 16 floats apart).
template <int R, int AS>
ASCTWIN_MAD_AVX2_FN void tile(const float* a, const float* b, uint32_t ldb, uint32_t k, float* c,
                              const float* init) {
  __m256 acc[R][2];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
    acc[r][0] = _mm256_loadu_ps(init != nullptr ? init : c + r * 16);
    acc[r][1] = _mm256_loadu_ps(init != nullptr ? init + 8 : c + r * 16 + 8);
  }
  for (uint32_t kk = 0; kk < k; ++kk) {
    const __m256 b0 = _mm256_loadu_ps(b);
    const __m256 b1 = _mm256_loadu_ps(b + 8);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      const __m256 av = _mm256_broadcast_ss(a + r);
      acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
    }
    a += AS;
    b += ldb;
  }
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
    _mm256_storeu_ps(c + r * 16, acc[r][0]);
    _mm256_storeu_ps(c + r * 16 + 8, acc[r][1]);
  }
}

struct Scratch {
  std::vector<float> a, b;
};
thread_local Scratch tScratch;

}  // namespace

void packA(MadType t, const Shape& s, const uint8_t* a, float* pa) {
  switch (t) {
    case MadType::F16:
      return packAT<MadType::F16>(s, a, pa);
    case MadType::BF16:
      return packAT<MadType::BF16>(s, a, pa);
    default:
      return packAT<MadType::F32>(s, a, pa);
  }
}

void packB(MadType t, const Shape& s, const uint8_t* b, PanelWidth width, float* pb) {
  switch (t) {
    case MadType::F16:
      return packBT<MadType::F16>(s, b, width, pb);
    case MadType::BF16:
      return packBT<MadType::BF16>(s, b, width, pb);
    default:
      return packBT<MadType::F32>(s, b, width, pb);
  }
}

ASCTWIN_MAD_AVX2_FN void madFloatAvx2(MadType t, const Shape& s, const uint8_t* a, const uint8_t* b,
                                      uint8_t* c, const float* init) {
  Scratch& p = tScratch;
  p.a.resize(uint64_t{s.m} * s.k);
  p.b.resize(uint64_t{s.n} * s.k);
  packA(t, s, a, p.a.data());
  packB(
      t, s, b, [](uint32_t, uint32_t) { return 1u; }, p.b.data());
  auto* cf = reinterpret_cast<float*>(c);
  const uint64_t blockStride = uint64_t{s.m1} * 256;  // floats between column blocks of C
  for (uint32_t jb = 0; jb < s.n1; ++jb) {
    const float* panel = p.b.data() + uint64_t{jb} * 16 * s.k;
    float* cb = cf + jb * blockStride;
    const float* in = init != nullptr ? init + jb * 16 : nullptr;
    if (s.gemv) {
      tile<1, 1>(p.a.data(), panel, 16, s.k, cb, in);
      continue;
    }
    for (uint32_t q = 0; q < s.m / kPackRows; ++q) {
      const float* pa = p.a.data() + uint64_t{q} * s.k * kPackRows;
      float* cq = cb + q * kPackRows * 16;
      tile<4, kPackRows>(pa, panel, 16, s.k, cq, in);
      tile<4, kPackRows>(pa + 4, panel, 16, s.k, cq + 4 * 16, in);
    }
  }
}

}  // namespace asctwin::isa::madk
#endif
