// The vector instruction shape of the ISA core against an independent scalar
// oracle written from the API reference ("高维切分", "掩码"): lane l of
// iteration r of an operand sits at (r * repStride + (l / lanesPerBlock) *
// blkStride) * 32 + (l % lanesPerBlock) * size bytes; normal mode enables
// lanes by the mask bits, counter mode by a count over all iterations;
// disabled lanes keep the destination's value; iterations run in order (an
// accumulation with repStride 0 sees earlier results). Plus the reference's
// worked examples of Select (modes 0, 1, 2) and the rounding modes of Cast.
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "kernel_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kBytes = 16 * 1024;  // each operand's UB and GM region

struct Shape {
  uint8_t repeat = 1;
  BinaryRepeatParams p;
  bool counter = false;
  uint64_t count = 0;  // counter mode
  uint64_t mask[2] = {~0ull, ~0ull};
};

// Loads three regions, runs one Add/Max (level 0, or counter mode through
// SetMaskCount + SetVectorMask + isSetMask = false), stores dst.
template <typename T>
__global__ __aicore__ void binaryKernel(GM_ADDR a, GM_ADDR b, GM_ADDR d, Shape s, int32_t op) {
  GlobalTensor<T> ga, gb, gd;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(a), kBytes / sizeof(T));
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b), kBytes / sizeof(T));
  gd.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(d), kBytes / sizeof(T));
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bb, bd;
  pipe.InitBuffer(ba, kBytes);
  pipe.InitBuffer(bb, kBytes);
  pipe.InitBuffer(bd, kBytes);
  LocalTensor<T> la = ba.Get<T>(), lb = bb.Get<T>(), ld = bd.Get<T>();
  DataCopy(la, ga, kBytes / sizeof(T));
  DataCopy(lb, gb, kBytes / sizeof(T));
  DataCopy(ld, gd, kBytes / sizeof(T));
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  if (s.counter) {
    SetMaskCount();
    SetVectorMask<T, MaskMode::COUNTER>(0, s.count);
    if (op == 0) Add<T, false>(ld, la, lb, MASK_PLACEHOLDER, s.repeat, s.p);
    if (op == 1) Max<T, false>(ld, la, lb, MASK_PLACEHOLDER, s.repeat, s.p);
    SetMaskNorm();
    ResetMask();
  } else {
    uint64_t m[2] = {s.mask[0], s.mask[1]};
    if (op == 0) Add(ld, la, lb, m, s.repeat, s.p);
    if (op == 1) Max(ld, la, lb, m, s.repeat, s.p);
  }
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gd, ld, kBytes / sizeof(T));
}

// The oracle: the same instruction on host arrays.
template <typename T>
std::vector<T> oracle(const std::vector<T>& a, const std::vector<T>& b, std::vector<T> d,
                      const Shape& s, int op) {
  const uint32_t per = 256 / sizeof(T), perBlock = 32 / sizeof(T);
  const uint64_t reps = s.counter ? (s.count + per - 1) / per : s.repeat;
  auto at = [&](uint64_t r, uint32_t l, uint8_t blk, uint8_t rep) {
    return ((r * rep + (l / perBlock) * blk) * 32 + (l % perBlock) * sizeof(T)) / sizeof(T);
  };
  for (uint64_t r = 0; r < reps; ++r) {
    std::vector<T> out(per);
    std::vector<bool> on(per);
    for (uint32_t l = 0; l < per; ++l) {
      on[l] = s.counter ? r * per + l < s.count : ((s.mask[l / 64] >> (l % 64)) & 1u) != 0;
      if (!on[l]) continue;
      const T x = a[at(r, l, s.p.src0BlkStride, s.p.src0RepStride)];
      const T y = b[at(r, l, s.p.src1BlkStride, s.p.src1RepStride)];
      out[l] = op == 0 ? static_cast<T>(x + y) : (x > y ? x : y);
    }
    for (uint32_t l = 0; l < per; ++l)
      if (on[l]) d[at(r, l, s.p.dstBlkStride, s.p.dstRepStride)] = out[l];
  }
  return d;
}

template <typename T>
std::vector<T> randomValues(std::mt19937& rng, size_t n) {
  std::vector<T> v(n);
  std::uniform_int_distribution<int> dist(-1000, 1000);
  for (auto& x : v) x = static_cast<T>(dist(rng));
  return v;
}

class IsaVectorTest : public KernelTest {};

template <typename T>
void checkRandomShapes(IsaVectorTest& t, uint64_t seed) {
  std::mt19937 rng(static_cast<uint32_t>(seed));
  const size_t n = kBytes / sizeof(T);
  const uint32_t per = 256 / sizeof(T);
  for (int trial = 0; trial < 40; ++trial) {
    Shape s;
    s.repeat = static_cast<uint8_t>(1 + rng() % 4);
    s.p.dstBlkStride = static_cast<uint8_t>(1 + rng() % 3);
    s.p.src0BlkStride = static_cast<uint8_t>(rng() % 3);
    s.p.src1BlkStride = static_cast<uint8_t>(1 + rng() % 2);
    s.p.dstRepStride = static_cast<uint8_t>(8 + rng() % 12);
    s.p.src0RepStride = static_cast<uint8_t>(rng() % 12);
    s.p.src1RepStride = static_cast<uint8_t>(rng() % 20);
    switch (trial % 4) {
      case 0:  // every lane
        break;
      case 1:  // random bits
        s.mask[0] = (uint64_t{rng()} << 32) | rng();
        s.mask[1] = per > 64 ? (uint64_t{rng()} << 32) | rng() : 0;
        break;
      case 2:  // the first k lanes (a continuous mask)
      {
        const uint32_t k = 1 + rng() % per;
        s.mask[0] = k >= 64 ? ~0ull : (uint64_t{1} << k) - 1;
        s.mask[1] = k <= 64 ? 0 : (k >= 128 ? ~0ull : (uint64_t{1} << (k - 64)) - 1);
        break;
      }
      default:  // counter mode
        s.counter = true;
        s.count = 1 + rng() % (per * s.repeat);
        break;
    }
    const auto a = randomValues<T>(rng, n), b = randomValues<T>(rng, n),
               d = randomValues<T>(rng, n);
    const int op = static_cast<int>(trial % 2);
    DevBuf ga(kBytes), gb(kBytes), gd(kBytes);
    ga.upload(a);
    gb.upload(b);
    gd.upload(d);
    ASSERT_EQ(asctwin::run(binaryKernel<T>, t.vec(1, "shape"), ga.gm(), gb.gm(), gd.gm(), s, op), 0)
        << t.lastError();
    const auto want = oracle(a, b, d, s, op);
    const auto got = gd.download<T>(n);
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(static_cast<double>(got[i]), static_cast<double>(want[i]))
          << "trial " << trial << " element " << i << " repeat " << int{s.repeat};
  }
}

TEST_F(IsaVectorTest, RepeatsStridesAndMasksMatchTheOracleFloat) {
  checkRandomShapes<float>(*this, 1);
}
TEST_F(IsaVectorTest, RepeatsStridesAndMasksMatchTheOracleHalf) {
  checkRandomShapes<half>(*this, 2);
}
TEST_F(IsaVectorTest, RepeatsStridesAndMasksMatchTheOracleInt16) {
  checkRandomShapes<int16_t>(*this, 3);
}

// dst == src1 with repStride 0: every iteration adds into the same block
// (the reference's allowed overlap for Add): dst = d + a[0] + a[1] + ...
__global__ __aicore__ void accumulateKernel(GM_ADDR a, GM_ADDR d) {
  GlobalTensor<float> ga, gd;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(a), 4 * 64);
  gd.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(d), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bd;
  pipe.InitBuffer(ba, 4 * 256);
  pipe.InitBuffer(bd, 256);
  LocalTensor<float> la = ba.Get<float>(), ld = bd.Get<float>();
  DataCopy(la, ga, 4 * 64);
  DataCopy(ld, gd, 64);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  Add(ld, la, ld, uint64_t{64}, 4, BinaryRepeatParams(1, 1, 1, 0, 8, 0));
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gd, ld, 64);
}

TEST_F(IsaVectorTest, RepeatStrideZeroAccumulatesInOrder) {
  std::vector<float> a(256), d(64);
  for (int i = 0; i < 256; ++i) a[i] = static_cast<float>(i % 7) + 0.5f;
  for (int i = 0; i < 64; ++i) d[i] = static_cast<float>(i);
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    DevBuf ga(256 * 4), gd(64 * 4);
    ga.upload(a);
    gd.upload(d);
    auto o = vec(1, "acc");
    o.mode = m;
    ASSERT_EQ(asctwin::run(accumulateKernel, o, ga.gm(), gd.gm()), 0) << lastError();
    const auto got = gd.download<float>(64);
    for (int l = 0; l < 64; ++l) {
      float want = d[l];
      for (int r = 0; r < 4; ++r) want = want + a[r * 64 + l];
      EXPECT_EQ(got[l], want) << l;
    }
  }
}

// --- the reference's worked examples of Select (first iterations of them) -----------
// 64 floats of src0 and src1 and 8 mask bytes per iteration, from the Select
// page's result examples.
const float kSrc0[64] = {
    -80.4933f, 52.2499f,  -50.6124f, -72.3737f, -33.7107f, -83.4001f, 34.3954f,  61.3188f,
    96.5484f,  27.1321f,  -56.8153f, 9.80549f,  9.11199f,  -53.1848f, -77.2548f, -0.0681466f,
    -69.5783f, 6.53722f,  -22.5986f, 37.6655f,  -25.4146f, 89.232f,   55.4716f,  21.6069f,
    23.0464f,  28.5975f,  -46.3033f, 50.0312f,  -42.6339f, 41.8752f,  -87.0426f, 37.9717f,
    10.4336f,  10.7653f,  -30.6943f, -65.4774f, 8.38653f,  -89.6462f, 65.1115f,  42.2134f,
    -91.1666f, -84.6927f, -97.9312f, 98.861f,   19.8888f,  -64.0522f, -27.1243f, 72.7673f,
    -9.9489f,  94.274f,   -72.868f,  43.1349f,  84.1897f,  87.0729f,  87.2606f,  34.5548f,
    87.7985f,  4.84555f,  -10.2156f, -93.7445f, 71.8209f,  -63.4942f, 45.6619f,  93.4737f};
const float kSrc1[64] = {
    35.8789f,  44.0334f,  54.9997f,  44.8567f,  -30.8579f, -53.714f,  -59.8013f, 71.1663f,
    46.3484f,  8.56818f,  -59.4716f, 6.07412f,  -39.0137f, 64.5595f,  17.0849f,  45.2641f,
    -63.2115f, -98.7838f, -52.3835f, -65.9849f, 50.4909f,  69.9812f,  -22.3447f, -32.3809f,
    -97.8394f, -45.4997f, 63.5391f,  -69.3535f, 43.3368f,  98.8541f,  -77.2888f, 1.02385f,
    20.4965f,  -26.7797f, 98.2463f,  -78.9606f, -62.4907f, -13.5348f, -49.5058f, -4.06369f,
    77.2982f,  -32.8221f, 84.6766f,  -62.3829f, 58.8673f,  -75.8509f, -95.3497f, -79.7642f,
    67.1185f,  34.4278f,  34.5305f,  -76.1646f, 53.1497f,  -12.3158f, -42.9392f, 59.2962f,
    -4.12072f, 47.1292f,  -17.0687f, -78.0087f, -59.4565f, -98.9565f, -54.0959f, 56.5437f};
const uint8_t kMask[8] = {60, 32, 10, 7, 42, 52, 38, 26};

// mode 0/2 (tensor src1) or 1 (scalar 0), 64 floats, one iteration.
__global__ __aicore__ void selectKernel(GM_ADDR s0, GM_ADDR s1, GM_ADDR m, GM_ADDR d,
                                        int32_t mode) {
  GlobalTensor<float> g0, g1, gd;
  GlobalTensor<uint8_t> gm;
  g0.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(s0), 64);
  g1.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(s1), 64);
  gm.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(m), 32);
  gd.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(d), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b0, b1, bm, bd;
  pipe.InitBuffer(b0, 256);
  pipe.InitBuffer(b1, 256);
  pipe.InitBuffer(bm, 32);
  pipe.InitBuffer(bd, 256);
  LocalTensor<float> l0 = b0.Get<float>(), l1 = b1.Get<float>(), ld = bd.Get<float>();
  LocalTensor<uint8_t> lm = bm.Get<uint8_t>();
  DataCopy(l0, g0, 64);
  DataCopy(l1, g1, 64);
  DataCopy(lm, gm, 32);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  if (mode == 1) {
    Select(ld, lm, l0, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
  } else {
    Select(ld, lm, l0, l1, mode == 0 ? SELMODE::VSEL_CMPMASK_SPR : SELMODE::VSEL_TENSOR_TENSOR_MODE,
           64);
  }
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gd, ld, 64);
}

TEST_F(IsaVectorTest, SelectModesMatchTheReferenceExamples) {
  // The reference's outputs of the first 64 elements: modes 0 and 2 take
  // src0 where the mask bit is set, src1 elsewhere; mode 1 takes 0 elsewhere.
  const float kMode2[16] = {35.8789f,  44.0334f,  -50.6124f, -72.3737f, -33.7107f, -83.4001f,
                            -59.8013f, 71.1663f,  46.3484f,  8.56818f,  -59.4716f, 6.07412f,
                            -39.0137f, -53.1848f, 17.0849f,  45.2641f};
  const float kMode1[16] = {0, 0, -50.6124f, -72.3737f, -33.7107f, -83.4001f, 0, 0,
                            0, 0, 0,         0,         0,         -53.1848f, 0, 0};
  std::vector<uint8_t> mask(32, 0);
  std::memcpy(mask.data(), kMask, 8);
  for (int mode : {0, 1, 2}) {
    DevBuf g0(256), g1(256), gm(32), gd(256);
    g0.upload(std::vector<float>(kSrc0, kSrc0 + 64));
    g1.upload(std::vector<float>(kSrc1, kSrc1 + 64));
    gm.upload(mask);
    ASSERT_EQ(
        asctwin::run(selectKernel, vec(1, "select"), g0.gm(), g1.gm(), gm.gm(), gd.gm(), mode), 0)
        << lastError();
    const auto got = gd.download<float>(64);
    for (int i = 0; i < 16; ++i)
      EXPECT_EQ(got[i], mode == 1 ? kMode1[i] : kMode2[i]) << mode << " " << i;
    // And every element by the rule.
    for (int i = 0; i < 64; ++i) {
      const bool bit = (kMask[i / 8] >> (i % 8)) & 1u;
      EXPECT_EQ(got[i], bit ? kSrc0[i] : (mode == 1 ? 0.0f : kSrc1[i])) << mode << " " << i;
    }
  }
}

// --- Cast: each rounding mode reaches its vconv ------------------------------------------------
__global__ __aicore__ void castModesKernel(GM_ADDR src, GM_ADDR dst) {
  GlobalTensor<float> gs;
  GlobalTensor<int32_t> gd;
  gs.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  gd.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(dst), 5 * 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bs, bd;
  pipe.InitBuffer(bs, 256);
  pipe.InitBuffer(bd, 5 * 256);
  LocalTensor<float> ls = bs.Get<float>();
  LocalTensor<int32_t> ld = bd.Get<int32_t>();
  DataCopy(ls, gs, 64);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  const RoundMode modes[5] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                              RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
  for (int k = 0; k < 5; ++k) Cast(ld[k * 64], ls, modes[k], 64);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(gd, ld, 5 * 64);
}

TEST_F(IsaVectorTest, CastRoundingModes) {
  // CAST_RINT: nearest, ties to even; FLOOR; CEIL; ROUND: nearest, ties away
  // from zero; TRUNC: toward zero (API reference, RoundMode).
  const float in[6] = {2.5f, -2.5f, 3.5f, -0.4f, 1.6f, -1.6f};
  const int32_t want[5][6] = {{2, -2, 4, 0, 2, -2},
                              {2, -3, 3, -1, 1, -2},
                              {3, -2, 4, 0, 2, -1},
                              {3, -3, 4, 0, 2, -2},
                              {2, -2, 3, 0, 1, -1}};
  std::vector<float> src(64, 0.0f);
  for (int i = 0; i < 6; ++i) src[i] = in[i];
  DevBuf gs(256), gd(5 * 256);
  gs.upload(src);
  ASSERT_EQ(asctwin::run(castModesKernel, vec(1, "cast"), gs.gm(), gd.gm()), 0) << lastError();
  const auto got = gd.download<int32_t>(5 * 64);
  for (int k = 0; k < 5; ++k)
    for (int i = 0; i < 6; ++i) EXPECT_EQ(got[k * 64 + i], want[k][i]) << "mode " << k << " " << i;
}

}  // namespace
