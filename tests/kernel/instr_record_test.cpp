// The instruction record refuses a fifth operand: the process stops with the
// instruction's API and site instead of dropping the operand.
#include <gtest/gtest.h>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

Access ubRead(uintptr_t addr) {
  Access a;
  a.space = Space::UB;
  a.addr = addr;
  a.blockBytes = 32;
  return a;
}

TEST(InstrRecord, KeepsEveryOperandUpToTheLimit) {
  Instr in;
  for (uint8_t i = 0; i < Instr::kMaxAccesses; ++i) in.add(ubRead(0x1000 + 32u * i));
  ASSERT_EQ(in.accessCount, Instr::kMaxAccesses);
  for (uint8_t i = 0; i < Instr::kMaxAccesses; ++i) EXPECT_EQ(in.acc[i].addr, 0x1000 + 32u * i);
}

TEST(InstrRecordDeathTest, RefusesOneOperandTooMany) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Instr in;
  in.site = Site{"Gather", "probe.cpp", 42};
  for (uint8_t i = 0; i < Instr::kMaxAccesses; ++i) in.add(ubRead(0x1000));
  EXPECT_DEATH(in.add(ubRead(0x2000)),
               "instruction record of Gather \\(probe.cpp:42\\) was given more than 4 operands");
}

}  // namespace
}  // namespace asctwin::kernel
