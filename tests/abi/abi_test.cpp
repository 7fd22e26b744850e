// sizeof/alignof/offsetof of every struct and union of CANN's acl/*.h, every
// enumerator, every integer macro and error code: asctwin's headers give the
// same numbers as CANN's (both compiled from one generated list).
#include <gtest/gtest.h>

#include <string>

#include "abi/abi_entries.h"

namespace asctwin::abi {
namespace {

TEST(AclAbi, EveryLayoutAndValueEqualsCanns) {
  ASSERT_EQ(kCannCount, kOursCount);
  ASSERT_GT(kCannCount, 1000u);  // the list really covers the headers
  size_t structs = 0, diffs = 0;
  for (size_t i = 0; i < kCannCount; ++i) {
    ASSERT_STREQ(kCann[i].what, kOurs[i].what);
    structs += std::string(kCann[i].what).rfind("sizeof ", 0) == 0;
    if (kCann[i].value != kOurs[i].value) {
      ++diffs;
      ADD_FAILURE() << kCann[i].what << ": CANN " << kCann[i].value << ", asctwin "
                    << kOurs[i].value;
    }
  }
  EXPECT_EQ(diffs, 0u);
  EXPECT_GE(structs, 60u);
  std::printf("[abi] %zu entries, %zu structs/unions compared\n", kCannCount, structs);
}

}  // namespace
}  // namespace asctwin::abi
