// Cast between half and int4b_t (vconv_f162s4*, vconv_s42f16) against a
// scalar oracle: the half value rounded per RoundMode (CAST_NONE as
// CAST_RINT, the vector unit's default for narrowing to integers),
// saturated to [-8, 7], NaN to 0; int4 -> half exact. The int4 operand
// holds two lanes per byte, lane 2i in the low nibble; a disabled lane keeps
// its nibble. Count form (the int4 operand advances 2 blocks per
// iteration), continuous mask and strides.
#include <algorithm>
#include <cmath>
#include <limits>

#include "isa/half_oracle.h"
#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

struct Int4CastBody {
  struct Args {
    bool toInt4;
    RoundMode mode;
    bool count;  // the count form, else the continuous-mask form
    uint32_t n;  // count, or mask lanes
    uint8_t repeat;
    UnaryRepeatParams p;
  };
  static void run(const Ub& ub, const Args& a) {
    if (a.toInt4) {
      if (a.count) {
        Cast(ub.D<int4b_t>(), ub.A<half>(), a.mode, a.n);
      } else {
        Cast(ub.D<int4b_t>(), ub.A<half>(), a.mode, uint64_t{a.n}, a.repeat, a.p);
      }
    } else if (a.count) {
      Cast(ub.D<half>(), ub.A<int4b_t>(), a.mode, a.n);
    } else {
      Cast(ub.D<half>(), ub.A<int4b_t>(), a.mode, uint64_t{a.n}, a.repeat, a.p);
    }
  }
};

// The vector unit's rounding of the mode (CAST_NONE: nearest even), then
// the int4 range.
int roundedInt4(double x, RoundMode m) {
  vectest::Mode mode = vectest::Mode::Rint;
  if (m == RoundMode::CAST_FLOOR) mode = vectest::Mode::Floor;
  if (m == RoundMode::CAST_CEIL) mode = vectest::Mode::Ceil;
  if (m == RoundMode::CAST_ROUND) mode = vectest::Mode::Away;
  if (m == RoundMode::CAST_TRUNC) mode = vectest::Mode::Trunc;
  return std::clamp<int>(vectest::floatToIntOracle<int8_t>(static_cast<float>(x), mode), -8, 7);
}

uint8_t nibbleAt(const std::vector<uint8_t>& bytes, uint64_t lane, uint64_t byteBase) {
  const uint8_t b = bytes[byteBase + (lane % 64) / 2];
  return lane % 2 == 0 ? (b & 0xF) : (b >> 4);
}

class Int4CastTest : public IsaTest {
 protected:
  // Half lane l of iteration r at element (r * rep + (l / 16) * blk) * 16 +
  // l % 16; int4 lane l at byte (r * rep + (l / 64) * blk) * 32 + (l % 64) / 2.
  // Lanes l < lanesPerRep of `repeats` iterations whose flat index r * 128
  // + l is below `total`.
  void toInt4(const Int4CastBody::Args& a, uint32_t repeats, uint32_t lanesPerRep,
              UnaryRepeatParams p, uint32_t total = UINT32_MAX) {
    std::mt19937 rng(static_cast<uint32_t>(a.mode) * 31 + a.n);
    std::uniform_int_distribution<int> u(-48, 48);  // quarters in [-12, 12]
    std::vector<uint16_t> src(8192);
    for (auto& v : src) v = halfRint(u(rng) / 4.0);
    src[0] = 0x7E00;  // NaN
    src[1] = 0x7C00;  // +inf
    src[2] = 0xFC00;  // -inf
    src[3] = halfRint(2.5);
    src[4] = halfRint(-2.5);
    src[5] = halfRint(7.5);
    src[6] = halfRint(-8.5);
    std::vector<uint8_t> fill(8192);
    for (auto& b : fill) b = static_cast<uint8_t>(rng());
    const auto got = run<Int4CastBody>(bytesOf(src), {}, fill, a);
    std::vector<uint8_t> want = fill;
    for (uint32_t r = 0; r < repeats; ++r)
      for (uint32_t l = 0; l < lanesPerRep && r * 128 + l < total; ++l) {
        const double x =
            halfValue(src[(r * p.srcRepStride + (l / 16) * p.srcBlkStride) * 16 + l % 16]);
        const auto v = static_cast<uint8_t>(roundedInt4(x, a.mode) & 0xF);
        uint8_t& b = want[(r * p.dstRepStride + (l / 64) * p.dstBlkStride) * 32 + (l % 64) / 2];
        b = l % 2 == 0 ? static_cast<uint8_t>((b & 0xF0) | v)
                       : static_cast<uint8_t>((b & 0x0F) | (v << 4));
      }
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(int{got[i]}, int{want[i]}) << "byte " << i << " mode " << int(a.mode);
  }

  void toHalf(const Int4CastBody::Args& a, uint32_t repeats, uint32_t lanesPerRep,
              UnaryRepeatParams p) {
    std::mt19937 rng(a.n);
    std::vector<uint8_t> src(8192);
    for (auto& b : src) b = static_cast<uint8_t>(rng());
    std::vector<uint16_t> fill(4096);
    for (auto& v : fill) v = static_cast<uint16_t>(rng());
    const auto got = valuesOf<uint16_t>(run<Int4CastBody>(src, {}, bytesOf(fill), a), fill.size());
    std::vector<uint16_t> want = fill;
    for (uint32_t r = 0; r < repeats; ++r)
      for (uint32_t l = 0; l < lanesPerRep; ++l) {
        const uint8_t nib =
            nibbleAt(src, l, (r * p.srcRepStride + (l / 64) * p.srcBlkStride) * uint64_t{32});
        const int v = nib >= 8 ? nib - 16 : nib;
        want[(r * p.dstRepStride + (l / 16) * p.dstBlkStride) * 16 + l % 16] = halfRint(v);
      }
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
  }
};

TEST_F(Int4CastTest, HalfToInt4EveryModeFirstN) {
  for (const RoundMode m : {RoundMode::CAST_NONE, RoundMode::CAST_RINT, RoundMode::CAST_FLOOR,
                            RoundMode::CAST_CEIL, RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC}) {
    // 300 lanes: two whole iterations and 44 lanes of a third.
    Int4CastBody::Args a{true, m, true, 300, 1, {}};
    toInt4(a, 3, 128, UnaryRepeatParams(1, 1, 2, 8), 300);
  }
}

TEST_F(Int4CastTest, OddCountKeepsTheLastHighNibble) {
  Int4CastBody::Args a{true, RoundMode::CAST_RINT, true, 45, 1, {}};
  std::vector<uint16_t> src(64, halfRint(-3.0));
  std::vector<uint8_t> fill(64, 0xA5);
  const auto got = run<Int4CastBody>(bytesOf(src), {}, fill, a);
  for (int i = 0; i < 22; ++i) EXPECT_EQ(int{got[i]}, 0xDD) << i;  // -3 = 0xD in both nibbles
  EXPECT_EQ(int{got[22]}, 0xAD);                                   // lane 44 low, lane 45 kept
  EXPECT_EQ(int{got[23]}, 0xA5);
}

TEST_F(Int4CastTest, HalfToInt4MaskedAndStrided) {
  // 100 lanes of 3 iterations; half blocks 2 apart, int4 iterations 4 blocks apart.
  const UnaryRepeatParams p(1, 2, 4, 16);
  Int4CastBody::Args a{true, RoundMode::CAST_FLOOR, false, 100, 3, p};
  toInt4(a, 3, 100, p);
}

TEST_F(Int4CastTest, Int4ToHalfFirstNAndStrided) {
  Int4CastBody::Args a{false, RoundMode::CAST_NONE, true, 256, 1, {}};
  toHalf(a, 2, 128, UnaryRepeatParams(1, 1, 8, 2));
  const UnaryRepeatParams p(2, 1, 16, 3);
  Int4CastBody::Args b{false, RoundMode::CAST_NONE, false, 70, 2, p};
  toHalf(b, 2, 70, p);
}

TEST_F(Int4CastTest, Int4ToHalfRefusesRoundingModes) {
  Int4CastBody::Args a{false, RoundMode::CAST_RINT, true, 16, 1, {}};
  EXPECT_NE(fails<Int4CastBody>(a).find("Cast from int4b_t to half does not support CAST_RINT"),
            std::string::npos)
      << lastError();
}

}  // namespace
}  // namespace asctwin::isatest
