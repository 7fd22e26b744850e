// assert forms and KERNEL_LOG in kernel code: a failed assert ends the launch
// with a kernel error naming the expression, the message and the line; the
// process and the next launch go on.
// The forms are checked as a build without NDEBUG has them (with NDEBUG,
// assert and ascendc_assert compile to nothing, as in asc-devkit).
#undef NDEBUG
#include <gtest/gtest.h>

#include <string>

#include "kernel/kernel_test_util.h"

namespace {

using asctwin::testing::KernelTest;

int gLine = 0;

// The front end sends a kernel's __assert_fail to deviceAssertFail; here the
// kernel calls it the way translated device code does.
void assertKernel(int which) {
  if (which == 0) {
    gLine = __LINE__ + 1;
    ASCENDC_ASSERT(AscendC::GetBlockIdx() != 1, { KERNEL_LOG(KERNEL_ERROR, "block %d", 1); });
  } else if (which == 1) {
    gLine = __LINE__ + 1;
    assert(AscendC::GetBlockIdx() != 1, "tile %d of %d", 3, 4);
  } else {
    if (AscendC::GetBlockIdx() == 1) {
      gLine = __LINE__ + 1;
      ::asctwin::kernel::deviceAssertFail("x > 0", __FILE__, __LINE__, "assertKernel");
    }
  }
}

void okKernel() {
  ascendc_assert(AscendC::GetBlockNum() == 2);
  assert(AscendC::GetBlockNum() == 2, "never printed");
}

class DeviceDebug : public KernelTest {};

TEST_F(DeviceDebug, AscendcAssertRunsItsBehaviourThenFailsTheLaunch) {
  ::testing::internal::CaptureStdout();
  EXPECT_NE(asctwin::run(assertKernel, vec(2, "asserting"), 0), 0);
  const std::string out = ::testing::internal::GetCapturedStdout();
  const std::string err = lastError();
  EXPECT_NE(err.find("AscendC::GetBlockIdx() != 1"), std::string::npos) << err;
  EXPECT_NE(err.find("device_debug_test.cpp:" + std::to_string(gLine)), std::string::npos) << err;
  // KERNEL_LOG's head, as CANN's CPU debugging prints it, from block 1's AIV core.
  EXPECT_NE(out.find("[ERROR][Block_1][AIV_0][" + std::string(__FILE__) + ":" +
                     std::to_string(gLine)),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("] block 1\n"), std::string::npos) << out;
}

TEST_F(DeviceDebug, AssertWithAMessage) {
  EXPECT_NE(asctwin::run(assertKernel, vec(2, "asserting"), 1), 0);
  const std::string err = lastError();
  EXPECT_NE(err.find("tile 3 of 4"), std::string::npos) << err;
  EXPECT_NE(err.find("device_debug_test.cpp:" + std::to_string(gLine)), std::string::npos) << err;
}

TEST_F(DeviceDebug, DeviceAssertFailNamesBlockAndLine) {
  EXPECT_NE(asctwin::run(assertKernel, vec(2, "asserting"), 2), 0);
  const std::string err = lastError();
  EXPECT_NE(err.find("block 1"), std::string::npos) << err;
  EXPECT_NE(err.find("x > 0"), std::string::npos) << err;
  // The process goes on and the next launch works.
  EXPECT_EQ(asctwin::run(okKernel, vec(2)), 0) << lastError();
}

TEST_F(DeviceDebug, HoldingAssertionsPass) {
  EXPECT_EQ(asctwin::run(okKernel, vec(2)), 0) << lastError();
}

}  // namespace
