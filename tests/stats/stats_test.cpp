// The statistics library against independent oracles: hand-computed small
// cases, closed forms, textbook values, and R-equivalent binomial p-values
// derived here by exact summation over all outcomes (log-gamma pmf in long
// double, no Boost).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include "stats/stats.h"

namespace asctwin::stats {
namespace {

// ---- normal helpers ---------------------------------------------------------

TEST(Normal, TextbookQuantiles) {
  EXPECT_NEAR(normalTwoSidedQuantile(0.95), 1.959963984540054, 1e-12);
  EXPECT_NEAR(normalTwoSidedQuantile(0.99), 2.5758293035489004, 1e-12);
  EXPECT_NEAR(normalTwoSidedQuantile(0.6826894921370859), 1.0, 1e-9);
  EXPECT_NEAR(normalTwoSidedP(1.959963984540054), 0.05, 1e-12);
  EXPECT_NEAR(normalTwoSidedP(-2.5758293035489004), 0.01, 1e-12);
  EXPECT_EQ(normalTwoSidedP(0.0), 1.0);
  EXPECT_THROW(normalTwoSidedQuantile(1.0), std::invalid_argument);
  EXPECT_THROW(normalTwoSidedQuantile(0.0), std::invalid_argument);
}

TEST(Normal, BinomialZ) {
  EXPECT_DOUBLE_EQ(binomialZ(60, 100, 0.5), 2.0);  // (60 - 50) / 5
  EXPECT_DOUBLE_EQ(binomialZ(40, 100, 0.5), -2.0);
  EXPECT_NEAR(binomialZ(30, 100, 0.2), 2.5, 1e-12);  // (30 - 20) / 4
  EXPECT_THROW(binomialZ(1, 10, 0.0), std::invalid_argument);
  EXPECT_THROW(binomialZ(11, 10, 0.5), std::invalid_argument);
}

// ---- Wilson ---------------------------------------------------------------------

TEST(Wilson, HandComputedFiveOfTen) {
  // z = 1.959964, z^2 = 3.841459: centre 0.5, half-width
  // z sqrt(0.025 + z^2/400) / (1 + z^2/10) = 0.263407.
  const Interval iv = wilsonInterval(5, 10, 0.95);
  EXPECT_NEAR(iv.lower, 0.236593, 1e-6);
  EXPECT_NEAR(iv.upper, 0.763407, 1e-6);
}

TEST(Wilson, ClosedFormsAtTheEdges) {
  for (uint64_t n : {1ull, 10ull, 1000ull, 1ull << 20}) {
    for (double c : {0.9, 0.95, 0.99}) {
      const double z = normalTwoSidedQuantile(c), z2 = z * z, nd = static_cast<double>(n);
      const Interval none = wilsonInterval(0, n, c);
      EXPECT_EQ(none.lower, 0.0);
      EXPECT_NEAR(none.upper, z2 / (nd + z2), 1e-14);
      const Interval all = wilsonInterval(n, n, c);
      EXPECT_NEAR(all.lower, nd / (nd + z2), 1e-14);
      EXPECT_EQ(all.upper, 1.0);
    }
  }
}

// The endpoints are the roots of (k - n p)^2 = z^2 n p (1 - p): the defining
// property of the score interval, checked without its closed form.
TEST(Wilson, EndpointsSolveTheScoreEquation) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    const uint64_t n = 1 + rng() % 5000000;
    const uint64_t k = 1 + rng() % (n > 1 ? n - 1 : 1);
    if (k >= n) continue;
    const double c = 0.5 + 0.499 * std::uniform_real_distribution<double>()(rng);
    const double z = normalTwoSidedQuantile(c);
    const Interval iv = wilsonInterval(k, n, c);
    const auto f = [&](double p) {
      const double nd = static_cast<double>(n), kd = static_cast<double>(k);
      return ((kd - nd * p) * (kd - nd * p) - z * z * nd * p * (1.0 - p)) / (nd * nd);
    };
    EXPECT_NEAR(f(iv.lower), 0.0, 1e-12) << k << "/" << n;
    EXPECT_NEAR(f(iv.upper), 0.0, 1e-12) << k << "/" << n;
    EXPECT_LT(iv.lower, static_cast<double>(k) / static_cast<double>(n));
    EXPECT_GT(iv.upper, static_cast<double>(k) / static_cast<double>(n));
    // Symmetry: successes and failures swap roles.
    const Interval mirror = wilsonInterval(n - k, n, c);
    EXPECT_NEAR(mirror.lower, 1.0 - iv.upper, 1e-12);
    EXPECT_NEAR(mirror.upper, 1.0 - iv.lower, 1e-12);
  }
}

TEST(Wilson, RejectsBadArguments) {
  EXPECT_THROW(wilsonInterval(0, 0, 0.99), std::invalid_argument);
  EXPECT_THROW(wilsonInterval(3, 2, 0.99), std::invalid_argument);
  EXPECT_THROW(wilsonInterval(1, 2, 1.5), std::invalid_argument);
}

// ---- exact two-sided binomial test -----------------------------------------------

// R's definition by brute force: sum pmf(x) over every x with
// pmf(x) <= pmf(k) * (1 + 1e-7), pmf from log-gamma in long double. For
// large n, outcomes more than 60 standard deviations from the mean have
// pmf < 1e-700 and are left out of the table (their sum cannot change a
// double; k must then lie inside the table).
struct BruteBinomial {
  BruteBinomial(uint64_t n, long double p) {
    const long double mean = static_cast<long double>(n) * p;
    const long double reach = n <= 100000 ? static_cast<long double>(n) + 1.0L
                                          : 60.0L * std::sqrt(mean * (1.0L - p)) + 60.0L;
    first = mean > reach ? static_cast<uint64_t>(mean - reach) : 0;
    const uint64_t last = std::min<uint64_t>(n, static_cast<uint64_t>(mean + reach));
    const long double lgn = std::lgamma(static_cast<long double>(n) + 1.0L);
    for (uint64_t x = first; x <= last; ++x) {
      const auto xd = static_cast<long double>(x), nx = static_cast<long double>(n - x);
      pmf.push_back(std::exp(lgn - std::lgamma(xd + 1.0L) - std::lgamma(nx + 1.0L) +
                             xd * std::log(p) + nx * std::log1p(-p)));
    }
  }
  double twoSided(uint64_t k) const {
    const long double bound = pmf.at(k - first) * (1.0L + 1e-7L);
    long double sum = 0.0L;
    for (long double v : pmf)
      if (v <= bound) sum += v;
    return static_cast<double>(std::min(sum, 1.0L));
  }
  uint64_t first = 0;
  std::vector<long double> pmf;
};

TEST(Binomial, ExactSmallCaseByHand) {
  // n = 10, p = 1/2: pmf(x) = C(10, x) / 1024. For k = 2 the outcomes no more
  // likely than 45/1024 are {0, 1, 2, 8, 9, 10}: (1+10+45+45+10+1)/1024.
  EXPECT_NEAR(binomialTwoSidedP(2, 10, 0.5), 112.0 / 1024.0, 1e-14);
  EXPECT_NEAR(binomialTwoSidedP(8, 10, 0.5), 112.0 / 1024.0, 1e-14);
  EXPECT_NEAR(binomialTwoSidedP(0, 10, 0.5), 2.0 / 1024.0, 1e-14);
  EXPECT_NEAR(binomialTwoSidedP(4, 10, 0.5), 1.0 - 252.0 / 1024.0, 1e-14);
  EXPECT_EQ(binomialTwoSidedP(5, 10, 0.5), 1.0);
  // n = 3, p = 1/4: pmf = 27/64, 27/64, 9/64, 1/64. k = 2: {2, 3} -> 10/64;
  // k = 0 ties with 1 -> everything.
  EXPECT_NEAR(binomialTwoSidedP(2, 3, 0.25), 10.0 / 64.0, 1e-14);
  EXPECT_NEAR(binomialTwoSidedP(0, 3, 0.25), 1.0, 1e-14);
  EXPECT_NEAR(binomialTwoSidedP(3, 3, 0.25), 1.0 / 64.0, 1e-14);
}

TEST(Binomial, TextbookMendelExample) {
  // Conover (1971): 682 giant of 925 plants against p = 3/4; R's binom.test
  // documents the p-value 0.3825.
  EXPECT_NEAR(binomialTwoSidedP(682, 925, 0.75), 0.3825, 5e-5);
}

TEST(Binomial, MatchesExactSummationSmallN) {
  for (uint64_t n : {1ull, 2ull, 5ull, 10ull, 37ull, 100ull, 250ull}) {
    for (double p : {0.01, 0.1, 0.3, 0.5, 0.77, 0.999}) {
      const BruteBinomial brute(n, p);
      for (uint64_t k = 0; k <= n; ++k) {
        const double want = brute.twoSided(k), got = binomialTwoSidedP(k, n, p);
        EXPECT_NEAR(got, want, 1e-9 + 1e-9 * want) << "k " << k << " n " << n << " p " << p;
      }
    }
  }
}

TEST(Binomial, MatchesExactSummationAtAcceptanceSize) {
  const uint64_t n = 1ull << 20;
  for (double p : {0.001, 0.35, 0.999}) {
    const BruteBinomial brute(n, p);
    const double mean = static_cast<double>(n) * p, sd = std::sqrt(mean * (1.0 - p));
    for (double zs : {-4.5, -2.6, -1.0, -0.2, 0.7, 1.9, 3.3}) {
      const auto k = static_cast<uint64_t>(std::llround(mean + zs * sd));
      const double want = brute.twoSided(k), got = binomialTwoSidedP(k, n, p);
      EXPECT_NEAR(got, want, 1e-12 + 1e-7 * want) << "k " << k << " p " << p;
      // Normal approximation sanity (loose: discrete, skewed at p = 0.001).
      EXPECT_NEAR(got, normalTwoSidedP(zs), 0.05) << "k " << k << " p " << p;
    }
  }
}

TEST(Binomial, DegenerateAndBadArguments) {
  EXPECT_EQ(binomialTwoSidedP(0, 10, 0.0), 1.0);
  EXPECT_EQ(binomialTwoSidedP(1, 10, 0.0), 0.0);
  EXPECT_EQ(binomialTwoSidedP(10, 10, 1.0), 1.0);
  EXPECT_EQ(binomialTwoSidedP(9, 10, 1.0), 0.0);
  EXPECT_THROW(binomialTwoSidedP(1, 0, 0.5), std::invalid_argument);
  EXPECT_THROW(binomialTwoSidedP(11, 10, 0.5), std::invalid_argument);
  EXPECT_THROW(binomialTwoSidedP(1, 10, -0.1), std::invalid_argument);
  EXPECT_THROW(binomialTwoSidedP(1, 10, std::nan("")), std::invalid_argument);
}

// ---- Holm ------------------------------------------------------------------------

TEST(Holm, HandExampleStepsDown) {
  // m = 4, alpha = 0.05. Sorted: 0.005 (x4 = 0.02), 0.01 (x3 = 0.03),
  // 0.03 (x2 = 0.06 > 0.05: stop), 0.04 (x1 = 0.04, but monotone -> 0.06).
  // 0.04 <= alpha / 1 would pass alone; the step-down stopped before it.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const HolmResult r = holm(p, 0.05);
  EXPECT_EQ(r.rejected, (std::vector<bool>{true, false, false, true}));
  ASSERT_EQ(r.adjusted.size(), 4u);
  EXPECT_NEAR(r.adjusted[0], 0.03, 1e-15);
  EXPECT_NEAR(r.adjusted[1], 0.06, 1e-15);
  EXPECT_NEAR(r.adjusted[2], 0.06, 1e-15);
  EXPECT_NEAR(r.adjusted[3], 0.02, 1e-15);
  EXPECT_TRUE(r.anyRejected());
}

TEST(Holm, CapsTiesAndEmpty) {
  const std::vector<double> p = {0.9, 0.5, 0.5};
  const HolmResult r = holm(p, 0.01);
  EXPECT_EQ(r.adjusted, (std::vector<double>{1.0, 1.0, 1.0}));
  EXPECT_FALSE(r.anyRejected());
  const std::vector<double> ties = {0.01, 0.01};
  const HolmResult t = holm(ties, 0.02);
  EXPECT_EQ(t.rejected, (std::vector<bool>{true, true}));  // 2 x 0.01 = 0.02 <= 0.02
  EXPECT_FALSE(holm(std::vector<double>{}, 0.05).anyRejected());
  EXPECT_THROW(holm(std::vector<double>{1.5}, 0.05), std::invalid_argument);
  EXPECT_THROW(holm(std::vector<double>{0.1}, 0.0), std::invalid_argument);
}

// Holm never rejects less than Bonferroni and never more than unadjusted tests.
TEST(Holm, BetweenBonferroniAndUnadjusted) {
  std::mt19937_64 rng(9);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<double> p(1 + rng() % 20);
    for (double& v : p) v = std::pow(std::uniform_real_distribution<double>()(rng), 4.0);
    const HolmResult r = holm(p, 0.05);
    for (size_t i = 0; i < p.size(); ++i) {
      const bool bonferroni = p[i] * static_cast<double>(p.size()) <= 0.05;
      EXPECT_TRUE(!bonferroni || r.rejected[i]) << "Bonferroni rejects " << p[i];
      EXPECT_TRUE(p[i] <= 0.05 || !r.rejected[i]) << "rejected although unadjusted p " << p[i];
    }
  }
}

// ---- runs test -------------------------------------------------------------------

TEST(Runs, HandComputed) {
  // 0011011: runs 00 | 11 | 0 | 11 = 4; n0 = 3, n1 = 4, n = 7;
  // mean = 24/7 + 1, variance = 24 (24 - 7) / (49 * 6) = 408 / 294.
  const bool bits[] = {false, false, true, true, false, true, true};
  const RunsTestResult r = runsTest(std::span<const bool>(bits));
  EXPECT_EQ(r.runs, 4u);
  EXPECT_EQ(r.n0, 3u);
  EXPECT_EQ(r.n1, 4u);
  EXPECT_NEAR(r.mean, 24.0 / 7.0 + 1.0, 1e-14);
  EXPECT_NEAR(r.variance, 408.0 / 294.0, 1e-14);
  EXPECT_NEAR(r.z, (4.0 - (24.0 / 7.0 + 1.0)) / std::sqrt(408.0 / 294.0), 1e-14);
  EXPECT_NEAR(r.pValue, std::erfc(std::fabs(r.z) / std::sqrt(2.0)), 1e-15);
}

TEST(Runs, PackedEqualsUnpackedAcrossByteEdges) {
  // Bytes 0x80, 0x01 are 0000000 1 | 1 0000000: a run of two ones across the edge.
  const uint8_t edge[] = {0x80, 0x01};
  EXPECT_EQ(runsTest(edge, 16).runs, 3u);
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const uint64_t nbits = 3 + rng() % 500;
    std::vector<uint8_t> packed((nbits + 7) / 8 + rng() % 3);
    for (uint8_t& b : packed) b = static_cast<uint8_t>(rng() & (rng() | rng()));
    std::unique_ptr<bool[]> unpacked(new bool[nbits]);
    bool any0 = false, any1 = false;
    for (uint64_t i = 0; i < nbits; ++i) {
      unpacked[i] = ((packed[i / 8] >> (i % 8)) & 1) != 0;
      (unpacked[i] ? any1 : any0) = true;
    }
    if (!any0 || !any1) continue;
    const RunsTestResult a = runsTest(packed, nbits);
    const RunsTestResult b = runsTest(std::span<const bool>(unpacked.get(), nbits));
    EXPECT_EQ(a.runs, b.runs);
    EXPECT_EQ(a.n1, b.n1);
    EXPECT_DOUBLE_EQ(a.z, b.z);
  }
}

TEST(Runs, ExtremesAndBadArguments) {
  std::vector<uint8_t> alternating(1024, 0x55);  // 1010...: every bit a run
  const RunsTestResult r = runsTest(alternating, 8192);
  EXPECT_EQ(r.runs, 8192u);
  EXPECT_GT(r.z, 50.0);
  EXPECT_LT(r.pValue, 1e-100);
  std::vector<uint8_t> constant(16, 0);
  EXPECT_THROW(runsTest(constant, 128), std::invalid_argument);
  EXPECT_THROW(runsTest(constant, 129), std::invalid_argument);  // more bits than bytes
}

// ---- chi-square --------------------------------------------------------------------

TEST(ChiSquare, ClosedFormSurvival) {
  // 2 dof: P(X > x) = exp(-x / 2). {10, 20, 30} vs uniform: (100 + 0 + 100)/20 = 10.
  const std::vector<uint64_t> obs = {10, 20, 30};
  const std::vector<double> third = {1.0 / 3, 1.0 / 3, 1.0 / 3};
  const ChiSquareResult r = chiSquareGoodnessOfFit(obs, third);
  EXPECT_NEAR(r.statistic, 10.0, 1e-12);
  EXPECT_EQ(r.dof, 2u);
  EXPECT_NEAR(r.pValue, std::exp(-5.0), 1e-14);
  // 4 dof: P(X > x) = exp(-x/2) (1 + x/2). Five bins, one of 1/2 and four of 1/8.
  const std::vector<uint64_t> obs5 = {50, 20, 10, 10, 10};
  const std::vector<double> probs5 = {0.5, 0.125, 0.125, 0.125, 0.125};
  const ChiSquareResult r5 = chiSquareGoodnessOfFit(obs5, probs5);
  // E = 50, 12.5 x4: 0 + 56.25/12.5 + 3 * 6.25/12.5 = 4.5 + 1.5 = 6.
  EXPECT_NEAR(r5.statistic, 6.0, 1e-12);
  EXPECT_NEAR(r5.pValue, std::exp(-3.0) * 4.0, 1e-14);
}

TEST(ChiSquare, Bytes) {
  std::vector<uint8_t> flat;
  for (int rep = 0; rep < 10; ++rep)
    for (int v = 0; v < 256; ++v) flat.push_back(static_cast<uint8_t>(v));
  const ChiSquareResult r = byteChiSquare(flat);
  EXPECT_EQ(r.dof, 255u);
  EXPECT_EQ(r.statistic, 0.0);
  EXPECT_EQ(r.pValue, 1.0);
  // Degenerate data is rejected overwhelmingly.
  std::vector<uint8_t> zeros(4096, 0);
  EXPECT_LT(byteChiSquare(zeros).pValue, 1e-100);
  EXPECT_EQ(byteHistogram(zeros)[0], 4096u);
}

TEST(ChiSquare, BadArguments) {
  const std::vector<uint64_t> obs = {1, 2};
  EXPECT_THROW(chiSquareGoodnessOfFit(obs, std::vector<double>{0.5}), std::invalid_argument);
  EXPECT_THROW(chiSquareGoodnessOfFit(obs, std::vector<double>{0.5, 0.6}), std::invalid_argument);
  EXPECT_THROW(chiSquareGoodnessOfFit(obs, std::vector<double>{1.0, 0.0}), std::invalid_argument);
  EXPECT_THROW(chiSquareGoodnessOfFit(std::vector<uint64_t>{0, 0}, std::vector<double>{0.5, 0.5}),
               std::invalid_argument);
}

}  // namespace
}  // namespace asctwin::stats
