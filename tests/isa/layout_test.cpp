// Layout and sort instructions against oracles from the API reference:
// Copy places lanes by blkStride/repeatSize under the mask; Brcb fills one
// block per source element; Gatherb copies 32-byte blocks from byte offsets;
// GatherMask keeps the lanes of a fixed or a tensor pattern, packed, and
// counts them; Transpose/TransDataTo5HD transpose 16x16 (b16), b32 and b8
// blocks; Sort32 sorts 32 (score, index) regions descending, equal scores in
// index order; MrgSort merges sorted lists (earlier list first on ties).
#include <algorithm>
#include <numeric>

#include "checker/checker_util.h"
#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

class LayoutTest : public IsaTest {};

struct CopyShape {
  struct Args {
    uint64_t mask;
  };
  static void run(const Ub& ub, const Args& s) {
    Copy(ub.D<float>(), ub.A<float>(), s.mask, 3, CopyRepeatParams(2, 1, 20, 9));
    Copy(ub.D<int16_t>()[4096], ub.A<int16_t>()[4096], 100u, 2, CopyRepeatParams(1, 1, 8, 8));
  }
};
TEST_F(LayoutTest, CopyPlacesLanesByStrides) {
  std::vector<float> a(kRegion / 4), d(kRegion / 4);
  std::iota(a.begin(), a.end(), 1.0f);
  for (auto& x : d) x = -1;
  const auto got = valuesOf<float>(run<CopyShape>(bytesOf(a), {}, bytesOf(d), {40}), a.size());
  std::vector<float> want = d;
  for (int r = 0; r < 3; ++r)
    for (int l = 0; l < 40; ++l)
      want[(r * 20 + (l / 8) * 2) * 8 + l % 8] = a[(r * 9 + l / 8) * 8 + l % 8];
  const auto* ai = reinterpret_cast<const int16_t*>(a.data()) + 4096;
  auto* wi = reinterpret_cast<int16_t*>(want.data()) + 4096;
  for (int r = 0; r < 2; ++r)
    for (int l = 0; l < 100; ++l) wi[r * 128 + l] = ai[r * 128 + l];
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

// Copy in counter mode (API reference, Copy (UBToUB 掩码式高维数据搬运),
// constraints): unlike other vector instructions, the mask counts the
// elements of each iteration and the repeat argument is effective; an
// iteration moves ceil(mask * size / 32) blocks, block j at j * stride.
struct CopyCounted {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    SetMaskCount();
    // The reference's scenario 3: the first block of each row of [18, 64].
    SetVectorMask<int32_t, MaskMode::COUNTER>(144);
    Copy<int32_t, false>(ub.D<int32_t>(), ub.A<int32_t>(), MASK_PLACEHOLDER, 1,
                         CopyRepeatParams(1, 8, 8, 8));
    // Broadcast's shape: 20 floats (2.5 blocks) per iteration from one
    // source block (srcStride 0), 5 iterations.
    SetVectorMask<float, MaskMode::COUNTER>(20);
    Copy<float, false>(ub.D<float>()[2048], ub.A<float>()[4096], MASK_PLACEHOLDER, 5,
                       CopyRepeatParams(1, 0, 3, 1));
    SetMaskNorm();
    ResetMask();
  }
};
TEST_F(LayoutTest, CopyCounterModeCountsElementsPerIteration) {
  std::vector<int32_t> a(kRegion / 4), d(kRegion / 4, -1);
  std::iota(a.begin(), a.end(), 1);
  const auto got = valuesOf<int32_t>(run<CopyCounted>(bytesOf(a), {}, bytesOf(d), {}), a.size());
  std::vector<int32_t> want = d;
  for (int row = 0; row < 18; ++row)
    for (int k = 0; k < 8; ++k) want[row * 8 + k] = a[row * 64 + k];
  const auto* af = reinterpret_cast<const float*>(a.data()) + 4096;
  auto* wf = reinterpret_cast<float*>(want.data()) + 2048;
  for (int r = 0; r < 5; ++r)
    for (int e = 0; e < 20; ++e) wf[r * 3 * 8 + (e / 8) * 8 + e % 8] = af[r * 8 + e % 8];
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

struct BrcbGatherb {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    Brcb(ub.D<uint16_t>(), ub.A<uint16_t>(), 2, BrcbRepeatParams(2, 20));
    GatherRepeatParams gp(1, 8);
    // offsets at b[0..16): bytes into a's second 4 KiB
    Gatherb<uint32_t>(ub.D<uint32_t>()[4096], ub.A<uint32_t>()[1024], ub.B<uint32_t>(), 2, gp);
  }
};
TEST_F(LayoutTest, BrcbAndGatherb) {
  std::vector<uint16_t> a(kRegion / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint16_t>(i * 7 + 3);
  std::vector<uint32_t> offs(16);
  for (int i = 0; i < 16; ++i) offs[i] = static_cast<uint32_t>(((i * 5) % 16) * 32);
  const auto raw = run<BrcbGatherb>(bytesOf(a), bytesOf(offs), {}, {});
  const auto d16 = valuesOf<uint16_t>(raw, 2048);
  for (int r = 0; r < 2; ++r)
    for (int b = 0; b < 8; ++b)
      for (int k = 0; k < 16; ++k)
        ASSERT_EQ(d16[(r * 20 + b * 2) * 16 + k], a[r * 8 + b]) << r << " " << b;
  std::vector<uint32_t> d32(128);
  std::memcpy(d32.data(), raw.data() + 4096 * 4, 512);
  const auto* a32 = reinterpret_cast<const uint32_t*>(a.data()) + 1024;
  for (int blk = 0; blk < 16; ++blk)
    for (int k = 0; k < 8; ++k) ASSERT_EQ(d32[blk * 8 + k], a32[offs[blk] / 4 + k]) << blk;
}

struct Masks {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    uint64_t n = 0;
    LocalTensor<uint32_t> cnt = ub.D<uint32_t>()[7000];
    GatherMask(ub.D<half>(), ub.A<half>(), static_cast<uint8_t>(2), false, 0,
               GatherMaskParams(1, 3, 8, 0), n);
    cnt.SetValue(0, static_cast<uint32_t>(n));
    GatherMask(ub.D<float>()[2048], ub.A<float>(), ub.B<uint32_t>(), true, 50,
               GatherMaskParams(1, 2, 8, 1), n);
    cnt.SetValue(1, static_cast<uint32_t>(n));
  }
};
TEST_F(LayoutTest, GatherMaskFixedAndTensorPatterns) {
  std::vector<uint16_t> a(kRegion / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint16_t>(i);
  std::vector<uint32_t> pat(16);
  pat[0] = 0x99999999u;  // 1001...: lanes 0, 3, 4, 7, ... of iteration 0
  pat[1] = 0x0000FFFFu;
  pat[8] = 0xF0F0F0F0u;  // iteration 1: 1 block further on
  pat[9] = 0xFFFFFFFFu;
  const auto raw = run<Masks>(bytesOf(a), bytesOf(pat), {}, {});
  const auto h = valuesOf<uint16_t>(raw, 192);
  for (int k = 0; k < 192; ++k) ASSERT_EQ(h[k], a[(k / 64) * 128 + 2 * (k % 64) + 1]) << k;
  const auto* af = reinterpret_cast<const uint32_t*>(a.data());
  std::vector<uint32_t> want;
  for (int r = 0; r < 2; ++r)
    for (int l = 0; l < 50; ++l) {
      const uint32_t word = pat[r * 8 + l / 32];
      if ((word >> (l % 32)) & 1u) want.push_back(af[r * 64 + l]);
    }
  std::vector<uint32_t> got(want.size());
  std::memcpy(got.data(), raw.data() + 2048 * 4, got.size() * 4);
  EXPECT_EQ(got, want);
  uint32_t counts[2];
  std::memcpy(counts, raw.data() + 7000 * 4, 8);
  EXPECT_EQ(counts[0], 192u);
  EXPECT_EQ(counts[1], want.size());
}

struct Transposes {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    Transpose<half>(ub.D<half>(), ub.A<half>());
    // b32: 16 blocks of 8 floats at a[1024 + 8i] -> 16 blocks at d[1024 + 8i]
    LocalTensor<float> dl[16], sl[16];
    for (int i = 0; i < 16; ++i) {
      dl[i] = ub.D<float>()[1024 + 8 * i];
      sl[i] = ub.A<float>()[1024 + 8 * i];
    }
    TransDataTo5HD<float>(dl, sl, TransDataTo5HDParams(false, false, 1, 0, 0));
    // b16 NCHW -> NC1HWC0 of one C0 group of 16 channels with 32-element planes:
    // two iterations, source 1 block apart, destination 16 blocks apart.
    uint64_t d[16], s[16];
    for (int i = 0; i < 16; ++i) {
      d[i] = reinterpret_cast<uintptr_t>(ub.D<half>()[4096 + 16 * i].GetPhyAddr());
      s[i] = reinterpret_cast<uintptr_t>(ub.A<half>()[4096 + 32 * i].GetPhyAddr());
    }
    TransDataTo5HD<half>(d, s, TransDataTo5HDParams(false, false, 2, 16, 1));
  }
};
TEST_F(LayoutTest, TransposeAndTransDataTo5HD) {
  std::vector<uint16_t> a(kRegion / 2);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint16_t>(i * 3 + 1);
  const auto raw = run<Transposes>(bytesOf(a), {}, {}, {});
  const auto d = valuesOf<uint16_t>(raw, kRegion / 2);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) ASSERT_EQ(d[j * 16 + i], a[i * 16 + j]) << i << " " << j;
  const auto* a32 = reinterpret_cast<const uint32_t*>(a.data()) + 1024;
  const auto* d32 = reinterpret_cast<const uint32_t*>(d.data()) + 1024;
  for (int c = 0; c < 8; ++c)
    for (int row = 0; row < 16; ++row)
      ASSERT_EQ(d32[(2 * c + row / 8) * 8 + row % 8], a32[row * 8 + c]) << c << " " << row;
  // NC1HWC0: element (hw, c) of the output = input channel c at position hw.
  for (int hw = 0; hw < 32; ++hw)
    for (int c = 0; c < 16; ++c) ASSERT_EQ(d[4096 + hw * 16 + c], a[4096 + c * 32 + hw]) << hw;
}

struct Sorts {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    Sort32<float>(ub.D<float>(), ub.A<float>(), ub.B<uint32_t>(), 4);
    PipeBarrier<PIPE_V>();
    MrgSortSrcList<float> lists(ub.D<float>(), ub.D<float>()[64], ub.D<float>()[128],
                                ub.D<float>()[192]);
    const uint16_t lens[4] = {32, 32, 32, 32};
    MrgSort<float>(ub.D<float>()[1024], lists, MrgSort4Info(lens, false, 15, 1));
    PipeBarrier<PIPE_V>();
    uint16_t n1 = 0, n2 = 0, n3 = 0, n4 = 0;
    GetMrgSortResult(n1, n2, n3, n4);
    LocalTensor<uint32_t> out = ub.D<uint32_t>()[4000];
    out.SetValue(0, n1);
    out.SetValue(1, n4);
  }
};
TEST_F(LayoutTest, Sort32AndMrgSort) {
  std::mt19937 rng(8);
  std::vector<float> a(128);
  for (auto& x : a) x = static_cast<float>(static_cast<int>(rng() % 40));  // many ties
  std::vector<uint32_t> idx(128);
  std::iota(idx.begin(), idx.end(), 1000u);
  const auto raw = run<Sorts>(bytesOf(a), bytesOf(idx), {}, {});
  auto region = [&](size_t off, int k, float* s, uint32_t* i) {
    std::memcpy(s, raw.data() + off + k * 8, 4);
    std::memcpy(i, raw.data() + off + k * 8 + 4, 4);
  };
  for (int g = 0; g < 4; ++g) {
    std::vector<int> order(32);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int x, int y) { return a[g * 32 + x] > a[g * 32 + y]; });
    for (int k = 0; k < 32; ++k) {
      float s;
      uint32_t i;
      region(g * 256, k, &s, &i);
      ASSERT_EQ(s, a[g * 32 + order[k]]);
      ASSERT_EQ(i, idx[g * 32 + order[k]]);
    }
  }
  std::vector<int> all(128);
  std::iota(all.begin(), all.end(), 0);
  std::stable_sort(all.begin(), all.end(), [&](int x, int y) { return a[x] > a[y]; });
  for (int k = 0; k < 128; ++k) {
    float s;
    uint32_t i;
    region(1024 * 4, k, &s, &i);
    ASSERT_EQ(s, a[all[k]]) << k;
    ASSERT_EQ(i, idx[all[k]]) << k;
  }
  uint32_t counts[2];
  std::memcpy(counts, raw.data() + 4000 * 4, 8);
  EXPECT_EQ(counts[0], 32u);
  EXPECT_EQ(counts[1], 32u);
}

}  // namespace
}  // namespace asctwin::isatest

// The records of the sorts name every byte they touch: a MrgSort result
// stored straight to GM is initialised (initcheck), and nothing races.
namespace asctwin::isatest {
namespace {
__global__ __aicore__ void sortRecordsKernel(GM_ADDR src, GM_ADDR idx, GM_ADDR out) {
  GlobalTensor<float> gs, go;
  GlobalTensor<uint32_t> gi;
  gs.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 128);
  gi.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(idx), 128);
  go.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 256);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bs, bi, bw, bd;
  pipe.InitBuffer(bs, 512);
  pipe.InitBuffer(bi, 512);
  pipe.InitBuffer(bw, 1024);
  pipe.InitBuffer(bd, 1024);
  LocalTensor<float> s = bs.Get<float>(), w = bw.Get<float>(), d = bd.Get<float>();
  LocalTensor<uint32_t> i = bi.Get<uint32_t>();
  DataCopy(s, gs, 128);
  DataCopy(i, gi, 128);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  Sort32<float>(w, s, i, 4);
  PipeBarrier<PIPE_V>();
  const uint16_t lens[4] = {32, 32, 32, 32};
  MrgSort<float>(d, MrgSortSrcList<float>(w, w[64], w[128], w[192]),
                 MrgSort4Info(lens, false, 15, 1));
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(go, d, 256);
}
TEST_F(LayoutTest, SortRecordsAreExactForTheChecker) {
  asctwin::testing::DevBuf s(512), i(512), o(1024);
  std::vector<float> v(128);
  std::vector<uint32_t> ix(128);
  for (int k = 0; k < 128; ++k) {
    v[k] = static_cast<float>((k * 37) % 101);
    ix[k] = static_cast<uint32_t>(k);
  }
  s.upload(v);
  i.upload(ix);
  checker::Session session(checker::all);
  EXPECT_EQ(asctwin::run(sortRecordsKernel, vec(1, "sortrec"), s.gm(), i.gm(), o.gm()), 0)
      << lastError();
  EXPECT_TRUE(session.findings().empty()) << asctwin::testing::dump(session.findings());
}
}  // namespace
}  // namespace asctwin::isatest

// The record of a GatherMask with a fixed pattern names the packed bytes it
// writes: UnPad's form (pattern 7, counter mode, 7 of each row of 8 floats)
// and the even lanes of one normal-mode iteration, both stored straight to
// GM, are initialised (initcheck).
namespace asctwin::isatest {
namespace {
__global__ __aicore__ void gatherMaskRecordsKernel(GM_ADDR src, GM_ADDR out) {
  GlobalTensor<float> gs, go;
  gs.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  go.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 96);
  TPipe pipe;
  TBuf<TPosition::VECCALC> bs, bd, be;
  pipe.InitBuffer(bs, 256);
  pipe.InitBuffer(bd, 256);
  pipe.InitBuffer(be, 128);
  LocalTensor<float> s = bs.Get<float>(), d = bd.Get<float>(), e = be.Get<float>();
  DataCopy(s, gs, 64);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  uint64_t n = 0;
  GatherMask(d, s, static_cast<uint8_t>(7), true, 7, GatherMaskParams(1, 8, 1, 0), n);
  GatherMask(e, s, static_cast<uint8_t>(1), false, 0, GatherMaskParams(1, 1, 8, 0), n);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(go, d, 56);
  DataCopy(go[64], e, 32);
}
TEST_F(LayoutTest, GatherMaskFixedPatternRecordsAreExactForTheChecker) {
  asctwin::testing::DevBuf s(256), o(384);
  std::vector<float> v(64);
  std::iota(v.begin(), v.end(), 0.0f);
  s.upload(v);
  checker::Session session(checker::all);
  EXPECT_EQ(asctwin::run(gatherMaskRecordsKernel, vec(1, "gathermask"), s.gm(), o.gm()), 0)
      << lastError();
  EXPECT_TRUE(session.findings().empty()) << asctwin::testing::dump(session.findings());
  const auto got = o.download<float>(96);
  for (int k = 0; k < 56; ++k) ASSERT_EQ(got[k], v[(k / 7) * 8 + k % 7]) << k;
  for (int k = 0; k < 32; ++k) ASSERT_EQ(got[64 + k], v[2 * k]) << k;
}
}  // namespace
}  // namespace asctwin::isatest
