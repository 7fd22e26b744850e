// LoadImageToLocal with SetAippFunctions (docs/cube.md, "AIPP"): every
// A2 input format and option (channel swaps, single line, colour-space
// conversion both ways, int8 / half conversion, channel padding modes,
// the four HW padding modes) against a per-element oracle written from the
// pages' rules, a worked pixel by hand, and the refusals of bad parameters.
#include <cmath>
#include <random>

#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

struct Case {
  AippInputFormat format = AippInputFormat::RGB888_U8;
  bool half = false;  // output type: half, else int8_t
  uint32_t srcW = 8, srcH = 6;
  LoadImageToLocalParams win;
  uint32_t paddingMode = 0, cPaddingMode = 0;
  bool swapRB = false, swapUV = false, swapAX = false, singleLine = false, csc = false;
  int16_t m[3][3] = {};
  uint8_t biasIn[3] = {}, biasOut[3] = {}, mean[3] = {};
  float minV[3] = {0, 0, 0}, varV[3] = {1, 1, 1};
  float padValue[4] = {};
  float cPadValue = 0;
};

template <typename U>
AippParams<U> paramsOf(const Case& c) {
  AippParams<U> p{};
  p.paddingParams.paddingMode = c.paddingMode;
  p.paddingParams.paddingValueCh0 = static_cast<U>(c.padValue[0]);
  p.paddingParams.paddingValueCh1 = static_cast<U>(c.padValue[1]);
  p.paddingParams.paddingValueCh2 = static_cast<U>(c.padValue[2]);
  p.paddingParams.paddingValueCh3 = static_cast<U>(c.padValue[3]);
  p.swapParams = {c.swapRB, c.swapUV, c.swapAX};
  p.singleLineParams.isSingleLineCopy = c.singleLine;
  p.dtcParams.dtcMeanCh0 = c.mean[0];
  p.dtcParams.dtcMeanCh1 = c.mean[1];
  p.dtcParams.dtcMeanCh2 = c.mean[2];
  p.dtcParams.dtcMinCh0 = half(c.minV[0]);
  p.dtcParams.dtcMinCh1 = half(c.minV[1]);
  p.dtcParams.dtcMinCh2 = half(c.minV[2]);
  p.dtcParams.dtcVarCh0 = half(c.varV[0]);
  p.dtcParams.dtcVarCh1 = half(c.varV[1]);
  p.dtcParams.dtcVarCh2 = half(c.varV[2]);
  p.cPaddingParams.cPaddingMode = c.cPaddingMode;
  p.cPaddingParams.cPaddingValue = static_cast<U>(c.cPadValue);
  auto& s = p.cscParams;
  s.isEnableCsc = c.csc;
  s.cscMatrixR0C0 = c.m[0][0];
  s.cscMatrixR0C1 = c.m[0][1];
  s.cscMatrixR0C2 = c.m[0][2];
  s.cscMatrixR1C0 = c.m[1][0];
  s.cscMatrixR1C1 = c.m[1][1];
  s.cscMatrixR1C2 = c.m[1][2];
  s.cscMatrixR2C0 = c.m[2][0];
  s.cscMatrixR2C1 = c.m[2][1];
  s.cscMatrixR2C2 = c.m[2][2];
  s.cscBiasIn0 = c.biasIn[0];
  s.cscBiasIn1 = c.biasIn[1];
  s.cscBiasIn2 = c.biasIn[2];
  s.cscBiasOut0 = c.biasOut[0];
  s.cscBiasOut1 = c.biasOut[1];
  s.cscBiasOut2 = c.biasOut[2];
  return p;
}

template <typename U>
__global__ __cube__ void aippKernel(GM_ADDR img, GM_ADDR uv, GM_ADDR out, const Case* c,
                                    uint32_t outElems) {
  GlobalTensor<uint8_t> ig, uvg;
  ig.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(img), 4096);
  uvg.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(uv), 4096);
  GlobalTensor<U> og;
  og.SetGlobalBuffer(reinterpret_cast<__gm__ U*>(out),
                     (outElems * sizeof(U) + 31) / 32 * 32 / sizeof(U));  // whole blocks
  LocalMemAllocator<Hardware::L1> l1;
  LocalTensor<U> dst = l1.Alloc<U>((outElems * sizeof(U) + 31) / 32 * 32 / sizeof(U));
  if (c->format == AippInputFormat::YUV420SP_U8) {
    SetAippFunctions(ig, uvg, c->format, paramsOf<U>(*c));
  } else {
    SetAippFunctions(ig, c->format, paramsOf<U>(*c));
  }
  LoadImageToLocal(dst, c->win);
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  // L1 -> GM as bytes (copy_cbuf_to_gm moves 32-byte blocks).
  DataCopy(og, dst,
           DataCopyParams(1, static_cast<uint16_t>((outElems * sizeof(U) + 31) / 32), 0, 0));
}

// --- the oracle ------------------------------------------------------------------------------

uint32_t channelsOf(const Case& c) {
  return !c.csc && c.format == AippInputFormat::YUV400_U8 ? 1 : 3;
}
uint32_t srcBytesPerPixel(AippInputFormat f) {
  return f == AippInputFormat::RGB888_U8 ? 3 : f == AippInputFormat::XRGB8888_U8 ? 4 : 1;
}

// The value of output channel k of image pixel (y, x) before conversion.
int pixel(const Case& c, const std::vector<uint8_t>& img, const std::vector<uint8_t>& uv,
          uint32_t y, uint32_t x, uint32_t k) {
  // A case the kernel must refuse (BadParametersAreRefused) still sizes its
  // output through the oracle, and its window may lie outside the image:
  // nothing there is read.
  if (y >= c.srcH || x >= c.srcW) return 0;
  const uint32_t bpp = srcBytesPerPixel(c.format);
  const uint8_t* p = &img[(size_t{y} * c.srcW + x) * bpp];
  const bool yuv =
      c.format == AippInputFormat::YUV420SP_U8 || c.format == AippInputFormat::YUV400_U8;
  int u = 0, v = 0;
  if (c.format == AippInputFormat::YUV420SP_U8) {
    const uint8_t* q = &uv[size_t{y / 2} * c.srcW + x / 2 * 2];
    u = c.swapUV ? q[1] : q[0];
    v = c.swapUV ? q[0] : q[1];
  }
  int r = 0, g = 0, b = 0;  // the R, G, B the swaps make of the source
  if (!yuv) {
    int ch[3];
    for (int i = 0; i < 3; ++i) ch[i] = p[(c.swapAX ? 1 : 0) + i];
    if (c.swapRB) std::swap(ch[0], ch[2]);
    r = ch[0];
    g = ch[1];
    b = ch[2];
  }
  if (c.csc) {
    const int in[3] = {yuv ? p[0] - c.biasIn[0] : r, yuv ? u - c.biasIn[1] : g,
                       yuv ? v - c.biasIn[2] : b};
    const int sum = in[0] * c.m[k][0] + in[1] * c.m[k][1] + in[2] * c.m[k][2];
    int out = static_cast<int>(std::trunc((sum + 128) / 256.0)) + (yuv ? 0 : c.biasOut[k]);
    return std::min(255, std::max(0, out));
  }
  if (yuv) return k == 0 ? p[0] : k == 1 ? u : v;
  return k == 0 ? r : k == 1 ? g : b;
}

// The expected output elements as floats (int8 or half values).
std::vector<float> oracle(const Case& c, const std::vector<uint8_t>& img,
                          const std::vector<uint8_t>& uv) {
  const uint32_t vert = c.singleLine ? 1 : c.win.vertSize;
  const uint32_t top = c.paddingMode == 0 ? 0 : c.win.topPadSize;
  const uint32_t bot = c.paddingMode == 0 ? 0 : c.win.botPadSize;
  const uint32_t left = c.win.leftPadSize, right = c.win.rightPadSize, horiz = c.win.horizSize;
  const uint32_t h = vert + top + bot, w = horiz + left + right;
  const uint32_t cOut = c.cPaddingMode == 1 ? 4 : (c.half ? 16 : 32);
  const uint32_t ch = channelsOf(c);
  // Where a padding row / column takes its pixel from (window coordinates).
  auto source = [&](int pos, int lo, int n, int lowPad, int highPad) -> int {
    if (pos >= lo && pos < lo + n) return pos - lo;
    if (c.paddingMode == 1) return pos < lo ? 0 : n - 1;
    if (c.paddingMode == 2) return pos < lo ? pos : pos - highPad - lo;
    (void)lowPad;
    return pos < lo ? lo - 1 - pos : 2 * n - 1 - (pos - lo);  // mirror
  };
  auto convert = [&](int v, uint32_t k) -> float {
    const int centred = v - c.mean[k];
    if (!c.half) return static_cast<float>(std::min(127, std::max(-128, centred)));
    const half a = half(static_cast<float>(centred) - static_cast<float>(half(c.minV[k])));
    return static_cast<float>(half(static_cast<float>(a) * static_cast<float>(half(c.varV[k]))));
  };
  std::vector<float> out(size_t{h} * w * cOut);
  for (uint32_t i = 0; i < h; ++i)
    for (uint32_t j = 0; j < w; ++j)
      for (uint32_t k = 0; k < cOut; ++k) {
        float& o = out[(size_t{i} * w + j) * cOut + k];
        const bool inside = i >= top && i < top + vert && j >= left && j < left + horiz;
        if (!inside && c.paddingMode == 0 && k < 4) {
          o = c.half ? static_cast<float>(half(c.padValue[k])) : c.padValue[k];
          continue;
        }
        if (k >= ch) {
          o = c.half ? static_cast<float>(half(c.cPadValue)) : c.cPadValue;
          continue;
        }
        const int si = source(static_cast<int>(i), static_cast<int>(top), static_cast<int>(vert),
                              static_cast<int>(top), static_cast<int>(bot));
        const int sj = source(static_cast<int>(j), static_cast<int>(left), static_cast<int>(horiz),
                              static_cast<int>(left), static_cast<int>(right));
        o = convert(pixel(c, img, uv, c.win.vertStartPos + si, c.win.horizStartPos + sj, k), k);
      }
  return out;
}

// Runs a case; returns the launch status and the output as floats.
// Random images unless `fixedImg` / `fixedUv` are given.
int runCase(const Case& c, std::vector<float>* got, std::vector<float>* want,
            const std::vector<uint8_t>* fixedImg = nullptr,
            const std::vector<uint8_t>* fixedUv = nullptr) {
  std::mt19937 gen(static_cast<uint32_t>(c.srcW * 131 + c.srcH));
  std::uniform_int_distribution<int> byte(0, 255);
  std::vector<uint8_t> img(size_t{c.srcW} * c.srcH * srcBytesPerPixel(c.format)),
      uv(c.srcW * c.srcH);
  for (auto& b : img) b = static_cast<uint8_t>(byte(gen));
  for (auto& b : uv) b = static_cast<uint8_t>(byte(gen));
  if (fixedImg != nullptr) img = *fixedImg;
  if (fixedUv != nullptr) uv = *fixedUv;
  *want = oracle(c, img, uv);
  const auto n = static_cast<uint32_t>(want->size());
  const size_t outBytes = (n * (c.half ? 2 : 1) + 31) / 32 * 32;
  DevBuf ig(img.size()), uvg(uv.size()), og(outBytes), cg(sizeof(Case));
  ig.upload(img);
  uvg.upload(uv);
  // The case travels as host memory (kernels run in this process).
  const int rc = c.half ? asctwin::run(aippKernel<half>, KernelTest::cube(1), ig.gm(), uvg.gm(),
                                       og.gm(), &c, n)
                        : asctwin::run(aippKernel<int8_t>, KernelTest::cube(1), ig.gm(), uvg.gm(),
                                       og.gm(), &c, n);
  got->assign(n, 0.0f);
  if (c.half) {
    const auto h = og.download<half>(n);
    for (uint32_t i = 0; i < n; ++i) (*got)[i] = static_cast<float>(h[i]);
  } else {
    const auto b = og.download<int8_t>(n);
    for (uint32_t i = 0; i < n; ++i) (*got)[i] = b[i];
  }
  return rc;
}

void expectCase(const Case& c, const char* what) {
  std::vector<float> got, want;
  ASSERT_EQ(runCase(c, &got, &want), 0) << what << ": " << KernelTest::lastError();
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << what << ": element " << i;
}

Case window(AippInputFormat f, uint16_t horiz, uint16_t vert, uint16_t x0, uint16_t y0) {
  Case c;
  c.format = f;
  c.win.horizSize = horiz;
  c.win.vertSize = vert;
  c.win.horizStartPos = x0;
  c.win.vertStartPos = y0;
  c.win.srcHorizSize = static_cast<uint16_t>(c.srcW);
  return c;
}

// BT.601 in fixed point (x 256), the classic AIPP matrices.
void yuvToRgb(Case& c) {
  const int16_t m[3][3] = {{298, 0, 409}, {298, -100, -208}, {298, 516, 0}};
  std::memcpy(c.m, m, sizeof m);
  c.biasIn[0] = 16;
  c.biasIn[1] = c.biasIn[2] = 128;
}
void rgbToYuv(Case& c) {
  const int16_t m[3][3] = {{66, 129, 25}, {-38, -74, 112}, {112, -94, -18}};
  std::memcpy(c.m, m, sizeof m);
  c.biasOut[0] = 16;
  c.biasOut[1] = c.biasOut[2] = 128;
}

class AippTest : public KernelTest {};

TEST_F(AippTest, Rgb888SwapsConvertsAndPadsLeftAndRight) {
  Case c = window(AippInputFormat::RGB888_U8, 4, 3, 2, 1);
  c.swapRB = true;
  c.win.leftPadSize = 2;
  c.win.rightPadSize = 1;
  c.win.topPadSize = 3;  // ignored by constant padding
  c.padValue[0] = -5;
  c.padValue[1] = 7;
  c.padValue[2] = 9;
  c.padValue[3] = 11;
  c.cPadValue = 3;
  c.mean[0] = 100;
  c.mean[1] = 50;
  c.mean[2] = 200;
  expectCase(c, "RGB888 int8");
  c.csc = true;
  rgbToYuv(c);
  expectCase(c, "RGB888 -> YUV int8");
}

TEST_F(AippTest, Yuv420spToRgbHalfWithReplicatedBorders) {
  Case c = window(AippInputFormat::YUV420SP_U8, 4, 4, 2, 2);
  c.half = true;
  c.csc = true;
  c.swapUV = true;
  yuvToRgb(c);
  c.paddingMode = 1;
  c.win.topPadSize = 2;
  c.win.botPadSize = 1;
  c.win.leftPadSize = 1;
  c.win.rightPadSize = 2;
  c.mean[0] = 10;
  c.minV[1] = 0.5f;
  c.varV[2] = 1.0f / 255;
  c.cPadValue = -1.5f;
  expectCase(c, "YUV420SP -> RGB half");
  c.csc = false;
  expectCase(c, "YUV420SP half");
}

TEST_F(AippTest, Xrgb8888MovesXBackMirrorsAndPadsToFourChannels) {
  Case c = window(AippInputFormat::XRGB8888_U8, 4, 3, 0, 2);
  c.swapAX = true;
  c.cPaddingMode = 1;
  c.paddingMode = 3;
  c.win.leftPadSize = 3;
  c.win.rightPadSize = 2;
  c.win.topPadSize = 2;
  c.win.botPadSize = 1;
  expectCase(c, "XRGB swapAX");
  c.swapRB = true;
  expectCase(c, "XRGB swapAX + swapRB");
  c.singleLine = true;
  c.win.topPadSize = 1;
  c.win.botPadSize = 1;
  expectCase(c, "XRGB single line");
}

TEST_F(AippTest, Yuv400IsOneChannelAndBlockPadding) {
  Case c = window(AippInputFormat::YUV400_U8, 4, 4, 2, 1);
  c.paddingMode = 2;
  c.win.leftPadSize = 2;
  c.win.rightPadSize = 3;
  c.win.topPadSize = 1;
  c.win.botPadSize = 2;
  c.cPadValue = 42;
  expectCase(c, "YUV400");
}

TEST_F(AippTest, AWorkedPixel) {
  // Y = 81, U = 90, V = 240 through BT.601 (x 256), input biases 16, 128,
  // 128: (65, -38, 112). R = (298 * 65 + 409 * 112 + 128) / 256 = 65306 /
  // 256 = 255; G = (19370 + 3800 - 23296 + 128) / 256 = 2 / 256 = 0; B =
  // (19370 - 19608 + 128) / 256 = -110 / 256 = 0. int8 with mean 0
  // saturates 255 to 127; channel padding 0 up to 32 channels.
  Case c = window(AippInputFormat::YUV420SP_U8, 2, 2, 0, 0);
  c.srcW = 2;
  c.srcH = 2;
  c.win.srcHorizSize = 2;
  c.csc = true;
  yuvToRgb(c);
  const std::vector<uint8_t> img = {81, 81, 81, 81}, uv = {90, 240, 0, 0};
  std::vector<float> got, want;
  ASSERT_EQ(runCase(c, &got, &want, &img, &uv), 0) << lastError();
  ASSERT_EQ(got.size(), 4u * 32u);
  for (uint32_t p = 0; p < 4; ++p) {
    EXPECT_EQ(got[p * 32 + 0], 127.0f) << "pixel " << p;
    EXPECT_EQ(got[p * 32 + 1], 0.0f) << "pixel " << p;
    EXPECT_EQ(got[p * 32 + 2], 0.0f) << "pixel " << p;
    for (uint32_t k = 3; k < 32; ++k) EXPECT_EQ(got[p * 32 + k], 0.0f);
  }
}

TEST_F(AippTest, BadParametersAreRefused) {
  struct Bad {
    Case c;
    const char* text;
  };
  std::vector<Bad> bad;
  Case odd = window(AippInputFormat::RGB888_U8, 4, 3, 1, 0);
  bad.push_back({odd, "horizStartPos must be even for RGB888_U8, got 1"});
  Case pads = window(AippInputFormat::RGB888_U8, 4, 3, 0, 0);
  pads.win.leftPadSize = 33;
  bad.push_back({pads, "leftPadSize 33 is outside [0, 32]"});
  Case block = window(AippInputFormat::YUV400_U8, 4, 3, 0, 0);
  block.paddingMode = 2;
  block.win.topPadSize = 4;
  bad.push_back({block, "must not exceed"});
  Case small = window(AippInputFormat::YUV400_U8, 1, 3, 0, 0);
  bad.push_back({small, "horizSize 1 is outside [2, 4095]"});
  Case past = window(AippInputFormat::RGB888_U8, 4, 3, 2, 20);  // rows 20-22 of a 6-row image
  bad.push_back({past, "src0 (image)"});
  for (const Bad& b : bad) {
    std::vector<float> got, want;
    EXPECT_NE(runCase(b.c, &got, &want), 0) << b.text;
    EXPECT_NE(KernelTest::lastError().find(b.text), std::string::npos)
        << b.text << " / " << KernelTest::lastError();
  }
}

}  // namespace
