// Select (mask bits -> elements) and Gather.
// GCC 12's avx512fintrin.h builds some intrinsics on a self-initialised
// "undefined" vector, which -Wmaybe-uninitialized flags at their call sites
// (a false positive in the compiler's own header; GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

#define AVX ASCTWIN_VEC_AVX2

// One contiguous run: element i (0-based in the run) takes bit i of `mask`.
// src1 == nullptr selects the scalar s instead.
template <class T>
void selectRunPortable(T* d, const std::uint8_t* mask, const T* s0, const T* s1, T s,
                       std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const bool bitSet = ((mask[i >> 3] >> (i & 7)) & 1u) != 0;
    d[i] = bitSet ? s0[i] : (s1 != nullptr ? s1[i] : s);
  }
}

AVX void selectRun32Avx(std::uint32_t* d, const std::uint8_t* mask, const std::uint32_t* s0,
                        const std::uint32_t* s1, std::uint32_t s, std::size_t n) {
  const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  const __m256i vs = _mm256_set1_epi32(static_cast<int>(s));
  std::size_t i = 0;
  // 32 elements per 32-bit mask word: a per-lane left shift moves bit j of the
  // word into the sign bit of lane j, which is all blendv looks at.
  const __m256i shift0 = _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24);
  const __m256i eight = _mm256_set1_epi32(8);
  for (; i + 32 <= n; i += 32) {
    std::uint32_t m32;
    std::memcpy(&m32, mask + (i >> 3), 4);  // little endian: bit k = element i + k
    const __m256i m = _mm256_set1_epi32(static_cast<int>(m32));
    __m256i shift = shift0;
    for (std::size_t k = 0; k < 32; k += 8) {
      const __m256 sel = _mm256_castsi256_ps(_mm256_sllv_epi32(m, shift));
      const __m256 a = _mm256_loadu_ps(reinterpret_cast<const float*>(s0 + i + k));
      const __m256 b = s1 != nullptr ? _mm256_loadu_ps(reinterpret_cast<const float*>(s1 + i + k))
                                     : _mm256_castsi256_ps(vs);
      _mm256_storeu_ps(reinterpret_cast<float*>(d + i + k), _mm256_blendv_ps(b, a, sel));
      shift = _mm256_sub_epi32(shift, eight);
    }
  }
  for (; i + 8 <= n; i += 8) {
    const __m256i m = _mm256_set1_epi32(mask[i >> 3]);
    const __m256i sel = _mm256_cmpeq_epi32(_mm256_and_si256(m, bits), bits);
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s0 + i));
    const __m256i b =
        s1 != nullptr ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s1 + i)) : vs;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i), _mm256_blendv_epi8(b, a, sel));
  }
  selectRunPortable(d + i, mask + (i >> 3), s0 + i, s1 != nullptr ? s1 + i : nullptr, s, n - i);
}

AVX void selectRun16Avx(std::uint16_t* d, const std::uint8_t* mask, const std::uint16_t* s0,
                        const std::uint16_t* s1, std::uint16_t s, std::size_t n) {
  const __m256i bits = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
                                         8192, 16384, static_cast<short>(0x8000));
  const __m256i vs = _mm256_set1_epi16(static_cast<short>(s));
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    std::uint16_t m16;
    std::memcpy(&m16, mask + (i >> 3), 2);  // little endian: bit k = element i + k
    const __m256i m = _mm256_set1_epi16(static_cast<short>(m16));
    const __m256i sel = _mm256_cmpeq_epi16(_mm256_and_si256(m, bits), bits);
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s0 + i));
    const __m256i b =
        s1 != nullptr ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s1 + i)) : vs;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i), _mm256_blendv_epi8(b, a, sel));
  }
  selectRunPortable(d + i, mask + (i >> 3), s0 + i, s1 != nullptr ? s1 + i : nullptr, s, n - i);
}

// AVX-512: the mask bits are an opmask as they are (16 or 32 elements per
// load), one masked blend per vector instead of moving every bit into a
// lane's sign first.
#define AVX512 ASCTWIN_VEC_AVX512

AVX512 void selectRun32Avx512(std::uint32_t* d, const std::uint8_t* mask, const std::uint32_t* s0,
                              const std::uint32_t* s1, std::uint32_t s, std::size_t n) {
  const __m512i vs = _mm512_set1_epi32(static_cast<int>(s));
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    std::uint16_t m16;
    std::memcpy(&m16, mask + (i >> 3), 2);  // little endian: bit k = element i + k
    const __m512i a = _mm512_loadu_si512(s0 + i);
    const __m512i b = s1 != nullptr ? _mm512_loadu_si512(s1 + i) : vs;
    _mm512_storeu_si512(d + i, _mm512_mask_blend_epi32(_cvtu32_mask16(m16), b, a));
  }
  selectRunPortable(d + i, mask + (i >> 3), s0 + i, s1 != nullptr ? s1 + i : nullptr, s, n - i);
}

AVX512 void selectRun16Avx512(std::uint16_t* d, const std::uint8_t* mask, const std::uint16_t* s0,
                              const std::uint16_t* s1, std::uint16_t s, std::size_t n) {
  const __m512i vs = _mm512_set1_epi16(static_cast<short>(s));
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    std::uint32_t m32;
    std::memcpy(&m32, mask + (i >> 3), 4);
    const __m512i a = _mm512_loadu_si512(s0 + i);
    const __m512i b = s1 != nullptr ? _mm512_loadu_si512(s1 + i) : vs;
    _mm512_storeu_si512(d + i, _mm512_mask_blend_epi16(_cvtu32_mask32(m32), b, a));
  }
  selectRunPortable(d + i, mask + (i >> 3), s0 + i, s1 != nullptr ? s1 + i : nullptr, s, n - i);
}

#undef AVX512

template <class T>
void selectRun(T* d, const std::uint8_t* mask, const T* s0, const T* s1, T s, std::size_t n) {
  if constexpr (sizeof(T) == 4) {
    if (detail::useAvx512()) return selectRun32Avx512(d, mask, s0, s1, s, n);
    if (detail::useAvx2()) return selectRun32Avx(d, mask, s0, s1, s, n);
  } else if constexpr (sizeof(T) == 2) {
    if (detail::useAvx512()) return selectRun16Avx512(d, mask, s0, s1, s, n);
    if (detail::useAvx2()) return selectRun16Avx(d, mask, s0, s1, s, n);
  }
  selectRunPortable(d, mask, s0, s1, s, n);
}

template <class T>
void selectTyped(void* dst, const std::uint8_t* mask, const void* src0, const void* src1,
                 std::uint64_t sbits, SelMode mode, std::size_t n) {
  auto* d = static_cast<T*>(dst);
  const auto* s0 = static_cast<const T*>(src0);
  const auto* s1 = mode == SelMode::TensorScalar ? nullptr : static_cast<const T*>(src1);
  T s;
  std::memcpy(&s, &sbits, sizeof(T));
  if (mode != SelMode::CmpMaskSpr) return selectRun(d, mask, s0, s1, s, n);
  // CMPMASK register: one 256-byte repeat's worth of bits, reused by every repeat.
  constexpr std::size_t kPerRepeat = 256 / sizeof(T);
  for (std::size_t base = 0; base < n; base += kPerRepeat) {
    const std::size_t len = n - base < kPerRepeat ? n - base : kPerRepeat;
    selectRun(d + base, mask, s0 + base, s1 != nullptr ? s1 + base : nullptr, s, len);
  }
}

// OR and maximum of n offsets.
struct OffsetSummary {
  std::uint32_t orAll = 0;
  std::uint32_t max = 0;
};

OffsetSummary summarisePortable(const std::uint32_t* off, std::size_t n) {
  OffsetSummary s;
  for (std::size_t i = 0; i < n; ++i) {
    s.orAll |= off[i];
    s.max = off[i] > s.max ? off[i] : s.max;
  }
  return s;
}

AVX OffsetSummary summariseAvx(const std::uint32_t* off, std::size_t n) {
  __m256i orAll = _mm256_setzero_si256(), max = _mm256_setzero_si256();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(off + i));
    orAll = _mm256_or_si256(orAll, v);
    max = _mm256_max_epu32(max, v);
  }
  alignas(32) std::uint32_t o[8], m[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(o), orAll);
  _mm256_store_si256(reinterpret_cast<__m256i*>(m), max);
  OffsetSummary s = summarisePortable(off + i, n - i);
  for (int k = 0; k < 8; ++k) {
    s.orAll |= o[k];
    s.max = m[k] > s.max ? m[k] : s.max;
  }
  return s;
}

// The same with 16 lanes.
ASCTWIN_VEC_AVX512 OffsetSummary summariseAvx512(const std::uint32_t* off, std::size_t n) {
  __m512i orAll = _mm512_setzero_si512(), max = _mm512_setzero_si512();
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i v = _mm512_loadu_si512(off + i);
    orAll = _mm512_or_si512(orAll, v);
    max = _mm512_max_epu32(max, v);
  }
  alignas(64) std::uint32_t o[16], m[16];
  _mm512_store_si512(o, orAll);
  _mm512_store_si512(m, max);
  OffsetSummary s = summarisePortable(off + i, n - i);
  for (int k = 0; k < 16; ++k) {
    s.orAll |= o[k];
    s.max = m[k] > s.max ? m[k] : s.max;
  }
  return s;
}

// 32-bit words, 16 lanes at a time: when every offset of the 16 lies in one
// of two 64-byte windows of the source, at the offsets of the first two lanes
// (an interleave such as the Bernoulli FP64 assembly's zero words and high
// words, a short stride, a small transpose), one two-table permute serves
// them instead of 16 loads. The next group usually has the same shape moved
// by one distance (the offsets of a table built by doubling, a strided
// walk): then one compare against the previous offsets plus that distance
// replaces the window test, and the permute indices are kept. A group that
// fits no window takes the scalar pairs together with the next 8 groups
// (scattered offsets then pay one failed test per 9 groups).
// Two words per 64-bit offset load and per 64-bit store; n even.
inline void gatherPairs(std::uint32_t* d, const unsigned char* base, const std::uint32_t* off,
                        std::size_t n) {
  for (std::size_t k = 0; k < n; k += 2) {
    std::uint64_t pair;
    std::memcpy(&pair, off + k, 8);
    std::uint32_t lo, hi;
    std::memcpy(&lo, base + static_cast<std::uint32_t>(pair), 4);
    std::memcpy(&hi, base + (pair >> 32), 4);
    const std::uint64_t words = lo | std::uint64_t{hi} << 32;
    std::memcpy(d + k, &words, 8);
  }
}

// The groups that follow one moved by `delta` (> 0, a multiple of 4), while
// each is the previous one moved by that same distance: a table built by
// doubling, a strided walk. How many groups the windows can move before one
// would end past srcBytes is known up front, so the loop keeps only the
// compare of the offsets against the expected ones (one load, one compare per
// 16 words instead of the window test and two bounds checks). Updates prev,
// a and b to the last group served; returns the index after it.
ASCTWIN_VEC_AVX512 std::size_t gatherMovingRun(std::uint32_t* d, const unsigned char* base,
                                               const std::uint32_t* off, std::size_t n,
                                               std::uint64_t srcBytes, std::uint32_t delta,
                                               std::size_t i, __m512i idx, __m512i& prev,
                                               std::uint32_t& a, std::uint32_t& b) {
  // Offsets are 32-bit: a window may not move past 2^32 either (the expected
  // offsets would wrap where the window does not).
  const std::uint64_t limit =
      srcBytes < (std::uint64_t{1} << 32) ? srcBytes : std::uint64_t{1} << 32;
  const std::uint64_t top = (a > b ? a : b) + std::uint64_t{64};
  const std::uint64_t fits = top > limit ? 0 : (limit - top) / delta;
  const std::size_t groups = (n - i) / 16 < fits ? (n - i) / 16 : static_cast<std::size_t>(fits);
  const __m512i step = _mm512_set1_epi32(static_cast<int>(delta));
  __m512i expect = prev;
  const unsigned char* wa = base + a;
  const unsigned char* wb = base + b;
  std::size_t g = 0;
  for (; g < groups; ++g) {
    expect = _mm512_add_epi32(expect, step);
    if (_mm512_cmpneq_epi32_mask(_mm512_loadu_si512(off + i), expect) != 0) break;
    wa += delta;
    wb += delta;
    _mm512_storeu_si512(
        d + i, _mm512_permutex2var_epi32(_mm512_loadu_si512(wa), idx, _mm512_loadu_si512(wb)));
    i += 16;
  }
  const auto moved = static_cast<std::uint32_t>(g * delta);
  a += moved;
  b += moved;
  prev = _mm512_add_epi32(prev, _mm512_set1_epi32(static_cast<int>(moved)));
  return i;
}

// kChecked: offsets must be multiples of 4 with off + 4 <= srcBytes. A
// group served by the windows satisfies that by construction (every lane is
// 4-aligned and inside a window that ends within srcBytes); the scalar runs
// are checked before they read. Returns where it stopped: a multiple of 16
// (the groups before it written), or the first bad offset's index when
// *bad is set.
template <bool kChecked>
ASCTWIN_VEC_AVX512 std::size_t gatherWindowsAvx512(std::uint32_t* d, const unsigned char* base,
                                                   const std::uint32_t* off, std::size_t n,
                                                   std::uint64_t srcBytes, bool* bad) {
  const __m512i window = _mm512_set1_epi32(64);
  const __m512i low2 = _mm512_set1_epi32(3);
  const __m512i sixteen = _mm512_set1_epi32(16);
  constexpr std::size_t kSkipWords = 9 * 16;  // the failed group and the next 8
  // The last group the windows served: its offsets, window starts and
  // permute indices.
  __m512i prev = _mm512_setzero_si512(), idx = _mm512_setzero_si512();
  std::uint32_t a = 0, b = 0;
  bool shaped = false;
  std::size_t i = 0;
  while (i + 16 <= n) {
    const __m512i o = _mm512_loadu_si512(off + i);
    if (shaped) {
      // Unsigned wrap-around keeps "lane - window start < 64" under a move.
      const std::uint32_t delta = off[i] - a;
      const __mmask16 moved = _mm512_cmpeq_epi32_mask(
          o, _mm512_add_epi32(prev, _mm512_set1_epi32(static_cast<int>(delta))));
      const std::uint32_t na = a + delta, nb = b + delta;
      if (moved == 0xFFFF && (delta & 3u) == 0 && std::uint64_t{na} + 64 <= srcBytes &&
          std::uint64_t{nb} + 64 <= srcBytes) {
        a = na;
        b = nb;
        prev = o;
        _mm512_storeu_si512(d + i, _mm512_permutex2var_epi32(_mm512_loadu_si512(base + a), idx,
                                                             _mm512_loadu_si512(base + b)));
        i += 16;
        if (delta != 0 && delta < 0x80000000u)
          i = gatherMovingRun(d, base, off, n, srcBytes, delta, i, idx, prev, a, b);
        continue;
      }
    }
    const std::uint32_t wa = off[i], wb = off[i + 1];
    const __m512i ra = _mm512_sub_epi32(o, _mm512_set1_epi32(static_cast<int>(wa)));
    const __m512i rb = _mm512_sub_epi32(o, _mm512_set1_epi32(static_cast<int>(wb)));
    const __mmask16 inA = _mm512_cmplt_epu32_mask(ra, window);
    const __mmask16 inB = _mm512_cmplt_epu32_mask(rb, window);
    if (static_cast<__mmask16>(inA | inB) == 0xFFFF && _mm512_test_epi32_mask(o, low2) == 0 &&
        std::uint64_t{wa} + 64 <= srcBytes && std::uint64_t{wb} + 64 <= srcBytes) {
      // Word index in table A, or 16 + index in table B (lanes outside A).
      idx = _mm512_mask_add_epi32(_mm512_srli_epi32(ra, 2), static_cast<__mmask16>(~inA),
                                  _mm512_srli_epi32(rb, 2), sixteen);
      a = wa;
      b = wb;
      prev = o;
      shaped = true;
      _mm512_storeu_si512(d + i, _mm512_permutex2var_epi32(_mm512_loadu_si512(base + a), idx,
                                                           _mm512_loadu_si512(base + b)));
      i += 16;
      continue;
    }
    shaped = false;
    const std::size_t run = (n - i < kSkipWords ? n - i : kSkipWords) / 16 * 16;
    if constexpr (kChecked) {
      const std::size_t first =
          firstBadOffset(off + i, run, 4, static_cast<std::int64_t>(srcBytes) - 4);
      if (first < run) {
        *bad = true;
        return i + first;
      }
    }
    gatherPairs(d + i, base, off + i, run);
    i += run;
  }
  return i;
}

// Gather stays scalar on purpose: measured with asctwin-bench-vec on the
// project's AMD machines, AVX2 vpgatherdd/vpgatherdq were slower than this
// loop (3.4-4.1 vs 4.9-6.4 GB/s for 32-bit words), and on the Zen 5 host an
// AVX-512 vpgatherdd too (~0.37 vs ~0.27 ns per word). 32-bit words go in
// pairs: two offsets per 64-bit load and one 64-bit store per two words
// (~0.20 ns per word there), a third fewer memory operations; with AVX-512
// the two-window permute above goes first. kChecked as gatherWindowsAvx512;
// returns the first bad offset's index, or n.
template <class T, bool kChecked>
std::size_t gatherTyped(void* dst, const void* srcBase, const std::uint32_t* off,
                        std::uint32_t baseAddr, std::size_t n, std::uint64_t srcBytes) {
  const auto* base = static_cast<const unsigned char*>(srcBase) + baseAddr;
  auto* d = static_cast<T*>(dst);
  std::size_t i = 0;
  if constexpr (sizeof(T) == 4) {
    if (detail::useAvx512()) {
      bool bad = false;
      i = gatherWindowsAvx512<kChecked>(d, base, off, n, srcBytes, &bad);
      if (bad) return i;
    }
  }
  if constexpr (kChecked) {
    const auto maxOffset =
        static_cast<std::int64_t>(srcBytes) - static_cast<std::int64_t>(sizeof(T));
    if (const std::size_t first = firstBadOffset(off + i, n - i, sizeof(T), maxOffset);
        first < n - i)
      return i + first;
  }
  if constexpr (sizeof(T) == 4) {
    const std::size_t pairs = (n - i) / 2 * 2;
    gatherPairs(d + i, base, off + i, pairs);
    i += pairs;
  }
  for (; i < n; ++i) {
    T v;
    std::memcpy(&v, base + off[i], sizeof(T));
    d[i] = v;
  }
  return n;
}

#undef AVX

}  // namespace

void select(void* dst, const std::uint8_t* maskBits, const void* src0, const void* src1OrNull,
            std::uint64_t scalarBits, DType t, SelMode mode, std::size_t n) {
  if (n == 0) return;
  switch (dtypeSize(t)) {
    case 1:
      return selectTyped<std::uint8_t>(dst, maskBits, src0, src1OrNull, scalarBits, mode, n);
    case 2:
      return selectTyped<std::uint16_t>(dst, maskBits, src0, src1OrNull, scalarBits, mode, n);
    case 4:
      return selectTyped<std::uint32_t>(dst, maskBits, src0, src1OrNull, scalarBits, mode, n);
    default:
      return selectTyped<std::uint64_t>(dst, maskBits, src0, src1OrNull, scalarBits, mode, n);
  }
}

namespace {
template <class T>
void selectRepeatedTyped(void* dst, const std::uint8_t* mask, const void* src0, std::uint64_t sbits,
                         std::size_t per, std::size_t n) {
  auto* d = static_cast<T*>(dst);
  T s;
  std::memcpy(&s, &sbits, sizeof(T));
  // src0's iteration repeated 16 times (4 KiB, in L1), so each select run
  // covers 16 iterations: one call per 64 floats cost more than the blends.
  constexpr std::size_t kCopies = 16;
  alignas(64) unsigned char staged[kCopies * 256];
  const std::size_t iterBytes = per * sizeof(T);  // 256
  for (std::size_t k = 0; k < kCopies; ++k) std::memcpy(staged + k * iterBytes, src0, iterBytes);
  const auto* s0 = reinterpret_cast<const T*>(staged);
  const std::size_t chunk = kCopies * per;  // a multiple of 8: whole mask bytes
  for (std::size_t base = 0; base < n; base += chunk)
    selectRun(d + base, mask + base / 8, s0, static_cast<const T*>(nullptr), s,
              n - base < chunk ? n - base : chunk);
}
}  // namespace

void selectRepeatedSrc0(void* dst, const std::uint8_t* maskBits, const void* src0,
                        std::uint64_t scalarBits, DType t, std::size_t perRepeat, std::size_t n) {
  if (n == 0) return;
  switch (dtypeSize(t)) {
    case 1:
      return selectRepeatedTyped<std::uint8_t>(dst, maskBits, src0, scalarBits, perRepeat, n);
    case 2:
      return selectRepeatedTyped<std::uint16_t>(dst, maskBits, src0, scalarBits, perRepeat, n);
    case 4:
      return selectRepeatedTyped<std::uint32_t>(dst, maskBits, src0, scalarBits, perRepeat, n);
    default:
      return selectRepeatedTyped<std::uint64_t>(dst, maskBits, src0, scalarBits, perRepeat, n);
  }
}

std::size_t firstBadOffset(const std::uint32_t* off, std::size_t n, std::uint32_t align,
                           std::int64_t maxOffset) {
  if (n == 0) return 0;
  if (maxOffset < 0) return 0;
  const OffsetSummary s = detail::useAvx512() ? summariseAvx512(off, n)
                          : detail::useAvx2() ? summariseAvx(off, n)
                                              : summarisePortable(off, n);
  if ((s.orAll & (align - 1)) == 0 && s.max <= static_cast<std::uint64_t>(maxOffset)) return n;
  for (std::size_t i = 0; i < n; ++i)
    if ((off[i] & (align - 1)) != 0 || off[i] > static_cast<std::uint64_t>(maxOffset)) return i;
  return n;
}

template <bool kChecked>
std::size_t gatherBySize(void* dst, const void* srcBase, const std::uint32_t* byteOffsets,
                         std::uint32_t baseAddr, std::size_t elemSize, std::size_t n,
                         std::uint64_t srcBytes) {
  switch (elemSize) {
    case 1:
      return gatherTyped<std::uint8_t, kChecked>(dst, srcBase, byteOffsets, baseAddr, n, srcBytes);
    case 2:
      return gatherTyped<std::uint16_t, kChecked>(dst, srcBase, byteOffsets, baseAddr, n, srcBytes);
    case 4:
      return gatherTyped<std::uint32_t, kChecked>(dst, srcBase, byteOffsets, baseAddr, n, srcBytes);
    default:
      return gatherTyped<std::uint64_t, kChecked>(dst, srcBase, byteOffsets, baseAddr, n, srcBytes);
  }
}

void gather(void* dst, const void* srcBase, const std::uint32_t* byteOffsets,
            std::uint32_t baseAddr, std::size_t elemSize, std::size_t n, std::uint64_t srcBytes) {
  if (n == 0) return;
  gatherBySize<false>(dst, srcBase, byteOffsets, baseAddr, elemSize, n, srcBytes);
}

std::size_t gatherChecked(void* dst, const void* srcBase, const std::uint32_t* byteOffsets,
                          std::uint32_t baseAddr, std::size_t elemSize, std::size_t n,
                          std::uint64_t srcBytes) {
  if (n == 0) return 0;
  if (srcBytes < elemSize) return 0;
  return gatherBySize<true>(dst, srcBase, byteOffsets, baseAddr, elemSize, n, srcBytes);
}

}  // namespace asctwin::vec
