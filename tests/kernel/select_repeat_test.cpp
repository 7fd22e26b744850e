// Select's high-dimensional forms (repeatTime iterations with strides and a
// MASK), against a host oracle written from the reference's description:
// mode 1 takes src0 where the selection bit is set, else the scalar; the
// selection bits advance one per element over the iterations (modes 1 and
// 2), while mode 0 reads the same 128 CMPMASK bits in every iteration; lanes
// the MASK disables keep their old value. Includes src0 read again by every
// iteration (repeat stride 0), the form the Bernoulli kernel uses for its
// block of ones.
#include <cstring>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

constexpr uint32_t kFloats = 64;  // lanes of one float iteration
constexpr uint32_t kRepeats = 5;
constexpr uint32_t kOut = kFloats * kRepeats * 2;  // room for a dst repeat stride of 16 blocks
constexpr float kSentinel = -7.0f;

struct Case {
  int mode;             // 0, 1 or 2
  bool bitMask;         // mask[] (odd lanes) or a continuous length (50 lanes)
  uint8_t src0Rep;      // 0: one block of constants read by every iteration; 8: contiguous
  uint8_t dstRep;       // 8: contiguous; 16: every other iteration's slot
  bool presetMasks;     // the forms without mask and scalar (SetVectorMask/SetCmpMask before)
  uint32_t lanes = 50;  // the continuous length (64: every lane, the contiguous fast paths)
};

__global__ __aicore__ void selectKernel(GM_ADDR sel, GM_ADDR src, GM_ADDR out, Case c) {
  GlobalTensor<uint8_t> gs;
  GlobalTensor<float> g0, go;
  gs.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(sel), 64);
  g0.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 2 * kFloats * kRepeats);
  go.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), kOut);
  TPipe pipe;
  TBuf<TPosition::VECCALC> sb, s0b, s1b, ob;
  pipe.InitBuffer(sb, 64);
  pipe.InitBuffer(s0b, kFloats * kRepeats * 4);
  pipe.InitBuffer(s1b, kFloats * kRepeats * 4);
  pipe.InitBuffer(ob, kOut * 4);
  LocalTensor<uint8_t> s = sb.Get<uint8_t>();
  LocalTensor<float> s0 = s0b.Get<float>(), s1 = s1b.Get<float>(), o = ob.Get<float>();
  DataCopy(s, gs, 64);
  DataCopy(s0, g0, kFloats * kRepeats);
  DataCopy(s1, g0[kFloats * kRepeats], kFloats * kRepeats);
  Duplicate(o, kSentinel, kOut);
  PipeBarrier<PIPE_ALL>();
  const BinaryRepeatParams p(1, 1, 1, c.dstRep, c.src0Rep, 8);
  uint64_t odd[2] = {0xAAAAAAAAAAAAAAAAull, 0};
  const uint64_t len = c.lanes;
  if (c.mode == 1) {
    if (c.presetMasks) {
      // The scalar 2.5 in CMPMASK through a block of it, as the reference shows.
      LocalTensor<float> blk = s1[0];
      Duplicate(blk, 2.5f, 8);
      PipeBarrier<PIPE_V>();
      SetCmpMask(blk);
      PipeBarrier<PIPE_V>();
      SetVectorMask<float>(0, (uint64_t{1} << 50) - 1);
      Select(o, s, s0, kRepeats, p);
    } else if (c.bitMask) {
      Select(o, s, s0, 2.5f, SELMODE::VSEL_TENSOR_SCALAR_MODE, odd, kRepeats, p);
    } else {
      Select(o, s, s0, 2.5f, SELMODE::VSEL_TENSOR_SCALAR_MODE, len, kRepeats, p);
    }
  } else {
    const SELMODE m = c.mode == 0 ? SELMODE::VSEL_CMPMASK_SPR : SELMODE::VSEL_TENSOR_TENSOR_MODE;
    if (c.presetMasks) {
      SetCmpMask(s);
      PipeBarrier<PIPE_V>();
      SetVectorMask<float>(0, (uint64_t{1} << 50) - 1);
      Select<float, SELMODE::VSEL_CMPMASK_SPR>(o, s0, s1, kRepeats, p);
    } else if (c.bitMask) {
      Select(o, s, s0, s1, m, odd, kRepeats, p);
    } else {
      Select(o, s, s0, s1, m, len, kRepeats, p);
    }
  }
  ResetMask();
  PipeBarrier<PIPE_ALL>();
  DataCopy(go, o, kOut);
}

}  // namespace

namespace asctwin::testing {

TEST_F(KernelTest, SelectHighDimensionalFormsMatchTheOracle) {
  std::vector<uint8_t> sel(64);
  for (size_t i = 0; i < sel.size(); ++i) sel[i] = static_cast<uint8_t>(0x5B * i + 0x31);
  std::vector<float> src(2 * kFloats * kRepeats);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<float>(i) + 0.25f;
  const float* src0 = src.data();
  const float* src1 = src.data() + kFloats * kRepeats;
  const auto bit = [&](uint32_t i) { return ((sel[i / 8] >> (i % 8)) & 1u) != 0; };
  const Case cases[] = {
      {1, false, 0, 8, false},     {1, true, 0, 16, false},     {1, false, 8, 8, false},
      {1, false, 0, 8, true},      {2, false, 8, 8, false},     {2, true, 8, 16, false},
      {0, false, 8, 8, false},     {0, true, 8, 8, false},      {0, false, 8, 8, true},
      {1, false, 0, 8, false, 64}, {1, false, 8, 8, false, 64}, {2, false, 8, 8, false, 64},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE("mode " + std::to_string(c.mode) +
                 (c.bitMask ? " odd lanes" : " " + std::to_string(c.lanes) + " lanes") +
                 " src0Rep " + std::to_string(c.src0Rep) + " dstRep " + std::to_string(c.dstRep) +
                 (c.presetMasks ? " preset masks" : ""));
    DevBuf ds(sel.size()), d0(src.size() * 4), dout(kOut * 4);
    ds.upload(sel);
    d0.upload(src);
    ASSERT_EQ(asctwin::run(selectKernel, vec(1, "select"), ds.gm(), d0.gm(), dout.gm(), c), 0)
        << lastError();
    const auto got = dout.download<float>(kOut);
    std::vector<float> want(kOut, kSentinel);
    for (uint32_t r = 0; r < kRepeats; ++r) {
      for (uint32_t l = 0; l < kFloats; ++l) {
        const bool on =
            c.bitMask && !c.presetMasks ? l % 2 == 1 : l < (c.presetMasks ? 50 : c.lanes);
        if (!on) continue;
        const uint32_t i = r * kFloats + l;
        const float a = src0[r * c.src0Rep * 8 + l];
        const bool take = c.mode == 0 ? bit(l) : bit(i);
        const float b = c.mode == 1 ? 2.5f : src1[i];
        want[r * c.dstRep * 8 + l] = take ? a : b;
      }
    }
    for (uint32_t k = 0; k < kOut; ++k) ASSERT_EQ(got[k], want[k]) << "element " << k;
  }
}

}  // namespace asctwin::testing
