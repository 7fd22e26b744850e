// asc_squeeze (vreduce) against a scalar oracle: the lanes of src0 whose
// bit is set are packed into dst, over all iterations, in order. The bits
// come from src1 (pattern mode 0 in the seventh operand: 16 bytes per
// iteration for 16-bit lanes, 8 for 32-bit ones, iterations src1_repeat_stride
// blocks apart) or from a fixed pattern (1: even lanes, 2: odd lanes, 3..6:
// lane 0..3 of every four, 7: all); src0 has its block and repeat strides;
// the dst strides have no effect on the packed result. RSVD_CNT holds the
// count.
#include "capi/capi_test_util.h"

namespace asctwin::capitest {
namespace {

template <typename T>
struct SqueezeBody {
  struct Args {
    uint8_t repeat, pattern, src0Blk, src0Rep, src1Rep, dstBlk, dstRep;
  };
  static void run(const Ub& ub, const Args& a) {
    asc_set_vector_mask(~0ull, ~0ull);
    asc_squeeze(at<T>(ub.d), at<T>(ub.a), at<T>(ub.b), a.repeat, a.dstBlk, a.src0Blk, a.pattern,
                a.dstRep, a.src0Rep, a.src1Rep);
    // The kept count, after the vector unit, in the last element of d.
    asc_sync_notify(PIPE_V, PIPE_S, EVENT_ID0);
    asc_sync_wait(PIPE_V, PIPE_S, EVENT_ID0);
    asctwin::capi::storeLocal(at<T>(ub.d), kRegion / sizeof(T) - 1,
                              static_cast<T>(asc_get_rsvd_count()), "test");
  }
};

class CapiSqueeze : public IsaTest {
 protected:
  template <typename T>
  void check(typename SqueezeBody<T>::Args a) {
    constexpr uint32_t per = 256 / sizeof(T);
    std::mt19937 rng(a.pattern * 13u + a.repeat + sizeof(T));
    std::vector<T> src0(kRegion / sizeof(T));
    for (auto& v : src0) v = static_cast<T>(rng());
    std::vector<uint8_t> bits(kRegion);
    for (auto& b : bits) b = static_cast<uint8_t>(rng());
    std::vector<T> fill(kRegion / sizeof(T), static_cast<T>(0x5A5A5A5A));
    const auto got =
        valuesOf<T>(run<SqueezeBody<T>>(bytesOf(src0), bits, bytesOf(fill), a), fill.size());
    std::vector<T> want = fill;
    size_t kept = 0;
    for (uint32_t r = 0; r < a.repeat; ++r)
      for (uint32_t l = 0; l < per; ++l) {
        bool on = false;
        switch (a.pattern) {
          case 0:
            on = (bits[r * a.src1Rep * 32u + l / 8] >> (l % 8)) & 1u;
            break;
          case 1:
          case 2:
            on = l % 2 == a.pattern - 1u;
            break;
          case 7:
            on = true;
            break;
          default:
            on = l % 4 == a.pattern - 3u;
            break;
        }
        if (on) want[kept++] = src0[laneIndex(sizeof(T), l, r, a.src0Blk, a.src0Rep)];
      }
    want.back() = static_cast<T>(kept);
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(uint64_t{got[i]}, uint64_t{want[i]})
          << "element " << i << " pattern " << int(a.pattern) << " (" << kept << " kept)";
  }
};

TEST_F(CapiSqueeze, BitsFromSrc1WithStrides) {
  check<uint16_t>({3, 0, 1, 8, 1, 1, 8});
  check<uint16_t>({2, 0, 2, 20, 0, 4, 3});  // src1's bits reused; dst strides ignored
  check<uint32_t>({4, 0, 1, 9, 2, 1, 8});
}

TEST_F(CapiSqueeze, FixedPatterns) {
  for (uint8_t p = 1; p <= 7; ++p) {
    check<uint16_t>({2, p, 1, 8, 1, 1, 8});
    check<uint32_t>({3, p, 3, 24, 1, 1, 8});
  }
}

struct BadPattern {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    asc_squeeze(at<uint16_t>(ub.d), at<uint16_t>(ub.a), at<uint16_t>(ub.b), 1, 1, 1, 9, 8, 8, 8);
  }
};
TEST_F(CapiSqueeze, PatternModeAboveSevenFails) {
  EXPECT_NE(fails<BadPattern>({}).find("vreduce: the pattern mode must be 0..7, got 9"),
            std::string::npos)
      << lastError();
}

}  // namespace
}  // namespace asctwin::capitest
