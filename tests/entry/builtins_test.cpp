// block_idx / block_num / sub_block_idx and GetTaskRatio against the
// documented relation GetBlockIdx() = block_idx * GetTaskRatio() + sub_block_idx
// on AIV cores (block_idx on AIC cores), for vector, cube and mix launches,
// in fast and check mode.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include "kernel/kernel_test_util.h"

namespace {

using asctwin::testing::KernelTest;

struct Seen {
  int64_t getBlockIdx, getBlockNum, blockIdx, blockNum, subBlockIdx, ratio;
  bool aiv;
  bool operator<(const Seen& o) const {
    return std::tie(aiv, getBlockIdx) < std::tie(o.aiv, o.getBlockIdx);
  }
};
std::mutex gMu;
std::vector<Seen> gSeen;

void recordKernel() {
  // Read twice around a barrier-free yield point: a block that changes host
  // thread must still see its own values.
  const Seen s{AscendC::GetBlockIdx(),        AscendC::GetBlockNum(), block_idx, block_num,
               sub_block_idx,                  AscendC::GetTaskRatio(),
               AscendC::GetCoreType() == AscendC::AscendCCoreType::AIV};
  std::lock_guard lock(gMu);
  gSeen.push_back(s);
}

void syncedKernel() {
  const int64_t before = block_idx;
  AscendC::SyncAll<true>();
  if (block_idx != before) std::abort();  // the fiber's own value after the barrier
  recordKernel();
}

class Builtins : public KernelTest, public ::testing::WithParamInterface<asctwin::ExecMode> {
 protected:
  asctwin::LaunchOptions with(asctwin::LaunchOptions o) const {
    o.mode = GetParam();
    return o;
  }
  void SetUp() override { gSeen.clear(); }
};

TEST_P(Builtins, VectorLaunch) {
  ASSERT_EQ(asctwin::run(recordKernel, with(vec(5))), 0) << lastError();
  ASSERT_EQ(gSeen.size(), 5u);
  std::set<int64_t> idx;
  for (const Seen& s : gSeen) {
    EXPECT_TRUE(s.aiv);
    EXPECT_EQ(s.blockIdx, s.getBlockIdx);
    EXPECT_EQ(s.blockNum, 5);
    EXPECT_EQ(s.getBlockNum, 5);
    EXPECT_EQ(s.subBlockIdx, 0);
    idx.insert(s.blockIdx);
  }
  EXPECT_EQ(idx, (std::set<int64_t>{0, 1, 2, 3, 4}));
}

TEST_P(Builtins, CubeLaunch) {
  ASSERT_EQ(asctwin::run(recordKernel, with(cube(3))), 0) << lastError();
  ASSERT_EQ(gSeen.size(), 3u);
  for (const Seen& s : gSeen) {
    EXPECT_FALSE(s.aiv);
    EXPECT_EQ(s.blockIdx, s.getBlockIdx);
    EXPECT_EQ(s.blockNum, 3);
    EXPECT_EQ(s.ratio, 1);
    EXPECT_EQ(s.subBlockIdx, 0);
  }
}

TEST_P(Builtins, MixLaunchGroupsAivCores) {
  ASSERT_EQ(asctwin::run(recordKernel, with(mix(3))), 0) << lastError();
  ASSERT_EQ(gSeen.size(), 9u);  // 3 AIC + 6 AIV
  std::set<std::pair<int64_t, int64_t>> aivGroups;
  for (const Seen& s : gSeen) {
    EXPECT_EQ(s.blockNum, 3);
    EXPECT_GE(s.blockIdx, 0);
    EXPECT_LT(s.blockIdx, 3);
    if (s.aiv) {
      EXPECT_EQ(s.ratio, 2);
      EXPECT_EQ(s.getBlockIdx, s.blockIdx * s.ratio + s.subBlockIdx);
      aivGroups.insert({s.blockIdx, s.subBlockIdx});
    } else {
      EXPECT_EQ(s.getBlockIdx, s.blockIdx);
    }
  }
  EXPECT_EQ(aivGroups.size(), 6u);
}

TEST_P(Builtins, ValuesSurviveABarrier) {
  ASSERT_EQ(asctwin::run(syncedKernel, with(vec(8))), 0) << lastError();
  EXPECT_EQ(gSeen.size(), 8u);
}

TEST_P(Builtins, ZeroOutsideAKernel) {
  ASSERT_EQ(asctwin::run(recordKernel, with(vec(2))), 0);
  EXPECT_EQ(block_idx, 0);
  EXPECT_EQ(block_num, 0);
  EXPECT_EQ(sub_block_idx, 0);
}

INSTANTIATE_TEST_SUITE_P(Modes, Builtins,
                         ::testing::Values(asctwin::ExecMode::Fast, asctwin::ExecMode::Check),
                         [](const auto& p) {
                           return p.param == asctwin::ExecMode::Fast ? "Fast" : "Check";
                         });

}  // namespace
