// Cast: the supported (dst, src, mode) table, the portable loops, the
// AVX2/F16C loops of the hot conversions and AVX-512 loops of the ones the
// BernoulliMask kernel runs.
// GCC 12's avx512fintrin.h builds some intrinsics on a self-initialised
// "undefined" vector, which -Wmaybe-uninitialized flags at their call sites
// (a false positive in the compiler's own header; GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstdint>
#include <limits>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

using detail::load;
using detail::store;
using numeric::Round;

constexpr unsigned bit(Round m) {
  return 1u << static_cast<unsigned>(m);
}
constexpr unsigned kAnyMode = 0x7Fu;
constexpr unsigned kIntModes =
    bit(Round::Rint) | bit(Round::Floor) | bit(Round::Ceil) | bit(Round::Away) | bit(Round::Trunc);
constexpr unsigned kIntModesNone = kIntModes | bit(Round::None);

// Modes accepted per (dst, src) pair; 0 = pair not supported. Exact
// conversions accept (and ignore) every mode.
unsigned acceptedModes(DType dst, DType src) {
  switch (src) {
    case DType::F16:
      switch (dst) {
        case DType::F32:
          return kAnyMode;
        case DType::S8:
        case DType::U8:
          return kIntModesNone;
        case DType::S16:
        case DType::S32:
          return kIntModes;
        default:
          return 0;
      }
    case DType::BF16:
      switch (dst) {
        case DType::F32:
          return kAnyMode;
        case DType::S32:
          return kIntModes;
        default:
          return 0;
      }
    case DType::F32:
      switch (dst) {
        case DType::F16:
        case DType::BF16:
          return kAnyMode;  // None = Rint, Odd = round to odd
        case DType::F32:
          return kIntModes;  // round to an integral value
        case DType::S16:
        case DType::S32:
        case DType::S64:
          return kIntModes;
        default:
          return 0;
      }
    case DType::S8:
    case DType::U8:
      return dst == DType::F16 || dst == DType::F32 ? kAnyMode : 0;
    case DType::S16:
      if (dst == DType::F16) return kIntModesNone;
      if (dst == DType::F32) return kAnyMode;
      if (dst == DType::S8) return kAnyMode;  // saturating (AddReluCast / SubReluCast)
      return 0;
    case DType::S32:
      if (dst == DType::F16 || dst == DType::F32) return kIntModesNone;
      if (dst == DType::S64) return kAnyMode;
      return 0;
    case DType::S64:
      if (dst == DType::F32) return kIntModesNone;
      if (dst == DType::S32) return kAnyMode;  // saturating
      return 0;
    default:
      return 0;
  }
}

// ---------------------------------------------------------------------------
// Portable element conversions (exact, environment independent).

inline float f16ToF32(std::uint16_t h) {
  return numeric::halfToFloat(h);
}
inline float bf16ToF32(std::uint16_t b) {
  return numeric::bf16ToFloat(b);
}

// float -> bf16 by integer arithmetic on the bits; equals
// numeric::floatToBf16 for every input and mode (tested).
inline std::uint16_t f32ToBf16(std::uint32_t u, Round mode) {
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<std::uint16_t>((u >> 16) | 0x40u);
  const std::uint32_t hi = u >> 16;
  const std::uint32_t lo = u & 0xFFFFu;
  const bool neg = (u >> 31) != 0;
  switch (mode) {
    case Round::Trunc:
      return static_cast<std::uint16_t>(hi);
    case Round::Away:
      return static_cast<std::uint16_t>((u + 0x8000u) >> 16);
    case Round::Floor:
      return static_cast<std::uint16_t>(hi + ((neg && lo != 0) ? 1u : 0u));
    case Round::Ceil:
      return static_cast<std::uint16_t>(hi + ((!neg && lo != 0) ? 1u : 0u));
    case Round::Odd:
      return static_cast<std::uint16_t>(hi | (lo != 0 ? 1u : 0u));
    default:
      return static_cast<std::uint16_t>((u + 0x7FFFu + (hi & 1u)) >> 16);
  }
}

template <class D, class S, class F>
void portableLoop(void* dst, const void* src, std::size_t n, F f) {
  for (std::size_t i = 0; i < n; ++i) store<D>(dst, i, f(load<S>(src, i)));
}

void castPortable(void* dst, DType dt, const void* src, DType st, Round m, std::size_t n) {
  using numeric::FloatFormat;
  using numeric::HalfFormat;
  const auto toHalf = [m](auto v) {
    return static_cast<std::uint16_t>(numeric::fromInteger<HalfFormat>(v, m));
  };
  const auto toFloat = [m](auto v) {
    return std::bit_cast<float>(numeric::fromInteger<FloatFormat>(v, m));
  };
  switch (st) {
    case DType::F16:
      switch (dt) {
        case DType::F32:
          return portableLoop<float, std::uint16_t>(dst, src, n, f16ToF32);
        case DType::S8:
          return portableLoop<std::int8_t, std::uint16_t>(dst, src, n, [m](std::uint16_t h) {
            return detail::floatToInt<std::int8_t>(f16ToF32(h), m);
          });
        case DType::U8:
          return portableLoop<std::uint8_t, std::uint16_t>(dst, src, n, [m](std::uint16_t h) {
            return detail::floatToInt<std::uint8_t>(f16ToF32(h), m);
          });
        case DType::S16:
          return portableLoop<std::int16_t, std::uint16_t>(dst, src, n, [m](std::uint16_t h) {
            return detail::floatToInt<std::int16_t>(f16ToF32(h), m);
          });
        case DType::S32:
          return portableLoop<std::int32_t, std::uint16_t>(dst, src, n, [m](std::uint16_t h) {
            return detail::floatToInt<std::int32_t>(f16ToF32(h), m);
          });
        default:
          return;
      }
    case DType::BF16:
      if (dt == DType::F32) return portableLoop<float, std::uint16_t>(dst, src, n, bf16ToF32);
      return portableLoop<std::int32_t, std::uint16_t>(dst, src, n, [m](std::uint16_t b) {
        return detail::floatToInt<std::int32_t>(bf16ToF32(b), m);
      });
    case DType::F32:
      switch (dt) {
        case DType::F16:
          return portableLoop<std::uint16_t, float>(
              dst, src, n, [m](float f) { return numeric::floatToHalf(f, m); });
        case DType::BF16:
          return portableLoop<std::uint16_t, std::uint32_t>(
              dst, src, n, [m](std::uint32_t u) { return f32ToBf16(u, m); });
        case DType::F32:
          return portableLoop<float, float>(dst, src, n,
                                            [m](float f) { return detail::roundIntegral(f, m); });
        case DType::S16:
          return portableLoop<std::int16_t, float>(
              dst, src, n, [m](float f) { return detail::floatToInt<std::int16_t>(f, m); });
        case DType::S32:
          return portableLoop<std::int32_t, float>(
              dst, src, n, [m](float f) { return detail::floatToInt<std::int32_t>(f, m); });
        case DType::S64:
          return portableLoop<std::int64_t, float>(
              dst, src, n, [m](float f) { return detail::floatToInt<std::int64_t>(f, m); });
        default:
          return;
      }
    case DType::S8:
      if (dt == DType::F16) return portableLoop<std::uint16_t, std::int8_t>(dst, src, n, toHalf);
      return portableLoop<float, std::int8_t>(dst, src, n, toFloat);
    case DType::U8:
      if (dt == DType::F16) return portableLoop<std::uint16_t, std::uint8_t>(dst, src, n, toHalf);
      return portableLoop<float, std::uint8_t>(dst, src, n, toFloat);
    case DType::S16:
      if (dt == DType::F16) return portableLoop<std::uint16_t, std::int16_t>(dst, src, n, toHalf);
      if (dt == DType::S8)
        return portableLoop<std::int8_t, std::int16_t>(
            dst, src, n, [](std::int16_t v) { return detail::saturateInt<std::int8_t>(v); });
      return portableLoop<float, std::int16_t>(dst, src, n, toFloat);
    case DType::S32:
      if (dt == DType::F16) return portableLoop<std::uint16_t, std::int32_t>(dst, src, n, toHalf);
      if (dt == DType::F32) return portableLoop<float, std::int32_t>(dst, src, n, toFloat);
      return portableLoop<std::int64_t, std::int32_t>(
          dst, src, n, [](std::int32_t v) { return std::int64_t{v}; });
    case DType::S64:
      if (dt == DType::F32) return portableLoop<float, std::int64_t>(dst, src, n, toFloat);
      return portableLoop<std::int32_t, std::int64_t>(
          dst, src, n, [](std::int64_t v) { return detail::saturateInt<std::int32_t>(v); });
    default:
      return;
  }
}

// ---------------------------------------------------------------------------
// AVX2 / F16C. Each loop handles whole vectors and leaves the tail (and any
// vector it cannot do exactly) to the portable element function.

#define AVX ASCTWIN_VEC_AVX2

// Rounds to an integral float per mode (None as Rint); NaN/Inf pass through.
template <Round kMode>
AVX inline __m256 roundPs(__m256 x) {
  if constexpr (kMode == Round::Floor) {
    return _mm256_round_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  } else if constexpr (kMode == Round::Ceil) {
    return _mm256_round_ps(x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
  } else if constexpr (kMode == Round::Trunc) {
    return _mm256_round_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  } else if constexpr (kMode == Round::Away) {
    const __m256 t = _mm256_round_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m256 signMask = _mm256_set1_ps(-0.0f);
    const __m256 d = _mm256_andnot_ps(signMask, _mm256_sub_ps(x, t));  // |x - t|, exact
    const __m256 ge = _mm256_cmp_ps(d, _mm256_set1_ps(0.5f), _CMP_GE_OQ);
    const __m256 one = _mm256_or_ps(_mm256_and_ps(x, signMask), _mm256_set1_ps(1.0f));
    return _mm256_blendv_ps(t, _mm256_add_ps(t, one), ge);  // keeps -0.0
  } else {
    return _mm256_round_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  }
}

// Integral float (or NaN/Inf) -> int32, saturating, NaN -> 0.
AVX inline __m256i cvtSat32(__m256 r) {
  const __m256i i = _mm256_cvttps_epi32(r);  // 0x80000000 when out of range or NaN
  const __m256 big = _mm256_cmp_ps(r, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
  const __m256i sat =
      _mm256_blendv_epi8(i, _mm256_set1_epi32(0x7FFFFFFF), _mm256_castps_si256(big));
  const __m256 nan = _mm256_cmp_ps(r, r, _CMP_UNORD_Q);
  return _mm256_andnot_si256(_mm256_castps_si256(nan), sat);
}

// Integral float -> int32 clamped to [lo, hi] (|bounds| < 2^31), NaN -> 0.
AVX inline __m256i cvtClamp(__m256 r, float lo, float hi) {
  const __m256 ord = _mm256_cmp_ps(r, r, _CMP_ORD_Q);
  r = _mm256_and_ps(r, ord);
  r = _mm256_min_ps(_mm256_max_ps(r, _mm256_set1_ps(lo)), _mm256_set1_ps(hi));
  return _mm256_cvttps_epi32(r);
}

AVX inline __m256 loadHalf8(const void* p) {
  return _mm256_cvtph_ps(_mm_loadu_si128(static_cast<const __m128i*>(p)));
}

// 16 int32 (two vectors) -> 16 int16, saturating (in order).
AVX inline __m256i pack32to16(__m256i a, __m256i b) {
  return _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
}

template <class D, class S, class F>
inline void tail(void* dst, const void* src, std::size_t from, std::size_t n, F f) {
  for (std::size_t i = from; i < n; ++i) store<D>(dst, i, f(load<S>(src, i)));
}

AVX void f16ToF32Avx(float* dst, const std::uint16_t* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, loadHalf8(src + i));
  tail<float, std::uint16_t>(dst, src, i, n, f16ToF32);
}

template <int kImm>
AVX void f32ToF16Avx(std::uint16_t* dst, const float* src, std::size_t n, Round m) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i a = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), kImm);
    const __m128i b = _mm256_cvtps_ph(_mm256_loadu_ps(src + i + 8), kImm);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i + 8), b);
  }
  for (; i + 8 <= n; i += 8) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), kImm));
  }
  tail<std::uint16_t, float>(dst, src, i, n, [m](float f) { return numeric::floatToHalf(f, m); });
}

AVX void bf16ToF32Avx(std::uint32_t* dst, const std::uint16_t* src, std::size_t n) {
  std::size_t i = 0;
  const __m256i absMask = _mm256_set1_epi32(0x7FFFFFFF);
  const __m256i inf = _mm256_set1_epi32(0x7F800000);
  const __m256i quiet = _mm256_set1_epi32(0x400000);
  for (; i + 8 <= n; i += 8) {
    __m256i u = _mm256_slli_epi32(
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))), 16);
    const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, absMask), inf);
    u = _mm256_or_si256(u, _mm256_and_si256(nan, quiet));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), u);
  }
  tail<float, std::uint16_t>(dst, src, i, n, bf16ToF32);
}

template <Round kMode>
AVX inline __m256i bf16Round8(__m256i u) {
  const __m256i hi = _mm256_srli_epi32(u, 16);
  const __m256i lo = _mm256_and_si256(u, _mm256_set1_epi32(0xFFFF));
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i zero = _mm256_setzero_si256();
  __m256i r;
  if constexpr (kMode == Round::Trunc) {
    r = hi;
  } else if constexpr (kMode == Round::Away) {
    r = _mm256_srli_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x8000)), 16);
  } else if constexpr (kMode == Round::Floor || kMode == Round::Ceil) {
    const __m256i loNonZero = _mm256_andnot_si256(_mm256_cmpeq_epi32(lo, zero), one);
    const __m256i neg = _mm256_srli_epi32(u, 31);  // 1 when negative
    const __m256i dir = kMode == Round::Floor ? neg : _mm256_xor_si256(neg, one);
    r = _mm256_add_epi32(hi, _mm256_and_si256(loNonZero, dir));
  } else if constexpr (kMode == Round::Odd) {
    r = _mm256_or_si256(hi, _mm256_andnot_si256(_mm256_cmpeq_epi32(lo, zero), one));
  } else {
    const __m256i lsb = _mm256_and_si256(hi, one);
    r = _mm256_srli_epi32(_mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7FFF), lsb)),
                          16);
  }
  const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7FFFFFFF)),
                                         _mm256_set1_epi32(0x7F800000));
  const __m256i nanBits = _mm256_or_si256(hi, _mm256_set1_epi32(0x40));
  return _mm256_blendv_epi8(r, nanBits, nan);
}

template <Round kMode>
AVX void f32ToBf16Avx(std::uint16_t* dst, const std::uint32_t* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i a =
        bf16Round8<kMode>(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i)));
    const __m256i b =
        bf16Round8<kMode>(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i + 8)));
    const __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), p);
  }
  tail<std::uint16_t, std::uint32_t>(dst, src, i, n,
                                     [](std::uint32_t u) { return f32ToBf16(u, kMode); });
}

template <Round kMode>
AVX void f32ToF32Avx(float* dst, const float* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(src + i);
    const __m256 r = roundPs<kMode>(x);
    _mm256_storeu_ps(dst + i, r);
  }
  tail<float, float>(dst, src, i, n, [](float f) { return detail::roundIntegral(f, kMode); });
}

template <Round kMode>
AVX void f32ToS32Avx(std::int32_t* dst, const float* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(src + i);
    // cvtt truncates by itself: Trunc needs no rounding step.
    const __m256i v = cvtSat32(kMode == Round::Trunc ? x : roundPs<kMode>(x));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), v);
  }
  tail<std::int32_t, float>(dst, src, i, n,
                            [](float f) { return detail::floatToInt<std::int32_t>(f, kMode); });
}

template <Round kMode>
AVX void f32ToS64Avx(std::int64_t* dst, const float* src, std::size_t n) {
  std::size_t i = 0;
  const __m256 lo = _mm256_set1_ps(-2147483648.0f);
  const __m256 hi = _mm256_set1_ps(2147483648.0f);
  for (; i + 8 <= n; i += 8) {
    const __m256 r = roundPs<kMode>(_mm256_loadu_ps(src + i));
    const __m256 in =
        _mm256_and_ps(_mm256_cmp_ps(r, lo, _CMP_GE_OQ), _mm256_cmp_ps(r, hi, _CMP_LT_OQ));
    if (_mm256_movemask_ps(in) == 0xFF) {
      const __m256i v = _mm256_cvttps_epi32(r);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i),
                          _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i + 4),
                          _mm256_cvtepi32_epi64(_mm256_extracti128_si256(v, 1)));
    } else {
      for (std::size_t k = i; k < i + 8; ++k)
        dst[k] = detail::floatToInt<std::int64_t>(src[k], kMode);
    }
  }
  tail<std::int64_t, float>(dst, src, i, n,
                            [](float f) { return detail::floatToInt<std::int64_t>(f, kMode); });
}

template <Round kMode>
AVX void f32ToS16Avx(std::int16_t* dst, const float* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i a = cvtClamp(roundPs<kMode>(_mm256_loadu_ps(src + i)), -32768.0f, 32767.0f);
    const __m256i b = cvtClamp(roundPs<kMode>(_mm256_loadu_ps(src + i + 8)), -32768.0f, 32767.0f);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), pack32to16(a, b));
  }
  tail<std::int16_t, float>(dst, src, i, n,
                            [](float f) { return detail::floatToInt<std::int16_t>(f, kMode); });
}

// half -> int8 / uint8 / int16 / int32.
template <Round kMode, class I>
AVX void f16ToIntAvx(I* dst, const std::uint16_t* src, std::size_t n) {
  std::size_t i = 0;
  if constexpr (sizeof(I) == 1) {
    constexpr float lo = std::is_signed_v<I> ? -128.0f : 0.0f;
    constexpr float hi = std::is_signed_v<I> ? 127.0f : 255.0f;
    for (; i + 16 <= n; i += 16) {
      const __m256i a = cvtClamp(roundPs<kMode>(loadHalf8(src + i)), lo, hi);
      const __m256i b = cvtClamp(roundPs<kMode>(loadHalf8(src + i + 8)), lo, hi);
      const __m256i w = pack32to16(a, b);  // 16 x int16, in range
      const __m128i l = _mm256_castsi256_si128(w);
      const __m128i h = _mm256_extracti128_si256(w, 1);
      const __m128i p = std::is_signed_v<I> ? _mm_packs_epi16(l, h) : _mm_packus_epi16(l, h);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), p);
    }
  } else if constexpr (sizeof(I) == 2) {
    for (; i + 16 <= n; i += 16) {
      const __m256i a = cvtClamp(roundPs<kMode>(loadHalf8(src + i)), -32768.0f, 32767.0f);
      const __m256i b = cvtClamp(roundPs<kMode>(loadHalf8(src + i + 8)), -32768.0f, 32767.0f);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), pack32to16(a, b));
    }
  } else {
    for (; i + 8 <= n; i += 8) {
      const __m256i v = cvtSat32(roundPs<kMode>(loadHalf8(src + i)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), v);
    }
  }
  tail<I, std::uint16_t>(dst, src, i, n,
                         [](std::uint16_t h) { return detail::floatToInt<I>(f16ToF32(h), kMode); });
}

// Small integers -> float / half (exact in float; half rounds once).
template <class S>
AVX inline __m256 smallIntToPs(const S* p) {
  __m256i v;
  if constexpr (sizeof(S) == 1) {
    const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    v = std::is_signed_v<S> ? _mm256_cvtepi8_epi32(b) : _mm256_cvtepu8_epi32(b);
  } else if constexpr (sizeof(S) == 2) {
    v = _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  } else {
    v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  return _mm256_cvtepi32_ps(v);  // exact for |v| < 2^24; int32: nearest even
}

template <class S>
AVX void intToF32Avx(float* dst, const S* src, std::size_t n, Round m) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, smallIntToPs(src + i));
  tail<float, S>(dst, src, i, n, [m](S v) {
    return std::bit_cast<float>(numeric::fromInteger<numeric::FloatFormat>(v, m));
  });
}

template <int kImm, class S>
AVX void intToF16Avx(std::uint16_t* dst, const S* src, std::size_t n, Round m) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm256_cvtps_ph(smallIntToPs(src + i), kImm));
  }
  tail<std::uint16_t, S>(dst, src, i, n, [m](S v) {
    return static_cast<std::uint16_t>(numeric::fromInteger<numeric::HalfFormat>(v, m));
  });
}

AVX void s32ToS64Avx(std::int64_t* dst, const std::int32_t* src, std::size_t n) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm256_cvtepi32_epi64(v));
  }
  for (; i < n; ++i) dst[i] = src[i];
}

// F16C rounding immediates, or -1 when the mode needs the portable path.
constexpr int f16cImm(Round m) {
  switch (m) {
    case Round::None:
    case Round::Rint:
      return _MM_FROUND_TO_NEAREST_INT;
    case Round::Floor:
      return _MM_FROUND_TO_NEG_INF;
    case Round::Ceil:
      return _MM_FROUND_TO_POS_INF;
    case Round::Trunc:
      return _MM_FROUND_TO_ZERO;
    default:
      return -1;
  }
}

template <template <Round> class Fn, class... A>
void byMode(Round m, A... args) {
  switch (m) {
    case Round::Floor:
      return Fn<Round::Floor>::run(args...);
    case Round::Ceil:
      return Fn<Round::Ceil>::run(args...);
    case Round::Trunc:
      return Fn<Round::Trunc>::run(args...);
    case Round::Away:
      return Fn<Round::Away>::run(args...);
    case Round::Odd:
      return Fn<Round::Odd>::run(args...);
    default:
      return Fn<Round::Rint>::run(args...);
  }
}

template <Round M>
struct F32ToS32 {
  static void run(void* d, const void* s, std::size_t n) {
    f32ToS32Avx<M>(static_cast<std::int32_t*>(d), static_cast<const float*>(s), n);
  }
};
template <Round M>
struct F32ToS64 {
  static void run(void* d, const void* s, std::size_t n) {
    f32ToS64Avx<M>(static_cast<std::int64_t*>(d), static_cast<const float*>(s), n);
  }
};
template <Round M>
struct F32ToS16 {
  static void run(void* d, const void* s, std::size_t n) {
    f32ToS16Avx<M>(static_cast<std::int16_t*>(d), static_cast<const float*>(s), n);
  }
};
template <Round M>
struct F32ToF32 {
  static void run(void* d, const void* s, std::size_t n) {
    f32ToF32Avx<M>(static_cast<float*>(d), static_cast<const float*>(s), n);
  }
};
template <Round M>
struct F32ToBf16 {
  static void run(void* d, const void* s, std::size_t n) {
    f32ToBf16Avx<M>(static_cast<std::uint16_t*>(d), static_cast<const std::uint32_t*>(s), n);
  }
};
template <class I>
struct F16ToInt {
  template <Round M>
  struct Fn {
    static void run(void* d, const void* s, std::size_t n) {
      f16ToIntAvx<M, I>(static_cast<I*>(d), static_cast<const std::uint16_t*>(s), n);
    }
  };
};

template <class S>
void intToF16(void* d, const void* s, std::size_t n, Round m) {
  auto* out = static_cast<std::uint16_t*>(d);
  const auto* in = static_cast<const S*>(s);
  // int8/uint8 are exact in half: the mode does not matter.
  const int imm = sizeof(S) == 1 ? _MM_FROUND_TO_NEAREST_INT : f16cImm(m);
  switch (imm) {
    case _MM_FROUND_TO_NEAREST_INT:
      return intToF16Avx<_MM_FROUND_TO_NEAREST_INT>(out, in, n, m);
    case _MM_FROUND_TO_NEG_INF:
      return intToF16Avx<_MM_FROUND_TO_NEG_INF>(out, in, n, m);
    case _MM_FROUND_TO_POS_INF:
      return intToF16Avx<_MM_FROUND_TO_POS_INF>(out, in, n, m);
    case _MM_FROUND_TO_ZERO:
      return intToF16Avx<_MM_FROUND_TO_ZERO>(out, in, n, m);
    default:  // Away
      return portableLoop<std::uint16_t, S>(d, s, n, [m](S v) {
        return static_cast<std::uint16_t>(numeric::fromInteger<numeric::HalfFormat>(v, m));
      });
  }
}

// Returns false when the AVX2 path has no loop for this combination.
bool castAvx2(void* dst, DType dt, const void* src, DType st, Round m, std::size_t n) {
  switch (st) {
    case DType::F16:
      switch (dt) {
        case DType::F32:
          f16ToF32Avx(static_cast<float*>(dst), static_cast<const std::uint16_t*>(src), n);
          return true;
        case DType::S8:
          byMode<F16ToInt<std::int8_t>::Fn>(m, dst, src, n);
          return true;
        case DType::U8:
          byMode<F16ToInt<std::uint8_t>::Fn>(m, dst, src, n);
          return true;
        case DType::S16:
          byMode<F16ToInt<std::int16_t>::Fn>(m, dst, src, n);
          return true;
        case DType::S32:
          byMode<F16ToInt<std::int32_t>::Fn>(m, dst, src, n);
          return true;
        default:
          return false;
      }
    case DType::BF16:
      if (dt != DType::F32) return false;
      bf16ToF32Avx(static_cast<std::uint32_t*>(dst), static_cast<const std::uint16_t*>(src), n);
      return true;
    case DType::F32:
      switch (dt) {
        case DType::F16: {
          auto* out = static_cast<std::uint16_t*>(dst);
          const auto* in = static_cast<const float*>(src);
          switch (f16cImm(m)) {
            case _MM_FROUND_TO_NEAREST_INT:
              f32ToF16Avx<_MM_FROUND_TO_NEAREST_INT>(out, in, n, m);
              return true;
            case _MM_FROUND_TO_NEG_INF:
              f32ToF16Avx<_MM_FROUND_TO_NEG_INF>(out, in, n, m);
              return true;
            case _MM_FROUND_TO_POS_INF:
              f32ToF16Avx<_MM_FROUND_TO_POS_INF>(out, in, n, m);
              return true;
            case _MM_FROUND_TO_ZERO:
              f32ToF16Avx<_MM_FROUND_TO_ZERO>(out, in, n, m);
              return true;
            default:
              return false;  // Away, Odd: portable
          }
        }
        case DType::BF16:
          byMode<F32ToBf16>(m, dst, src, n);
          return true;
        case DType::F32:
          byMode<F32ToF32>(m, dst, src, n);
          return true;
        case DType::S16:
          byMode<F32ToS16>(m, dst, src, n);
          return true;
        case DType::S32:
          byMode<F32ToS32>(m, dst, src, n);
          return true;
        case DType::S64:
          byMode<F32ToS64>(m, dst, src, n);
          return true;
        default:
          return false;
      }
    case DType::S8:
      if (dt == DType::F32) {
        intToF32Avx(static_cast<float*>(dst), static_cast<const std::int8_t*>(src), n, m);
      } else {
        intToF16<std::int8_t>(dst, src, n, m);
      }
      return true;
    case DType::U8:
      if (dt == DType::F32) {
        intToF32Avx(static_cast<float*>(dst), static_cast<const std::uint8_t*>(src), n, m);
      } else {
        intToF16<std::uint8_t>(dst, src, n, m);
      }
      return true;
    case DType::S16:
      if (dt == DType::S8) return false;  // the portable saturating loop
      if (dt == DType::F32) {
        intToF32Avx(static_cast<float*>(dst), static_cast<const std::int16_t*>(src), n, m);
      } else {
        intToF16<std::int16_t>(dst, src, n, m);
      }
      return true;
    case DType::S32:
      if (dt == DType::S64) {
        s32ToS64Avx(static_cast<std::int64_t*>(dst), static_cast<const std::int32_t*>(src), n);
        return true;
      }
      // int32 -> float rounds in cvtdq2ps with the default (nearest even)
      // MXCSR mode: only None/Rint take the vector path.
      if (dt == DType::F32 && (m == Round::None || m == Round::Rint)) {
        intToF32Avx(static_cast<float*>(dst), static_cast<const std::int32_t*>(src), n, m);
        return true;
      }
      return false;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// AVX-512: 16 lanes per step for the conversions the BernoulliMask kernel runs
// on every tile (half -> int8/uint8/int16/int32, float -> int32/int64/bf16).
// The conversion instructions round by their embedded rounding mode; a vector
// holding a lane they cannot do exactly (NaN, an infinity, out of the target's
// range) goes element by element through the portable function instead.

#define AVX512 ASCTWIN_VEC_AVX512

// Embedded rounding for a mode, or -1 (Away, Odd) when there is none.
constexpr int embeddedRounding(Round m) {
  switch (m) {
    case Round::None:
    case Round::Rint:
      return _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
    case Round::Floor:
      return _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
    case Round::Ceil:
      return _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
    case Round::Trunc:
      return _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;
    default:
      return -1;
  }
}

// vfpclassps categories: quiet NaN, +infinity, -infinity, signalling NaN.
constexpr int kNanOrInf = 0x01 | 0x08 | 0x10 | 0x80;

// half -> int8/uint8/int16/int32. Finite halves are at most 65504 in
// magnitude: the int32 conversion is exact and in range, and the narrowing
// stores saturate.
template <int kRound, class I>
AVX512 void f16ToIntAvx512(I* dst, const std::uint16_t* src, std::size_t n, Round m) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512 x = _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i)));
    if (_mm512_fpclass_ps_mask(x, kNanOrInf) != 0) {
      for (std::size_t k = i; k < i + 16; ++k) dst[k] = detail::floatToInt<I>(f16ToF32(src[k]), m);
      continue;
    }
    const __m512i v = _mm512_cvt_roundps_epi32(x, kRound);
    if constexpr (sizeof(I) == 1 && std::is_signed_v<I>) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm512_cvtsepi32_epi8(v));
    } else if constexpr (sizeof(I) == 1) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                       _mm512_cvtusepi32_epi8(_mm512_max_epi32(v, _mm512_setzero_si512())));
    } else if constexpr (sizeof(I) == 2) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm512_cvtsepi32_epi16(v));
    } else {
      _mm512_storeu_si512(dst + i, v);
    }
  }
  tail<I, std::uint16_t>(dst, src, i, n,
                         [m](std::uint16_t h) { return detail::floatToInt<I>(f16ToF32(h), m); });
}

// float -> int32: the conversion gives 0x80000000 for NaN and out-of-range
// lanes; a vector holding that value (also a true INT32_MIN) goes the
// portable way.
template <int kRound>
AVX512 void f32ToS32Avx512(std::int32_t* dst, const float* src, std::size_t n, Round m) {
  const __m512i invalid = _mm512_set1_epi32(INT32_MIN);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i v = _mm512_cvt_roundps_epi32(_mm512_loadu_ps(src + i), kRound);
    if (_mm512_cmpeq_epi32_mask(v, invalid) != 0) {
      for (std::size_t k = i; k < i + 16; ++k) dst[k] = detail::floatToInt<std::int32_t>(src[k], m);
      continue;
    }
    _mm512_storeu_si512(dst + i, v);
  }
  tail<std::int32_t, float>(dst, src, i, n,
                            [m](float f) { return detail::floatToInt<std::int32_t>(f, m); });
}

// float -> int64, 8 lanes per conversion, the same rule with INT64_MIN.
template <int kRound>
AVX512 void f32ToS64Avx512(std::int64_t* dst, const float* src, std::size_t n, Round m) {
  const __m512i invalid = _mm512_set1_epi64(INT64_MIN);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i a = _mm512_cvt_roundps_epi64(_mm256_loadu_ps(src + i), kRound);
    const __m512i b = _mm512_cvt_roundps_epi64(_mm256_loadu_ps(src + i + 8), kRound);
    if ((_mm512_cmpeq_epi64_mask(a, invalid) | _mm512_cmpeq_epi64_mask(b, invalid)) != 0) {
      for (std::size_t k = i; k < i + 16; ++k) dst[k] = detail::floatToInt<std::int64_t>(src[k], m);
      continue;
    }
    _mm512_storeu_si512(dst + i, a);
    _mm512_storeu_si512(dst + i + 8, b);
  }
  tail<std::int64_t, float>(dst, src, i, n,
                            [m](float f) { return detail::floatToInt<std::int64_t>(f, m); });
}

// float -> bf16 by integer arithmetic on the bits, as bf16Round8 (the
// hardware's vcvtneps2bf16 flushes denormals, so it is not used). Every
// result fits 16 bits: vpmovdw's truncation is exact.
AVX512 void f32ToBf16RintAvx512(std::uint16_t* dst, const std::uint32_t* src, std::size_t n) {
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i bias = _mm512_set1_epi32(0x7FFF);
  const __m512i absMask = _mm512_set1_epi32(0x7FFFFFFF);
  const __m512i inf = _mm512_set1_epi32(0x7F800000);
  const __m512i quiet = _mm512_set1_epi32(0x40);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i u = _mm512_loadu_si512(src + i);
    const __m512i hi = _mm512_srli_epi32(u, 16);
    const __m512i r = _mm512_srli_epi32(
        _mm512_add_epi32(u, _mm512_add_epi32(bias, _mm512_and_si512(hi, one))), 16);
    const __mmask16 nan = _mm512_cmpgt_epu32_mask(_mm512_and_si512(u, absMask), inf);
    const __m512i out = _mm512_mask_or_epi32(r, nan, hi, quiet);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm512_cvtepi32_epi16(out));
  }
  tail<std::uint16_t, std::uint32_t>(dst, src, i, n,
                                     [](std::uint32_t u) { return f32ToBf16(u, Round::Rint); });
}

// Runs f<rounding>(args...) for a mode with an embedded rounding; false for
// the others (Away, Odd), which stay with the AVX2 loops.
template <template <int> class Fn, class... A>
bool byEmbeddedRounding(Round m, A... args) {
  switch (embeddedRounding(m)) {
    case _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC:
      Fn<_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC>::run(args..., m);
      return true;
    case _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC:
      Fn<_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC>::run(args..., m);
      return true;
    case _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC:
      Fn<_MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC>::run(args..., m);
      return true;
    case _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC:
      Fn<_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC>::run(args..., m);
      return true;
    default:
      return false;
  }
}

template <class I>
struct F16ToIntAvx512 {
  template <int R>
  struct Fn {
    static void run(void* d, const void* s, std::size_t n, Round m) {
      f16ToIntAvx512<R, I>(static_cast<I*>(d), static_cast<const std::uint16_t*>(s), n, m);
    }
  };
};
template <int R>
struct F32ToS32Avx512 {
  static void run(void* d, const void* s, std::size_t n, Round m) {
    f32ToS32Avx512<R>(static_cast<std::int32_t*>(d), static_cast<const float*>(s), n, m);
  }
};
template <int R>
struct F32ToS64Avx512 {
  static void run(void* d, const void* s, std::size_t n, Round m) {
    f32ToS64Avx512<R>(static_cast<std::int64_t*>(d), static_cast<const float*>(s), n, m);
  }
};

// Returns false when there is no AVX-512 loop for this combination.
bool castAvx512(void* dst, DType dt, const void* src, DType st, Round m, std::size_t n) {
  if (st == DType::F16) {
    switch (dt) {
      case DType::S8:
        return byEmbeddedRounding<F16ToIntAvx512<std::int8_t>::Fn>(m, dst, src, n);
      case DType::U8:
        return byEmbeddedRounding<F16ToIntAvx512<std::uint8_t>::Fn>(m, dst, src, n);
      case DType::S16:
        return byEmbeddedRounding<F16ToIntAvx512<std::int16_t>::Fn>(m, dst, src, n);
      case DType::S32:
        return byEmbeddedRounding<F16ToIntAvx512<std::int32_t>::Fn>(m, dst, src, n);
      default:
        return false;
    }
  }
  if (st != DType::F32) return false;
  switch (dt) {
    case DType::S32:
      return byEmbeddedRounding<F32ToS32Avx512>(m, dst, src, n);
    case DType::S64:
      return byEmbeddedRounding<F32ToS64Avx512>(m, dst, src, n);
    case DType::BF16:
      if (m != Round::Rint && m != Round::None) return false;
      f32ToBf16RintAvx512(static_cast<std::uint16_t*>(dst), static_cast<const std::uint32_t*>(src),
                          n);
      return true;
    default:
      return false;
  }
}

#undef AVX512

#undef AVX

}  // namespace

bool castSupported(DType dst, DType src, Round mode) {
  return (acceptedModes(dst, src) & bit(mode)) != 0;
}

bool cast(void* dst, DType dstType, const void* src, DType srcType, Round mode, std::size_t n) {
  if (!castSupported(dstType, srcType, mode)) return false;
  if (n == 0) return true;
  // Exact conversions ignore the mode; int -> int ignores it too.
  if (detail::useAvx512() && castAvx512(dst, dstType, src, srcType, mode, n)) return true;
  if (detail::useAvx2() && castAvx2(dst, dstType, src, srcType, mode, n)) return true;
  castPortable(dst, dstType, src, srcType, mode, n);
  return true;
}

}  // namespace asctwin::vec
