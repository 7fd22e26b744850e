// Cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag, FFTS modes 0, 1
// and 2 of A2/A3, kernel_operator_block_sync_intf.h and its reference page):
// the data one side writes before its set is what the other side reads after
// its wait, in fast mode and under check-mode seeds; the checker sees the
// order (no race) and sees its absence (a race) when the wait is left out.
#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::LaunchOptions;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t kLen = 64;  // floats per AIV

// mode 2: each AIV of the (1, 2) group stores its slice (MTE3) and sets flag
// 5; the AIC waits (unless `skipWait`), brings both slices through L1 and
// stores them to `out`; then it sets flag 6 for the AIVs, which wait and
// copy `out` back into `echo`.
__global__ __mix__(1, 2) void mode2Kernel(GM_ADDR x, GM_ADDR mid, GM_ADDR out, GM_ADDR echo,
                                          int32_t skipWait) {
  if ASCEND_IS_AIV {
    const int64_t sub = GetSubBlockIdx();
    GlobalTensor<float> xg, mg, og, eg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + sub * kLen, kLen);
    mg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid) + sub * kLen, kLen);
    og.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out) + sub * kLen, kLen);
    eg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(echo) + sub * kLen, kLen);
    LocalTensor<float> u(TPosition::VECCALC, 0, kLen);
    DataCopy(u, xg, kLen);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(mg, u, kLen);
    CrossCoreSetFlag<2, PIPE_MTE3>(5);
    CrossCoreWaitFlag(6);
    LocalTensor<float> v(TPosition::VECCALC, 4096, kLen);
    DataCopy(v, og, kLen);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(eg, v, kLen);
  }
  if ASCEND_IS_AIC {
    GlobalTensor<float> mg, og;
    mg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), 2 * kLen);
    og.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 2 * kLen);
    if (!skipWait) CrossCoreWaitFlag(5);
    LocalTensor<float> l(TPosition::A1, 0, 2 * kLen);
    DataCopy(l, mg, 2 * kLen);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(og, l, 2 * kLen);
    CrossCoreSetFlag<2, PIPE_MTE3>(6);
  }
}

// mode 0 on the AIVs of 4 groups and mode 1 inside each group: every AIV
// adds its row atomically, sets the flag; after the wait one AIV copies the
// total out.
__global__ __mix__(1, 2) void mode01Kernel(GM_ADDR x, GM_ADDR sum, GM_ADDR out, int32_t mode) {
  if ASCEND_IS_AIC
    return;
  GlobalTensor<float> xg, sg, og;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + GetBlockIdx() * kLen, kLen);
  const int64_t group = GetBlockIdx() / GetTaskRatio();
  const int64_t slot = mode == 0 ? 0 : group;
  sg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(sum) + slot * kLen, kLen);
  og.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out) + slot * kLen, kLen);
  LocalTensor<float> u(TPosition::VECCALC, 0, kLen);
  DataCopy(u, xg, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  SetAtomicAdd<float>();
  DataCopy(sg, u, kLen);
  if (mode == 0) {
    CrossCoreSetFlag<0, PIPE_MTE3>(1);
  } else {
    CrossCoreSetFlag<1, PIPE_MTE3>(1);
  }
  CrossCoreWaitFlag(1);
  DisableDmaAtomic();
  const bool copier = mode == 0 ? GetBlockIdx() == 0 : GetSubBlockIdx() == 0;
  if (!copier) return;
  LocalTensor<float> v(TPosition::VECCALC, 4096, kLen);
  DataCopy(v, sg, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
  DataCopy(og, v, kLen);
}

__global__ __mix__(1, 2) void waitForeverKernel() {
  if ASCEND_IS_AIC
    CrossCoreWaitFlag(9);
}
__global__ __mix__(1, 2) void mode1OnAicKernel() {
  if ASCEND_IS_AIC
    CrossCoreSetFlag<1, PIPE_MTE3>(0);
}

std::vector<float> ramp(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i) * 0.5f + 1.0f;
  return v;
}

class CrossCoreTest : public KernelTest {};

TEST_F(CrossCoreTest, Mode2OrdersTheAivStoresBeforeTheAicAndBack) {
  const auto x = ramp(2 * kLen);
  for (ExecMode mode : {ExecMode::Fast, ExecMode::Check})
    for (uint64_t seed = 0; seed < (mode == ExecMode::Check ? 12u : 1u); ++seed) {
      DevBuf xg(x.size() * 4), mg(x.size() * 4), og(x.size() * 4), eg(x.size() * 4);
      xg.upload(x);
      LaunchOptions o = mix(1);
      o.mode = mode;
      o.seed = seed;
      ASSERT_EQ(asctwin::run(mode2Kernel, o, xg.gm(), mg.gm(), og.gm(), eg.gm(), 0), 0)
          << lastError();
      EXPECT_EQ(og.download<float>(x.size()), x) << "seed " << seed;
      EXPECT_EQ(eg.download<float>(x.size()), x) << "seed " << seed;
    }
}

TEST_F(CrossCoreTest, Modes0And1CountEveryParticipant) {
  constexpr uint32_t groups = 4;
  const auto x = ramp(groups * 2 * kLen);
  for (int mode : {0, 1})
    for (uint64_t seed = 0; seed < 6; ++seed) {
      DevBuf xg(x.size() * 4), sg(x.size() * 4), og(x.size() * 4);
      xg.upload(x);
      sg.zero();
      og.zero();
      LaunchOptions o = mix(groups);
      o.mode = ExecMode::Check;
      o.seed = seed;
      ASSERT_EQ(asctwin::run(mode01Kernel, o, xg.gm(), sg.gm(), og.gm(), mode), 0) << lastError();
      const auto out = og.download<float>(groups * kLen);
      for (uint32_t i = 0; i < kLen; ++i) {
        if (mode == 0) {
          float s = 0;
          for (uint32_t b = 0; b < groups * 2; ++b) s += x[b * kLen + i];
          // Float atomics add in the order the cores arrive: compare with a
          // tolerance (the values are small integers and halves: exact).
          ASSERT_EQ(out[i], s) << "mode 0 seed " << seed << " lane " << i;
        } else {
          for (uint32_t g = 0; g < groups; ++g)
            ASSERT_EQ(out[g * kLen + i], x[(2 * g) * kLen + i] + x[(2 * g + 1) * kLen + i])
                << "mode 1 seed " << seed << " group " << g;
        }
      }
    }
}

TEST_F(CrossCoreTest, TheCheckerSeesTheOrderAndItsAbsence) {
  const auto x = ramp(2 * kLen);
  for (int skip : {0, 1}) {
    asctwin::checker::Session s(asctwin::checker::racecheck | asctwin::checker::synccheck);
    DevBuf xg(x.size() * 4), mg(x.size() * 4), og(x.size() * 4), eg(x.size() * 4);
    xg.upload(x);
    ASSERT_EQ(asctwin::run(mode2Kernel, mix(1), xg.gm(), mg.gm(), og.gm(), eg.gm(), skip), 0)
        << lastError();
    const auto races = asctwin::testing::ofKind(s.findings(), "race-cross-core");
    if (skip == 0) {
      EXPECT_TRUE(s.findings().empty()) << asctwin::testing::dump(s.findings());
    } else {
      EXPECT_FALSE(races.empty()) << asctwin::testing::dump(s.findings());
    }
  }
}

TEST_F(CrossCoreTest, AWaitNobodySetsIsADeadlockNotAHang) {
  EXPECT_NE(asctwin::run(waitForeverKernel, mix(1)), 0);
  EXPECT_NE(lastError().find("CrossCoreWaitFlag"), std::string::npos) << lastError();
}

TEST_F(CrossCoreTest, Mode1OnTheAicIsRefused) {
  EXPECT_NE(asctwin::run(mode1OnAicKernel, mix(1)), 0);
  EXPECT_NE(lastError().find("mode 1"), std::string::npos) << lastError();
}

}  // namespace
