// synccheck: each kind found with its site; the launch stops cleanly.
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

using namespace AscendC;

namespace {

__global__ __aicore__ void waitWithoutSet(GM_ADDR) {
  WaitFlag<HardEvent::MTE2_V>(1);  // @wait
}

__global__ __aicore__ void unmatchedSet(GM_ADDR) {
  SetFlag<HardEvent::V_MTE3>(2);  // @unmatched
}

__global__ __aicore__ void doubleSet(GM_ADDR) {
  SetFlag<HardEvent::MTE2_V>(0);  // @double1
  SetFlag<HardEvent::MTE2_V>(0);  // @double2
  WaitFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
}

__global__ __aicore__ void syncAllCount(GM_ADDR) {
  SyncAll();                          // @syncall
  if (GetBlockIdx() == 0) SyncAll();  // @syncall2
}

__global__ __aicore__ void spinForever(GM_ADDR flag) {
  auto* p = reinterpret_cast<__gm__ int32_t*>(flag);
  while (ReadGmByPassDCache<int32_t>(p) != 1) {  // @spin
  }
}

}  // namespace

namespace asctwin::testing {
namespace {

class SyncFindings : public KernelTest {};

TEST_F(SyncFindings, WaitWithoutSetIsFoundAndStopsTheLaunch) {
  DevBuf b(64);
  checker::Session s(checker::all);
  EXPECT_NE(asctwin::run(waitWithoutSet, vec(1, "wws"), b.gm()), 0);
  auto f = ofKind(s.findings(), "wait-without-set");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].tool, "synccheck");
  EXPECT_EQ(f[0].kernel, "wws");
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "wait"));
  EXPECT_EQ(f[0].first.api, "WaitFlag");
  EXPECT_FALSE(f[0].second.has_value());
}

TEST_F(SyncFindings, UnmatchedSetAtKernelEnd) {
  DevBuf b(64);
  checker::Session s(checker::synccheck);
  EXPECT_EQ(asctwin::run(unmatchedSet, vec(2, "us"), b.gm()), 0);
  auto f = ofKind(s.findings(), "unmatched-set");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].count, 2u);  // both blocks
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "unmatched"));
  EXPECT_EQ(f[0].first.pipe, "V");
}

TEST_F(SyncFindings, DoubleSetNamesBothSets) {
  DevBuf b(64);
  checker::Session s(checker::synccheck);
  EXPECT_EQ(asctwin::run(doubleSet, vec(1, "ds"), b.gm()), 0);
  auto f = ofKind(s.findings(), "double-set");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "double1"));
  ASSERT_TRUE(f[0].second.has_value());
  EXPECT_EQ(f[0].second->line, markerLine(__FILE__, "double2"));
  EXPECT_TRUE(ofKind(s.findings(), "unmatched-set").empty());
}

TEST_F(SyncFindings, SyncAllCountMismatchNamesTheShortBlock) {
  DevBuf b(64);
  checker::Session s(checker::synccheck);
  EXPECT_NE(asctwin::run(syncAllCount, vec(3, "sa"), b.gm()), 0);
  auto f = ofKind(s.findings(), "syncall-count-mismatch");
  ASSERT_EQ(f.size(), 2u) << dump(s.findings());
  std::vector<int> blocks{f[0].first.block, f[1].first.block};
  std::sort(blocks.begin(), blocks.end());
  EXPECT_EQ(blocks, (std::vector<int>{1, 2}));
  EXPECT_NE(f[0].message.find("made 1 SyncAll call(s), other blocks 2"), std::string::npos)
      << f[0].message;
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "syncall2"));
}

TEST_F(SyncFindings, SpinThatCanNeverSucceed) {
  DevBuf b(64);
  b.zero();
  checker::Session s(checker::synccheck);
  EXPECT_NE(asctwin::run(spinForever, vec(1, "spin"), b.gm()), 0);
  auto f = ofKind(s.findings(), "deadlock-spin");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "spin"));
  EXPECT_EQ(f[0].first.block, 0);
}

}  // namespace
}  // namespace asctwin::testing
