// vec::cast: every supported pair and mode against independent oracles, on
// both implementation paths, plus the two paths against each other.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "kernel/vec/oracle.h"
#include "kernel/vec/vec.h"
#include "kernel/vec/vec_test_util.h"

namespace {

using asctwin::numeric::Round;
using asctwin::vec::DType;
using asctwin::vec::Isa;
using vectest::Mode;

constexpr Round kRounds[] = {Round::None, Round::Rint,  Round::Floor, Round::Ceil,
                             Round::Away, Round::Trunc, Round::Odd};
constexpr DType kTypes[] = {DType::F16, DType::BF16, DType::F32, DType::F64,
                            DType::S8,  DType::U8,   DType::S16, DType::U16,
                            DType::S32, DType::U32,  DType::S64, DType::U64};

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
      return Mode::Rint;
  }
}

// Inputs for float -> integer: ties, zeros, NaN, Inf, range boundaries, random.
std::vector<float> intEdgeFloats() {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          0.5f,
                          -0.5f,
                          1.5f,
                          -1.5f,
                          2.5f,
                          -2.5f,
                          3.5f,
                          -3.5f,
                          0.49999997f,
                          -0.49999997f,
                          1.0f,
                          -1.0f,
                          126.5f,
                          127.5f,
                          128.0f,
                          -128.5f,
                          -129.0f,
                          254.5f,
                          255.5f,
                          256.0f,
                          -0.7f,
                          32766.5f,
                          32767.5f,
                          32768.0f,
                          -32768.5f,
                          -32769.0f,
                          2147483520.0f,
                          2147483648.0f,
                          -2147483648.0f,
                          -2147483904.0f,
                          0x1p62f,
                          0x1p63f,
                          -0x1p63f,
                          -0x1p64f,
                          1e30f,
                          -1e30f,
                          8388607.5f,
                          -8388607.5f,
                          8388608.0f,
                          0x1p-149f,
                          -0x1p-149f,
                          65504.0f,
                          -65504.0f,
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(),
                          vectest::floatOf(0xFFC00001u),
                          vectest::floatOf(0x7F800001u)};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> small(-300.0f, 300.0f);
  std::uniform_real_distribution<float> mid(-70000.0f, 70000.0f);
  for (int i = 0; i < 3000; ++i) {
    v.push_back(small(rng));
    v.push_back(mid(rng));
    v.push_back(std::round(small(rng) * 2.0f) / 2.0f);  // many exact ties
    v.push_back(vectest::floatOf(rng()));
  }
  return v;
}

std::vector<std::uint16_t> allHalves() {
  std::vector<std::uint16_t> v(65536);
  for (std::uint32_t i = 0; i < 65536; ++i) v[i] = static_cast<std::uint16_t>(i);
  return v;
}

std::vector<float> floatSamples() {
  std::vector<float> v = vectest::edgeFloats();
  std::mt19937 rng(11);
  for (int i = 0; i < 50000; ++i) v.push_back(vectest::floatOf(rng()));
  std::uniform_real_distribution<float> d(-70000.0f, 70000.0f);
  for (int i = 0; i < 20000; ++i) v.push_back(d(rng));
  return v;
}

class Cast : public vectest::IsaTest {};

TEST_P(Cast, HalfToFloatAllPatterns) {
  const auto in = allHalves();
  for (Round r : kRounds) {  // exact: every mode accepted and ignored
    std::vector<float> out(in.size());
    ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::F32, in.data(), DType::F16, r, in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (vectest::cpuHasF16c()) {
        ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(vectest::f16cToFloat(in[i]))) << i;
      }
      const double want = vectest::value16(in[i], 5, 10);
      if (!std::isnan(want)) {
        ASSERT_EQ(static_cast<double>(out[i]), want) << i;
      }
    }
  }
}

TEST_P(Cast, Bf16ToFloatAllPatterns) {
  const auto in = allHalves();
  std::vector<float> out(in.size());
  ASSERT_TRUE(
      asctwin::vec::cast(out.data(), DType::F32, in.data(), DType::BF16, Round::None, in.size()));
  for (std::size_t i = 0; i < in.size(); ++i) {
    const double want = vectest::value16(in[i], 8, 7);
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(out[i]));
      ASSERT_EQ(vectest::bitsOf(out[i]), (std::uint32_t{in[i]} << 16) | 0x400000u);
    } else {
      ASSERT_EQ(static_cast<double>(out[i]), want) << i;
    }
  }
}

TEST_P(Cast, FloatToHalfEveryMode) {
  const auto in = floatSamples();
  for (Round r : kRounds) {
    std::vector<std::uint16_t> out(in.size());
    ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::F16, in.data(), DType::F32, r, in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float f = in[i];
      std::uint16_t want;
      if (std::isnan(f)) {
        want = static_cast<std::uint16_t>(((vectest::bitsOf(f) >> 16) & 0x8000u) | 0x7E00u |
                                          ((vectest::bitsOf(f) >> 13) & 0x3FFu));
      } else if (std::isinf(f)) {
        want = std::signbit(f) ? 0xFC00u : 0x7C00u;
      } else {
        want = vectest::halfTable().round(f, toMode(r));
      }
      ASSERT_EQ(out[i], want) << "mode " << static_cast<int>(r) << " bits " << std::hex
                              << vectest::bitsOf(f);
      if (vectest::cpuHasF16c() && r != Round::Away && r != Round::Odd) {
        const int imm = r == Round::Floor ? 1 : r == Round::Ceil ? 2 : r == Round::Trunc ? 3 : 0;
        ASSERT_EQ(out[i], vectest::f16cFromFloat(f, imm));
      }
    }
  }
}

TEST_P(Cast, FloatToBf16EveryMode) {
  auto in = floatSamples();
  std::mt19937 rng(21);
  for (int i = 0; i < 30000; ++i) {
    const std::uint32_t lows[] = {0x0000u, 0x0001u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu};
    in.push_back(vectest::floatOf(((rng() & 0xFFFFu) << 16) | lows[i % 6]));
  }
  for (Round r : kRounds) {
    std::vector<std::uint16_t> out(in.size());
    ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::BF16, in.data(), DType::F32, r, in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float f = in[i];
      std::uint16_t want;
      if (std::isnan(f)) {
        want = static_cast<std::uint16_t>((vectest::bitsOf(f) >> 16) | 0x40u);
      } else if (std::isinf(f)) {
        want = std::signbit(f) ? 0xFF80u : 0x7F80u;
      } else {
        want = vectest::bf16Table().round(f, toMode(r));
      }
      ASSERT_EQ(out[i], want) << "mode " << static_cast<int>(r) << " bits " << std::hex
                              << vectest::bitsOf(f);
    }
  }
}

template <class I>
void checkFloatToInt(DType dt, Round r, const std::vector<float>& in) {
  std::vector<I> out(in.size(), I{0x5A});
  ASSERT_TRUE(asctwin::vec::cast(out.data(), dt, in.data(), DType::F32, r, in.size()));
  for (std::size_t i = 0; i < in.size(); ++i) {
    ASSERT_EQ(out[i], vectest::floatToIntOracle<I>(in[i], toMode(r)))
        << "mode " << static_cast<int>(r) << " x=" << in[i] << " bits " << std::hex
        << vectest::bitsOf(in[i]);
  }
}

TEST_P(Cast, FloatToIntegersSaturateAndRound) {
  const auto in = intEdgeFloats();
  for (Round r : {Round::Rint, Round::Floor, Round::Ceil, Round::Away, Round::Trunc}) {
    checkFloatToInt<std::int32_t>(DType::S32, r, in);
    checkFloatToInt<std::int64_t>(DType::S64, r, in);
    checkFloatToInt<std::int16_t>(DType::S16, r, in);
  }
}

TEST_P(Cast, FloatToIntSpotValues) {
  // Ties in every mode, -0.0, NaN, saturation: written out by hand.
  const std::vector<float> in = {2.5f, -2.5f, 3.5f, -0.0f, std::numeric_limits<float>::quiet_NaN(),
                                 3e9f, -3e9f, 0.5f, -0.5f};
  struct Row {
    Round r;
    std::vector<std::int32_t> want;
  };
  const Row rows[] = {
      {Round::Rint, {2, -2, 4, 0, 0, INT32_MAX, INT32_MIN, 0, 0}},
      {Round::Away, {3, -3, 4, 0, 0, INT32_MAX, INT32_MIN, 1, -1}},
      {Round::Floor, {2, -3, 3, 0, 0, INT32_MAX, INT32_MIN, 0, -1}},
      {Round::Ceil, {3, -2, 4, 0, 0, INT32_MAX, INT32_MIN, 1, 0}},
      {Round::Trunc, {2, -2, 3, 0, 0, INT32_MAX, INT32_MIN, 0, 0}},
  };
  for (const Row& row : rows) {
    std::vector<std::int32_t> out(in.size());
    ASSERT_TRUE(
        asctwin::vec::cast(out.data(), DType::S32, in.data(), DType::F32, row.r, in.size()));
    EXPECT_EQ(out, row.want) << static_cast<int>(row.r);
  }
}

template <class I>
void checkHalfToInt(DType dt, Round r, const std::vector<std::uint16_t>& in) {
  std::vector<I> out(in.size());
  ASSERT_TRUE(asctwin::vec::cast(out.data(), dt, in.data(), DType::F16, r, in.size()));
  for (std::size_t i = 0; i < in.size(); ++i) {
    const double v = vectest::value16(in[i], 5, 10);
    const float f = static_cast<float>(v);  // exact (NaN stays NaN)
    ASSERT_EQ(out[i], vectest::floatToIntOracle<I>(f, toMode(r)))
        << "mode " << static_cast<int>(r) << " half " << std::hex << in[i];
  }
}

TEST_P(Cast, HalfToIntegersAllPatterns) {
  const auto in = allHalves();
  for (Round r : {Round::None, Round::Rint, Round::Floor, Round::Ceil, Round::Away, Round::Trunc}) {
    checkHalfToInt<std::int8_t>(DType::S8, r, in);
    checkHalfToInt<std::uint8_t>(DType::U8, r, in);
    if (r == Round::None) continue;  // int16/int32 need an explicit mode
    checkHalfToInt<std::int16_t>(DType::S16, r, in);
    checkHalfToInt<std::int32_t>(DType::S32, r, in);
  }
}

TEST_P(Cast, Bf16ToInt32AllPatterns) {
  const auto in = allHalves();
  for (Round r : {Round::Rint, Round::Floor, Round::Ceil, Round::Away, Round::Trunc}) {
    std::vector<std::int32_t> out(in.size());
    ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::S32, in.data(), DType::BF16, r, in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float f = static_cast<float>(vectest::value16(in[i], 8, 7));
      ASSERT_EQ(out[i], vectest::floatToIntOracle<std::int32_t>(f, toMode(r))) << i;
    }
  }
}

TEST_P(Cast, FloatToIntegralFloat) {
  const auto in = intEdgeFloats();
  for (Round r : {Round::Rint, Round::Floor, Round::Ceil, Round::Away, Round::Trunc}) {
    std::vector<float> out(in.size());
    ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::F32, in.data(), DType::F32, r, in.size()));
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float x = in[i];
      if (std::isnan(x)) {
        ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(x) | 0x400000u);  // quiet, payload kept
        continue;
      }
      if (std::isinf(x) || std::fabs(x) >= 0x1p23f) {
        ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(x));
        continue;
      }
      const float want = std::copysign(
          static_cast<float>(vectest::floatToIntOracle<std::int64_t>(x, toMode(r))), x);
      ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(want))
          << "mode " << static_cast<int>(r) << " x=" << x;
    }
  }
}

template <class S>
void checkIntToFloats(DType st, const std::vector<S>& in, bool halfToo) {
  for (Round r : kRounds) {
    if (asctwin::vec::castSupported(DType::F32, st, r)) {
      std::vector<float> out(in.size());
      ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::F32, in.data(), st, r, in.size()));
      for (std::size_t i = 0; i < in.size(); ++i) {
        ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(vectest::roundToFloat(
                                               static_cast<long double>(in[i]), toMode(r))))
            << "mode " << static_cast<int>(r) << " v=" << +in[i];
      }
    }
    if (halfToo && asctwin::vec::castSupported(DType::F16, st, r)) {
      std::vector<std::uint16_t> out(in.size());
      ASSERT_TRUE(asctwin::vec::cast(out.data(), DType::F16, in.data(), st, r, in.size()));
      for (std::size_t i = 0; i < in.size(); ++i) {
        ASSERT_EQ(out[i], vectest::halfTable().round(static_cast<long double>(in[i]), toMode(r)))
            << "mode " << static_cast<int>(r) << " v=" << +in[i];
      }
    }
  }
}

TEST_P(Cast, IntegersToFloats) {
  std::mt19937_64 rng(17);
  std::vector<std::int8_t> s8;
  std::vector<std::uint8_t> u8;
  for (int i = 0; i < 256; ++i) {
    s8.push_back(static_cast<std::int8_t>(i - 128));
    u8.push_back(static_cast<std::uint8_t>(i));
  }
  std::vector<std::int16_t> s16;
  for (int i = -32768; i <= 32767; ++i) s16.push_back(static_cast<std::int16_t>(i));
  std::vector<std::int32_t> s32 = {0,         1,        -1,        2049,      -2049,
                                   65504,     65519,    65520,     65536,     16777217,
                                   -16777217, 16777219, INT32_MAX, INT32_MIN, 33554435};
  for (int i = 0; i < 20000; ++i) s32.push_back(static_cast<std::int32_t>(rng()) >> (rng() % 31));
  std::vector<std::int64_t> s64 = {0, INT64_MAX, INT64_MIN, (1LL << 53) + 1, -((1LL << 40) + 3)};
  for (int i = 0; i < 20000; ++i) s64.push_back(static_cast<std::int64_t>(rng()) >> (rng() % 63));
  checkIntToFloats(DType::S8, s8, true);
  checkIntToFloats(DType::U8, u8, true);
  checkIntToFloats(DType::S16, s16, true);
  checkIntToFloats(DType::S32, s32, true);
  checkIntToFloats(DType::S64, s64, false);
}

TEST_P(Cast, Int32Int64BothWays) {
  std::vector<std::int32_t> a = {0, 1, -1, INT32_MAX, INT32_MIN, 123456, -7};
  std::vector<std::int64_t> wide(a.size());
  ASSERT_TRUE(
      asctwin::vec::cast(wide.data(), DType::S64, a.data(), DType::S32, Round::None, a.size()));
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(wide[i], std::int64_t{a[i]});
  std::vector<std::int64_t> b = {
      0, -1, INT64_MAX, INT64_MIN, 1LL << 31, -(1LL << 31) - 1, (1LL << 31) - 1, -(1LL << 31), 42};
  std::vector<std::int32_t> narrow(b.size());
  ASSERT_TRUE(
      asctwin::vec::cast(narrow.data(), DType::S32, b.data(), DType::S64, Round::Rint, b.size()));
  const std::vector<std::int32_t> want = {0,         -1,        INT32_MAX, INT32_MIN, INT32_MAX,
                                          INT32_MIN, INT32_MAX, INT32_MIN, 42};
  EXPECT_EQ(narrow, want);
}

TEST_P(Cast, UnsupportedCombinationsReturnFalseAndWriteNothing) {
  std::vector<std::uint8_t> src(64, 0x3C), dst(64, 0xEE);
  const std::vector<std::uint8_t> untouched = dst;
  int supportedPairs = 0;
  for (DType d : kTypes) {
    for (DType s : kTypes) {
      for (Round r : kRounds) {
        const bool ok = asctwin::vec::castSupported(d, s, r);
        supportedPairs += ok ? 1 : 0;
        if (ok) continue;
        ASSERT_FALSE(asctwin::vec::cast(dst.data(), d, src.data(), s, r, 4));
        ASSERT_EQ(dst, untouched);
      }
    }
  }
  EXPECT_GT(supportedPairs, 50);
  // Some specific refusals.
  EXPECT_FALSE(asctwin::vec::castSupported(DType::F64, DType::F16, Round::None));
  EXPECT_FALSE(asctwin::vec::castSupported(DType::S32, DType::S8, Round::None));
  EXPECT_FALSE(asctwin::vec::castSupported(DType::S32, DType::F32, Round::None));
  EXPECT_FALSE(asctwin::vec::castSupported(DType::S32, DType::F32, Round::Odd));
  EXPECT_FALSE(asctwin::vec::castSupported(DType::S16, DType::F16, Round::None));
  // Required ones.
  EXPECT_TRUE(asctwin::vec::castSupported(DType::F32, DType::F16, Round::Odd));  // exact: any mode
  EXPECT_TRUE(asctwin::vec::castSupported(DType::F16, DType::F32, Round::Odd));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::BF16, DType::F32, Round::Rint));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::S8, DType::F16, Round::Rint));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::U8, DType::F16, Round::Rint));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::S16, DType::F16, Round::Rint));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::S32, DType::F32, Round::Trunc));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::S64, DType::F32, Round::Trunc));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::F16, DType::S32, Round::None));
  EXPECT_TRUE(asctwin::vec::castSupported(DType::F32, DType::S64, Round::Rint));
}

TEST_P(Cast, CountZeroIsANoOp) {
  std::vector<std::uint8_t> dst(64, 0xEE);
  const std::vector<std::uint8_t> src(64, 0x11);
  EXPECT_TRUE(asctwin::vec::cast(dst.data(), DType::F16, src.data(), DType::F32, Round::Rint, 0));
  EXPECT_TRUE(asctwin::vec::cast(dst.data(), DType::S32, src.data(), DType::F32, Round::Trunc, 0));
  EXPECT_EQ(dst, std::vector<std::uint8_t>(64, 0xEE));
}

TEST_P(Cast, EveryLengthAndOffsetHandlesTails) {
  // Short unaligned runs (vector body + tail) must equal element-wise results.
  std::mt19937 rng(8);
  std::vector<float> src(80);
  for (float& f : src) f = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 7.0f;
  for (std::size_t off = 0; off < 3; ++off) {
    for (std::size_t n = 0; n + off <= 70; ++n) {
      std::vector<std::int16_t> out(80, 0x7777);
      ASSERT_TRUE(asctwin::vec::cast(out.data() + off, DType::S16, src.data() + off, DType::F32,
                                     Round::Rint, n));
      for (std::size_t i = 0; i < 80; ++i) {
        const bool inside = i >= off && i < off + n;
        const std::int16_t want = inside
                                      ? vectest::floatToIntOracle<std::int16_t>(src[i], Mode::Rint)
                                      : std::int16_t{0x7777};
        ASSERT_EQ(out[i], want) << "off " << off << " n " << n << " i " << i;
      }
    }
  }
}

VEC_INSTANTIATE(Cast);

// The two paths give the same bytes for every supported combination.
TEST(CastPaths, PortableAndAvx2Agree) {
  if (!vectest::cpuHasF16c()) GTEST_SKIP();
  std::mt19937_64 rng(2024);
  constexpr std::size_t kN = 4099;
  std::vector<std::uint8_t> src(kN * 8);
  for (auto& b : src) b = static_cast<std::uint8_t>(rng());
  // Make a third of the floats small so integer targets do not only saturate.
  auto* f = reinterpret_cast<float*>(src.data());
  for (std::size_t i = 0; i < kN; i += 3)
    f[i] = static_cast<float>(static_cast<std::int64_t>(rng() % 4001) - 2000) / 4.0f;
  const Isa old = asctwin::vec::setIsa(Isa::Avx2);
  for (DType d : kTypes) {
    for (DType s : kTypes) {
      for (Round r : kRounds) {
        if (!asctwin::vec::castSupported(d, s, r)) continue;
        std::vector<std::uint8_t> a(kN * 8, 0), b(kN * 8, 0);
        asctwin::vec::setIsa(Isa::Portable);
        ASSERT_TRUE(asctwin::vec::cast(a.data(), d, src.data(), s, r, kN));
        asctwin::vec::setIsa(Isa::Avx2);
        ASSERT_TRUE(asctwin::vec::cast(b.data(), d, src.data(), s, r, kN));
        ASSERT_EQ(a, b) << asctwin::vec::dtypeName(s) << " -> " << asctwin::vec::dtypeName(d)
                        << " mode " << static_cast<int>(r);
      }
    }
  }
  asctwin::vec::setIsa(old);
}

}  // namespace
