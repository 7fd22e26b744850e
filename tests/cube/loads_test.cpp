// The cube's loads, read back through Mmad: L1 -> L0B with the 2-D
// transpose and with LoadDataWithTranspose, img2col (LoadData 3-D v2)
// against an im2col oracle written from the reference pseudocode
// (mmad_load3dv2/load3d.py), InitConstValue, the half -> float bias copy
// into BT, and GEMV (m = 1 reads A as a plain vector).
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::ceilDiv;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kM = 32, kK = 32, kN = 48;

// mode 0: B (K x N ND) -> L1 NZ -> L0B with LoadData2DParams.ifTranspose;
// mode 1: the same with LoadDataWithTranspose; mode 2: A filled with
// InitConstValue in L0A (value 0.5), B by mode 0; mode 3: mode 0 plus a
// half bias row through L1 -> BT (converted to float).
__global__ __cube__ void loadKernel(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, int32_t mode) {
  GlobalTensor<half> ag, bg, biasg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), kM * kK);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), kK * kN);
  biasg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(bias), kN);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kM * kN);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalMemAllocator<Hardware::BIAS> bt;
  LocalTensor<half> a1 = l1.Alloc<half>(kM * kK), b1 = l1.Alloc<half>(kK * kN);
  LocalTensor<half> bias1 = l1.Alloc<half>(kN);
  LocalTensor<half> a2 = l0a.Alloc<half>(kM * kK), b2 = l0b.Alloc<half>(kK * kN);
  LocalTensor<float> c1 = l0c.Alloc<float>(kM * kN);
  LocalTensor<float> bias2 = bt.Alloc<float>(kN);
  DataCopy(a1, ag, Nd2NzParams(1, kM, kK, 0, kK, kM, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, kK, kN, 0, kN, kK, 1, 0));
  DataCopy(bias1, biasg, kN);
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  constexpr uint32_t m1 = kM / 16, k1 = kK / 16, n1 = kN / 16;
  if (mode == 2) {
    InitConstValue(a2, InitConstValueParams<half>(1, m1 * k1, 0, half(0.5f)));
  } else {
    for (uint32_t i = 0; i < m1; ++i)
      LoadData(a2[i * kK * 16], a1[i * 256], LoadData2DParams(0, k1, m1, 0, 0, false, 0));
  }
  for (uint32_t i = 0; i < k1; ++i) {
    if (mode == 1) {
      LoadDataWithTranspose(b2[i * kN * 16], b1[i * 256],
                            LoadData2dTransposeParams(0, n1, k1, 0, 0));
    } else {
      LoadData(b2[i * kN * 16], b1[i * 256], LoadData2DParams(0, n1, k1, 0, 0, true, 0));
    }
  }
  if (mode == 3) DataCopy(bias2, bias1, DataCopyParams(1, kN * 4 / 64, 0, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  if (mode == 3) {
    Mmad(c1, a2, b2, bias2, MmadParams(kM, kN, kK, 0, false, false));
  } else {
    Mmad(c1, a2, b2, MmadParams(kM, kN, kK, 0, false, true));
  }
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  Fixpipe(cg, c1, FixpipeParamsV220(kN, kM, kM, kN, false));
}

// img2col: a feature map (C1 = 1, H = 4, W = 5, C0 = 16, half) in L1,
// filter 2 x 3, stride 1 x 2, dilation 1, pads left 1 / right 1 / top 1 /
// bottom 0 with pad value 0.25; the im2col block [0, mExt) x [0, kExt) goes
// to L0A (Zz), B = I (kExt x kExt) reads it out: C = im2col block.
constexpr uint32_t kC1 = 1, kH = 4, kW = 5, kFh = 2, kFw = 3, kSh = 1, kSw = 2;
constexpr uint32_t kPadL = 1, kPadR = 1, kPadT = 1, kPadB = 0;
constexpr uint32_t kHout = (kH + kPadT + kPadB - kFh) / kSh + 1;  // 4
constexpr uint32_t kWout = (kW + kPadL + kPadR - kFw) / kSw + 1;  // 3
constexpr uint32_t kRows = kHout * kWout;                         // 12 positions
constexpr uint32_t kMExt = 16, kKExt = kC1 * kFh * kFw * 16;      // 16 x 96

__global__ __cube__ void img2colKernel(GM_ADDR fmap, GM_ADDR eye, GM_ADDR c) {
  GlobalTensor<half> fg, eg;
  GlobalTensor<float> cg;
  fg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(fmap), kC1 * kH * kW * 16);
  eg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(eye), kKExt * kKExt);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kMExt * kKExt);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<half> f1 = l1.Alloc<half>(kC1 * kH * kW * 16), e1 = l1.Alloc<half>(kKExt * kKExt);
  LocalTensor<half> a2 = l0a.Alloc<half>(kMExt * kKExt), b2 = l0b.Alloc<half>(kKExt * kKExt);
  LocalTensor<float> c1 = l0c.Alloc<float>(kMExt * kKExt);
  DataCopy(f1, fg, kC1 * kH * kW * 16);
  DataCopy(e1, eg, Nd2NzParams(1, kKExt, kKExt, 0, kKExt, kKExt, 1, 0));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  LoadData3DParamsV2<half> p;
  p.padList[0] = kPadL;
  p.padList[1] = kPadR;
  p.padList[2] = kPadT;
  p.padList[3] = kPadB;
  p.l1H = kH;
  p.l1W = kW;
  p.channelSize = kC1 * 16;
  p.kExtension = kKExt;
  p.mExtension = kMExt;
  p.strideW = kSw;
  p.strideH = kSh;
  p.filterW = kFw;
  p.filterH = kFh;
  p.padValue = half(0.25f);
  LoadData(a2, f1, p);
  // I is symmetric: its NZ is Zn fractal by fractal after the transpose.
  for (uint32_t i = 0; i < kKExt / 16; ++i)
    LoadData(b2[i * kKExt * 16], e1[i * 256],
             LoadData2DParams(0, kKExt / 16, kKExt / 16, 0, 0, true, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  Mmad(c1, a2, b2, MmadParams(kMExt, kKExt, kKExt, 0, false, true));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  Fixpipe(cg, c1, FixpipeParamsV220(kKExt, kMExt, kMExt, kKExt, false));
}

// GEMV: A (1 x K) contiguous in L0A (a plain copy of fractals), C row 0.
constexpr uint32_t kGk = 64, kGn = 32;
__global__ __cube__ void gemvKernel(GM_ADDR a, GM_ADDR bt, GM_ADDR c) {
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), 256);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(bt), kGn * kGk);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kGn);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<half> a1 = l1.Alloc<half>(256), b1 = l1.Alloc<half>(kGn * kGk);
  LocalTensor<half> a2 = l0a.Alloc<half>(256), b2 = l0b.Alloc<half>(kGn * kGk);
  LocalTensor<float> c1 = l0c.Alloc<float>(16 * kGn);
  DataCopy(a1, ag, 256);
  DataCopy(b1, bg, Nd2NzParams(1, kGn, kGk, 0, kGk, kGn, 1, 0));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  LoadData(a2, a1, LoadData2DParams(0, 1, 0, 0, 0, false, 0));
  LoadData(b2, b1, LoadData2DParams(0, kGk / 16 * (kGn / 16), 1, 0, 0, false, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  Mmad(c1, a2, b2, MmadParams(1, kGn, kGk, 0, false, true));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  Fixpipe(cg, c1, FixpipeParamsV220(kGn, 1, 16, kGn, false));
}

// ND -> NZ with two matrices, a row length that is not a whole number of
// 32-byte blocks (zero padding), row and matrix strides; L1 back to GM as
// it is (DataCopy L1 -> GM).
constexpr uint32_t kNdRows = 5, kNdCols = 20, kNdPitch = 24, kNdMatrixSrc = 130;
constexpr uint32_t kC0Stride = 6, kNStride = 1, kNdMatrixDst = 256, kL1Elems = 512;
__global__ __cube__ void nd2nzKernel(GM_ADDR src, GM_ADDR out) {
  GlobalTensor<half> sg, og;
  sg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(src), kNdMatrixSrc + kNdRows * kNdPitch);
  og.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(out), kL1Elems);
  LocalMemAllocator<Hardware::L1> l1;
  LocalTensor<half> t = l1.Alloc<half>(kL1Elems);
  InitConstValue(t, InitConstValueParams<half>(1, kL1Elems * 2 / 32, 0, half(-1.0f)));
  PipeBarrier<PIPE_MTE2>();  // the fill (MTE2 for L1) before the copy over it
  DataCopy(
      t, sg,
      Nd2NzParams(2, kNdRows, kNdCols, kNdMatrixSrc, kNdPitch, kC0Stride, kNStride, kNdMatrixDst));
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  DataCopy(og, t, kL1Elems);
}

class LoadsTest : public KernelTest {};

TEST_F(LoadsTest, Nd2NzPlacesRowsBlocksAndMatricesAndPadsWithZeros) {
  std::vector<half> src(kNdMatrixSrc + kNdRows * kNdPitch);
  for (size_t i = 0; i < src.size(); ++i) src[i] = half(static_cast<float>(i));
  DevBuf sg(src.size() * 2), og(kL1Elems * 2);
  sg.upload(src);
  ASSERT_EQ(asctwin::run(nd2nzKernel, cube(1), sg.gm(), og.gm()), 0) << lastError();
  const auto out = og.download<half>(kL1Elems);
  // The page's rule: matrix i, row r, 32-byte block c at
  // i * dstNzMatrixStride elements + c * dstNzC0Stride * 32 + r * dstNzNStride * 32
  // bytes; the rest of a block past dValue is 0; everything else untouched.
  std::vector<float> want(kL1Elems, -1.0f);
  for (uint32_t i = 0; i < 2; ++i)
    for (uint32_t r = 0; r < kNdRows; ++r)
      for (uint32_t col = 0; col < 32; ++col) {  // two blocks of 16 halves
        const uint32_t c = col / 16;
        const size_t at =
            i * kNdMatrixDst + (c * kC0Stride * 32 + r * kNStride * 32) / 2 + col % 16;
        want[at] =
            col < kNdCols ? static_cast<float>(src[i * kNdMatrixSrc + r * kNdPitch + col]) : 0.0f;
      }
  for (uint32_t e = 0; e < kL1Elems; ++e) ASSERT_EQ(static_cast<float>(out[e]), want[e]) << e;
}

TEST_F(LoadsTest, TransposedLoadsFillsAndTheBiasTable) {
  const auto a = asctwin::testing::randomValues<half>(kM * kK, 3);
  const auto b = asctwin::testing::randomValues<half>(kK * kN, 4);
  const auto bias = asctwin::testing::randomValues<half>(kN, 5);
  for (int mode : {0, 1, 2, 3}) {
    SCOPED_TRACE(mode);
    DevBuf ag(a.size() * 2), bg(b.size() * 2), biasg(bias.size() * 2), cg(kM * kN * 4);
    ag.upload(a);
    bg.upload(b);
    biasg.upload(bias);
    ASSERT_EQ(asctwin::run(loadKernel, cube(1), ag.gm(), bg.gm(), biasg.gm(), cg.gm(), mode), 0)
        << lastError();
    std::vector<float> af = asctwin::testing::widen(a);
    if (mode == 2) std::fill(af.begin(), af.end(), 0.5f);
    std::vector<float> init(kM * kN, 0.0f);
    if (mode == 3)
      for (uint32_t i = 0; i < kM; ++i)
        for (uint32_t j = 0; j < kN; ++j) init[i * kN + j] = static_cast<float>(bias[j]);
    const auto ref =
        asctwin::testing::oracleMatmul(af, asctwin::testing::widen(b), kM, kK, kN, &init);
    const auto out = cg.download<float>(kM * kN);
    for (size_t i = 0; i < ref.size(); ++i)
      ASSERT_EQ(asctwin::testing::floatBits(out[i]), asctwin::testing::floatBits(ref[i])) << i;
  }
}

TEST_F(LoadsTest, Img2colMatchesTheReferencePseudocode) {
  std::vector<half> fmap(kC1 * kH * kW * 16);
  for (size_t i = 0; i < fmap.size(); ++i) fmap[i] = half(static_cast<float>(i % 97) * 0.125f);
  std::vector<half> eye(kKExt * kKExt, half(0.0f));
  for (uint32_t i = 0; i < kKExt; ++i) eye[i * kKExt + i] = half(1.0f);
  DevBuf fg(fmap.size() * 2), eg(eye.size() * 2), cg(kMExt * kKExt * 4);
  fg.upload(fmap);
  eg.upload(eye);
  ASSERT_EQ(asctwin::run(img2colKernel, cube(1), fg.gm(), eg.gm(), cg.gm()), 0) << lastError();
  const auto out = cg.download<float>(kMExt * kKExt);
  // load3d.py: pad the map, slide the (dilated) window, row = output
  // position (h_out * Wout + w_out), column = (c1, kh, kw, c0).
  for (uint32_t m = 0; m < kRows; ++m)
    for (uint32_t k = 0; k < kKExt; ++k) {
      const uint32_t c0 = k % 16, q = k / 16, c1 = q / (kFh * kFw), tap = q % (kFh * kFw);
      const int h = static_cast<int>((m / kWout) * kSh + tap / kFw) - static_cast<int>(kPadT);
      const int w = static_cast<int>((m % kWout) * kSw + tap % kFw) - static_cast<int>(kPadL);
      float want = 0.25f;
      if (h >= 0 && h < static_cast<int>(kH) && w >= 0 && w < static_cast<int>(kW))
        want = static_cast<float>(fmap[((c1 * kH + h) * kW + w) * 16 + c0]);
      ASSERT_EQ(out[m * kKExt + k], want) << "m " << m << " k " << k;
    }
}

TEST_F(LoadsTest, GemvReadsAAsAPlainVector) {
  auto a = asctwin::testing::randomValues<half>(256, 8);
  const auto bT = asctwin::testing::randomValues<half>(kGn * kGk, 9);
  DevBuf ag(a.size() * 2), bg(bT.size() * 2), cg(kGn * 4);
  ag.upload(a);
  bg.upload(bT);
  ASSERT_EQ(asctwin::run(gemvKernel, cube(1), ag.gm(), bg.gm(), cg.gm()), 0) << lastError();
  const auto out = cg.download<float>(kGn);
  for (uint32_t j = 0; j < kGn; ++j) {
    float acc = 0.0f;
    for (uint32_t q = 0; q < kGk; ++q)
      acc = std::fma(static_cast<float>(a[q]), static_cast<float>(bT[j * kGk + q]), acc);
    ASSERT_EQ(asctwin::testing::floatBits(out[j]), asctwin::testing::floatBits(acc)) << j;
  }
}

}  // namespace
