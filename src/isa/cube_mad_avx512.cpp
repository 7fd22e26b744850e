// mad's AVX-512 path (cube_mad_simd.h). Compiled for the baseline ISA with
// per-function target attributes; nothing here runs unless cpuLevel()
// allows AVX-512.
//
// The tile: 8 rows x 48 columns of C (24 zmm accumulators; 32 or 16 columns
// at the right edge) over the whole k. Per k step it loads 3 panel vectors
// of B and broadcasts 8 values of A (adjacent in the packed A), then runs 24
// fused multiply-adds; every accumulator takes its products in k order, so
// the bits are those of the ordered scalar loop. C is read and written in
// place in its Nz layout: a column block of 16 is s.m rows of 64 bytes, one
// zmm per row.
#include <algorithm>
#include <vector>

#include "isa/cube_mad_simd.h"

#if defined(__x86_64__)
// GCC 12's avx512fintrin.h builds some intrinsics on a self-initialised
// "undefined" vector, which -Wmaybe-uninitialized flags at their call sites
// (a false positive in the compiler's own header; GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#define ASCTWIN_MAD_AVX512_FN __attribute__((target("avx512f,avx2,fma,f16c")))

namespace asctwin::isa::madk {
namespace {

// Panels of 3 column blocks (the 8 x 48 tile); 4 left become 2 + 2 (a
// 16-wide tile has 8 accumulators, too few to hide the fma latency).
uint32_t panelWidth(uint32_t jb, uint32_t n1) {
  const uint32_t left = n1 - jb;
  return left == 4 ? 2u : std::min(3u, left);
}

// R rows x 16 W columns: a points at row 0's value of k step 0 (the rows'
// values of one step AS floats apart), b at the panel's row of k step 0
// (16 W floats per step), c at row 0 of the first column block in L0C
// (rows 16 floats apart, column blocks cStride floats apart).
template <int R, int AS, int W>
ASCTWIN_MAD_AVX512_FN void tile(const float* a, const float* b, uint32_t k, float* c,
                                uint64_t cStride, const float* init) {
  __m512 acc[R][W];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int w = 0; w < W; ++w)
      acc[r][w] = _mm512_loadu_ps(init != nullptr ? init + 16 * w : c + w * cStride + r * 16);
  for (uint32_t kk = 0; kk < k; ++kk) {
    __m512 bv[W];
#pragma GCC unroll 4
    for (int w = 0; w < W; ++w) bv[w] = _mm512_loadu_ps(b + 16 * w);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      const __m512 av = _mm512_set1_ps(a[r]);
#pragma GCC unroll 4
      for (int w = 0; w < W; ++w) acc[r][w] = _mm512_fmadd_ps(av, bv[w], acc[r][w]);
    }
    a += AS;
    b += 16 * W;
  }
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int w = 0; w < W; ++w) _mm512_storeu_ps(c + w * cStride + r * 16, acc[r][w]);
}

// The row blocks of one panel of W column blocks.
template <int W>
ASCTWIN_MAD_AVX512_FN void panel(const Shape& s, const float* pa, const float* pb, float* c,
                                 uint64_t cStride, const float* init) {
  if (s.gemv) {
    tile<1, 1, W>(pa, pb, s.k, c, cStride, init);
    return;
  }
  for (uint32_t q = 0; q < s.m / kPackRows; ++q)
    tile<kPackRows, kPackRows, W>(pa + uint64_t{q} * s.k * kPackRows, pb, s.k,
                                  c + q * kPackRows * 16, cStride, init);
}

struct Scratch {
  std::vector<float> a, b;
};
thread_local Scratch tScratch;

}  // namespace

ASCTWIN_MAD_AVX512_FN void madFloatAvx512(MadType t, const Shape& s, const uint8_t* a,
                                          const uint8_t* b, uint8_t* c, const float* init) {
  Scratch& p = tScratch;
  p.a.resize(uint64_t{s.m} * s.k);
  p.b.resize(uint64_t{s.n} * s.k);
  packA(t, s, a, p.a.data());
  packB(t, s, b, panelWidth, p.b.data());
  auto* cf = reinterpret_cast<float*>(c);
  const uint64_t cStride = uint64_t{s.m1} * 256;  // floats between column blocks of C
  for (uint32_t jb = 0, w = 0; jb < s.n1; jb += w) {
    w = panelWidth(jb, s.n1);
    const float* pb = p.b.data() + uint64_t{jb} * 16 * s.k;
    float* cb = cf + jb * cStride;
    const float* in = init != nullptr ? init + jb * 16 : nullptr;
    switch (w) {
      case 3:
        panel<3>(s, p.a.data(), pb, cb, cStride, in);
        break;
      case 2:
        panel<2>(s, p.a.data(), pb, cb, cStride, in);
        break;
      default:
        panel<1>(s, p.a.data(), pb, cb, cStride, in);
        break;
    }
  }
}

}  // namespace asctwin::isa::madk
#endif
