// The 16-bit float types of Ascend C (`half`, `bfloat16_t`) and the exact
// conversion primitives behind them and behind the vector Cast instruction.
//
// Included by every kernel source: it needs nothing but <bit>, <cstdint> and
// <type_traits>. Everything here is constexpr and independent of the host's
// floating-point environment (rounding is done on the bit patterns).
//
// Conversion rules (namespace asctwin::numeric):
// - One correct rounding from the exact source value to the target format, in
//   the mode given: Rint (nearest, ties to even), Floor (toward -inf), Ceil
//   (toward +inf), Away (nearest, ties away from zero: CAST_ROUND), Trunc
//   (toward zero), Odd (round to odd: truncate, then set the last bit if any
//   discarded bit was set; the "sticky" mode that makes a later narrowing exact).
// - None (CAST_NONE) behaves as the hardware's default conversion: the result
//   is exact when the value is representable, otherwise it is rounded to
//   nearest even, i.e. None == Rint for every float narrowing.
// - NaN stays NaN: sign kept, quiet bit set, the top payload bits kept (the
//   same bits x86 F16C produces). +-Inf stays +-Inf.
// - Overflow follows IEEE 754 for the mode: Rint/None/Away give Inf; Trunc and
//   Odd give the largest finite value; Floor gives -Inf for negative and max
//   finite for positive values; Ceil the reverse.
// - Subnormals are produced and consumed exactly, in both directions.
// - Widening (half -> float, bf16 -> float) is exact; a signalling NaN comes
//   back quiet.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace asctwin::numeric {

// The Ascend C RoundMode values the twin implements, in the order of
// AscendC::RoundMode: CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL,
// CAST_ROUND (Away), CAST_TRUNC, CAST_ODD.
enum class Round : std::uint8_t { None, Rint, Floor, Ceil, Away, Trunc, Odd };

// A binary floating-point format with kExpBits exponent bits and kManBits
// fraction bits (at most 31 bits in all).
template <int kExpBits, int kManBits>
struct Format {
  static constexpr int kMan = kManBits;
  static constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  static constexpr int kEmin = 1 - kBias;  // exponent of the smallest normal
  static constexpr int kEmax = kBias;      // exponent of the largest finite
  static constexpr std::uint32_t kInf = ((1u << kExpBits) - 1u) << kManBits;
  static constexpr std::uint32_t kMaxFinite = kInf - 1u;
  static constexpr std::uint32_t kQuiet = 1u << (kManBits - 1);
  static constexpr std::uint32_t kSign = 1u << (kExpBits + kManBits);
};
using HalfFormat = Format<5, 10>;
using Bf16Format = Format<8, 7>;
using FloatFormat = Format<8, 23>;

// Magnitude bits of an overflowing result (|value| > largest finite).
template <class Fmt>
constexpr std::uint32_t overflowBits(bool negative, Round mode) {
  switch (mode) {
    case Round::Trunc:
    case Round::Odd:
      return Fmt::kMaxFinite;
    case Round::Floor:
      return negative ? Fmt::kInf : Fmt::kMaxFinite;
    case Round::Ceil:
      return negative ? Fmt::kMaxFinite : Fmt::kInf;
    default:
      return Fmt::kInf;
  }
}

// Rounds the exact value (-1)^negative * sig * 2^exp (sig != 0) to Fmt under
// `mode`; returns the bit pattern (sign included).
template <class Fmt>
constexpr std::uint32_t roundToFormat(bool negative, std::uint64_t sig, int exp, Round mode) {
  const std::uint32_t sign = negative ? Fmt::kSign : 0u;
  const int lead = static_cast<int>(std::bit_width(sig)) - 1;
  const int leadExp = exp + lead;  // exponent of the leading set bit
  if (leadExp > Fmt::kEmax) return sign | overflowBits<Fmt>(negative, mode);
  const int top = leadExp < Fmt::kEmin ? Fmt::kEmin : leadExp;
  const int ulpExp = top - Fmt::kMan;  // exponent of the result's last bit
  std::uint64_t q = 0;                 // kept significand, < 2^(kMan+1)
  std::uint64_t rem = 0;               // discarded bits
  std::uint64_t halfway = 0;           // half an ulp, in the units of rem
  const int shift = ulpExp - exp;
  if (shift <= 0) {
    q = sig << -shift;  // exact
  } else if (shift < 64) {
    q = sig >> shift;
    rem = sig & ((std::uint64_t{1} << shift) - 1u);
    halfway = std::uint64_t{1} << (shift - 1);
  } else if (shift == 64) {
    rem = sig;
    halfway = std::uint64_t{1} << 63;
  } else {
    // Below half of the smallest subnormal's ulp: only the directed and
    // sticky modes can move away from zero.
    switch (mode) {
      case Round::Floor:
        return sign | (negative ? 1u : 0u);
      case Round::Ceil:
        return sign | (negative ? 0u : 1u);
      case Round::Odd:
        return sign | 1u;
      default:
        return sign;
    }
  }
  bool up = false;
  switch (mode) {
    case Round::None:
    case Round::Rint:
      up = rem > halfway || (rem == halfway && halfway != 0 && (q & 1u) != 0);
      break;
    case Round::Away:
      up = halfway != 0 && rem >= halfway;
      break;
    case Round::Floor:
      up = negative && rem != 0;
      break;
    case Round::Ceil:
      up = !negative && rem != 0;
      break;
    case Round::Trunc:
      break;
    case Round::Odd:
      if (rem != 0) q |= 1u;
      break;
  }
  q += up ? 1u : 0u;
  const std::uint32_t mag = (static_cast<std::uint32_t>(top + Fmt::kBias - 1) << Fmt::kMan) +
                            static_cast<std::uint32_t>(q);
  if (mag >= Fmt::kInf) return sign | overflowBits<Fmt>(negative, mode);
  return sign | mag;
}

// Float (binary32) bits to Fmt.
template <class Fmt>
constexpr std::uint32_t fromFloatBits(std::uint32_t u, Round mode) {
  const bool negative = (u >> 31) != 0;
  const std::uint32_t sign = negative ? Fmt::kSign : 0u;
  const std::uint32_t e = (u >> 23) & 0xFFu;
  const std::uint32_t f = u & 0x7FFFFFu;
  if (e == 0xFFu) {
    if (f == 0) return sign | Fmt::kInf;
    return sign | Fmt::kInf | Fmt::kQuiet | (f >> (23 - Fmt::kMan));
  }
  if (e == 0 && f == 0) return sign;
  const std::uint64_t sig = e != 0 ? (f | 0x800000u) : f;
  const int exp = static_cast<int>(e != 0 ? e : 1u) - 127 - 23;
  return roundToFormat<Fmt>(negative, sig, exp, mode);
}

// Double (binary64) bits to Fmt, one rounding.
template <class Fmt>
constexpr std::uint32_t fromDoubleBits(std::uint64_t u, Round mode) {
  const bool negative = (u >> 63) != 0;
  const std::uint32_t sign = negative ? Fmt::kSign : 0u;
  const std::uint32_t e = static_cast<std::uint32_t>(u >> 52) & 0x7FFu;
  const std::uint64_t f = u & 0xFFFFFFFFFFFFFull;
  if (e == 0x7FFu) {
    if (f == 0) return sign | Fmt::kInf;
    return sign | Fmt::kInf | Fmt::kQuiet | static_cast<std::uint32_t>(f >> (52 - Fmt::kMan));
  }
  if (e == 0 && f == 0) return sign;
  const std::uint64_t sig = e != 0 ? (f | (std::uint64_t{1} << 52)) : f;
  const int exp = static_cast<int>(e != 0 ? e : 1u) - 1023 - 52;
  return roundToFormat<Fmt>(negative, sig, exp, mode);
}

// An integer to Fmt, one rounding.
template <class Fmt, class I>
constexpr std::uint32_t fromInteger(I value, Round mode) {
  static_assert(std::is_integral_v<I>);
  if (value == 0) return 0;
  bool negative = false;
  std::uint64_t mag = 0;
  if constexpr (std::is_signed_v<I>) {
    negative = value < 0;
    mag = negative ? std::uint64_t{0} - static_cast<std::uint64_t>(value)
                   : static_cast<std::uint64_t>(value);
  } else {
    mag = static_cast<std::uint64_t>(value);
  }
  return roundToFormat<Fmt>(negative, mag, 0, mode);
}

constexpr std::uint16_t floatToHalf(float f, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(
      fromFloatBits<HalfFormat>(std::bit_cast<std::uint32_t>(f), mode));
}
constexpr std::uint16_t floatToBf16(float f, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(
      fromFloatBits<Bf16Format>(std::bit_cast<std::uint32_t>(f), mode));
}
constexpr std::uint16_t doubleToHalf(double d, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(
      fromDoubleBits<HalfFormat>(std::bit_cast<std::uint64_t>(d), mode));
}
constexpr std::uint16_t doubleToBf16(double d, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(
      fromDoubleBits<Bf16Format>(std::bit_cast<std::uint64_t>(d), mode));
}
template <class I>
constexpr std::uint16_t integerToHalf(I value, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(fromInteger<HalfFormat>(value, mode));
}
template <class I>
constexpr std::uint16_t integerToBf16(I value, Round mode = Round::Rint) {
  return static_cast<std::uint16_t>(fromInteger<Bf16Format>(value, mode));
}
template <class I>
constexpr float integerToFloat(I value, Round mode = Round::Rint) {
  return std::bit_cast<float>(fromInteger<FloatFormat>(value, mode));
}

// Exact widening. A signalling NaN comes back quiet (as with x86 F16C).
constexpr float halfToFloat(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t e = (h >> 10) & 0x1Fu;
  const std::uint32_t m = h & 0x3FFu;
  if (e == 0x1Fu) {
    return std::bit_cast<float>(sign | 0x7F800000u | (m != 0 ? (0x400000u | (m << 13)) : 0u));
  }
  if (e == 0) {
    if (m == 0) return std::bit_cast<float>(sign);
    const int lead = static_cast<int>(std::bit_width(m)) - 1;  // value = m * 2^-24
    const std::uint32_t frac = (m << (23 - lead)) & 0x7FFFFFu;
    return std::bit_cast<float>(sign | (static_cast<std::uint32_t>(lead + 103) << 23) | frac);
  }
  return std::bit_cast<float>(sign | ((e + 112u) << 23) | (m << 13));
}
constexpr float bf16ToFloat(std::uint16_t b) {
  std::uint32_t u = static_cast<std::uint32_t>(b) << 16;
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) u |= 0x400000u;
  return std::bit_cast<float>(u);
}

}  // namespace asctwin::numeric

// IEEE 754 binary16. Arithmetic happens in float through the implicit
// conversion (`half c = a + b;` rounds once, to nearest even).
class half {
 public:
  half() = default;
  constexpr half(float f) noexcept : bits_(asctwin::numeric::floatToHalf(f)) {}
  constexpr half(double d) noexcept : bits_(asctwin::numeric::doubleToHalf(d)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  constexpr half(I value) noexcept : bits_(asctwin::numeric::integerToHalf(value)) {}
  constexpr operator float() const noexcept { return asctwin::numeric::halfToFloat(bits_); }
  // The CPU-mode contract's name for the conversion (Huawei's headers call it).
  constexpr float ToFloat() const noexcept { return asctwin::numeric::halfToFloat(bits_); }
  static constexpr half fromBits(std::uint16_t b) noexcept {
    half h;
    h.bits_ = b;
    return h;
  }
  constexpr std::uint16_t bits() const noexcept { return bits_; }

 private:
  std::uint16_t bits_;
};

// bfloat16: the top half of a binary32. Arithmetic happens in float.
class bfloat16_t {
 public:
  bfloat16_t() = default;
  constexpr bfloat16_t(float f) noexcept : bits_(asctwin::numeric::floatToBf16(f)) {}
  constexpr bfloat16_t(double d) noexcept : bits_(asctwin::numeric::doubleToBf16(d)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  constexpr bfloat16_t(I value) noexcept : bits_(asctwin::numeric::integerToBf16(value)) {}
  constexpr operator float() const noexcept { return asctwin::numeric::bf16ToFloat(bits_); }
  constexpr float ToFloat() const noexcept { return asctwin::numeric::bf16ToFloat(bits_); }
  static constexpr bfloat16_t fromBits(std::uint16_t b) noexcept {
    bfloat16_t v;
    v.bits_ = b;
    return v;
  }
  constexpr std::uint16_t bits() const noexcept { return bits_; }

 private:
  std::uint16_t bits_;
};

static_assert(sizeof(half) == 2 && alignof(half) == 2);
static_assert(sizeof(bfloat16_t) == 2 && alignof(bfloat16_t) == 2);
static_assert(std::is_trivially_copyable_v<half> && std::is_standard_layout_v<half>);
static_assert(std::is_trivially_copyable_v<bfloat16_t> && std::is_standard_layout_v<bfloat16_t>);
