// Statistical acceptance of the packed mask, as the Bernoulli design states
// it: for each probability the 99 % Wilson interval of the observed
// proportion contains p, and the exact two-sided binomial tests, Holm-corrected
// over the whole family at alpha = 0.01, reject nothing. Added checks: runs
// test (serial dependence), per-lane proportions (position bias inside the
// Philox block and the byte) and byte chi-square at p = 0.5. Negative
// controls show that the same machinery does reject biased or dependent bits.
//
// Sample counts are the acceptance sizes in every build (never scaled down).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <vector>

#include "dsa/bit_mask.h"
#include "stats/stats.h"

namespace asctwin::dsa {
namespace {

constexpr uint64_t kSamples = 1ull << 20;  // 1 Mi elements per (p, seed, offset)
constexpr double kAlpha = 0.01;
constexpr double kConfidence = 0.99;
const double kProbs[] = {0.001, 0.1, 0.35, 0.5, 0.999};
struct StreamId {
  int64_t seed;
  int64_t offset;
};
const StreamId kStreams[] = {{20260725, 4}, {-1, 0}, {987654321987, int64_t{1} << 40}};

uint64_t ones(const std::vector<uint8_t>& mask, uint64_t n) {
  uint64_t c = 0;
  for (uint64_t i = 0; i < n / 8; ++i) c += static_cast<uint64_t>(std::popcount(mask[i]));
  return c;
}

std::vector<uint8_t> mask(double prob, const StreamId& s, uint64_t n = kSamples) {
  std::vector<uint8_t> m(maskBytesFor(n));
  genBitMask(n, s.seed, s.offset, dropProbFromProb(prob), m.data());
  return m;
}

TEST(MaskStatistics, WilsonAndHolmCorrectedExactBinomial) {
  std::vector<double> pValues;
  double maxAbsZ = 0.0;
  for (double p : kProbs) {
    for (const StreamId& s : kStreams) {
      const uint64_t k = ones(mask(p, s), kSamples);
      const stats::Interval iv = stats::wilsonInterval(k, kSamples, kConfidence);
      EXPECT_TRUE(iv.contains(p)) << "p " << p << " seed " << s.seed << ": " << k << "/" << kSamples
                                  << " -> [" << iv.lower << ", " << iv.upper << "]";
      pValues.push_back(stats::binomialTwoSidedP(k, kSamples, p));
      maxAbsZ = std::max(maxAbsZ, std::fabs(stats::binomialZ(k, kSamples, p)));
    }
  }
  const stats::HolmResult holm = stats::holm(pValues, kAlpha);
  for (size_t i = 0; i < pValues.size(); ++i)
    EXPECT_FALSE(holm.rejected[i])
        << "test " << i << " p-value " << pValues[i] << " adjusted " << holm.adjusted[i];
  std::printf("proportion family: %zu tests, max |z| %.4f, min p-value %.6f\n", pValues.size(),
              maxAbsZ, *std::min_element(pValues.begin(), pValues.end()));
}

// Ones at each element position modulo 8 (the bit inside a byte; positions
// 0-3 and 4-7 are the words of the two Philox blocks of the byte).
TEST(MaskStatistics, NoPositionBias) {
  std::vector<double> pValues;
  for (double p : kProbs) {
    for (const StreamId& s : kStreams) {
      const std::vector<uint8_t> m = mask(p, s);
      for (unsigned bit = 0; bit < 8; ++bit) {
        uint64_t k = 0;
        for (uint64_t i = 0; i < kSamples / 8; ++i) k += (m[i] >> bit) & 1u;
        pValues.push_back(stats::binomialTwoSidedP(k, kSamples / 8, p));
      }
    }
  }
  const stats::HolmResult holm = stats::holm(pValues, kAlpha);
  EXPECT_FALSE(holm.anyRejected());
}

TEST(MaskStatistics, NoSerialDependence) {
  std::vector<double> pValues;
  for (double p : kProbs) {
    for (const StreamId& s : kStreams) {
      const std::vector<uint8_t> m = mask(p, s);
      pValues.push_back(stats::runsTest(m, kSamples).pValue);
    }
  }
  const stats::HolmResult holm = stats::holm(pValues, kAlpha);
  for (size_t i = 0; i < pValues.size(); ++i)
    EXPECT_FALSE(holm.rejected[i]) << "runs test " << i << " p-value " << pValues[i];
}

TEST(MaskStatistics, UniformBytesAtHalf) {
  std::vector<double> pValues;
  for (const StreamId& s : kStreams) {
    const std::vector<uint8_t> m = mask(0.5, s, 8 * kSamples);  // 1 Mi bytes, 4096 per value
    pValues.push_back(stats::byteChiSquare(m).pValue);
  }
  EXPECT_FALSE(stats::holm(pValues, kAlpha).anyRejected());
}

// Negative controls: the tests have power against what they are meant to see.
TEST(MaskStatistics, DetectsAWrongProbability) {
  const uint64_t k = ones(mask(0.36, kStreams[0]), kSamples);  // generated at 0.36
  EXPECT_FALSE(stats::wilsonInterval(k, kSamples, kConfidence).contains(0.35));
  const double pValues[] = {stats::binomialTwoSidedP(k, kSamples, 0.35)};
  EXPECT_TRUE(stats::holm(pValues, kAlpha).anyRejected());
}

TEST(MaskStatistics, DetectsSerialDependence) {
  // Every bit of a good mask repeated twice: right proportion, too few runs.
  const std::vector<uint8_t> m = mask(0.5, kStreams[0], kSamples / 2);
  std::vector<uint8_t> doubled(m.size() * 2);
  for (uint64_t i = 0; i < kSamples / 2; ++i) {
    const unsigned bit = (m[i / 8] >> (i % 8)) & 1u;
    for (uint64_t j : {2 * i, 2 * i + 1})
      doubled[j / 8] = static_cast<uint8_t>(doubled[j / 8] | (bit << (j % 8)));
  }
  EXPECT_LT(stats::runsTest(doubled, kSamples).pValue, 1e-6);
}

}  // namespace
}  // namespace asctwin::dsa
