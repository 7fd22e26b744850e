// The ordering table both engines read (src/kernel/ordering.h) says what the
// API reference says: PIPE_V and PIPE_S run in order (the compiler's PIPE_V
// barrier; the scalar unit), the transfer and cube pipes reorder between
// PipeBarriers; every HardEvent names its source and destination pipe
// (A_B: A sets, B waits); PipeBarrier<PIPE_ALL> waits for everything and
// orders everything after it; the cross-core steps drain before their flag
// store and acquire after their flag read.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "kernel/ordering.h"

namespace asctwin::kernel {
namespace {

TEST(OrderingTable, PipesInOrderOrReorderable) {
  EXPECT_TRUE(inOrderPipe(PIPE_V));
  EXPECT_TRUE(inOrderPipe(PIPE_S));
  for (pipe_t p : {PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_M, PIPE_FIX})
    EXPECT_EQ(pipeRule(p).order, PipeOrder::Reorderable) << pipeName(p);
  EXPECT_EQ(pipeRule(PIPE_ALL).order, PipeOrder::None);
}

TEST(OrderingTable, EveryEventNamesItsPipes) {
  for (int e = 0; e < static_cast<int>(AscendC::HardEvent::MAX); ++e) {
    const auto ev = static_cast<AscendC::HardEvent>(e);
    const std::string name = eventName(ev);
    const auto cut = name.find('_');
    ASSERT_NE(cut, std::string::npos) << name;
    EXPECT_EQ(name.substr(0, cut), pipeName(eventPipes(ev).from)) << name;
    EXPECT_EQ(name.substr(cut + 1), pipeName(eventPipes(ev).to)) << name;
  }
}

TEST(OrderingTable, SynchronisationSteps) {
  const SyncRule all = syncRule(SyncKind::PipeBarrier, PIPE_ALL);
  EXPECT_TRUE(all.drainsCore && all.acquiresCore);
  const SyncRule mte3 = syncRule(SyncKind::PipeBarrier, PIPE_MTE3);
  EXPECT_FALSE(mte3.drainsCore || mte3.acquiresCore);
  for (SyncKind k : {SyncKind::SyncAllArrive, SyncKind::IBSet, SyncKind::NotifyNextBlock})
    EXPECT_TRUE(syncRule(k).drainsCore) << static_cast<int>(k);
  for (SyncKind k : {SyncKind::SyncAllLeave, SyncKind::IBWait, SyncKind::WaitPreBlock})
    EXPECT_TRUE(syncRule(k).acquiresCore) << static_cast<int>(k);
  EXPECT_FALSE(syncRule(SyncKind::SetFlag).drainsCore);
  EXPECT_FALSE(syncRule(SyncKind::WaitFlag).acquiresCore);
}

}  // namespace
}  // namespace asctwin::kernel
