#include <gtest/gtest.h>

#include <cstdlib>

#include "device/soc.h"

namespace asctwin::device {
namespace {

TEST(Soc, DefaultIsAtlasA2) {
  resetSoc();
  SocSpec s = currentSoc();
  EXPECT_EQ(s.name, "ascend910b");
  EXPECT_EQ(s.aicCores, 20u);
  EXPECT_EQ(s.aivCores, 40u);
  EXPECT_EQ(s.ubBytes, 192u * 1024u);
  EXPECT_EQ(s.l1Bytes, 512u * 1024u);
}

TEST(Soc, A3PresetHasSamePerCoreFigures) {
  SocSpec a2, a3;
  ASSERT_TRUE(socPreset("ascend910b", &a2));
  ASSERT_TRUE(socPreset("ascend910_93", &a3));
  EXPECT_EQ(a3.name, "ascend910_93");
  EXPECT_EQ(a3.aicCores, a2.aicCores);
  EXPECT_EQ(a3.aivCores, a2.aivCores);
  EXPECT_EQ(a3.ubBytes, a2.ubBytes);
  EXPECT_EQ(a3.l1Bytes, a2.l1Bytes);
  SocSpec bad;
  Status st = socPreset("ascend310p", &bad);
  EXPECT_EQ(st.code(), code::kInvalidParam);
  EXPECT_NE(st.message().find("ascend310p"), std::string::npos);
}

TEST(Soc, EnvironmentOverridesEveryField) {
  setenv("ASCTWIN_SOC", "ascend910_93", 1);
  setenv("ASCTWIN_AIV_CORES", "8", 1);
  setenv("ASCTWIN_UB_BYTES", "64K", 1);
  resetSoc();
  SocSpec s = currentSoc();
  EXPECT_EQ(s.name, "ascend910_93");
  EXPECT_EQ(s.aivCores, 8u);
  EXPECT_EQ(s.ubBytes, 64u * 1024u);
  EXPECT_TRUE(socEnvironmentStatus().isOk());
  unsetenv("ASCTWIN_SOC");
  unsetenv("ASCTWIN_AIV_CORES");
  unsetenv("ASCTWIN_UB_BYTES");
  resetSoc();
}

TEST(Soc, MalformedEnvironmentIsReportedAndIgnored) {
  setenv("ASCTWIN_AIC_CORES", "lots", 1);
  resetSoc();
  Status st = socEnvironmentStatus();
  EXPECT_EQ(st.code(), code::kInvalidParam);
  EXPECT_NE(st.message().find("ASCTWIN_AIC_CORES"), std::string::npos);
  EXPECT_EQ(currentSoc().aicCores, 20u);
  unsetenv("ASCTWIN_AIC_CORES");
  setenv("ASCTWIN_UB_BYTES", "100", 1);  // below minimum
  resetSoc();
  EXPECT_FALSE(socEnvironmentStatus().isOk());
  unsetenv("ASCTWIN_UB_BYTES");
  resetSoc();
}

TEST(Soc, ApiOverridesAndValidation) {
  resetSoc();
  ASSERT_TRUE(setSocField("aivCores", 48));
  uint64_t v = 0;
  ASSERT_TRUE(getSocField("aivCores", &v));
  EXPECT_EQ(v, 48u);
  EXPECT_EQ(setSocField("ubBytes", 1000).code(), code::kInvalidParam);  // not 32-aligned
  EXPECT_EQ(setSocField("aivCores", 0).code(), code::kInvalidParam);
  EXPECT_EQ(setSocField("warpSize", 32).code(), code::kInvalidParam);
  EXPECT_EQ(getSocField("aivCores", nullptr).code(), code::kInvalidParam);
  ASSERT_TRUE(selectSocPreset("ascend910b"));
  EXPECT_EQ(currentSoc().aivCores, 40u);
  resetSoc();
}

}  // namespace
}  // namespace asctwin::device
