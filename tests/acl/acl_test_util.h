// Helpers for the ACL layer tests: a fixture that initialises the runtime and
// sets device 0, and an assertion on a rejected call's code and message.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "asctwin/asctwin_ext.h"
#include "common/error_message.h"

namespace asctwin::testing {

inline std::string recentError() {
  const char* m = aclGetRecentErrMsg();
  return m == nullptr ? std::string() : std::string(m);
}

// The call returns `code` and leaves a message containing every fragment.
#define EXPECT_REJECTED(call, code, ...)                                    \
  do {                                                                      \
    ::asctwin::clearLastError();                                            \
    const int rc_ = static_cast<int>(call);                                 \
    EXPECT_EQ(rc_, static_cast<int>(code)) << #call;                        \
    const std::string msg_ = ::asctwin::testing::recentError();             \
    for (const char* frag_ : {__VA_ARGS__})                                 \
      EXPECT_NE(msg_.find(frag_), std::string::npos)                        \
          << #call << ": message '" << msg_ << "' lacks '" << frag_ << "'"; \
  } while (0)

// A pointer-returning call returns null and leaves a message with every fragment.
#define EXPECT_NULL_REJECTED(call, ...)                                     \
  do {                                                                      \
    ::asctwin::clearLastError();                                            \
    auto* p_ = (call);                                                      \
    EXPECT_EQ(p_, nullptr) << #call;                                        \
    const std::string msg_ = ::asctwin::testing::recentError();             \
    for (const char* frag_ : {__VA_ARGS__})                                 \
      EXPECT_NE(msg_.find(frag_), std::string::npos)                        \
          << #call << ": message '" << msg_ << "' lacks '" << frag_ << "'"; \
  } while (0)

// aclInit + aclrtSetDevice(0) around each test; the SoC returns to the
// environment's description afterwards.
class AclRuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(asctwinSocReset(), ACL_SUCCESS);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << recentError();
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << recentError();
  }
  void TearDown() override {
    aclrtResetDevice(0);
    aclFinalize();
    asctwinSocReset();
  }
};

// The allocator's documented charge for a request of n bytes (asctwin_ext.h):
// n + 32 rounded up to a multiple of 512.
inline uint64_t chargedBytes(uint64_t n) {
  return (n + 32 + 511) / 512 * 512;
}

}  // namespace asctwin::testing
