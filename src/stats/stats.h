// Statistical tests used to accept random streams (tests and tools): the
// Bernoulli design's acceptance is the 99 % Wilson interval, the exact
// two-sided binomial test and the Holm correction; a runs test and a
// chi-square test of byte values add serial and byte-level checks.
//
// Conventions: p-values are probabilities under the null hypothesis; invalid
// arguments (no trials, a probability outside [0, 1], a confidence outside
// (0, 1), ...) throw std::invalid_argument with a message naming the argument.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace asctwin::stats {

struct Interval {
  double lower = 0.0;
  double upper = 1.0;
  bool contains(double p) const { return lower <= p && p <= upper; }
};

// The standard normal quantile z with P(|Z| <= z) = confidence.
double normalTwoSidedQuantile(double confidence);
// Two-sided normal p-value of a z-score: P(|Z| >= |z|).
double normalTwoSidedP(double z);

// z-score of `successes` in `trials` against probability p:
// (k - n p) / sqrt(n p (1 - p)). Requires 0 < p < 1.
double binomialZ(uint64_t successes, uint64_t trials, double p);

// Wilson score interval for a binomial proportion at the given confidence
// (e.g. 0.99): the set of p with |k - n p| <= z sqrt(n p (1 - p)).
Interval wilsonInterval(uint64_t successes, uint64_t trials, double confidence);

// Exact two-sided binomial test of H0: P(success) = p. Two-sided is defined
// as in R's binom.test: the p-value is the total probability of all outcomes
// x whose probability is no larger than that of the observed one,
// P(X = x) <= P(X = k) * (1 + relTolerance) (the tolerance keeps outcomes
// whose probability equals the observed one up to rounding). The observed
// outcome equal to n p gives 1. The result is clamped to [0, 1].
double binomialTwoSidedP(uint64_t successes, uint64_t trials, double p, double relTolerance = 1e-7);

// Holm–Bonferroni step-down over a family of p-values at family-wise level
// alpha: sorted ascending p(1) <= ... <= p(m), reject while p(i) <= alpha /
// (m - i + 1), stop at the first that is not. `adjusted` holds the Holm
// adjusted p-values (monotone, capped at 1) in the input order; a hypothesis
// is rejected exactly when its adjusted p-value is <= alpha.
struct HolmResult {
  std::vector<bool> rejected;
  std::vector<double> adjusted;
  bool anyRejected() const;
};
HolmResult holm(std::span<const double> pValues, double alpha);

// Wald–Wolfowitz runs test for serial dependence of a bit sequence, given
// conditional on the numbers of zeros n0 and ones n1 (n = n0 + n1):
// mean 2 n0 n1 / n + 1, variance 2 n0 n1 (2 n0 n1 - n) / (n^2 (n - 1)),
// z = (runs - mean) / sd (normal approximation), two-sided p-value.
// Requires both symbols to occur and n >= 3.
struct RunsTestResult {
  uint64_t n0 = 0, n1 = 0, runs = 0;
  double mean = 0.0, variance = 0.0, z = 0.0, pValue = 1.0;
};
// Bits packed LSB-first (bit i is bit i % 8 of byte i / 8), the first `bits`.
RunsTestResult runsTest(std::span<const uint8_t> packed, uint64_t bits);
RunsTestResult runsTest(std::span<const bool> bits);

// Pearson chi-square goodness of fit. `expectedProbs` are the bin
// probabilities under H0 (summing to 1); dof = bins - 1 - estimatedParams.
// Every expected count must be positive.
struct ChiSquareResult {
  double statistic = 0.0;
  unsigned dof = 0;
  double pValue = 1.0;  // upper tail of the chi-squared distribution
};
ChiSquareResult chiSquareGoodnessOfFit(std::span<const uint64_t> observed,
                                       std::span<const double> expectedProbs,
                                       unsigned estimatedParams = 0);
// Byte values against the uniform distribution on 256 values (255 dof).
ChiSquareResult byteChiSquare(std::span<const uint8_t> bytes);
// Histogram of byte values.
std::vector<uint64_t> byteHistogram(std::span<const uint8_t> bytes);

}  // namespace asctwin::stats
