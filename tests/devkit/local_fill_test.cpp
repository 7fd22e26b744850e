// ASCTWIN_LOCAL_FILL: the byte fresh local memory holds (how
// tests/corpus/compare_front_ends.py tells never-written local bytes in an
// output from real differences). Built twice (tests/devkit/CMakeLists.txt),
// each setting the variable before the first launch reads it: with a valid
// byte, an unwritten UB tile copied out reads that byte; with a malformed
// value every launch fails naming the variable.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "kernel/kernel_test_util.h"

namespace {

using namespace AscendC;

__global__ __aicore__ void copyUnwrittenUb(GM_ADDR out) {
  GlobalTensor<uint8_t> o;
  o.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(out), 256);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 256);
  DataCopy(o, b.Get<uint8_t>(), 256);
}

class LocalFillTest : public asctwin::testing::KernelTest {};

#ifdef ASCTWIN_MALFORMED_FILL
#define FILL_TEST MalformedFillFailsTheLaunch
const char* const kFill = "256";
#else
#define FILL_TEST FreshLocalMemoryHoldsTheConfiguredByte
const char* const kFill = "0x5c";
#endif
// Set at program start (the twin reads the variable once per process).
const bool kFillSet = setenv("ASCTWIN_LOCAL_FILL", kFill, 1) == 0;

TEST_F(LocalFillTest, FILL_TEST) {
  ASSERT_TRUE(kFillSet);
  const std::string value = kFill;
  asctwin::testing::DevBuf out(256);
  out.zero();
  const int rc = asctwin::run(copyUnwrittenUb, vec(1, "copyUnwrittenUb"), out.gm());
  if (value == "0x5c") {
    ASSERT_EQ(rc, 0) << lastError();
    for (uint8_t v : out.download<uint8_t>(256)) ASSERT_EQ(v, 0x5c);
  } else {
    EXPECT_NE(rc, 0);
    EXPECT_NE(lastError().find("ASCTWIN_LOCAL_FILL must be a byte value"), std::string::npos)
        << lastError();
    EXPECT_NE(lastError().find("'" + value + "'"), std::string::npos) << lastError();
  }
}

}  // namespace
