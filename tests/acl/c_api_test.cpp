// Runs the C11 translation unit.
#include <gtest/gtest.h>

#include "c_api_smoke.h"

TEST(AclCApi, C11ClientRunsThroughTheRuntime) {
  char err[512] = {0};
  EXPECT_EQ(asctwin_c_smoke(err, sizeof err), 0) << err;
}
