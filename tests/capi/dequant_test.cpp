// The C API's dequantisation against the reference (asc_set_deq_scale,
// asc_deq_int162b8, asc_vdeq_int162b8, asc_deq_int322half): DEQSCALE holds
// one set, a half scale, or the UB address of 16 sets in 32-byte units
// (asc_set_deq_scale's `tmp >> 5`); the vector forms' lane j of every
// 32-byte source block uses set j, the results go to the high (_h) or low
// (_l) 16 bytes of each destination block.
#include "capi/capi_test_util.h"
#include "isa/dequant_oracle.h"

namespace asctwin::capitest {
namespace {

using isatest::Deq;
using isatest::dequantOracle;

enum class Dq : uint8_t { VecHigh, VecLow, OneSetHigh, OneSetLowSync };

// src in a (int16), the 16-set table in b, dst in d.
struct DeqBody {
  struct Args {
    Dq form;
    Deq sets[16];
    uint32_t count;
    uint32_t tableOffset;  // bytes into b
  };
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ int8_t* d = at<int8_t>(ub.d);
    __ubuf__ int16_t* s = at<int16_t>(ub.a);
    float scale[ASC_VDEQ_SIZE];
    int16_t offset[ASC_VDEQ_SIZE];
    bool sign[ASC_VDEQ_SIZE];
    for (int i = 0; i < ASC_VDEQ_SIZE; ++i) {
      scale[i] = a.sets[i].scale;
      offset[i] = a.sets[i].offset;
      sign[i] = a.sets[i].sign;
    }
    switch (a.form) {
      case Dq::VecHigh:
      case Dq::VecLow:
        asc_set_deq_scale(at<uint64_t>(ub.b, a.tableOffset), scale, offset, sign);
        // The table's scalar stores before the vector unit reads it.
        asc_sync_notify(PIPE_S, PIPE_V, EVENT_ID0);
        asc_sync_wait(PIPE_S, PIPE_V, EVENT_ID0);
        if (a.form == Dq::VecHigh) {
          asc_vdeq_int162b8_h(d, s, a.count);
        } else {
          asc_vdeq_int162b8_l(d, s, a.count);
        }
        break;
      case Dq::OneSetHigh:
        asc_set_deq_scale(scale[0], offset[0], sign[0]);
        asc_deq_int162b8_h(d, s, a.count);
        break;
      case Dq::OneSetLowSync:
        asc_set_deq_scale(scale[0], offset[0], sign[0]);
        asc_deq_int162b8_l_sync(d, s, a.count);
        break;
    }
  }
};

class CapiDequant : public IsaTest {
 protected:
  void check(const DeqBody::Args& a) {
    std::mt19937 rng(static_cast<uint32_t>(a.form) + 3);
    std::uniform_int_distribution<int> u(-4000, 4000);
    std::vector<int16_t> src(1024);
    for (auto& v : src) v = static_cast<int16_t>(u(rng));
    const std::vector<uint8_t> fill(4096, 0x5A);
    const auto got = run<DeqBody>(bytesOf(src), {}, fill, a);
    const bool vec = a.form == Dq::VecHigh || a.form == Dq::VecLow;
    const bool high = a.form == Dq::VecHigh || a.form == Dq::OneSetHigh;
    std::vector<uint8_t> want = fill;
    for (uint32_t i = 0; i < a.count; ++i)
      want[(i / 16) * 32 + (high ? 16 : 0) + i % 16] =
          dequantOracle(src[i], a.sets[vec ? i % 16 : 0]);
    for (size_t i = 0; i < fill.size(); ++i)
      ASSERT_EQ(int{got[i]}, int{want[i]}) << "byte " << i << " form " << int(a.form);
  }
};

DeqBody::Args argsOf(Dq form, uint32_t count, uint32_t tableOffset) {
  DeqBody::Args a{};
  a.form = form;
  a.count = count;
  a.tableOffset = tableOffset;
  for (int j = 0; j < 16; ++j)
    a.sets[j] = {0.015f * static_cast<float>(j + 1), static_cast<int16_t>(j * 17 - 120),
                 j % 3 != 0};
  return a;
}

TEST_F(CapiDequant, TableOfSixteenSetsThroughDeqScale) {
  check(argsOf(Dq::VecHigh, 300, 0));
  check(argsOf(Dq::VecLow, 256, 96));  // the table anywhere on the 32-byte grid
}

TEST_F(CapiDequant, OneSetInTheRegister) {
  check(argsOf(Dq::OneSetHigh, 200, 0));
  check(argsOf(Dq::OneSetLowSync, 129, 0));
}

TEST_F(CapiDequant, MisalignedTableFails) {
  // DEQSCALE's 32-byte units cannot name it.
  EXPECT_NE(fails<DeqBody>(argsOf(Dq::VecHigh, 16, 8)).find("tmp must be 32-byte aligned"),
            std::string::npos)
      << lastError();
}

}  // namespace
}  // namespace asctwin::capitest
