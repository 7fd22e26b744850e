// ShiftRight's roundEn (vshr's rounding operand) against the ShiftRight
// page: "开启舍入功能 ... 如果src_ele二进制数中的第5位为1，则dst_ele值为对
// src_ele算术右移5后加1" (17 >> 5 = 1), for int16_t/int32_t only ("仅当src为
// int16_t/int32_t类型时开启有效"). The oracle is src / 2^n rounded half up,
// computed in long double; without roundEn the shift is floor division.
#include <cmath>
#include <iterator>
#include <limits>

#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

template <typename T>
struct ShiftBody {
  struct Args {
    T count;
    bool roundEn;
    bool bitMask;  // the mask[] form, else the continuous-mask form
    bool inPlace;  // dst == src
    uint8_t repeat;
    UnaryRepeatParams p;
  };
  static void run(const Ub& ub, const Args& a) {
    const auto d = ub.D<T>();
    const auto s = a.inPlace ? d : ub.A<T>();
    constexpr uint64_t kLanes = 256 / sizeof(T);
    uint64_t bits[2] = {~0ull, kLanes > 64 ? ~0ull : 0};
    if (a.bitMask) {
      ShiftRight(d, s, a.count, bits, a.repeat, a.p, a.roundEn);
    } else {
      ShiftRight(d, s, a.count, kLanes, a.repeat, a.p, a.roundEn);
    }
  }
};

template <typename T>
long double roundedShift(T x, int n) {
  return std::floor(std::ldexp(static_cast<long double>(x), -n) + 0.5L);
}
template <typename T>
long double flooredShift(T x, int n) {
  return std::floor(std::ldexp(static_cast<long double>(x), -n));
}

class ShiftRoundTest : public IsaTest {
 protected:
  // Every lane of `repeat` iterations with block stride blk (dst and src
  // alike), against the oracle; the bytes between the strided blocks keep
  // the destination's fill.
  template <typename T>
  void check(int n, bool roundEn, bool bitMask, bool inPlace, uint16_t blk) {
    constexpr uint32_t kPerBlock = 32 / sizeof(T);
    const uint8_t repeat = 3;
    const uint16_t rep = static_cast<uint16_t>(8 * blk);
    std::mt19937 rng(static_cast<uint32_t>(n * 7 + sizeof(T)));
    std::uniform_int_distribution<int64_t> u(std::numeric_limits<T>::min(),
                                             std::numeric_limits<T>::max());
    const size_t elems = size_t{repeat} * rep * kPerBlock;
    std::vector<T> src(elems), fill(elems);
    for (auto& v : src) v = static_cast<T>(u(rng));
    // The edges: the range's ends, +-half steps, 17 (the page's example).
    const int64_t edges[] = {std::numeric_limits<T>::min(),
                             std::numeric_limits<T>::max(),
                             0,
                             1,
                             -1,
                             17,
                             -17,
                             16,
                             -16,
                             int64_t{std::numeric_limits<T>::min()} + 1};
    for (size_t i = 0; i < std::size(edges); ++i) src[i] = static_cast<T>(edges[i]);
    for (auto& v : fill) v = static_cast<T>(u(rng));
    const std::vector<T> d0 = inPlace ? src : fill;
    typename ShiftBody<T>::Args a{static_cast<T>(n), roundEn, bitMask, inPlace, repeat, {}};
    a.p.dstBlkStride = blk;
    a.p.srcBlkStride = blk;
    a.p.dstRepStride = static_cast<uint8_t>(rep);
    a.p.srcRepStride = static_cast<uint8_t>(rep);
    const auto got = valuesOf<T>(run<ShiftBody<T>>(bytesOf(src), {}, bytesOf(d0), a), elems);
    std::vector<T> want = d0;
    for (uint32_t r = 0; r < repeat; ++r)
      for (uint32_t l = 0; l < 256 / sizeof(T); ++l) {
        const size_t i = (size_t{r} * rep + (l / kPerBlock) * blk) * kPerBlock + l % kPerBlock;
        const bool rounds = roundEn && std::is_signed_v<T>;
        want[i] = static_cast<T>(rounds ? roundedShift(src[i], n) : flooredShift(src[i], n));
      }
    for (size_t i = 0; i < elems; ++i)
      ASSERT_EQ(got[i], want[i]) << "element " << i << " (src " << src[i] << ") >> " << n
                                 << (roundEn ? " rounded" : "") << (bitMask ? " mask[]" : "")
                                 << (inPlace ? " in place" : "") << " blk " << blk;
  }
};

TEST_F(ShiftRoundTest, PageExampleSeventeenShiftedByFive) {
  EXPECT_EQ(roundedShift<int16_t>(17, 5), 1.0L);  // the oracle agrees with the page
  check<int16_t>(5, true, false, false, 1);
}

TEST_F(ShiftRoundTest, Int16EveryCount) {
  for (int n = 0; n <= 16; ++n) check<int16_t>(n, true, n % 2 == 0, false, 1);
}

TEST_F(ShiftRoundTest, Int32EveryFourthCountAndTheEnds) {
  for (const int n : {0, 1, 2, 5, 9, 13, 17, 21, 25, 29, 30, 31, 32})
    check<int32_t>(n, true, n % 2 == 1, false, 1);
}

TEST_F(ShiftRoundTest, StridedAndInPlace) {
  check<int16_t>(3, true, false, false, 2);
  check<int32_t>(7, true, true, true, 1);
  check<int16_t>(1, true, true, true, 2);
}

TEST_F(ShiftRoundTest, WithoutRoundEnTheShiftFloors) {
  check<int16_t>(5, false, false, false, 1);
  check<int32_t>(11, false, true, false, 1);
}

TEST_F(ShiftRoundTest, UnsignedTypesIgnoreRoundEn) {
  check<uint16_t>(5, true, false, false, 1);
  check<uint32_t>(3, true, true, false, 1);
}

}  // namespace
}  // namespace asctwin::isatest
