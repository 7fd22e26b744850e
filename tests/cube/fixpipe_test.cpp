// Fixpipe out of L0C: NZ -> ND, NZ, channel split, int8 channel merge, the
// quantisation modes (scalar and per channel) and ReLU, to GM and to L1,
// against oracles written from the reference (Fixpipe docs, the NZ2NZ
// pseudocode, the channel split/merge pages, the fixpipe_l0c2gm example's
// quantisation formula). C = A x I puts known values into L0C.
#include <immintrin.h>

#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::ceilDiv;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

struct FixCase {
  uint32_t m = 32, n = 32;
  QuantMode_t quant = QuantMode_t::NoQuant;
  uint64_t deq = 0;
  bool relu = false;
  int layout = 0;  // 0: ND (CFG_ROW_MAJOR), 1: NZ, 2: NZ with channel split
  bool toL1 = false;
  bool workspace = false;  // per-channel parameters (uint64 x n in GM) through L1
};

template <typename C, typename D>
__global__ __cube__ void fixKernel(GM_ADDR a, GM_ADDR eye, GM_ADDR params, GM_ADDR out,
                                   FixCase fc) {
  using AB = std::conditional_t<std::is_same_v<C, float>, float, int8_t>;
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<C> c1 =
      asctwin::testing::stageMatmul<AB, C>(l1, l0a, l0b, l0c, a, eye, fc.m, fc.n, fc.n);
  GlobalTensor<D> og;
  og.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(out));
  GlobalTensor<uint64_t> pg;
  pg.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(params), fc.n);
  LocalTensor<uint64_t> ws = l1.Alloc<uint64_t>(fc.n);
  if (fc.workspace) {
    DataCopy(ws, pg, fc.n);
    SetFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_FIX>(EVENT_ID0);
  }
  const uint32_t m16 = ceilDiv(fc.m, 16) * 16;
  FixpipeParamsV220 p;
  p.nSize = static_cast<uint16_t>(fc.n);
  p.mSize = static_cast<uint16_t>(fc.m);
  p.srcStride = static_cast<uint16_t>(m16);
  p.quantPre = fc.quant;
  p.deqScalar = fc.deq;
  p.reluEn = fc.relu;
  if (fc.layout == 0) {
    p.dstStride = fc.n;
  } else if (fc.layout == 1) {
    // Distance between 16-column blocks (int8: 32-column pairs) in 32 B units.
    p.dstStride = sizeof(D) == 1 ? fc.m : fc.m * 16 * sizeof(D) / 32;
  } else {
    p.dstStride = fc.m;  // 8-column fractals of m rows x 32 bytes
    p.isChannelSplit = true;
  }
  if (fc.toL1) {
    LocalTensor<D> o1 = l1.Alloc<D>(m16 * ceilDiv(fc.n, 32) * 32);
    if (fc.workspace) {
      Fixpipe<D, C, CFG_NZ>(o1, c1, ws, p);
    } else {
      Fixpipe<D, C, CFG_NZ>(o1, c1, p);
    }
    SetFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::FIX_MTE3>(EVENT_ID0);
    DataCopy(og, o1, static_cast<uint32_t>(fc.m * ceilDiv(fc.n, 32) * 32));
    return;
  }
  if (fc.layout == 0) {
    if (fc.workspace) {
      Fixpipe(og, c1, ws, p);
    } else {
      Fixpipe(og, c1, p);
    }
  } else if (fc.workspace) {
    Fixpipe<D, C, CFG_NZ>(og, c1, ws, p);
  } else {
    Fixpipe<D, C, CFG_NZ>(og, c1, p);
  }
}

// --- oracles -------------------------------------------------------------------------------
__attribute__((target("f16c"))) uint16_t halfRne(float f) {
  return static_cast<uint16_t>(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
}
uint16_t bf16Rne(float f) {
  const uint32_t u = asctwin::testing::floatBits(f);
  return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
float paramScale(uint64_t p) {
  const uint32_t b = static_cast<uint32_t>(p) & 0xFFFFE000u;
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
// The fixpipe_l0c2gm example's qf322b8_pre: optional shift, scale, ReLU,
// round-half-even within [-256, 255], + offset, saturate to the output.
int32_t quantB8(float v, uint64_t p, bool relu, bool signedOut) {
  if ((p >> 36) & 1) {
    const int shift = static_cast<int>((p >> 32) & 0xF);
    v = std::nearbyint(std::clamp(v / static_cast<float>(1 << shift), -32768.0f, 32767.0f));
  }
  v *= paramScale(p);
  if (relu && v < 0) v = 0;
  int32_t off = static_cast<int32_t>((p >> 37) & 0x1FF);
  if (off >= 256) off -= 512;
  const int32_t q = static_cast<int32_t>(std::nearbyint(std::clamp(v, -256.0f, 255.0f))) + off;
  return signedOut ? std::clamp(q, -128, 127) : std::clamp(q, 0, 255);
}
uint64_t quantParam(float scale, int offset, bool sign, int shift = -1) {
  uint64_t p = asctwin::testing::floatBits(scale);
  p |= static_cast<uint64_t>(offset & 0x1FF) << 37;
  p |= static_cast<uint64_t>(sign) << 46;
  if (shift >= 0) p |= (uint64_t{1} << 36) | (static_cast<uint64_t>(shift) << 32);
  return p;
}

// Runs fixKernel with A (m x n) and B = I; returns the output bytes.
template <typename C, typename D, typename AB>
std::vector<D> runFix(const FixCase& fc, const std::vector<AB>& a,
                      const std::vector<uint64_t>& params, size_t outCount) {
  std::vector<AB> eye(size_t{fc.n} * fc.n, AB(0));
  for (uint32_t i = 0; i < fc.n; ++i) eye[size_t{i} * fc.n + i] = AB(1);
  DevBuf ag(a.size() * sizeof(AB)), eg(eye.size() * sizeof(AB)),
      pg(std::max<size_t>(params.size(), 1) * 8), og(outCount * sizeof(D));
  ag.upload(a);
  eg.upload(eye);
  if (!params.empty()) pg.upload(params);
  og.zero();
  EXPECT_EQ(
      asctwin::run(fixKernel<C, D>, KernelTest::cube(1), ag.gm(), eg.gm(), pg.gm(), og.gm(), fc), 0)
      << KernelTest::lastError();
  return og.download<D>(outCount);
}

std::vector<float> floatMatrix(uint32_t m, uint32_t n, float scale) {
  std::vector<float> a(size_t{m} * n);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = scale * (static_cast<float>(static_cast<int>(i * 37 % 101)) - 50.0f) + 0.1234567f;
  return a;
}

class FixpipeTest : public KernelTest {};

TEST_F(FixpipeTest, NoQuantNdCopiesTheAccumulators) {
  FixCase fc;
  const auto a = floatMatrix(fc.m, fc.n, 1.5f);
  const auto out = runFix<float, float>(fc, a, {}, size_t{fc.m} * fc.n);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(out[i], a[i]) << i;
}

TEST_F(FixpipeTest, F322F16AndF322BF16RoundToNearestEvenWithRelu) {
  FixCase fc;
  fc.relu = true;
  const auto a = floatMatrix(fc.m, fc.n, 0.37f);
  fc.quant = QuantMode_t::F322F16;
  auto h = runFix<float, half>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(h[i].bits(), halfRne(std::max(a[i], 0.0f))) << i;
  fc.quant = QuantMode_t::F322BF16;
  fc.relu = false;
  auto b = runFix<float, bfloat16_t>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    uint16_t bits;
    std::memcpy(&bits, &b[i], 2);
    ASSERT_EQ(bits, bf16Rne(a[i])) << i;
  }
}

TEST_F(FixpipeTest, NzAndChannelSplitLayouts) {
  FixCase fc;
  fc.m = 32;
  fc.n = 48;
  const auto a = floatMatrix(fc.m, fc.n, 1.0f);
  fc.layout = 1;  // NZ: block j (16 columns) = m rows of 16 floats
  auto nz = runFix<float, float>(fc, a, {}, a.size());
  for (uint32_t i = 0; i < fc.m; ++i)
    for (uint32_t j = 0; j < fc.n; ++j)
      ASSERT_EQ(nz[(j / 16) * fc.m * 16 + i * 16 + j % 16], a[i * fc.n + j]) << i << "," << j;
  fc.layout = 2;  // channel split: block j (8 columns) = m rows of 8 floats
  auto split = runFix<float, float>(fc, a, {}, a.size());
  for (uint32_t i = 0; i < fc.m; ++i)
    for (uint32_t j = 0; j < fc.n; ++j)
      ASSERT_EQ(split[(j / 8) * fc.m * 8 + i * 8 + j % 8], a[i * fc.n + j]) << i << "," << j;
}

TEST_F(FixpipeTest, ScalarAndPerChannelQuantisationToInt8) {
  FixCase fc;
  const auto a = floatMatrix(fc.m, fc.n, 4.0f);  // values beyond +-256 saturate
  fc.quant = QuantMode_t::QF322B8_PRE;
  fc.deq = quantParam(0.7f, -3, true);
  auto s8 = runFix<float, int8_t>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(s8[i], quantB8(a[i], fc.deq, false, true)) << i;
  fc.relu = true;
  fc.deq = quantParam(0.3f, 5, false);
  auto u8 = runFix<float, uint8_t>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(u8[i], quantB8(a[i], fc.deq, true, false)) << i;
  // Per channel: parameter j for column j, from L1 through FB.
  fc.relu = false;
  fc.quant = QuantMode_t::VQF322B8_PRE;
  fc.workspace = true;
  std::vector<uint64_t> params(fc.n);
  for (uint32_t j = 0; j < fc.n; ++j)
    params[j] = quantParam(1.0f / static_cast<float>(j + 1), j % 7, true);
  auto v8 = runFix<float, int8_t>(fc, a, params, a.size());
  for (uint32_t i = 0; i < fc.m; ++i)
    for (uint32_t j = 0; j < fc.n; ++j)
      ASSERT_EQ(v8[i * fc.n + j], quantB8(a[i * fc.n + j], params[j], false, true))
          << i << "," << j;
}

TEST_F(FixpipeTest, Int32DequantAndRequant) {
  FixCase fc;
  std::vector<int8_t> a(size_t{fc.m} * fc.n);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<int8_t>(static_cast<int>(i * 53 % 256) - 128);
  fc.quant = QuantMode_t::DEQF16;
  fc.deq = quantParam(0.25f, 0, false);
  auto h = runFix<int32_t, half>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(h[i].bits(), halfRne(static_cast<float>(a[i]) * 0.25f)) << i;
  fc.quant = QuantMode_t::REQ8;
  fc.deq = quantParam(1.5f, 2, true, 1);  // shift by 1 first
  auto q = runFix<int32_t, int8_t>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(q[i], quantB8(static_cast<float>(a[i]), fc.deq, false, true)) << i;
  fc.quant = QuantMode_t::NoQuant;
  fc.relu = true;
  auto r = runFix<int32_t, int32_t>(fc, a, {}, a.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(r[i], std::max<int32_t>(a[i], 0)) << i;
}

TEST_F(FixpipeTest, ToL1AsNzWithTheInt8ChannelMerge) {
  FixCase fc;
  fc.m = 32;
  fc.n = 48;  // three 16-column blocks: one merged pair, one single block
  fc.toL1 = true;
  fc.layout = 1;
  std::vector<int8_t> a(size_t{fc.m} * fc.n);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<int8_t>(static_cast<int>(i % 200) - 100);
  fc.quant = QuantMode_t::REQ8;
  fc.deq = quantParam(1.0f, 0, true);
  const size_t bytes = size_t{fc.m} * 64;
  auto out = runFix<int32_t, int8_t>(fc, a, {}, bytes);
  for (uint32_t i = 0; i < fc.m; ++i)
    for (uint32_t j = 0; j < fc.n; ++j) {
      // pair p = j / 32 at p * dstStride * 32 bytes (dstStride = m); rows of
      // 32 bytes, the last odd block's rows 16 bytes.
      const size_t width = j >= 32 ? 16 : 32;
      const size_t off = (j / 32) * fc.m * 32 + i * width + j % 32;
      ASSERT_EQ(out[off], a[i * fc.n + j]) << i << "," << j;
    }
  fc.m = 32;
  fc.n = 32;
  fc.quant = QuantMode_t::F322F16;
  const auto af = floatMatrix(fc.m, fc.n, 0.5f);
  auto h = runFix<float, half>(fc, af, {}, size_t{fc.m} * 32);
  for (uint32_t i = 0; i < fc.m; ++i)
    for (uint32_t j = 0; j < fc.n; ++j)
      ASSERT_EQ(h[(j / 16) * fc.m * 16 + i * 16 + j % 16].bits(), halfRne(af[i * fc.n + j]))
          << i << "," << j;
}

TEST_F(FixpipeTest, BadQuantPairsFailWithAMessage) {
  FixCase fc;
  fc.quant = QuantMode_t::F322F16;  // float -> int8 is not F322F16's
  const auto a = floatMatrix(fc.m, fc.n, 1.0f);
  std::vector<int8_t> dummy;
  std::vector<float> eye(size_t{fc.n} * fc.n, 0.0f);
  DevBuf ag(a.size() * 4), eg(eye.size() * 4), pg(8), og(a.size());
  ag.upload(a);
  eg.upload(eye);
  EXPECT_NE(asctwin::run(fixKernel<float, int8_t>, KernelTest::cube(1), ag.gm(), eg.gm(), pg.gm(),
                         og.gm(), fc),
            0);
  EXPECT_NE(KernelTest::lastError().find("does not turn float into int8_t"), std::string::npos)
      << KernelTest::lastError();
}

}  // namespace
