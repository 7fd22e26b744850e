// The project's one CPU-level switch (common/cpu_isa.h), as the DSA engine
// uses it: the level in force never exceeds what the CPU has, the levels are
// what the feature bits say, and the DSA's implementations follow it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "common/cpu_isa.h"
#include "dsa/random_stream.h"

namespace asctwin {
namespace {

TEST(CpuLevel, InForceNeverExceedsTheCpu) {
  EXPECT_LE(static_cast<int>(cpuLevel()), static_cast<int>(cpuMaxLevel()));
  EXPECT_TRUE(cpuAllows(CpuLevel::kPortable));
}

TEST(CpuLevel, MaxLevelFollowsTheFeatureBits) {
  const CpuFeatures& f = cpuFeatures();
  const bool avx2 = f.osYmm && f.avx2 && f.fma && f.f16c && f.bmi2;
  const bool avx512 = avx2 && f.osZmm && f.avx512f && f.avx512bw && f.avx512dq && f.avx512vl;
  const CpuLevel want = avx512 ? CpuLevel::kAvx512 : avx2 ? CpuLevel::kAvx2 : CpuLevel::kPortable;
  EXPECT_EQ(cpuMaxLevel(), want);
}

TEST(CpuLevel, EnvironmentCapIsHonoured) {
  const char* isa = std::getenv("ASCTWIN_ISA");
  if (isa == nullptr) GTEST_SKIP() << "ASCTWIN_ISA not set (the ctest entries set it)";
  if (std::strcmp(isa, "portable") == 0) {
    EXPECT_EQ(cpuLevel(), CpuLevel::kPortable);
  } else if (std::strcmp(isa, "avx2") == 0) {
    EXPECT_LE(static_cast<int>(cpuLevel()), static_cast<int>(CpuLevel::kAvx2));
  }
}

TEST(CpuLevel, DsaImplementationsFollowTheLevel) {
  EXPECT_EQ(dsa::implAvailable(dsa::Impl::kAvx2), cpuAllows(CpuLevel::kAvx2));
  EXPECT_EQ(dsa::implAvailable(dsa::Impl::kAvx512), cpuAllows(CpuLevel::kAvx512));
  const dsa::Impl best = dsa::resolveImpl(dsa::Impl::kAuto);
  const dsa::Impl want = cpuAllows(CpuLevel::kAvx512) ? dsa::Impl::kAvx512
                         : cpuAllows(CpuLevel::kAvx2) ? dsa::Impl::kAvx2
                                                      : dsa::Impl::kScalar;
  EXPECT_EQ(best, want);
  // An explicit level that is not in force falls back to the best below it.
  EXPECT_EQ(dsa::resolveImpl(dsa::Impl::kAvx2),
            cpuAllows(CpuLevel::kAvx2) ? dsa::Impl::kAvx2 : dsa::Impl::kScalar);
  EXPECT_STREQ(cpuLevelName(CpuLevel::kAvx512), "avx512");
}

}  // namespace
}  // namespace asctwin
