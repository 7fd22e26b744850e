#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>

#include "stats/stats.h"

namespace asctwin::stats {
namespace {

RunsTestResult finishRuns(uint64_t n0, uint64_t n1, uint64_t runs) {
  const uint64_t n = n0 + n1;
  if (n < 3)
    throw std::invalid_argument("the runs test needs at least 3 bits, got " + std::to_string(n));
  if (n0 == 0 || n1 == 0)
    throw std::invalid_argument("the runs test needs both zeros and ones (zeros " +
                                std::to_string(n0) + ", ones " + std::to_string(n1) + ")");
  RunsTestResult r;
  r.n0 = n0;
  r.n1 = n1;
  r.runs = runs;
  const double a = static_cast<double>(n0), b = static_cast<double>(n1);
  const double nn = static_cast<double>(n);
  const double twoAB = 2.0 * a * b;
  r.mean = twoAB / nn + 1.0;
  r.variance = twoAB * (twoAB - nn) / (nn * nn * (nn - 1.0));
  if (!(r.variance > 0.0)) {
    // Only n = 2 ... cannot happen for n >= 3 with both symbols, but be explicit.
    throw std::invalid_argument("the runs test variance is zero for this sequence");
  }
  r.z = (static_cast<double>(runs) - r.mean) / std::sqrt(r.variance);
  r.pValue = normalTwoSidedP(r.z);
  return r;
}

}  // namespace

RunsTestResult runsTest(std::span<const uint8_t> packed, uint64_t bits) {
  if (bits > static_cast<uint64_t>(packed.size()) * 8)
    throw std::invalid_argument("bits (" + std::to_string(bits) + ") exceeds the " +
                                std::to_string(packed.size()) + " bytes given");
  const uint64_t fullBytes = bits / 8;
  uint64_t ones = 0, transitions = 0;
  int previous = -1;  // last bit seen
  for (uint64_t i = 0; i < fullBytes; ++i) {
    const unsigned b = packed[i];
    ones += static_cast<uint64_t>(std::popcount(b));
    // Bit j vs bit j + 1 inside the byte (j = 0..6).
    transitions += static_cast<uint64_t>(std::popcount((b ^ (b >> 1)) & 0x7Fu));
    if (previous >= 0 && static_cast<unsigned>(previous) != (b & 1u)) ++transitions;
    previous = static_cast<int>(b >> 7);
  }
  for (uint64_t i = fullBytes * 8; i < bits; ++i) {
    const int bit = (packed[i / 8] >> (i % 8)) & 1;
    ones += static_cast<uint64_t>(bit);
    if (previous >= 0 && previous != bit) ++transitions;
    previous = bit;
  }
  return finishRuns(bits - ones, ones, bits == 0 ? 0 : transitions + 1);
}

RunsTestResult runsTest(std::span<const bool> bits) {
  uint64_t ones = 0, transitions = 0;
  for (size_t i = 0; i < bits.size(); ++i) {
    ones += bits[i] ? 1 : 0;
    if (i > 0 && bits[i] != bits[i - 1]) ++transitions;
  }
  return finishRuns(bits.size() - ones, ones, bits.empty() ? 0 : transitions + 1);
}

ChiSquareResult chiSquareGoodnessOfFit(std::span<const uint64_t> observed,
                                       std::span<const double> expectedProbs,
                                       unsigned estimatedParams) {
  if (observed.size() != expectedProbs.size())
    throw std::invalid_argument("observed has " + std::to_string(observed.size()) +
                                " bins but expectedProbs has " +
                                std::to_string(expectedProbs.size()));
  if (observed.size() < 2 + static_cast<size_t>(estimatedParams))
    throw std::invalid_argument("the chi-square test needs at least estimatedParams + 2 bins");
  uint64_t total = 0;
  double probSum = 0.0;
  for (size_t i = 0; i < observed.size(); ++i) {
    total += observed[i];
    if (!(expectedProbs[i] > 0.0))
      throw std::invalid_argument("expectedProbs[" + std::to_string(i) +
                                  "] must be positive, got " + std::to_string(expectedProbs[i]));
    probSum += expectedProbs[i];
  }
  if (std::fabs(probSum - 1.0) > 1e-9)
    throw std::invalid_argument("expectedProbs must sum to 1, got " + std::to_string(probSum));
  if (total == 0) throw std::invalid_argument("observed holds no samples");
  ChiSquareResult r;
  const auto n = static_cast<double>(total);
  for (size_t i = 0; i < observed.size(); ++i) {
    const double e = n * expectedProbs[i];
    const double d = static_cast<double>(observed[i]) - e;
    r.statistic += d * d / e;
  }
  r.dof = static_cast<unsigned>(observed.size() - 1 - estimatedParams);
  const boost::math::chi_squared_distribution<double> chi2(r.dof);
  r.pValue = boost::math::cdf(boost::math::complement(chi2, r.statistic));
  return r;
}

std::vector<uint64_t> byteHistogram(std::span<const uint8_t> bytes) {
  std::vector<uint64_t> h(256, 0);
  for (uint8_t b : bytes) ++h[b];
  return h;
}

ChiSquareResult byteChiSquare(std::span<const uint8_t> bytes) {
  const std::vector<uint64_t> h = byteHistogram(bytes);
  const std::vector<double> uniform(256, 1.0 / 256.0);
  return chiSquareGoodnessOfFit(h, uniform);
}

}  // namespace asctwin::stats
