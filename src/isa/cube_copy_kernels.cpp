// The cube's fractal copies, 32 bytes at a time (cube_copy_kernels.h).
// The AVX2 paths are compiled with per-function target attributes and run
// only when cpuLevel() allows AVX2; the portable paths move the same bytes.
#include "isa/cube_copy_kernels.h"

#include <algorithm>
#include <cstring>

#include "asctwin/kernel/numeric.h"
#include "common/cpu_isa.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define ASCTWIN_COPY_AVX2_FN __attribute__((target("avx2")))
#define ASCTWIN_COPY_F16C_FN __attribute__((target("avx2,f16c")))
#endif

namespace asctwin::isa::copyk {
namespace {

inline void copy32(uint8_t* to, const uint8_t* from) {
  std::memcpy(to, from, 32);
}

// The last, partial block of a row: the rest of the row, then zeros.
inline void lastBlock(uint8_t* to, const uint8_t* from, uint64_t bytes) {
  uint8_t last[32] = {};
  std::memcpy(last, from, bytes);
  copy32(to, last);
}

// Eight rows at a time, block by block: the eight 32-byte stores of a step
// are consecutive in L1 (nStride is usually 32), where going row by row
// would scatter every row over rowBytes / 32 blocks c0Stride apart (4 KiB
// and more: page after page).
void nd2nzPortable(uint8_t* dst, const uint8_t* src, uint32_t rows, uint64_t rowBytes,
                   uint64_t pitch, uint64_t nStride, uint64_t c0Stride) {
  const uint64_t whole = rowBytes / 32;
  for (uint32_t r0 = 0; r0 < rows; r0 += 8) {
    const uint32_t n = std::min(8u, rows - r0);
    for (uint64_t c = 0; c < whole; ++c)
      for (uint32_t r = r0; r < r0 + n; ++r)
        copy32(dst + r * nStride + c * c0Stride, src + r * pitch + c * 32);
    if (whole * 32 < rowBytes)
      for (uint32_t r = r0; r < r0 + n; ++r)
        lastBlock(dst + r * nStride + whole * c0Stride, src + r * pitch + whole * 32,
                  rowBytes - whole * 32);
  }
}

void transposePortable(uint8_t* dst, const uint8_t* src) {
  uint16_t in[256];
  uint16_t out[256];
  std::memcpy(in, src, sizeof in);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) out[c * 16 + r] = in[r * 16 + c];
  std::memcpy(dst, out, sizeof out);
}

void floatsToHalvesPortable(uint8_t* out, const uint8_t* in, uint32_t count, bool relu) {
  for (uint32_t i = 0; i < count; ++i) {
    float f;
    std::memcpy(&f, in + uint64_t{i} * 4, 4);
    if (relu && f < 0.0f) f = 0.0f;
    const uint16_t h = numeric::floatToHalf(f);
    std::memcpy(out + uint64_t{i} * 2, &h, 2);
  }
}

#if defined(__x86_64__)
ASCTWIN_COPY_F16C_FN void floatsToHalvesF16c(uint8_t* out, const uint8_t* in, uint32_t count,
                                             bool relu) {
  const __m256 zero = _mm256_setzero_ps();
  uint32_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 v = _mm256_loadu_ps(reinterpret_cast<const float*>(in + uint64_t{i} * 4));
    if (relu) v = _mm256_blendv_ps(v, zero, _mm256_cmp_ps(v, zero, _CMP_LT_OQ));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + uint64_t{i} * 2),
                     _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  }
  floatsToHalvesPortable(out + uint64_t{i} * 2, in + uint64_t{i} * 4, count - i, relu);
}

ASCTWIN_COPY_AVX2_FN void nd2nzAvx2(uint8_t* dst, const uint8_t* src, uint32_t rows,
                                    uint64_t rowBytes, uint64_t pitch, uint64_t nStride,
                                    uint64_t c0Stride) {
  const uint64_t whole = rowBytes / 32;
  uint32_t r0 = 0;
  for (; r0 + 8 <= rows; r0 += 8) {  // eight rows, block by block (see nd2nzPortable)
    const uint8_t* in = src + r0 * pitch;
    uint8_t* out = dst + r0 * nStride;
    for (uint64_t c = 0; c < whole; ++c) {
      __m256i v[8];
      for (uint32_t i = 0; i < 8; ++i)
        v[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i * pitch + c * 32));
      for (uint32_t i = 0; i < 8; ++i)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i * nStride + c * c0Stride), v[i]);
    }
    if (whole * 32 < rowBytes)
      for (uint32_t i = 0; i < 8; ++i)
        lastBlock(out + i * nStride + whole * c0Stride, in + i * pitch + whole * 32,
                  rowBytes - whole * 32);
  }
  if (r0 < rows)
    nd2nzPortable(dst + r0 * nStride, src + r0 * pitch, rows - r0, rowBytes, pitch, nStride,
                  c0Stride);
}

// Eight rows of the fractal (one ymm each): the 8 x 8 transposes of their
// columns 0-7 (low lanes) and 8-15 (high lanes) at once, by three rounds of
// interleaves; out[i] holds column i (low lane) and column 8 + i (high).
ASCTWIN_COPY_AVX2_FN inline void transpose8x8Lanes(const __m256i a[8], __m256i out[8]) {
  __m256i b[8], c[8];
  for (int q = 0; q < 4; ++q) {
    b[2 * q] = _mm256_unpacklo_epi16(a[2 * q], a[2 * q + 1]);
    b[2 * q + 1] = _mm256_unpackhi_epi16(a[2 * q], a[2 * q + 1]);
  }
  for (int h = 0; h < 2; ++h) {
    c[4 * h] = _mm256_unpacklo_epi32(b[4 * h], b[4 * h + 2]);
    c[4 * h + 1] = _mm256_unpackhi_epi32(b[4 * h], b[4 * h + 2]);
    c[4 * h + 2] = _mm256_unpacklo_epi32(b[4 * h + 1], b[4 * h + 3]);
    c[4 * h + 3] = _mm256_unpackhi_epi32(b[4 * h + 1], b[4 * h + 3]);
  }
  for (int q = 0; q < 4; ++q) {
    out[2 * q] = _mm256_unpacklo_epi64(c[q], c[q + 4]);
    out[2 * q + 1] = _mm256_unpackhi_epi64(c[q], c[q + 4]);
  }
}

ASCTWIN_COPY_AVX2_FN void transposeAvx2(uint8_t* dst, const uint8_t* src) {
  __m256i top[8], bottom[8];
  for (int r = 0; r < 8; ++r) {
    top[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + r * 32));
    bottom[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + (r + 8) * 32));
  }
  __m256i t[8], u[8];
  transpose8x8Lanes(top, t);     // t[i]: low lane column i (rows 0-7), high lane column 8 + i
  transpose8x8Lanes(bottom, u);  // u[i]: the same for rows 8-15
  for (int i = 0; i < 8; ++i) {
    // Row i of the result is column i: rows 0-7 then rows 8-15.
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i * 32),
                        _mm256_permute2x128_si256(t[i], u[i], 0x20));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (i + 8) * 32),
                        _mm256_permute2x128_si256(t[i], u[i], 0x31));
  }
}

ASCTWIN_COPY_AVX2_FN void img2colZzAvx2(uint8_t* dst, const uint8_t* l1, const int64_t* chunks,
                                        uint32_t mExt, uint32_t kGroups, const uint8_t* pad) {
  const __m256i padV = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pad));
  for (uint32_t mi = 0; mi < mExt; ++mi) {
    uint8_t* rowOut = dst + (uint64_t{mi / 16} * kGroups * 16 + mi % 16) * 32;
    const int64_t* rowChunks = chunks + uint64_t{mi} * kGroups;
    for (uint32_t qi = 0; qi < kGroups; ++qi) {
      const int64_t off = rowChunks[qi];
      const __m256i v =
          off < 0 ? padV : _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l1 + off));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(rowOut + uint64_t{qi} * 512), v);
    }
  }
}
#endif

}  // namespace

void nd2nzMatrix(uint8_t* dst, const uint8_t* src, uint32_t rows, uint64_t rowBytes, uint64_t pitch,
                 uint64_t nStride, uint64_t c0Stride) {
#if defined(__x86_64__)
  if (cpuAllows(CpuLevel::kAvx2))
    return nd2nzAvx2(dst, src, rows, rowBytes, pitch, nStride, c0Stride);
#endif
  nd2nzPortable(dst, src, rows, rowBytes, pitch, nStride, c0Stride);
}

void transposeFractal16(uint8_t* dst, const uint8_t* src) {
#if defined(__x86_64__)
  if (cpuAllows(CpuLevel::kAvx2)) return transposeAvx2(dst, src);
#endif
  transposePortable(dst, src);
}

void img2colZz(uint8_t* dst, const uint8_t* l1, const int64_t* chunks, uint32_t mExt,
               uint32_t kGroups, const uint8_t (&pad)[32]) {
#if defined(__x86_64__)
  if (cpuAllows(CpuLevel::kAvx2)) return img2colZzAvx2(dst, l1, chunks, mExt, kGroups, pad);
#endif
  for (uint32_t mi = 0; mi < mExt; ++mi)
    for (uint32_t qi = 0; qi < kGroups; ++qi) {
      const int64_t off = chunks[uint64_t{mi} * kGroups + qi];
      copy32(dst + ((uint64_t{mi / 16} * kGroups + qi) * 16 + mi % 16) * 32,
             off < 0 ? pad : l1 + off);
    }
}

void floatsToHalves(uint8_t* out, const uint8_t* in, uint32_t count, bool relu) {
#if defined(__x86_64__)
  if (cpuAllows(CpuLevel::kAvx2)) return floatsToHalvesF16c(out, in, count, relu);
#endif
  floatsToHalvesPortable(out, in, count, relu);
}

}  // namespace asctwin::isa::copyk
