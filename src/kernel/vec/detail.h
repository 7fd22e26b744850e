// Internals shared by the vec sources: run-time path choice, storage types per
// dtype, and the exact scalar element operations the portable path runs (and
// the AVX2 path uses for its tails). Everything here has internal linkage
// or is inline without ISA-specific code, so no AVX2 instruction can leak into
// the portable path through the linker.
#pragma once

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "asctwin/kernel/numeric.h"
#include "common/cpu_isa.h"
#include "kernel/vec/vec.h"

// Functions carrying this attribute are compiled for AVX2 + F16C and only
// called after the run-time check.
#define ASCTWIN_VEC_AVX2 __attribute__((target("avx2,f16c")))
// The same for the AVX-512 kernels (F/BW/DQ/VL, the project's AVX-512 level).
#define ASCTWIN_VEC_AVX512 \
  __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,f16c,bmi2")))

namespace asctwin::vec::detail {

extern std::atomic<bool> gUseAvx2;
inline bool useAvx2() {
  return gUseAvx2.load(std::memory_order_relaxed);
}
// AVX-512 kernels run only with the AVX2 path in force (setIsa(Portable)
// turns both off) and the project's level allowing AVX-512
// (common/cpu_isa.h, ASCTWIN_ISA).
inline bool useAvx512() {
  static const bool allowed = cpuAllows(CpuLevel::kAvx512);
  return allowed && useAvx2();
}

// Unaligned element access (UB pointers carry no alignment promise here).
template <class T>
inline T load(const void* p, std::size_t i) {
  T v;
  std::memcpy(&v, static_cast<const unsigned char*>(p) + i * sizeof(T), sizeof(T));
  return v;
}
template <class T>
inline void store(void* p, std::size_t i, T v) {
  std::memcpy(static_cast<unsigned char*>(p) + i * sizeof(T), &v, sizeof(T));
}

// Tags for the 16-bit float dtypes: storage is uint16_t.
struct F16Tag {};
struct Bf16Tag {};

// Decodes a float into (negative, sig, exp) with value = sig * 2^exp; for
// finite non-zero values only.
struct Decoded {
  bool negative;
  std::uint32_t sig;
  int exp;
};
inline Decoded decode(float x) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t e = (u >> 23) & 0xFFu;
  const std::uint32_t f = u & 0x7FFFFFu;
  return {(u >> 31) != 0, e != 0 ? (f | 0x800000u) : f, static_cast<int>(e != 0 ? e : 1u) - 150};
}

// float -> integer: round per mode (None as Rint), then saturate; NaN -> 0.
template <class I>
inline I floatToInt(float x, Round mode) {
  constexpr I kMax = std::numeric_limits<I>::max();
  constexpr I kMin = std::numeric_limits<I>::min();
  const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
  if ((u & 0x7F800000u) == 0x7F800000u) {
    if ((u & 0x7FFFFFu) != 0) return 0;  // NaN
    return (u >> 31) != 0 ? kMin : kMax;
  }
  if ((u & 0x7FFFFFFFu) == 0) return 0;
  const Decoded d = decode(x);
  std::uint64_t mag = 0;
  bool huge = false;
  if (d.exp >= 0) {
    if (d.exp >= 40) {
      huge = true;
    } else {
      mag = std::uint64_t{d.sig} << d.exp;
    }
  } else {
    const int s = d.exp < -62 ? 62 : -d.exp;  // sig < 2^24, so clamping keeps q = 0
    const std::uint64_t sig = d.sig;
    const std::uint64_t q = sig >> s;
    const std::uint64_t rem = sig & ((std::uint64_t{1} << s) - 1u);
    const std::uint64_t halfway = std::uint64_t{1} << (s - 1);
    bool up = false;
    switch (mode) {
      case Round::Away:
        up = rem >= halfway;
        break;
      case Round::Floor:
        up = d.negative && rem != 0;
        break;
      case Round::Ceil:
        up = !d.negative && rem != 0;
        break;
      case Round::Trunc:
        break;
      default:  // None, Rint (Odd is not offered for integer targets)
        up = rem > halfway || (rem == halfway && (q & 1u) != 0);
        break;
    }
    mag = q + (up ? 1u : 0u);
  }
  if (!d.negative) {
    if (huge || mag > static_cast<std::uint64_t>(kMax)) return kMax;
    return static_cast<I>(mag);
  }
  if constexpr (std::is_unsigned_v<I>) {
    return 0;
  } else {
    if (huge || mag > static_cast<std::uint64_t>(kMax) + 1u) return kMin;
    return static_cast<I>(std::uint64_t{0} - mag);
  }
}

// float -> float rounded to an integral value per mode (None as Rint); a NaN
// comes back quiet (as from the x86 round instruction).
inline float roundIntegral(float x, Round mode) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t e = (u >> 23) & 0xFFu;
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return std::bit_cast<float>(u | 0x400000u);  // quiet NaN
  if (e >= 150) return x;  // integral already, or Inf
  if ((u & 0x7FFFFFFFu) == 0) return x;
  const bool neg = (u >> 31) != 0;
  // |x| < 2^23: the rounded magnitude fits in int64 exactly.
  const std::int64_t r = floatToInt<std::int64_t>(x, mode);
  if (r == 0) return neg ? -0.0f : 0.0f;
  return static_cast<float>(r);
}

// Saturating integer narrowing (int64 -> int32 and friends).
template <class To, class From>
inline To saturateInt(From v) {
  if constexpr (std::is_signed_v<From> == std::is_signed_v<To> && sizeof(To) >= sizeof(From)) {
    return static_cast<To>(v);
  } else {
    using Wide = std::conditional_t<std::is_signed_v<From>, std::int64_t, std::uint64_t>;
    const Wide w = static_cast<Wide>(v);
    if constexpr (std::is_signed_v<From>) {
      if (w < 0 && std::is_unsigned_v<To>) return 0;
      if (w < static_cast<std::int64_t>(std::numeric_limits<To>::min())) {
        return std::numeric_limits<To>::min();
      }
    }
    if (w > static_cast<Wide>(std::numeric_limits<To>::max()) && w >= 0) {
      return std::numeric_limits<To>::max();
    }
    return static_cast<To>(w);
  }
}

constexpr std::uint16_t kHalfQNaN = 0x7E00u;
constexpr std::uint16_t kBf16QNaN = 0x7FC0u;
constexpr std::uint32_t kFloatQNaN = 0x7FC00000u;
constexpr std::uint64_t kDoubleQNaN = 0x7FF8000000000000ull;

}  // namespace asctwin::vec::detail
