// The C API's other vector families against scalar oracles written from the
// API reference's pages: conversions (each rounding suffix), comparisons
// into bits and asc_select, the reductions and their registers, duplicate,
// brcb, gather, GatherMask (asc_reduce), and the aligned GM <-> UB copies
// with padding. Inputs are chosen so that results are exact or the rounding
// is the point of the test (the oracle rounds the exact value itself).
#include <algorithm>
#include <cmath>

#include "capi/capi_test_util.h"

namespace asctwin::capitest {
namespace {

using vectest::Mode;

// --- conversions --------------------------------------------------------------------------
enum class Cv : uint8_t {
  F2H_RN,
  F2H_RNA,
  F2H_RD,
  F2H_RU,
  F2H_RZ,
  F2H_RO,
  F2I_RN,
  F2I_RD,
  F2I_RU,
  F2I_RNA,
  F2I_RZ,
  H2F,
  I2F,
  H2I8
};

struct ConvertBody {
  struct Args {
    Cv op;
    uint32_t count;
  };
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ float* f = at<float>(ub.a);
    __ubuf__ half* h = at<half>(ub.a);
    __ubuf__ int32_t* i = at<int32_t>(ub.a);
    switch (a.op) {
      case Cv::F2H_RN:
        asc_float2half_rn(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2H_RNA:
        asc_float2half_rna(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2H_RD:
        asc_float2half_rd(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2H_RU:
        asc_float2half_ru(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2H_RZ:
        asc_float2half_rz_sync(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2H_RO:
        asc_float2half_ro(at<half>(ub.d), f, a.count);
        break;
      case Cv::F2I_RN:
        asc_float2int32_rn(at<int32_t>(ub.d), f, a.count);
        break;
      case Cv::F2I_RD:
        asc_float2int32_rd(at<int32_t>(ub.d), f, a.count);
        break;
      case Cv::F2I_RU:
        asc_float2int32_ru(at<int32_t>(ub.d), f, a.count);
        break;
      case Cv::F2I_RNA:
        asc_float2int32_rna(at<int32_t>(ub.d), f, a.count);
        break;
      case Cv::F2I_RZ:
        asc_float2int32_rz(at<int32_t>(ub.d), f, a.count);
        break;
      case Cv::H2F:
        asc_half2float(at<float>(ub.d), h, a.count);
        break;
      case Cv::I2F:
        asc_int322float_rn(at<float>(ub.d), i, a.count);
        break;
      case Cv::H2I8:
        asc_half2int8_rz(at<int8_t>(ub.d), h, a.count);
        break;
    }
  }
};

class CapiConvert : public IsaTest {};

TEST_F(CapiConvert, FloatToHalfInEveryRoundingMode) {
  std::mt19937 rng(5);
  const uint32_t n = 300;
  std::vector<float> x(kRegion / 4);
  std::uniform_real_distribution<float> u(-70000.0f, 70000.0f);
  for (auto& v : x) v = u(rng) / 7.0f;  // values between halves
  const std::vector<uint8_t> d(kRegion, 0xAB);
  const struct {
    Cv op;
    Mode mode;
  } cases[] = {{Cv::F2H_RN, Mode::Rint}, {Cv::F2H_RNA, Mode::Away}, {Cv::F2H_RD, Mode::Floor},
               {Cv::F2H_RU, Mode::Ceil}, {Cv::F2H_RZ, Mode::Trunc}, {Cv::F2H_RO, Mode::Odd}};
  for (const auto& c : cases) {
    const auto got = valuesOf<uint16_t>(run<ConvertBody>(bytesOf(x), {}, d, {c.op, n}), n + 8);
    for (uint32_t i = 0; i < n; ++i) {
      ASSERT_EQ(got[i], vectest::halfTable().round(static_cast<long double>(x[i]), c.mode))
          << "mode " << int(c.mode) << " element " << i << " of " << x[i];
    }
    for (uint32_t i = n; i < n + 8; ++i) ASSERT_EQ(got[i], 0xABAB) << "past count: " << i;
  }
}

TEST_F(CapiConvert, FloatToInt32InEveryRoundingMode) {
  const uint32_t n = 200;
  std::vector<float> x(kRegion / 4);
  for (uint32_t i = 0; i < x.size(); ++i) x[i] = (static_cast<float>(i % 41) - 20.0f) / 4.0f;
  const struct {
    Cv op;
    double (*f)(double);
  } cases[] = {{Cv::F2I_RN, [](double v) { return std::nearbyint(v); }},
               {Cv::F2I_RD, [](double v) { return std::floor(v); }},
               {Cv::F2I_RU, [](double v) { return std::ceil(v); }},
               {Cv::F2I_RNA, [](double v) { return std::round(v); }},
               {Cv::F2I_RZ, [](double v) { return std::trunc(v); }}};
  for (const auto& c : cases) {
    const auto got = valuesOf<int32_t>(run<ConvertBody>(bytesOf(x), {}, {}, {c.op, n}), n);
    for (uint32_t i = 0; i < n; ++i) {
      ASSERT_EQ(got[i], static_cast<int32_t>(c.f(static_cast<double>(x[i]))))
          << int(c.op) << " of " << x[i];
    }
  }
}

TEST_F(CapiConvert, WideningAndNarrowing) {
  const uint32_t n = 150;
  std::vector<half> h(kRegion / 2);
  for (uint32_t i = 0; i < h.size(); ++i)
    h[i] = fromDouble<half>((static_cast<int>(i % 97) - 48) * 1.75);
  auto gotF = valuesOf<float>(run<ConvertBody>(bytesOf(h), {}, {}, {Cv::H2F, n}), n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(gotF[i], static_cast<float>(toDouble(h[i])));
  auto gotI8 = valuesOf<int8_t>(run<ConvertBody>(bytesOf(h), {}, {}, {Cv::H2I8, n}), n);
  for (uint32_t i = 0; i < n; ++i) {
    const double t = std::trunc(toDouble(h[i]));
    ASSERT_EQ(gotI8[i], static_cast<int8_t>(std::clamp(t, -128.0, 127.0))) << toDouble(h[i]);
  }
  std::vector<int32_t> iv(kRegion / 4);
  for (uint32_t i = 0; i < iv.size(); ++i) iv[i] = static_cast<int32_t>(i * 2654435761u);
  auto gotI = valuesOf<float>(run<ConvertBody>(bytesOf(iv), {}, {}, {Cv::I2F, n}), n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(gotI[i], static_cast<float>(iv[i]));  // nearest even
}

// --- comparisons and select --------------------------------------------------------------
enum class CmpForm : uint8_t { Bits, Scalar, SelectByCmpMask };

struct CompareBody {
  struct Args {
    CmpForm form;
    float scalar;
  };
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ float* x = at<float>(ub.a);
    __ubuf__ float* y = at<float>(ub.b);
    asc_set_vector_mask(0, ~0ull);
    switch (a.form) {
      case CmpForm::Bits:  // 2 iterations of 64 lanes: 16 bytes of bits
        asc_lt(at<uint8_t>(ub.d), x, y, 2, 1, 1, 1, 8, 8, 8);
        asc_ge_sync(at<uint8_t>(ub.d, 64), x, y, 2, 1, 1, 1, 8, 8, 8);
        break;
      case CmpForm::Scalar:
        asc_eq_scalar(at<uint8_t>(ub.d), x, a.scalar, 2, 1, 1, 8, 8);
        break;
      case CmpForm::SelectByCmpMask:
        // CMPMASK <- x > y for one iteration, then dst = mask ? x : y.
        asc_gt(x, y, 1, 1, 1, 1, 8, 8, 8);
        asc_select(at<float>(ub.d), x, y, 1, 1, 1, 1, 8, 8, 8);
        break;
    }
  }
};

class CapiCompare : public IsaTest {};

TEST_F(CapiCompare, BitsScalarAndSelect) {
  std::vector<float> x(kRegion / 4), y(kRegion / 4);
  for (uint32_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5);
    y[i] = static_cast<float>(static_cast<int>(i * 3 % 7) - 3);
  }
  const auto bits = run<CompareBody>(bytesOf(x), bytesOf(y), {}, {CmpForm::Bits, 0});
  for (uint32_t i = 0; i < 128; ++i) {
    ASSERT_EQ((bits[i / 8] >> (i % 8)) & 1, x[i] < y[i] ? 1 : 0) << "lt lane " << i;
    ASSERT_EQ((bits[64 + i / 8] >> (i % 8)) & 1, x[i] >= y[i] ? 1 : 0) << "ge lane " << i;
  }
  const auto eq = run<CompareBody>(bytesOf(x), bytesOf(y), {}, {CmpForm::Scalar, 2.0f});
  for (uint32_t i = 0; i < 128; ++i) {
    ASSERT_EQ((eq[i / 8] >> (i % 8)) & 1, x[i] == 2.0f ? 1 : 0) << "eq_scalar lane " << i;
  }
  const auto sel = valuesOf<float>(
      run<CompareBody>(bytesOf(x), bytesOf(y), {}, {CmpForm::SelectByCmpMask, 0}), 64);
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(sel[i], std::max(x[i], y[i])) << "select lane " << i;
}

// --- reductions ----------------------------------------------------------------------------
enum class Rd : uint8_t { BlockSum, BlockMax, RepeatSum, PairSum, RepeatMaxValueIndex, MinCnt };

struct ReduceBody {
  struct Args {
    Rd op;
  };
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ float* x = at<float>(ub.a);
    __ubuf__ float* d = at<float>(ub.d);
    asc_set_vector_mask(0, ~0ull);
    switch (a.op) {
      case Rd::BlockSum:  // 4 iterations, 8 sums each, dst_repeat_stride 1 (one block)
        asc_datablock_reduce_sum(d, x, 4, 1, 1, 8);
        break;
      case Rd::BlockMax:
        asc_datablock_reduce_max_sync(d, x, 256);
        break;
      case Rd::RepeatSum:  // one sum per iteration, consecutive
        asc_repeat_reduce_sum(d, x, 4, 1, 1, 8);
        break;
      case Rd::PairSum:
        asc_pair_reduce_sum(d, x, 2, 1, 1, 8);
        break;
      case Rd::RepeatMaxValueIndex:  // (value, index) pairs, one per iteration
        asc_repeat_reduce_max_value_index(d, x, 3, 1, 1, 8);
        break;
      case Rd::MinCnt: {
        asc_repeat_reduce_min_only_value(d, x, 3, 1, 1, 8);
        asc_sync_notify(PIPE_V, PIPE_S, EVENT_ID0);
        asc_sync_wait(PIPE_V, PIPE_S, EVENT_ID0);
        float v = 0;
        uint32_t idx = 0;
        asc_get_reduce_min_cnt(v, idx);
        asc_duplicate(d + 8, v, 8);
        asc_duplicate(at<uint32_t>(ub.d, 64), idx, 8);
        break;
      }
    }
  }
};

class CapiReduce : public IsaTest {};

TEST_F(CapiReduce, BlockRepeatAndPairSums) {
  std::vector<float> x(kRegion / 4);
  for (uint32_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 37) % 19) - 9.0f;
  const auto bs = valuesOf<float>(run<ReduceBody>(bytesOf(x), {}, {}, {Rd::BlockSum}), 32);
  for (uint32_t b = 0; b < 32; ++b) {
    float s = 0;
    for (uint32_t k = 0; k < 8; ++k) s += x[b * 8 + k];
    ASSERT_EQ(bs[b], s) << "block " << b;
  }
  const auto bm = valuesOf<float>(run<ReduceBody>(bytesOf(x), {}, {}, {Rd::BlockMax}), 32);
  for (uint32_t b = 0; b < 32; ++b) {
    ASSERT_EQ(bm[b], *std::max_element(x.begin() + b * 8, x.begin() + b * 8 + 8)) << b;
  }
  const auto rs = valuesOf<float>(run<ReduceBody>(bytesOf(x), {}, {}, {Rd::RepeatSum}), 4);
  for (uint32_t r = 0; r < 4; ++r) {
    float s = 0;
    for (uint32_t k = 0; k < 64; ++k) s += x[r * 64 + k];
    ASSERT_EQ(rs[r], s) << "iteration " << r;
  }
  const auto ps = valuesOf<float>(run<ReduceBody>(bytesOf(x), {}, {}, {Rd::PairSum}), 64);
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t k = 0; k < 32; ++k) {
      ASSERT_EQ(ps[r * 32 + k], x[r * 64 + 2 * k] + x[r * 64 + 2 * k + 1]) << r << " " << k;
    }
  }
}

TEST_F(CapiReduce, ExtremesWithIndexAndTheCountRegister) {
  std::vector<float> x(kRegion / 4);
  for (uint32_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 53) % 101) - 50.0f;
  const auto vi = run<ReduceBody>(bytesOf(x), {}, {}, {Rd::RepeatMaxValueIndex});
  for (uint32_t r = 0; r < 3; ++r) {
    const auto it = std::max_element(x.begin() + r * 64, x.begin() + r * 64 + 64);
    float value;
    uint32_t index;
    std::memcpy(&value, vi.data() + r * 8, 4);
    std::memcpy(&index, vi.data() + r * 8 + 4, 4);
    ASSERT_EQ(value, *it) << r;
    ASSERT_EQ(index, static_cast<uint32_t>(it - (x.begin() + r * 64))) << r;
  }
  const auto mc = run<ReduceBody>(bytesOf(x), {}, {}, {Rd::MinCnt});
  const auto it = std::min_element(x.begin(), x.begin() + 192);
  EXPECT_EQ(valuesOf<float>(std::vector<uint8_t>(mc.begin() + 32, mc.begin() + 36), 1)[0], *it);
  // The index of the overall minimum within its iteration.
  uint32_t idx;
  std::memcpy(&idx, mc.data() + 64, 4);
  EXPECT_EQ(idx, static_cast<uint32_t>((it - x.begin()) % 64));
}

// --- layout: duplicate, brcb, gather, GatherMask ----------------------------------------
enum class Lay : uint8_t { Duplicate, Brcb, Gather, GatherMask };

struct LayoutBody {
  struct Args {
    Lay op;
  };
  static void run(const Ub& ub, const Args& a) {
    switch (a.op) {
      case Lay::Duplicate:
        asc_duplicate(at<half>(ub.d), half::fromBits(0x3C00), 100);  // 1.0
        asc_set_vector_mask(0, 0xFF);
        asc_duplicate(at<int32_t>(ub.d, 1024), -7, 2, 1, 8);  // 8 lanes of 2 iterations
        break;
      case Lay::Brcb:  // 16 elements -> 16 blocks
        asc_brcb(at<uint32_t>(ub.d), at<uint32_t>(ub.a), 1, 8, 2);
        break;
      case Lay::Gather:  // dst[i] = src[offset[i] / 4]
        asc_gather(at<float>(ub.d), at<float>(ub.a), at<uint32_t>(ub.b), 100);
        break;
      case Lay::GatherMask:  // the lanes whose bit in src1 is set, packed
        asc_reduce(at<uint32_t>(ub.d), at<uint32_t>(ub.a), at<uint32_t>(ub.b), 64);
        break;
    }
  }
};

class CapiLayout : public IsaTest {};

TEST_F(CapiLayout, DuplicateBrcbGatherAndGatherMask) {
  const std::vector<uint8_t> fill(kRegion, 0x5A);
  const auto dup = run<LayoutBody>({}, {}, fill, {Lay::Duplicate});
  const auto h = valuesOf<uint16_t>(dup, 101);
  for (uint32_t i = 0; i < 100; ++i) ASSERT_EQ(h[i], 0x3C00) << i;
  ASSERT_EQ(h[100], 0x5A5A);
  const auto w = valuesOf<int32_t>(std::vector<uint8_t>(dup.begin() + 1024, dup.end()), 128);
  for (uint32_t i = 0; i < 128; ++i) {
    ASSERT_EQ(w[i], (i % 64) < 8 ? -7 : 0x5A5A5A5A) << i;
  }

  std::vector<uint32_t> src(kRegion / 4);
  for (uint32_t i = 0; i < src.size(); ++i) src[i] = i * 3 + 1;
  const auto br = valuesOf<uint32_t>(run<LayoutBody>(bytesOf(src), {}, {}, {Lay::Brcb}), 128);
  for (uint32_t i = 0; i < 128; ++i) ASSERT_EQ(br[i], src[i / 8]) << i;

  std::vector<float> fs(kRegion / 4);
  for (uint32_t i = 0; i < fs.size(); ++i) fs[i] = static_cast<float>(i) + 0.5f;
  std::vector<uint32_t> off(kRegion / 4);
  for (uint32_t i = 0; i < off.size(); ++i) off[i] = ((i * 97) % 1000) * 4;
  const auto g =
      valuesOf<float>(run<LayoutBody>(bytesOf(fs), bytesOf(off), {}, {Lay::Gather}), 100);
  for (uint32_t i = 0; i < 100; ++i) ASSERT_EQ(g[i], fs[off[i] / 4]) << i;

  std::vector<uint32_t> bitsv(kRegion / 4, 0);
  bitsv[0] = 0x8000A00Fu;  // lanes 0..3, 13, 15, 31
  bitsv[1] = 0x00000001u;  // lane 32
  const auto gm =
      valuesOf<uint32_t>(run<LayoutBody>(bytesOf(src), bytesOf(bitsv),
                                         std::vector<uint8_t>(kRegion, 0), {Lay::GatherMask}),
                         8);
  const uint32_t kept[] = {0, 1, 2, 3, 13, 15, 31, 32};
  for (uint32_t i = 0; i < 8; ++i) ASSERT_EQ(gm[i], src[kept[i]]) << i;
}

// --- aligned GM <-> UB copies and the pad value ------------------------------------------
__global__ __aicore__ void alignCopyKernel(GM_ADDR src, GM_ADDR dst) {
  asc_init();
  __ubuf__ half* ub = reinterpret_cast<__ubuf__ half*>(asc_get_phy_buf_addr(0));
  asc_set_copy_pad_val(half::fromBits(0x7BFF));
  // 2 bursts of 10 halves, 3 pad elements left and 3 right: each burst in
  // its own 32-byte slot.
  asc_copy_gm2ub_align(ub, reinterpret_cast<__gm__ half*>(src), 2, 20, 3, 3, 4, 0);
  asc_sync_notify(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  asc_sync_wait(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  asc_copy_ub2gm_align_sync(reinterpret_cast<__gm__ half*>(dst), ub, 64);
}

class CapiDataMove : public isatest::IsaTest {};

TEST_F(CapiDataMove, AlignedCopyPadsEachBurstSlot) {
  testing::DevBuf src(256), dst(256);
  std::vector<uint16_t> s(128);
  for (uint32_t i = 0; i < 128; ++i) s[i] = static_cast<uint16_t>(0x1000 + i);
  src.upload(s);
  dst.upload(std::vector<uint16_t>(128, 0));
  for (const asctwin::ExecMode mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
    auto o = vec(1, "align");
    o.mode = mode;
    ASSERT_EQ(asctwin::run(alignCopyKernel, o, src.gm(), dst.gm()), 0) << lastError();
    const auto got = dst.download<uint16_t>(32);
    // Burst b (source halves 10 * b + 2 * b ... : a source gap of 4 bytes =
    // 2 halves after each burst) in slot b: 3 pads, 10 halves, 3 pads.
    for (uint32_t b = 0; b < 2; ++b) {
      for (uint32_t k = 0; k < 16; ++k) {
        const uint16_t want = (k < 3 || k >= 13) ? 0x7BFF : s[b * 12 + (k - 3)];
        ASSERT_EQ(got[b * 16 + k], want) << "slot " << b << " element " << k;
      }
    }
  }
}

}  // namespace
}  // namespace asctwin::capitest
