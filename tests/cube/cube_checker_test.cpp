// The checker on the cube pipes and buffers: the MTE1 -> M and M -> FIX
// hand-overs need their flags, two accumulating Mmads need a PipeBarrier<PIPE_M>
// unless the tile is large enough for the hardware to order them (the Mmad
// page's (m / 16) * (n / 16) >= 10 rule), L0 bytes read before any write,
// and an atomic Fixpipe onto GM nobody wrote.
#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;
using asctwin::testing::ofKind;

namespace {

enum Variant : int32_t {
  kClean = 0,
  kNoMte1MFlag,   // LoadData -> Mmad without MTE1_M
  kNoMFixFlag,    // Mmad -> Fixpipe without M_FIX
  kNoMBarrier,    // two accumulating Mmads, small tile, no PipeBarrier<PIPE_M>
  kUnloadedL0A,   // Mmad reads an L0A that no load wrote
  kAtomicUninit,  // Fixpipe with SetAtomicAdd onto GM the host never wrote
};

// C (m x n) = A (m x 16) x B (16 x n), half, one k fractal.
__global__ __cube__ void pipeKernel(GM_ADDR a, GM_ADDR bt, GM_ADDR c, uint32_t m, uint32_t n,
                                    int32_t variant) {
  const uint32_t m1 = m / 16, n1 = n / 16;
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), m * 16);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(bt), n * 16);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), m * n);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<half> a1 = l1.Alloc<half>(m * 16), b1 = l1.Alloc<half>(n * 16);
  LocalTensor<half> a2 = l0a.Alloc<half>(m * 16), b2 = l0b.Alloc<half>(n * 16);
  LocalTensor<float> c1 = l0c.Alloc<float>(m * n);
  DataCopy(a1, ag, Nd2NzParams(1, m, 16, 0, 16, m, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, n, 16, 0, 16, n, 1, 0));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  if (variant != kUnloadedL0A)
    LoadData(a2, a1, LoadData2DParams(0, static_cast<uint8_t>(m1), 1, 0, 0, false, 0));  // @a-load
  LoadData(b2, b1, LoadData2DParams(0, static_cast<uint8_t>(n1), 1, 0, 0, false, 0));
  if (variant != kNoMte1MFlag) {
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  }
  const auto mm = static_cast<uint16_t>(m), nn = static_cast<uint16_t>(n);
  Mmad(c1, a2, b2, MmadParams(mm, nn, 16, 0, false, true));  // @mmad-1
  if (variant != kNoMBarrier) PipeBarrier<PIPE_M>();
  Mmad(c1, a2, b2, MmadParams(mm, nn, 16, 0, false, false));  // @mmad-2
  if (variant != kNoMFixFlag) {
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  }
  FixpipeParamsV220 fp(nn, mm, mm, n, false);
  if (variant == kAtomicUninit) SetAtomicAdd<float>();
  Fixpipe(cg, c1, fp);  // @fixpipe
  if (variant == kAtomicUninit) DisableDmaAtomic();
}

// Large tile, no barrier: the hardware orders the accumulating Mmads.
std::vector<asctwin::checker::Finding> runVariant(int32_t variant, uint32_t m, uint32_t n) {
  std::vector<half> a(m * 16, half(1.0f)), b(n * 16, half(0.5f));
  DevBuf ag(a.size() * 2), bg(b.size() * 2), cg(size_t{m} * n * 4);
  ag.upload(a);
  bg.upload(b);
  if (variant != kAtomicUninit) cg.zero();
  asctwin::checker::Session s(asctwin::checker::all);
  EXPECT_EQ(asctwin::run(pipeKernel, KernelTest::cube(1), ag.gm(), bg.gm(), cg.gm(), m, n, variant),
            0)
      << KernelTest::lastError();
  return s.findings();
}

class CubeCheckerTest : public KernelTest {};

TEST_F(CubeCheckerTest, ACleanKernelHasNoFinding) {
  const auto f = runVariant(kClean, 32, 32);
  EXPECT_TRUE(f.empty()) << asctwin::testing::dump(f);
}

TEST_F(CubeCheckerTest, MissingHandOverFlagsAreRaces) {
  for (int32_t v : {kNoMte1MFlag, kNoMFixFlag}) {
    const auto f = runVariant(v, 32, 32);
    const auto races = ofKind(f, "race-same-core");
    ASSERT_FALSE(races.empty()) << "variant " << v << ": " << asctwin::testing::dump(f);
    const std::string pipes = races[0].first.pipe + "/" + races[0].second->pipe;
    if (v == kNoMte1MFlag) {
      EXPECT_NE(pipes.find("MTE1"), std::string::npos) << pipes;
    } else {
      EXPECT_NE(pipes.find("FIX"), std::string::npos) << pipes;
    }
  }
}

TEST_F(CubeCheckerTest, AccumulatingMmadsNeedABarrierOnlyOnSmallTiles) {
  // 32 x 32: (2) * (2) = 4 < 10, the two Mmads on PIPE_M are unordered.
  const auto small = runVariant(kNoMBarrier, 32, 32);
  const auto races = ofKind(small, "race-same-core");
  ASSERT_FALSE(races.empty()) << asctwin::testing::dump(small);
  EXPECT_EQ(races[0].first.pipe, "M");
  EXPECT_EQ(races[0].second->pipe, "M");
  // 64 x 64: 4 * 4 = 16 >= 10, ordered by the hardware.
  const auto large = runVariant(kNoMBarrier, 64, 64);
  EXPECT_TRUE(large.empty()) << asctwin::testing::dump(large);
}

TEST_F(CubeCheckerTest, L0ReadBeforeAnyWriteAndAtomicOntoUnwrittenGm) {
  const auto f = runVariant(kUnloadedL0A, 32, 32);
  const auto uninit = ofKind(f, "uninit-ub-read");
  ASSERT_FALSE(uninit.empty()) << asctwin::testing::dump(f);
  EXPECT_EQ(uninit[0].first.api, "Mmad");
  const auto g = runVariant(kAtomicUninit, 32, 32);
  const auto atomic = ofKind(g, "uninit-gm-atomic");
  ASSERT_EQ(atomic.size(), 1u) << asctwin::testing::dump(g);
  EXPECT_EQ(atomic[0].tool, "initcheck");
  EXPECT_EQ(atomic[0].first.api, "Fixpipe");
}

}  // namespace
