// Distribution acceptance (design §5): 15 cases (5 dtypes x 3 probabilities,
// 2^20 samples each) through aclnnBernoulli; every case inside the 99 % Wilson
// interval, and the exact two-sided binomial tests pass after Holm
// correction at 1 %. The largest |z| is printed.
#include <cmath>
#include <cstdio>

#include "bernoulli_test_util.h"
#include "stats/stats.h"

namespace bt {
namespace {

TEST_F(BernoulliTest, FifteenCasesPassWilsonAndHolmCorrectedBinomial) {
  constexpr int64_t kN = int64_t{1} << 20;
  const aclDataType dtypes[] = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16, ACL_INT64, ACL_DOUBLE};
  const double probs[] = {0.1, 0.5, 0.9};
  std::vector<double> pValues;
  double maxAbsZ = 0.0;
  int caseIndex = 0;
  std::printf("\n%-6s %5s %9s %9s %10s %10s %9s %9s\n", "dtype", "prob", "ones", "rate", "wilsonLo",
              "wilsonHi", "z", "p");
  for (aclDataType dt : dtypes) {
    for (double p : probs) {
      DevTensor out(Spec{dt, {kN}, {}, 0, {}});
      aclScalar* s = makeScalar(ACL_DOUBLE, p);
      const int64_t seed = 1000003 * (++caseIndex);
      RunResult r = runScalar(out.get(), s, seed, 4 * caseIndex, nullptr);
      aclDestroyScalar(s);
      ASSERT_EQ(r.syncStatus, 0) << r.error;
      ASSERT_EQ(r.plan.plan, ASCTWIN_BERNOULLI_PLAN_ALIAS);
      const std::vector<uint8_t> bytes = out.download();
      const std::vector<uint8_t> one = oneBytes(dt);
      const size_t w = widthOf(dt);
      uint64_t ones = 0;
      for (int64_t i = 0; i < kN; ++i)
        ones += std::memcmp(bytes.data() + i * w, one.data(), w) == 0 ? 1 : 0;
      const auto interval = asctwin::stats::wilsonInterval(ones, kN, 0.99);
      const double z = asctwin::stats::binomialZ(ones, kN, p);
      const double pv = asctwin::stats::binomialTwoSidedP(ones, kN, p);
      pValues.push_back(pv);
      maxAbsZ = std::max(maxAbsZ, std::fabs(z));
      std::printf("%-6s %5.2f %9llu %9.6f %10.6f %10.6f %9.4f %9.6f\n", nameOf(dt), p,
                  static_cast<unsigned long long>(ones), static_cast<double>(ones) / kN,
                  interval.lower, interval.upper, z, pv);
      EXPECT_TRUE(interval.contains(p)) << nameOf(dt) << " p=" << p;
    }
  }
  const auto holm = asctwin::stats::holm(pValues, 0.01);
  EXPECT_FALSE(holm.anyRejected());
  double minP = 1.0;
  for (double v : pValues) minP = std::min(minP, v);
  std::printf("15 cases: largest |z| = %.6f, smallest raw p = %.6f, Holm rejections: %d\n", maxAbsZ,
              minP, holm.anyRejected() ? 1 : 0);
}

}  // namespace
}  // namespace bt
