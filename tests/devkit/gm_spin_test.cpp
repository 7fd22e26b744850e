// A spin on GM through DMA, the way Huawei's WaitPreBlock / IBWait / software
// SyncAll wait in devkit mode (copy_gm_to_ubuf of the flag words, a test in
// UB, again): the copy out of GM is a poll point, so in fast mode a block
// spinning on a worker lets the block it waits for run on that worker, and
// in check mode the seeded schedules all finish with the same result. A spin
// nobody can end is reported; a block that copies the same GM many times
// while nothing else writes GM is not a spin that never ends.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernel/kernel_test_util.h"

namespace {

using namespace AscendC;

constexpr uint32_t kBlocks = 8;

// Block b waits until block b + 1 has written its flag (block kBlocks - 1
// goes first): the reverse of the order in which workers pick blocks, so a
// spin that never yields starves the block it waits for.
__global__ __aicore__ void reverseChain(GM_ADDR flags, GM_ADDR out) {
  GlobalTensor<int32_t> f, o;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flags), kBlocks * 8);
  o.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), kBlocks * 8);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 64);
  LocalTensor<int32_t> ub = b.Get<int32_t>();
  const int32_t me = static_cast<int32_t>(GetBlockIdx());
  if (me + 1 < static_cast<int32_t>(kBlocks)) {
    for (;;) {
      DataCopy(ub, f[(me + 1) * 8], 8);
      SetFlag<HardEvent::MTE2_S>(0);
      WaitFlag<HardEvent::MTE2_S>(0);
      if (ub.GetValue(0) != 0) break;
      SetFlag<HardEvent::S_MTE2>(0);
      WaitFlag<HardEvent::S_MTE2>(0);
    }
  }
  // out[me] = the flag we waited for + 1 (kBlocks - me at the end).
  const int32_t next = me + 1 < static_cast<int32_t>(kBlocks) ? ub.GetValue(0) : 0;
  SetFlag<HardEvent::MTE2_S>(0);
  WaitFlag<HardEvent::MTE2_S>(0);
  for (int i = 0; i < 8; ++i) ub.SetValue(i, next + 1);
  SetFlag<HardEvent::S_MTE3>(0);
  WaitFlag<HardEvent::S_MTE3>(0);
  DataCopy(o[me * 8], ub, 8);
  DataCopy(f[me * 8], ub, 8);
}

// One block copies the same GM tile in many times before it writes anything.
__global__ __aicore__ void rereadTile(GM_ADDR in, GM_ADDR out, uint32_t times) {
  GlobalTensor<float> x, y;
  x.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(in), 64);
  y.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> ta, tacc;
  pipe.InitBuffer(ta, 256);
  pipe.InitBuffer(tacc, 256);
  LocalTensor<float> a = ta.Get<float>(), acc = tacc.Get<float>();
  Duplicate(acc, 0.0f, 64);
  for (uint32_t i = 0; i < times; ++i) {
    SetFlag<HardEvent::V_MTE2>(0);
    WaitFlag<HardEvent::V_MTE2>(0);
    DataCopy(a, x, 64);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Add(acc, acc, a, 64);
  }
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(y, acc, 64);
}

// Block 1 waits through DMA for a flag nobody writes.
__global__ __aicore__ void spinOnDmaForever(GM_ADDR flags) {
  GlobalTensor<int32_t> f;
  f.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flags), 8);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  LocalTensor<int32_t> ub = b.Get<int32_t>();
  if (GetBlockIdx() != 1) return;
  do {
    DataCopy(ub, f, 8);
    SetFlag<HardEvent::MTE2_S>(0);
    WaitFlag<HardEvent::MTE2_S>(0);
  } while (ub.GetValue(0) == 0);
}

class GmSpinTest : public asctwin::testing::KernelTest {
 protected:
  static asctwin::LaunchOptions in(asctwin::ExecMode mode, uint32_t blocks, uint64_t seed,
                                   const char* name) {
    asctwin::LaunchOptions o = vec(blocks, name);
    o.mode = mode;
    o.seed = seed;
    return o;
  }
};

TEST_F(GmSpinTest, DmaSpinLetsTheAwaitedBlockRunInFastAndCheckMode) {
  const std::pair<asctwin::ExecMode, uint64_t> runs[] = {
      {asctwin::ExecMode::Fast, 0}, {asctwin::ExecMode::Check, 1}, {asctwin::ExecMode::Check, 7}};
  for (const auto& [mode, seed] : runs) {
    asctwin::testing::DevBuf flags(kBlocks * 32), out(kBlocks * 32);
    flags.zero();
    out.zero();
    ASSERT_EQ(
        asctwin::run(reverseChain, in(mode, kBlocks, seed, "reverseChain"), flags.gm(), out.gm()),
        0)
        << lastError();
    const auto got = out.download<int32_t>(kBlocks * 8);
    for (uint32_t b = 0; b < kBlocks; ++b)
      for (int i = 0; i < 8; ++i) ASSERT_EQ(got[b * 8 + i], int32_t(kBlocks - b)) << b << " " << i;
  }
}

TEST_F(GmSpinTest, RereadingTheSameGmIsNoDeadlock) {
  asctwin::testing::DevBuf x(256), y(256);
  std::vector<float> v(64);
  for (int i = 0; i < 64; ++i) v[i] = static_cast<float>(i % 7) - 3.0f;
  x.upload(v);
  for (auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
    ASSERT_EQ(asctwin::run(rereadTile, in(mode, 1, 3, "reread"), x.gm(), y.gm(), 50u), 0)
        << lastError();
    const auto got = y.download<float>(64);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(got[i], 50.0f * v[i]) << i;
  }
}

TEST_F(GmSpinTest, DmaSpinThatCanNeverSucceedIsReported) {
  asctwin::testing::DevBuf flags(32);
  flags.zero();
  EXPECT_EQ(asctwin::run(spinOnDmaForever, vec(3, "dmaspin"), flags.gm()), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("spins on GM"), std::string::npos) << lastError();
}

}  // namespace
