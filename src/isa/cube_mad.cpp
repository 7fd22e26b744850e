// mad: C (L0C, Nz, fp32 or int32) = A (L0A, Zz) x B (L0B, Zn) + initial C.
//
// Numerics (docs/cube.md): every element of C is an fp32 (int32)
// accumulator that starts from its initial value (0, the current L0C
// value, or the bias in BT) and takes the products A[i][kk] * B[kk][j] in
// order kk = 0 .. k-1, each as one fused multiply-add rounded to nearest
// even (fp16/bf16 products are exact in fp32, so this is also multiply then
// add). int8 products accumulate in int32 modulo 2^32. The unit computes
// whole 16 x 16 fractals of C (padding rows and columns of A and B give
// padding rows and columns of C, as on hardware) over kk < k only (the K
// padding is ignored); GEMV (m == 1) computes row 0.
//
// Speed: the operands are unpacked once into row-major fp32/int32 panels
// and a 6 x 16 register-blocked AVX2 kernel runs the same fused
// multiply-adds in the same order, so it is bit-identical to the portable
// loop (selected when the CPU lacks AVX2/FMA/F16C).
#include <cmath>
#include <cstring>
#include <vector>

#include "isa/cube_common.h"
#include "kernel/ordering.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace asctwin::isa {
namespace {

// m and n are the rows and columns computed: whole fractals (16 x 16 of C),
// as the cube unit computes them, one row for GEMV; nBias the valid columns.
struct MadShape {
  uint32_t m, k, n, nBias;
  uint32_t es;      // A/B element bytes
  uint32_t k0;      // elements of one fractal row (32 bytes)
  uint32_t k1;      // fractals along K (ceil(k / k0), or the aligned count)
  uint32_t m1, n1;  // fractals along M and N
  bool gemv;        // m == 1: A is a plain vector of k elements
  bool integer;
};

// Byte offsets of the fractal layouts (docs/cube.md).
inline uint64_t aOffset(const MadShape& s, uint32_t i, uint32_t kk) {
  if (s.gemv) return uint64_t{kk} * s.es;
  return ((uint64_t{i / 16} * s.k1 + kk / s.k0) * 16 + i % 16) * 32 + uint64_t{kk % s.k0} * s.es;
}
inline uint64_t bOffset(const MadShape& s, uint32_t kk, uint32_t j) {
  return ((uint64_t{kk / s.k0} * s.n1 + j / 16) * 16 + j % 16) * 32 + uint64_t{kk % s.k0} * s.es;
}
inline uint64_t cOffset(const MadShape& s, uint32_t i, uint32_t j) {
  return ((uint64_t{j / 16} * s.m1 + i / 16) * 16 + i % 16) * 64 + uint64_t{j % 16} * 4;
}

bool haveAvx2() {
#if defined(__x86_64__)
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                          __builtin_cpu_supports("f16c");
  return yes;
#else
  return false;
#endif
}

// Scratch panels of the calling host thread (a mad runs on one thread).
struct Panels {
  std::vector<float> a, b, c;
  std::vector<int32_t> ai, bi, ci;
};
thread_local Panels tPanels;

// --- unpacking -------------------------------------------------------------------------------
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

// A rows i < m into a[i * k + kk]; B into b[kk * ldb + j] (j < n, the rest 0).
void unpackFloat(MadType t, const MadShape& s, const uint8_t* a, const uint8_t* b, float* pa,
                 float* pb, uint32_t ldb) {
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t kk = 0; kk < s.k; ++kk)
      pa[uint64_t{i} * s.k + kk] = loadElem(t, a + aOffset(s, i, kk));
  for (uint32_t kk = 0; kk < s.k; ++kk) {
    float* row = pb + uint64_t{kk} * ldb;
    for (uint32_t j = 0; j < s.n; ++j) row[j] = loadElem(t, b + bOffset(s, kk, j));
    for (uint32_t j = s.n; j < ldb; ++j) row[j] = 0.0f;
  }
}

// --- the float kernel: C[i][j] = fma(A[i][kk], B[kk][j], C[i][j]) for kk in order --------------
void kernelFloatPortable(const float* a, uint32_t lda, const float* b, uint32_t ldb, float* c,
                         uint32_t ldc, uint32_t rows, uint32_t cols, uint32_t k) {
  for (uint32_t i = 0; i < rows; ++i)
    for (uint32_t j = 0; j < cols; ++j) {
      float acc = c[uint64_t{i} * ldc + j];
      for (uint32_t kk = 0; kk < k; ++kk)
        acc = std::fma(a[uint64_t{i} * lda + kk], b[uint64_t{kk} * ldb + j], acc);
      c[uint64_t{i} * ldc + j] = acc;
    }
}

#if defined(__x86_64__)
// R rows x 16 columns of C in registers; b is 16 columns wide starting at
// the block (ldb its row pitch).
template <int R>
__attribute__((target("avx2,fma"))) void blockFloat(const float* a, uint32_t lda, const float* b,
                                                    uint32_t ldb, float* c, uint32_t ldc,
                                                    uint32_t k) {
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

// rows x cols (cols a multiple of 16; the panels are padded).
void kernelFloatAvx2(const float* a, uint32_t lda, const float* b, uint32_t ldb, float* c,
                     uint32_t ldc, uint32_t rows, uint32_t cols, uint32_t k) {
  // Column panels of 16 outside, so one B panel (k x 16) stays in cache
  // while the rows stream through.
  for (uint32_t j = 0; j < cols; j += 16) {
    uint32_t i = 0;
    for (; i + 6 <= rows; i += 6)
      blockFloat<6>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
    switch (rows - i) {
      case 5:
        blockFloat<5>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
        break;
      case 4:
        blockFloat<4>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
        break;
      case 3:
        blockFloat<3>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
        break;
      case 2:
        blockFloat<2>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
        break;
      case 1:
        blockFloat<1>(a + uint64_t{i} * lda, lda, b + j, ldb, c + uint64_t{i} * ldc + j, ldc, k);
        break;
      default:
        break;
    }
  }
}

// F16C unpacking of a row-contiguous run of half values.
__attribute__((target("avx2,f16c"))) void halvesToFloats(const uint8_t* src, float* dst,
                                                         uint32_t n) {
  uint32_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(
        dst + i,
        _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + uint64_t{i} * 2))));
  for (; i < n; ++i) {
    uint16_t h;
    std::memcpy(&h, src + uint64_t{i} * 2, 2);
    dst[i] = numeric::halfToFloat(h);
  }
}
#endif

// Fast unpacking for half operands with whole fractals: A rows are runs of
// 16 halves per fractal; B is transposed fractal by fractal.
void unpackHalfFast(const MadShape& s, const uint8_t* a, const uint8_t* b, float* pa, float* pb,
                    uint32_t ldb) {
#if defined(__x86_64__)
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t kb = 0; kb * 16 < s.k; ++kb) {
      const uint32_t take = std::min<uint32_t>(16, s.k - kb * 16);
      halvesToFloats(a + aOffset(s, i, kb * 16), pa + uint64_t{i} * s.k + kb * 16, take);
    }
  float tmp[16];
  for (uint32_t kk = 0; kk < s.k; ++kk) {
    float* row = pb + uint64_t{kk} * ldb;
    for (uint32_t j = s.n; j < ldb; ++j) row[j] = 0.0f;
  }
  for (uint32_t kb = 0; kb * 16 < s.k; ++kb)
    for (uint32_t j = 0; j < s.n; ++j) {
      // column j of fractal (kb, j / 16): 16 consecutive k values
      halvesToFloats(b + bOffset(s, kb * 16, j), tmp, 16);
      const uint32_t take = std::min<uint32_t>(16, s.k - kb * 16);
      for (uint32_t t = 0; t < take; ++t) pb[uint64_t{kb * 16 + t} * ldb + j] = tmp[t];
    }
#else
  unpackFloat(MadType::F16, s, a, b, pa, pb, ldb);
#endif
}

void madFloat(MadType t, const MadShape& s, const uint8_t* a, const uint8_t* b, uint8_t* c,
              const float* bias, bool zeroInit) {
  Panels& p = tPanels;
  const uint32_t ldb = (s.n + 15) / 16 * 16;
  p.a.resize(uint64_t{s.m} * s.k);
  p.b.resize(uint64_t{s.k} * ldb);
  p.c.resize(uint64_t{s.m} * ldb);
  const bool avx = haveAvx2();
  if (avx && t == MadType::F16 && !s.gemv) {
    unpackHalfFast(s, a, b, p.a.data(), p.b.data(), ldb);
  } else {
    unpackFloat(t, s, a, b, p.a.data(), p.b.data(), ldb);
  }
  for (uint32_t i = 0; i < s.m; ++i) {
    float* row = p.c.data() + uint64_t{i} * ldb;
    for (uint32_t j = 0; j < s.n; ++j) {
      if (bias != nullptr) {
        row[j] = j < s.nBias ? bias[j] : 0.0f;
      } else if (zeroInit) {
        row[j] = 0.0f;
      } else {
        std::memcpy(&row[j], c + cOffset(s, i, j), 4);
      }
    }
    for (uint32_t j = s.n; j < ldb; ++j) row[j] = 0.0f;
  }
#if defined(__x86_64__)
  if (avx) {
    kernelFloatAvx2(p.a.data(), s.k, p.b.data(), ldb, p.c.data(), ldb, s.m, ldb, s.k);
  } else {
    kernelFloatPortable(p.a.data(), s.k, p.b.data(), ldb, p.c.data(), ldb, s.m, s.n, s.k);
  }
#else
  kernelFloatPortable(p.a.data(), s.k, p.b.data(), ldb, p.c.data(), ldb, s.m, s.n, s.k);
#endif
  for (uint32_t i = 0; i < s.m; ++i)
    for (uint32_t j = 0; j < s.n; ++j)
      std::memcpy(c + cOffset(s, i, j), p.c.data() + uint64_t{i} * ldb + j, 4);
}

void madInt8(const MadShape& s, const uint8_t* a, const uint8_t* b, uint8_t* c, const int32_t* bias,
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
      const int32_t* ar = p.ai.data() + uint64_t{i} * s.k;
      for (uint32_t kk = 0; kk < s.k; ++kk)
        acc += static_cast<uint32_t>(ar[kk] * p.bi[uint64_t{kk} * s.n + j]);
      std::memcpy(c + cOffset(s, i, j), &acc, 4);
    }
}

}  // namespace

void mad(MadType t, void* c, const void* a, const void* b, uint64_t bias, uint16_t m, uint16_t k,
         uint16_t n, uint8_t unitFlag, bool kDirectionAlign, bool cmatrixSource,
         bool cmatrixInitVal, const char* name) {
  Ctx x = enter(name);
  if (m == 0 || k == 0 || n == 0) return;  // documented NOP
  if (m > 4095 || k > 4095 || n > 4095)
    cubeFail(x, "Mmad: m, n and k must be in [0, 4095], got m " + std::to_string(m) + ", n " +
                    std::to_string(n) + ", k " + std::to_string(k));
  if (unitFlag == 1 || unitFlag > 3)
    cubeFail(x, "Mmad: unitFlag must be 0, 2 or 3, got " + std::to_string(unitFlag));
  MadShape s{};
  s.m = m;
  s.k = k;
  s.n = n;
  s.es = t == MadType::F32 ? 4 : t == MadType::S8 ? 1 : 2;
  s.k0 = 32 / s.es;
  s.k1 = (k + s.k0 - 1) / s.k0;
  if (t == MadType::F32 && kDirectionAlign) s.k1 = (k + 15) / 16 * 2;  // K aligned to 16
  s.gemv = m == 1;
  s.m1 = (m + 15) / 16;
  s.n1 = (n + 15) / 16;
  s.m = s.gemv ? 1 : s.m1 * 16;
  s.n = s.n1 * 16;
  s.nBias = n;
  s.integer = t == MadType::S8;

  const LocalOp ao = cubeLocal(x, CubeBuf::L0A, a, kFractalBytes, "fm (A)");
  const LocalOp bo = cubeLocal(x, CubeBuf::L0B, b, kFractalBytes, "filter (B)");
  const LocalOp co = cubeLocal(x, CubeBuf::L0C, c, 1024, "dst (C)");
  const uint64_t aExtent = s.gemv ? uint64_t{k} * s.es : uint64_t{s.m1} * s.k1 * kFractalBytes;
  checkLocalExtent(x, ao, aExtent, "fm (A)");
  checkLocalExtent(x, bo, uint64_t{s.k1} * s.n1 * kFractalBytes, "filter (B)");
  checkLocalExtent(x, co, uint64_t{s.n1} * s.m1 * 1024, "dst (C)");
  // The initial C: the bias table (cmatrixSource; the bias tensor's BT
  // address, or BT offset 0 without one), else 0 (cmatrixInitVal) or the
  // values in L0C.
  const uint8_t* bt = nullptr;
  if (cmatrixSource) {
    const LocalOp bo2 = cubeLocal(x, CubeBuf::BT, reinterpret_cast<const void*>(bias), 64, "bias");
    checkLocalExtent(x, bo2, uint64_t{n} * 4, "bias");
    bt = bo2.ptr;
  }
  const bool zeroInit = !cmatrixSource && cmatrixInitVal;
  const bool readsC = !cmatrixSource && !cmatrixInitVal;

  // Large tiles: the hardware orders an Mmad after the previous ones on its
  // own (the reference's (m / 16) * (n / 16) >= 10 rule); smaller ones need
  // PipeBarrier<PIPE_M> between dependent calls.
  if ((m / 16) * (n / 16) >= 10 && x.c.hooks != 0) kernel::pipeBarrier(PIPE_M, x.site);

  uint8_t* ap = ao.ptr;
  uint8_t* bp = bo.ptr;
  uint8_t* cp = co.ptr;
  // The record: the reads of the valid block (i < m, j < n, kk < k; the
  // padding of A and B feeds only the padding of C) and the write of the
  // whole fractals of C.
  auto describe = [&](Instr& in) {
    ByteRuns ar;
    ByteRuns br;
    ByteRuns crd;
    ByteRuns cw;
    const uint32_t rows = s.gemv ? 1u : m;
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t kb = 0; kb * s.k0 < s.k; ++kb)
        ar.add(aOffset(s, i, kb * s.k0), uint64_t{std::min(s.k0, s.k - kb * s.k0)} * s.es);
    for (uint32_t j = 0; j < n; ++j)
      for (uint32_t kb = 0; kb * s.k0 < s.k; ++kb)
        br.add(bOffset(s, kb * s.k0, j), uint64_t{std::min(s.k0, s.k - kb * s.k0)} * s.es);
    for (uint32_t i = 0; i < s.m; ++i)
      for (uint32_t jb = 0; jb * 16 < s.n; ++jb) {
        cw.add(cOffset(s, i, jb * 16), 64);
        if (i < rows && jb * 16 < n)
          crd.add(cOffset(s, i, jb * 16), uint64_t{std::min<uint32_t>(16u, n - jb * 16)} * 4);
      }
    in.add(ar.access(Space::L0A, false, reinterpret_cast<uintptr_t>(ap)));
    in.add(br.access(Space::L0B, false, reinterpret_cast<uintptr_t>(bp)));
    if (bt != nullptr)
      in.add(access2d(Space::BT, false, reinterpret_cast<uintptr_t>(bt), 1, n * 4u, n * 4u));
    if (readsC) in.add(crd.access(Space::L0C, false, reinterpret_cast<uintptr_t>(cp)));
    in.add(cw.access(Space::L0C, true, reinterpret_cast<uintptr_t>(cp)));
  };
  emit(x, PIPE_M, describe, [=] {
    if (s.integer) {
      madInt8(s, ap, bp, cp, reinterpret_cast<const int32_t*>(bt), zeroInit);
    } else {
      madFloat(t, s, ap, bp, cp, reinterpret_cast<const float*>(bt), zeroInit);
    }
  });
}

}  // namespace asctwin::isa
