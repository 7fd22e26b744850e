// The vector API through kernel_operator.h: the Bernoulli expansion chain
// (mask bits -> Select -> Cast) and FP64 words assembled with Gather, checked
// against host references.
#include <cstring>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

constexpr uint32_t kN = 256;
const uint8_t kMaskPattern[8] = {0x00, 0x01, 0x02, 0x80, 0xA5, 0x5A, 0x7F, 0xFF};

// mask (kN bits) -> float 0/1 via Select -> int32 via Cast TRUNC.
__global__ __aicore__ void expandKernel(GM_ADDR mask, GM_ADDR outF, GM_ADDR outI) {
  GlobalTensor<uint8_t> m;
  GlobalTensor<float> of;
  GlobalTensor<int32_t> oi;
  m.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(mask), kN / 8);
  of.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(outF), kN);
  oi.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(outI), kN);
  TPipe pipe;
  TBuf<TPosition::VECCALC> mb, fb, ib, ones;
  pipe.InitBuffer(mb, kN / 8);
  pipe.InitBuffer(fb, kN * 4);
  pipe.InitBuffer(ib, kN * 4);
  pipe.InitBuffer(ones, kN * 4);
  LocalTensor<uint8_t> ml = mb.Get<uint8_t>();
  DataCopyPad(ml, m, DataCopyExtParams(1, kN / 8, 0, 0, 0),
              DataCopyPadExtParams<uint8_t>(false, 0, 0, 0));
  LocalTensor<float> one = ones.Get<float>();
  Duplicate(one, 1.0f, kN);
  LocalTensor<float> f = fb.Get<float>();
  Select(f, ml, one, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, kN);
  LocalTensor<int32_t> i = ib.Get<int32_t>();
  Cast(i, f, RoundMode::CAST_TRUNC, kN);
  DataCopy(of, f, kN);
  DataCopy(oi, i, kN);
}

// FP64 1.0/0.0 from two 32-bit words: high word 0x3FF00000 or 0, low word 0,
// interleaved with Gather.
__global__ __aicore__ void fp64Kernel(GM_ADDR mask, GM_ADDR out) {
  GlobalTensor<uint8_t> m;
  GlobalTensor<uint32_t> o;
  m.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(mask), kN / 8);
  o.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(out), 2 * kN);
  TPipe pipe;
  TBuf<TPosition::VECCALC> mb, hi, hiSrc, idx, words;
  pipe.InitBuffer(mb, kN / 8);
  pipe.InitBuffer(hi, 2 * kN * 4);  // [0, kN): high words, [kN, 2kN): zeros
  pipe.InitBuffer(hiSrc, kN * 4);
  pipe.InitBuffer(idx, 2 * kN * 4);
  pipe.InitBuffer(words, 2 * kN * 4);
  LocalTensor<uint8_t> ml = mb.Get<uint8_t>();
  DataCopyPad(ml, m, DataCopyExtParams(1, kN / 8, 0, 0, 0),
              DataCopyPadExtParams<uint8_t>(false, 0, 0, 0));
  LocalTensor<float> h = hi.Get<float>();
  LocalTensor<float> src = hiSrc.Get<float>();
  Duplicate(src, 1.875f, kN);  // bits 0x3FF00000: the high word of double 1.0
  Select(h, ml, src, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, kN);
  Duplicate(h[kN], 0.0f, kN);
  LocalTensor<uint32_t> off = idx.Get<uint32_t>();
  for (uint32_t k = 0; k < kN; ++k) {
    off.SetValue(2 * k, (kN + k) * 4);  // low word: a zero
    off.SetValue(2 * k + 1, k * 4);     // high word
  }
  LocalTensor<uint32_t> w = words.Get<uint32_t>();
  Gather(w, h.ReinterpretCast<uint32_t>(), off, 0, 2 * kN);
  DataCopy(o, w, 2 * kN);
}

}  // namespace

namespace asctwin::testing {

static std::vector<uint8_t> mask() {
  std::vector<uint8_t> m(kN / 8);
  for (size_t i = 0; i < m.size(); ++i) m[i] = kMaskPattern[i % 8];
  return m;
}
static bool bit(const std::vector<uint8_t>& m, uint32_t i) {
  return (m[i / 8] >> (i % 8)) & 1;
}

TEST_F(KernelTest, MaskSelectCastChain) {
  auto m = mask();
  DevBuf dm(kN / 8), df(kN * 4), di(kN * 4);
  dm.upload(m);
  ASSERT_EQ(asctwin::run(expandKernel, vec(1, "expand"), dm.gm(), df.gm(), di.gm()), 0)
      << lastError();
  auto f = df.download<float>(kN);
  auto i = di.download<int32_t>(kN);
  for (uint32_t k = 0; k < kN; ++k) {
    EXPECT_EQ(f[k], bit(m, k) ? 1.0f : 0.0f) << k;
    EXPECT_EQ(i[k], bit(m, k) ? 1 : 0) << k;
  }
}

TEST_F(KernelTest, Fp64WordsAssembledWithGather) {
  auto m = mask();
  DevBuf dm(kN / 8), dout(kN * 8);
  dm.upload(m);
  ASSERT_EQ(asctwin::run(fp64Kernel, vec(1, "fp64"), dm.gm(), dout.gm()), 0) << lastError();
  auto d = dout.download<double>(kN);
  for (uint32_t k = 0; k < kN; ++k) EXPECT_EQ(d[k], bit(m, k) ? 1.0 : 0.0) << k;
}

}  // namespace asctwin::testing
