// The C API's int4 conversions (asc_half2int4 and its rounding suffixes,
// asc_int42half) against a scalar oracle: the half value rounded per suffix
// (none and _rn: nearest even, _rna: away from zero, _rd: down, _ru: up,
// _rz: toward zero), saturated to [-8, 7], NaN to 0; int4 -> half exact.
// Two lanes per byte, lane 2i in the low nibble; in the count form the int4
// operand advances 2 blocks per iteration.
#include <algorithm>
#include <cmath>

#include "capi/capi_test_util.h"

namespace asctwin::capitest {
namespace {

enum class Rd : uint8_t { None, Rn, Rna, Rd, Ru, Rz };
enum class Shape4 : uint8_t { Count, Sync, Repeat };

struct Int4Body {
  struct Args {
    bool toInt4;
    Rd rd;
    Shape4 shape;
    uint32_t count;
    uint8_t repeat;
    uint16_t dstBlk, srcBlk, dstRep, srcRep;
  };
#define CAPI_TEST_S4(F)                                          \
  switch (a.shape) {                                             \
    case Shape4::Count:                                          \
      F(q, h, a.count);                                          \
      break;                                                     \
    case Shape4::Sync:                                           \
      F##_sync(q, h, a.count);                                   \
      break;                                                     \
    case Shape4::Repeat:                                         \
      F(q, h, a.repeat, a.dstBlk, a.srcBlk, a.dstRep, a.srcRep); \
      break;                                                     \
  }
  static void run(const Ub& ub, const Args& a) {
    if (a.shape == Shape4::Repeat) asc_set_vector_mask(~0ull, ~0ull);
    if (!a.toInt4) {
      __ubuf__ half* h = at<half>(ub.d);
      __ubuf__ int4b_t* q = at<int4b_t>(ub.a);
      switch (a.shape) {
        case Shape4::Count:
          asc_int42half(h, q, a.count);
          break;
        case Shape4::Sync:
          asc_int42half_sync(h, q, a.count);
          break;
        case Shape4::Repeat:
          asc_int42half(h, q, a.repeat, a.dstBlk, a.srcBlk, static_cast<uint8_t>(a.dstRep),
                        static_cast<uint8_t>(a.srcRep));
          break;
      }
      return;
    }
    __ubuf__ int4b_t* q = at<int4b_t>(ub.d);
    __ubuf__ half* h = at<half>(ub.a);
    switch (a.rd) {
      case Rd::None:
        CAPI_TEST_S4(asc_half2int4)
        break;
      case Rd::Rn:
        CAPI_TEST_S4(asc_half2int4_rn)
        break;
      case Rd::Rna:
        CAPI_TEST_S4(asc_half2int4_rna)
        break;
      case Rd::Rd:
        CAPI_TEST_S4(asc_half2int4_rd)
        break;
      case Rd::Ru:
        CAPI_TEST_S4(asc_half2int4_ru)
        break;
      case Rd::Rz:
        CAPI_TEST_S4(asc_half2int4_rz)
        break;
    }
  }
#undef CAPI_TEST_S4
};

// The suffix's rounding, then the int4 range.
int int4Of(double x, Rd rd) {
  const vectest::Mode modes[] = {vectest::Mode::Rint,  vectest::Mode::Rint, vectest::Mode::Away,
                                 vectest::Mode::Floor, vectest::Mode::Ceil, vectest::Mode::Trunc};
  return std::clamp<int>(
      vectest::floatToIntOracle<int8_t>(static_cast<float>(x), modes[static_cast<int>(rd)]), -8, 7);
}

class CapiInt4 : public IsaTest {
 protected:
  // Lane l of iteration r is on when r * 128 + l < total (count forms) or
  // for every l of `repeats` iterations (repeat form, full mask).
  void toInt4(const Int4Body::Args& a, uint32_t repeats, uint32_t total) {
    std::mt19937 rng(static_cast<uint32_t>(a.rd) * 7 + a.count);
    std::uniform_int_distribution<int> u(-40, 40);  // quarters in [-10, 10]
    std::vector<uint16_t> src(8192);
    for (auto& v : src) v = halfRint(u(rng) / 4.0);
    src[0] = 0x7E00;  // NaN
    src[1] = 0xFC00;  // -inf
    std::vector<uint8_t> fill(4096);
    for (auto& b : fill) b = static_cast<uint8_t>(rng());
    const auto got = run<Int4Body>(bytesOf(src), {}, fill, a);
    std::vector<uint8_t> want = fill;
    for (uint32_t r = 0; r < repeats; ++r)
      for (uint32_t l = 0; l < 128 && r * 128 + l < total; ++l) {
        const double x = halfValue(src[laneIndex(2, l, r, a.srcBlk, a.srcRep)]);
        const auto v = static_cast<uint8_t>(int4Of(x, a.rd) & 0xF);
        uint8_t& b = want[(r * a.dstRep + (l / 64) * a.dstBlk) * 32 + (l % 64) / 2];
        b = l % 2 == 0 ? static_cast<uint8_t>((b & 0xF0) | v)
                       : static_cast<uint8_t>((b & 0x0F) | (v << 4));
      }
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(int{got[i]}, int{want[i]}) << "byte " << i << " rounding " << int(a.rd);
  }
};

TEST_F(CapiInt4, HalfToInt4EverySuffixAndForm) {
  for (const Rd rd : {Rd::None, Rd::Rn, Rd::Rna, Rd::Rd, Rd::Ru, Rd::Rz}) {
    toInt4({true, rd, Shape4::Count, 301, 1, 1, 1, 2, 8}, 3, 301);
    toInt4({true, rd, Shape4::Sync, 128, 1, 1, 1, 2, 8}, 1, 128);
    toInt4({true, rd, Shape4::Repeat, 0, 2, 2, 1, 5, 9}, 2, UINT32_MAX);
  }
}

TEST_F(CapiInt4, Int4ToHalf) {
  std::mt19937 rng(5);
  std::vector<uint8_t> src(4096);
  for (auto& b : src) b = static_cast<uint8_t>(rng());
  const Int4Body::Args forms[] = {{false, Rd::None, Shape4::Count, 200, 1, 1, 1, 8, 2},
                                  {false, Rd::None, Shape4::Sync, 64, 1, 1, 1, 8, 2},
                                  {false, Rd::None, Shape4::Repeat, 0, 2, 1, 2, 12, 5}};
  for (const auto& a : forms) {
    std::vector<uint16_t> fill(4096, 0x3C00);
    const auto got = valuesOf<uint16_t>(run<Int4Body>(src, {}, bytesOf(fill), a), fill.size());
    std::vector<uint16_t> want = fill;
    const uint32_t repeats = a.shape == Shape4::Repeat ? a.repeat : (a.count + 127) / 128;
    const uint32_t total = a.shape == Shape4::Repeat ? UINT32_MAX : a.count;
    for (uint32_t r = 0; r < repeats; ++r)
      for (uint32_t l = 0; l < 128 && r * 128 + l < total; ++l) {
        const uint8_t b = src[(r * a.srcRep + (l / 64) * a.srcBlk) * 32 + (l % 64) / 2];
        const int nib = l % 2 == 0 ? (b & 0xF) : (b >> 4);
        want[laneIndex(2, l, r, a.dstBlk, a.dstRep)] = halfRint(nib >= 8 ? nib - 16 : nib);
      }
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(got[i], want[i]) << "element " << i << " form " << int(a.shape);
  }
}

}  // namespace
}  // namespace asctwin::capitest
