// The asctwin extension API: SoC control, statistics arguments, version.
#include <cstring>
#include <string>

#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

class AclExt : public ::testing::Test {
 protected:
  void TearDown() override { asctwinSocReset(); }
};

TEST_F(AclExt, SocPresetsAndFields) {
  uint64_t v = 0;
  ASSERT_EQ(asctwinSocReset(), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocGetField("hbmBytes", &v), ACL_SUCCESS);
  EXPECT_EQ(v, 32ull << 30);  // ascend910b
  ASSERT_EQ(asctwinSocSelect("ascend910_93"), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocGetField("hbmBytes", &v), ACL_SUCCESS);
  EXPECT_EQ(v, 64ull << 30);
  ASSERT_EQ(asctwinSocSetField("aivCores", 8), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocGetField("aivCores", &v), ACL_SUCCESS);
  EXPECT_EQ(v, 8u);
  // Selecting a preset drops the field override.
  ASSERT_EQ(asctwinSocSelect("ascend910b"), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocGetField("aivCores", &v), ACL_SUCCESS);
  EXPECT_EQ(v, 40u);
  ASSERT_EQ(asctwinSocSetField("ubBytes", 128 * 1024), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocReset(), ACL_SUCCESS);
  ASSERT_EQ(asctwinSocGetField("ubBytes", &v), ACL_SUCCESS);
  EXPECT_EQ(v, 192u * 1024);
}

TEST_F(AclExt, SocRejections) {
  uint64_t v = 0;
  EXPECT_REJECTED(asctwinSocSelect("ascend310"), ACL_ERROR_INVALID_PARAM,
                  "asctwinSocSelect: ", "'ascend310'");
  EXPECT_REJECTED(asctwinSocSelect(nullptr), ACL_ERROR_INVALID_PARAM, "preset must not be null");
  EXPECT_REJECTED(asctwinSocSetField("warpSize", 32), ACL_ERROR_INVALID_PARAM,
                  "asctwinSocSetField: ", "'warpSize' is unknown");
  EXPECT_REJECTED(asctwinSocSetField("aivCores", 0), ACL_ERROR_INVALID_PARAM, "aivCores",
                  "must be in [1, ");
  EXPECT_REJECTED(asctwinSocSetField("ubBytes", 1000 * 1024 + 1), ACL_ERROR_INVALID_PARAM,
                  "multiple of 32");
  EXPECT_REJECTED(asctwinSocSetField(nullptr, 1), ACL_ERROR_INVALID_PARAM,
                  "field must not be null");
  EXPECT_REJECTED(asctwinSocGetField("hbmBytes", nullptr), ACL_ERROR_INVALID_PARAM,
                  "value must not be null");
  EXPECT_REJECTED(asctwinSocGetField(nullptr, &v), ACL_ERROR_INVALID_PARAM,
                  "field must not be null");
  EXPECT_REJECTED(asctwinSocGetField("nope", &v), ACL_ERROR_INVALID_PARAM, "'nope' is unknown");
}

TEST_F(AclExt, StatsArguments) {
  asctwinMemStats s;
  std::memset(&s, 0xAB, sizeof s);
  ASSERT_EQ(asctwinMemGetStats(0, &s), ACL_SUCCESS);  // no aclInit needed
  EXPECT_LE(s.peakInUseBytes, UINT64_MAX);
  EXPECT_GE(s.peakInUseBytes, s.inUseBytes);
  EXPECT_GE(s.peakReservedBytes, s.reservedBytes);
  EXPECT_GE(s.inUseBytes, s.requestedBytes);
  EXPECT_REJECTED(asctwinMemGetStats(8, &s), ACL_ERROR_RT_INVALID_DEVICEID,
                  "asctwinMemGetStats: ", "deviceId must be in [0, 8)", "got 8");
  EXPECT_REJECTED(asctwinMemGetStats(-1, &s), ACL_ERROR_RT_INVALID_DEVICEID, "got -1");
  EXPECT_REJECTED(asctwinMemGetStats(0, nullptr), ACL_ERROR_INVALID_PARAM,
                  "stats must not be null");
  EXPECT_REJECTED(asctwinMemResetPeakStats(9), ACL_ERROR_RT_INVALID_DEVICEID,
                  "asctwinMemResetPeakStats: ");
  ASSERT_EQ(asctwinSocSetField("deviceCount", 2), ACL_SUCCESS);
  EXPECT_EQ(asctwinMemGetStats(1, &s), ACL_SUCCESS);
}

TEST_F(AclExt, VersionIsTheProjectVersion) {
  ASSERT_NE(asctwinVersion(), nullptr);
  EXPECT_STREQ(asctwinVersion(), ASCTWIN_TEST_PROJECT_VERSION);
}

}  // namespace
}  // namespace asctwin::testing
