// Workspace figures for [4096, 4096] (design §1.4 / §3.5.1): the new path
// needs none on a dense output; the legacy chain's figure is computed from the
// intermediates it really allocates and printed next to the design's
// hardware numbers.
#include <cstdio>

#include "bernoulli_test_util.h"

namespace bt {
namespace {

uint64_t align512(uint64_t n) {
  return (n + 511) / 512 * 512;
}

struct Sizes {
  uint64_t newWs = 0, legacyWs = 0;
  asctwinBernoulliPlanInfo newPlan{}, legacyPlan{};
};

Sizes measure(void* dev, aclDataType dt, bool transposed) {
  const int64_t dims[] = {4096, 4096};
  const int64_t tstrides[] = {1, 4096};
  aclTensor* t =
      aclCreateTensor(dims, 2, dt, transposed ? tstrides : nullptr, 0, ACL_FORMAT_ND, dims, 2, dev);
  EXPECT_NE(t, nullptr) << recentError();
  aclScalar* p = makeScalar(ACL_FLOAT, 0.5);
  Sizes s;
  for (int path : {ASCTWIN_BERNOULLI_PATH_NEW, ASCTWIN_BERNOULLI_PATH_LEGACY}) {
    EXPECT_EQ(asctwinBernoulliSetPath(path), 0);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnInplaceBernoulliGetWorkspaceSize(t, p, 0, 0, &ws, &ex), 0) << recentError();
    asctwinBernoulliPlanInfo info{};
    EXPECT_EQ(asctwinBernoulliGetLastPlan(&info), 0);
    EXPECT_EQ(info.workspaceSize, ws);
    aclDestroyAclOpExecutor(ex);
    (path == ASCTWIN_BERNOULLI_PATH_NEW ? s.newWs : s.legacyWs) = ws;
    (path == ASCTWIN_BERNOULLI_PATH_NEW ? s.newPlan : s.legacyPlan) = info;
  }
  asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV);
  aclDestroyScalar(p);
  aclDestroyTensor(t);
  return s;
}

TEST_F(BernoulliTest, WorkspaceFor4096Squared) {
  constexpr uint64_t n = 4096ull * 4096ull;
  constexpr uint64_t mask = n / 8;  // 16 * ceil(N / 128)
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, n * 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  struct Design {
    aclDataType dt;
    uint64_t legacy;  // design §1.4 / §3.5.1 (hardware, CANN 8.5)
    uint64_t fresh;
  };
  const Design design[] = {{ACL_FLOAT16, 35652608, 1024},
                           {ACL_BF16, 35652608, 1024},
                           {ACL_FLOAT, 69207040, 1024},
                           {ACL_INT64, 69207552, 1024},
                           {ACL_DOUBLE, 69207552, 1024}};
  std::printf("\n[4096,4096], prob 0.5, dense out: workspace bytes\n");
  std::printf("%-6s %14s %14s %14s %14s %12s\n", "dtype", "new (twin)", "new (design)",
              "legacy (twin)", "legacy(design)", "diff");
  for (aclDataType dt : kAllDtypes) {
    const Sizes s = measure(dev, dt, false);
    EXPECT_EQ(s.newPlan.plan, ASCTWIN_BERNOULLI_PLAN_ALIAS) << nameOf(dt);
    EXPECT_EQ(s.newWs, 0u) << nameOf(dt);
    // legacy: packed mask + full-shape ones (doMaskOut in place) in FP16 or FP32
    const uint64_t w =
        (dt == ACL_FLOAT || dt == ACL_INT32 || dt == ACL_INT64 || dt == ACL_DOUBLE) ? 4 : 2;
    EXPECT_EQ(s.legacyPlan.plan, ASCTWIN_BERNOULLI_PLAN_LEGACY);
    EXPECT_EQ(s.legacyWs, align512(mask) + align512(n * w)) << nameOf(dt);
    EXPECT_EQ(s.legacyPlan.maskBytes, mask);
    EXPECT_EQ(s.legacyPlan.onesBytes, n * w);
    uint64_t designLegacy = 0, designNew = 0;
    for (const Design& d : design)
      if (d.dt == dt) designLegacy = d.legacy, designNew = d.fresh;
    if (designLegacy != 0) {
      std::printf("%-6s %14llu %14llu %14llu %14llu %12lld\n", nameOf(dt),
                  static_cast<unsigned long long>(s.newWs),
                  static_cast<unsigned long long>(designNew),
                  static_cast<unsigned long long>(s.legacyWs),
                  static_cast<unsigned long long>(designLegacy),
                  static_cast<long long>(s.legacyWs) - static_cast<long long>(designLegacy));
      // The same intermediates as the design's figures; the hardware figure
      // adds CANN's fixed per-operator reservation (1,024 / 1,536 B).
      EXPECT_LE(s.legacyWs, designLegacy) << nameOf(dt);
      EXPECT_LE(designLegacy - s.legacyWs, 2048u) << nameOf(dt);
    } else {
      std::printf("%-6s %14llu %14s %14llu %14s %12s\n", nameOf(dt),
                  static_cast<unsigned long long>(s.newWs), "-",
                  static_cast<unsigned long long>(s.legacyWs), "-", "-");
    }
  }
  std::printf("\n[4096,4096] transposed out: workspace bytes\n%-6s %14s %14s\n", "dtype",
              "new fallback", "legacy");
  for (aclDataType dt : kAllDtypes) {
    const Sizes s = measure(dev, dt, true);
    const uint64_t b = widthOf(dt);
    EXPECT_EQ(s.newPlan.plan, ASCTWIN_BERNOULLI_PLAN_FALLBACK);
    EXPECT_EQ(s.newWs, align512(mask) + align512(n * b)) << nameOf(dt);
    EXPECT_LT(s.newWs, s.legacyWs) << nameOf(dt);
    std::printf("%-6s %14llu %14llu\n", nameOf(dt), static_cast<unsigned long long>(s.newWs),
                static_cast<unsigned long long>(s.legacyWs));
  }
  aclrtFree(dev);
}

}  // namespace
}  // namespace bt
