// Independent oracles for the vec tests: the CPU's F16C conversions, and exact
// rounding on double / long double arithmetic written here from scratch (no
// code shared with asctwin::numeric).
#pragma once

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cpuid.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace vectest {

inline bool cpuHasF16c() {
  __builtin_cpu_init();
  // F16C through cpuid: clang 14's __builtin_cpu_supports does not know it.
  unsigned a = 0, b = 0, c = 0, d = 0;
  const bool f16c = __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & bit_F16C) != 0;
  return f16c && __builtin_cpu_supports("avx2");
}

__attribute__((target("f16c"))) inline float f16cToFloat(std::uint16_t h) {
  return _cvtsh_ss(h);
}

// imm: 0 nearest even, 1 down, 2 up, 3 toward zero.
__attribute__((target("f16c"))) inline std::uint16_t f16cFromFloat(float f, int imm) {
  switch (imm) {
    case 1:
      return static_cast<std::uint16_t>(_cvtss_sh(f, 1));
    case 2:
      return static_cast<std::uint16_t>(_cvtss_sh(f, 2));
    case 3:
      return static_cast<std::uint16_t>(_cvtss_sh(f, 3));
    default:
      return static_cast<std::uint16_t>(_cvtss_sh(f, 0));
  }
}

inline std::uint32_t bitsOf(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float floatOf(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline std::uint64_t bitsOf(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline double doubleOf(std::uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

// Value of a 16-bit float pattern from its fields with ldexp (no bit tricks).
inline double value16(std::uint16_t bits, int expBits, int manBits) {
  const int bias = (1 << (expBits - 1)) - 1;
  const int e = (bits >> manBits) & ((1 << expBits) - 1);
  const int m = bits & ((1 << manBits) - 1);
  const double sign = (bits >> (expBits + manBits)) != 0 ? -1.0 : 1.0;
  if (e == (1 << expBits) - 1) {
    return m == 0 ? sign * std::numeric_limits<double>::infinity()
                  : std::numeric_limits<double>::quiet_NaN();
  }
  if (e == 0) return sign * std::ldexp(static_cast<double>(m), 1 - bias - manBits);
  return sign * std::ldexp(static_cast<double>(m + (1 << manBits)), e - bias - manBits);
}

enum class Mode { Rint, Floor, Ceil, Away, Trunc, Odd };

// Rounds the exact value x (finite, long double) to a 16-bit format by
// searching the sorted table of its non-negative finite values.
class Table16 {
 public:
  Table16(int expBits, int manBits) : expBits_(expBits), manBits_(manBits) {
    const int maxFinite = (((1 << expBits) - 1) << manBits) - 1;
    for (int b = 0; b <= maxFinite; ++b)
      values_.push_back(value16(static_cast<std::uint16_t>(b), expBits, manBits));
    signBit_ = static_cast<std::uint16_t>(1u << (expBits + manBits));
    inf_ = static_cast<std::uint16_t>(maxFinite + 1);
  }

  std::uint16_t round(long double x, Mode mode) const {
    const bool neg = std::signbit(x);
    const long double a = std::fabs(x);
    const std::uint16_t sign = neg ? signBit_ : 0;
    // k: largest index with values_[k] <= a.
    const auto it = std::upper_bound(values_.begin(), values_.end(), a,
                                     [](long double v, double e) { return v < e; });
    const std::size_t k = static_cast<std::size_t>(it - values_.begin()) - 1;
    if (values_[k] == a) return static_cast<std::uint16_t>(sign | k);
    const bool beyond = k + 1 == values_.size();  // above the largest finite
    // Upper neighbour: the next value, or 2^(emax+1) standing for Inf.
    const long double hi = beyond ? std::ldexp(1.0L, (1 << (expBits_ - 1))) : values_[k + 1];
    const long double lo = values_[k];
    const long double mid = (lo + hi) / 2;  // exact in long double
    const std::uint16_t down = static_cast<std::uint16_t>(k);
    const std::uint16_t up = static_cast<std::uint16_t>(k + 1);  // == inf_ when beyond
    std::uint16_t r = 0;
    switch (mode) {
      case Mode::Rint:
        r = a < mid ? down : a > mid ? up : ((down & 1) ? up : down);
        break;
      case Mode::Away:
        r = a < mid ? down : up;
        break;
      case Mode::Trunc:
        r = down;
        break;
      case Mode::Floor:
        r = neg ? up : down;
        break;
      case Mode::Ceil:
        r = neg ? down : up;
        break;
      case Mode::Odd:
        r = (down & 1) ? down : up;
        if (r == inf_) r = down;
        break;
    }
    if (a >= hi && beyond) {
      // At or above 2^(emax+1): every candidate beyond max finite is Inf.
      switch (mode) {
        case Mode::Trunc:
        case Mode::Odd:
          r = down;
          break;
        case Mode::Floor:
          r = neg ? inf_ : down;
          break;
        case Mode::Ceil:
          r = neg ? down : inf_;
          break;
        default:
          r = inf_;
      }
    }
    return static_cast<std::uint16_t>(sign | r);
  }

 private:
  int expBits_;
  int manBits_;
  std::vector<double> values_;
  std::uint16_t signBit_ = 0;
  std::uint16_t inf_ = 0;
};

inline const Table16& halfTable() {
  static const Table16 t(5, 10);
  return t;
}
inline const Table16& bf16Table() {
  static const Table16 t(8, 7);
  return t;
}

// Exact value (long double holds every int64 and float) rounded to float.
inline float roundToFloat(long double x, Mode mode) {
  float f = static_cast<float>(x);  // some neighbour
  if (static_cast<long double>(f) == x) return f;
  float lo = static_cast<long double>(f) < x ? f : std::nextafter(f, -INFINITY);
  float hi = std::nextafter(lo, INFINITY);
  const long double mid = (static_cast<long double>(lo) + static_cast<long double>(hi)) / 2;
  const bool neg = x < 0;
  const std::uint32_t loBits = bitsOf(lo);
  switch (mode) {
    case Mode::Rint:
      return x < mid ? lo : x > mid ? hi : ((loBits & 1) ? hi : lo);
    case Mode::Away:
      return neg ? (x <= mid ? lo : hi) : (x < mid ? lo : hi);
    case Mode::Trunc:
      return neg ? hi : lo;
    case Mode::Floor:
      return lo;
    case Mode::Ceil:
      return hi;
    case Mode::Odd:
      return (loBits & 1) ? lo : hi;
  }
  return f;
}

// Float -> integer: round with libm on long double, then saturate, NaN -> 0.
template <class I>
I floatToIntOracle(float f, Mode mode) {
  if (std::isnan(f)) return 0;
  const long double x = f;
  long double r = 0;
  switch (mode) {
    case Mode::Floor:
      r = std::floor(x);
      break;
    case Mode::Ceil:
      r = std::ceil(x);
      break;
    case Mode::Trunc:
      r = std::trunc(x);
      break;
    case Mode::Away:
      r = std::round(x);
      break;
    default: {
      // nearest, ties to even, without relying on the rounding environment
      const long double fl = std::floor(x);
      const long double d = x - fl;
      r = d < 0.5L ? fl : d > 0.5L ? fl + 1 : (std::fmod(fl, 2.0L) == 0 ? fl : fl + 1);
      break;
    }
  }
  if (r <= static_cast<long double>(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  if (r >= static_cast<long double>(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  return static_cast<I>(r);
}

// Edge floats for conversions to 16-bit formats.
inline std::vector<float> edgeFloats() {
  std::vector<std::uint32_t> bits = {
      0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
      0x7F800001u, 0xFF800001u, 0x7FA02000u, 0x7FFFFFFFu, 0x00000001u, 0x80000001u,
      0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u,
  };
  std::vector<float> out;
  for (std::uint32_t b : bits) out.push_back(floatOf(b));
  // Around every 16-bit boundary: half (max finite 65504, overflow 65520,
  // min normal 2^-14, min subnormal 2^-24, half of it 2^-25) and bf16.
  const double anchors[] = {65504.0,   65520.0,  65536.0,     0x1p-14,    0x1p-24,    0x1p-25,
                            0x1.8p-25, 0x1p-15,  0x1.ff8p-15, 1.0,        2048.0,     2049.0,
                            0x1p-126,  0x1p-133, 0x1p-134,    0x1.fep127, 0x1.ffp127, 0.5,
                            1.5,       2.5,      3.5,         1e-8,       3e38};
  for (double a : anchors) {
    const float f = static_cast<float>(a);
    float lo = f, hi = f;
    for (int k = 0; k < 4; ++k) {
      out.push_back(lo);
      out.push_back(-lo);
      out.push_back(hi);
      out.push_back(-hi);
      lo = std::nextafter(lo, 0.0f);
      hi = std::nextafter(hi, INFINITY);
    }
  }
  // Exact ties between adjacent halves at every exponent (normal and subnormal)
  // and the values just beside them.
  for (int b = 0; b < 0x7BFF; b += 7) {
    const double lo = value16(static_cast<std::uint16_t>(b), 5, 10);
    const double hi = value16(static_cast<std::uint16_t>(b + 1), 5, 10);
    const float mid = static_cast<float>((lo + hi) / 2);  // exact in float
    out.push_back(mid);
    out.push_back(-mid);
    out.push_back(std::nextafter(mid, 0.0f));
    out.push_back(std::nextafter(mid, INFINITY));
  }
  return out;
}

}  // namespace vectest
