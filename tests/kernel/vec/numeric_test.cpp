// half / bfloat16_t and the asctwin::numeric conversion primitives against
// the CPU's F16C and the exact table oracles of oracle.h.
#include <gtest/gtest.h>

#include <cinttypes>
#include <random>

#include "asctwin/kernel/numeric.h"
#include "kernel/vec/oracle.h"

namespace {

using asctwin::numeric::Round;
using vectest::Mode;

constexpr Round kRounds[] = {Round::None, Round::Rint,  Round::Floor, Round::Ceil,
                             Round::Away, Round::Trunc, Round::Odd};

Mode toMode(Round r) {
  switch (r) {
    case Round::Floor:
      return Mode::Floor;
    case Round::Ceil:
      return Mode::Ceil;
    case Round::Away:
      return Mode::Away;
    case Round::Trunc:
      return Mode::Trunc;
    case Round::Odd:
      return Mode::Odd;
    default:
      return Mode::Rint;  // None behaves as Rint for float narrowing
  }
}

// F16C immediate for a mode, -1 when F16C has no such mode.
int f16cImm(Round r) {
  switch (r) {
    case Round::None:
    case Round::Rint:
      return 0;
    case Round::Floor:
      return 1;
    case Round::Ceil:
      return 2;
    case Round::Trunc:
      return 3;
    default:
      return -1;
  }
}

std::vector<float> sampleFloats() {
  std::vector<float> v = vectest::edgeFloats();
  std::mt19937 rng(12345);
  for (int i = 0; i < 200000; ++i) v.push_back(vectest::floatOf(rng()));
  // Structured sweep over the exponents that matter for half and bf16 (with
  // the low bits that decide ties and stickiness).
  const std::uint32_t lows[] = {0x0u,    0x1u,    0xFFFu,  0x1000u, 0x1001u,
                                0x1FFFu, 0x7FFFu, 0x8000u, 0x8001u};
  for (std::uint32_t e = 96; e <= 146; ++e) {
    for (std::uint32_t top = 0; top < 1024; top += 3) {
      for (std::uint32_t low : lows) {
        const std::uint32_t bits =
            (e << 23) | (top << 13) | (low & 0x1FFFu) | ((low & 0x8000u) ? 0x8000u : 0);
        v.push_back(vectest::floatOf(bits));
        v.push_back(vectest::floatOf(bits | 0x80000000u));
      }
    }
  }
  return v;
}

const std::vector<float>& samples() {
  static const std::vector<float> v = sampleFloats();
  return v;
}

TEST(Numeric, HalfToFloatExhaustiveAgainstF16c) {
  if (!vectest::cpuHasF16c()) GTEST_SKIP() << "CPU without F16C";
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const auto h = static_cast<std::uint16_t>(b);
    ASSERT_EQ(vectest::bitsOf(asctwin::numeric::halfToFloat(h)),
              vectest::bitsOf(vectest::f16cToFloat(h)))
        << std::hex << b;
  }
}

TEST(Numeric, HalfToFloatExhaustiveValues) {
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const auto h = static_cast<std::uint16_t>(b);
    const float f = asctwin::numeric::halfToFloat(h);
    const double want = vectest::value16(h, 5, 10);
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(f));
      ASSERT_EQ(std::signbit(f), (b & 0x8000u) != 0);
      ASSERT_NE(vectest::bitsOf(f) & 0x400000u, 0u) << "NaN must come back quiet";
    } else {
      ASSERT_EQ(static_cast<double>(f), want) << std::hex << b;
      ASSERT_EQ(std::signbit(f), (b & 0x8000u) != 0);
    }
  }
}

TEST(Numeric, FloatToHalfAgainstF16c) {
  if (!vectest::cpuHasF16c()) GTEST_SKIP() << "CPU without F16C";
  for (Round r : kRounds) {
    const int imm = f16cImm(r);
    if (imm < 0) continue;
    for (float f : samples()) {
      ASSERT_EQ(asctwin::numeric::floatToHalf(f, r), vectest::f16cFromFloat(f, imm))
          << "mode " << static_cast<int>(r) << " float bits " << std::hex << vectest::bitsOf(f);
    }
  }
}

TEST(Numeric, FloatToHalfEveryModeAgainstExactOracle) {
  const auto& table = vectest::halfTable();
  for (Round r : kRounds) {
    for (float f : samples()) {
      const std::uint16_t got = asctwin::numeric::floatToHalf(f, r);
      if (std::isnan(f)) {
        ASSERT_EQ(got & 0x7E00u, 0x7E00u);  // quiet NaN
        ASSERT_EQ((got & 0x8000u) != 0, std::signbit(f));
        continue;
      }
      if (std::isinf(f)) {
        ASSERT_EQ(got, std::signbit(f) ? 0xFC00u : 0x7C00u);
        continue;
      }
      ASSERT_EQ(got, table.round(f, toMode(r)))
          << "mode " << static_cast<int>(r) << " float bits " << std::hex << vectest::bitsOf(f);
    }
  }
}

TEST(Numeric, HalfTiesAndOverflowSpotChecks) {
  using asctwin::numeric::floatToHalf;
  // 2049 is a tie between 2048 and 2050: even -> 2048, away -> 2050, odd -> 2050.
  EXPECT_EQ(floatToHalf(2049.0f, Round::Rint), 0x6800u);
  EXPECT_EQ(floatToHalf(2049.0f, Round::Away), 0x6801u);
  EXPECT_EQ(floatToHalf(2049.0f, Round::Odd), 0x6801u);
  EXPECT_EQ(floatToHalf(-2049.0f, Round::Away), 0xE801u);
  EXPECT_EQ(floatToHalf(2048.0f, Round::Odd), 0x6800u);  // exact stays
  EXPECT_EQ(floatToHalf(65520.0f, Round::Rint), 0x7C00u);
  EXPECT_EQ(floatToHalf(65519.0f, Round::Rint), 0x7BFFu);
  EXPECT_EQ(floatToHalf(1e10f, Round::Trunc), 0x7BFFu);
  EXPECT_EQ(floatToHalf(1e10f, Round::Odd), 0x7BFFu);
  EXPECT_EQ(floatToHalf(-1e10f, Round::Floor), 0xFC00u);
  EXPECT_EQ(floatToHalf(-1e10f, Round::Ceil), 0xFBFFu);
  EXPECT_EQ(floatToHalf(0x1p-25f, Round::Rint), 0x0000u);  // tie with 0: even
  EXPECT_EQ(floatToHalf(0x1p-25f, Round::Away), 0x0001u);
  EXPECT_EQ(floatToHalf(0x1p-30f, Round::Odd), 0x0001u);
  EXPECT_EQ(floatToHalf(-0x1p-30f, Round::Floor), 0x8001u);
  EXPECT_EQ(floatToHalf(-0.0f, Round::Rint), 0x8000u);
  EXPECT_EQ(floatToHalf(vectest::floatOf(0x7F800001u)), 0x7E00u);  // sNaN -> qNaN
}

TEST(Numeric, Bf16ToFloatExhaustive) {
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const auto h = static_cast<std::uint16_t>(b);
    const float f = asctwin::numeric::bf16ToFloat(h);
    const double want = vectest::value16(h, 8, 7);
    if (std::isnan(want)) {
      ASSERT_EQ(vectest::bitsOf(f), (b << 16) | 0x400000u) << std::hex << b;
    } else {
      ASSERT_EQ(vectest::bitsOf(f), b << 16);
      ASSERT_EQ(static_cast<double>(f), want);
    }
  }
}

TEST(Numeric, FloatToBf16EveryModeAgainstExactOracle) {
  const auto& table = vectest::bf16Table();
  std::vector<float> v = samples();
  // bf16-specific boundaries: ties at every exponent, subnormals, overflow.
  std::mt19937 rng(7);
  for (int i = 0; i < 100000; ++i) {
    const std::uint32_t hi = rng() & 0xFFFFu;
    const std::uint32_t lows[] = {0x0000u, 0x0001u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu};
    v.push_back(vectest::floatOf((hi << 16) | lows[i % 6]));
  }
  for (Round r : kRounds) {
    for (float f : v) {
      const std::uint16_t got = asctwin::numeric::floatToBf16(f, r);
      if (std::isnan(f)) {
        ASSERT_EQ(got, static_cast<std::uint16_t>((vectest::bitsOf(f) >> 16) | 0x40u));
        continue;
      }
      if (std::isinf(f)) {
        ASSERT_EQ(got, std::signbit(f) ? 0xFF80u : 0x7F80u);
        continue;
      }
      ASSERT_EQ(got, table.round(f, toMode(r)))
          << "mode " << static_cast<int>(r) << " float bits " << std::hex << vectest::bitsOf(f);
    }
  }
}

TEST(Numeric, DoubleConvertsWithOneRounding) {
  const auto& ht = vectest::halfTable();
  const auto& bt = vectest::bf16Table();
  std::vector<double> v;
  std::mt19937_64 rng(99);
  for (int i = 0; i < 100000; ++i) {
    // exponents around the 16-bit ranges, random mantissas
    const std::uint64_t e = 1023 - 140 + rng() % 280;
    v.push_back(
        vectest::doubleOf((e << 52) | (rng() & 0xFFFFFFFFFFFFFull) | (rng() & (1ull << 63))));
  }
  // Double-rounding traps: just above / below half ties (float would round
  // them onto the tie first).
  for (int b = 0; b < 0x7BFF; b += 5) {
    const double lo = vectest::value16(static_cast<std::uint16_t>(b), 5, 10);
    const double hi = vectest::value16(static_cast<std::uint16_t>(b + 1), 5, 10);
    const double mid = (lo + hi) / 2;
    v.push_back(std::nextafter(mid, 0.0));
    v.push_back(std::nextafter(mid, 1e300));
    v.push_back(mid);
    v.push_back(-std::nextafter(mid, 1e300));
  }
  v.push_back(1e300);
  v.push_back(-1e300);
  v.push_back(4.9e-324);
  v.push_back(-4.9e-324);
  v.push_back(0x1p-25 + 0x1p-80);
  for (Round r : kRounds) {
    for (double d : v) {
      ASSERT_EQ(asctwin::numeric::doubleToHalf(d, r), ht.round(d, toMode(r)))
          << "mode " << static_cast<int>(r) << " double " << std::hexfloat << d;
      ASSERT_EQ(asctwin::numeric::doubleToBf16(d, r), bt.round(d, toMode(r)))
          << "mode " << static_cast<int>(r) << " double " << std::hexfloat << d;
    }
  }
  EXPECT_EQ(asctwin::numeric::doubleToHalf(std::nan("")) & 0x7E00u, 0x7E00u);
  EXPECT_EQ(asctwin::numeric::doubleToHalf(-INFINITY), 0xFC00u);
}

TEST(Numeric, IntegersConvertWithOneRounding) {
  const auto& ht = vectest::halfTable();
  const auto& bt = vectest::bf16Table();
  std::vector<std::int64_t> v = {0,
                                 1,
                                 -1,
                                 2047,
                                 2048,
                                 2049,
                                 2050,
                                 2051,
                                 4097,
                                 65504,
                                 65519,
                                 65520,
                                 -65520,
                                 100000,
                                 INT32_MAX,
                                 INT32_MIN,
                                 INT64_MAX,
                                 INT64_MIN,
                                 16777217,
                                 -16777217,
                                 (1LL << 40) + 1,
                                 -((1LL << 53) + 3)};
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) v.push_back(static_cast<std::int64_t>(rng()) >> (rng() % 63));
  for (Round r : kRounds) {
    for (std::int64_t x : v) {
      ASSERT_EQ(asctwin::numeric::integerToHalf(x, r),
                ht.round(static_cast<long double>(x), toMode(r)))
          << x;
      ASSERT_EQ(asctwin::numeric::integerToBf16(x, r),
                bt.round(static_cast<long double>(x), toMode(r)))
          << x;
      ASSERT_EQ(vectest::bitsOf(asctwin::numeric::integerToFloat(x, r)),
                vectest::bitsOf(vectest::roundToFloat(static_cast<long double>(x), toMode(r))))
          << x << " mode " << static_cast<int>(r);
    }
  }
  EXPECT_EQ(asctwin::numeric::integerToFloat(UINT64_MAX), 0x1p64f);
}

// The user-facing types, used the way kernel code uses them (this TU is built
// with the project's -Werror warning set, so these lines also prove the
// header is warning-clean for such code).
TEST(Numeric, HalfAndBf16Types) {
  half x = 1;
  half y = 0.5f;
  float f = y;
  const half z = (half)2.0;
  EXPECT_EQ(x.bits(), 0x3C00u);
  EXPECT_EQ(y.bits(), 0x3800u);
  EXPECT_EQ(f, 0.5f);
  EXPECT_EQ(z.bits(), 0x4000u);
  EXPECT_FALSE(x == y);
  EXPECT_TRUE(x == half(1.0f));
  half c = x + y;  // float arithmetic, one rounding back
  EXPECT_EQ(c.bits(), 0x3E00u);
  half big = 65504.0f + 16.0f;  // the tie rounds to even: Inf
  EXPECT_EQ(big.bits(), 0x7C00u);
  EXPECT_EQ(half::fromBits(0x7BFF).bits(), 0x7BFFu);
  EXPECT_EQ(static_cast<float>(half::fromBits(0x0001)), 0x1p-24f);
  const half fromDouble = 0.1;  // direct double -> half rounding
  EXPECT_EQ(fromDouble.bits(), asctwin::numeric::doubleToHalf(0.1));

  bfloat16_t b = 1;
  bfloat16_t b2 = 3.0f;
  float bf = b2;
  EXPECT_EQ(b.bits(), 0x3F80u);
  EXPECT_EQ(bf, 3.0f);
  bfloat16_t sum = b + b2;
  EXPECT_EQ(static_cast<float>(sum), 4.0f);
  EXPECT_EQ(bfloat16_t::fromBits(0x7F80).bits(), 0x7F80u);
  EXPECT_EQ(bfloat16_t(1.00390625f).bits(), 0x3F80u);  // tie -> even
  EXPECT_EQ(bfloat16_t(static_cast<std::int64_t>(257)).bits(), 0x4380u);

  constexpr half kC = 3.0f;  // usable in constant expressions
  static_assert(kC.bits() == 0x4200);
  static_assert(std::is_trivially_copyable_v<half> && sizeof(half) == 2);
}

}  // namespace
