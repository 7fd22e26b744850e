// The integer threshold (w & 0x7FFFFF) >= maskThreshold(q) against the spec's
// float rule u >= q: exhaustively over every mantissa for edge q, at every
// boundary of the 2^-23 grid, and over random q (any float bit pattern).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "dsa/bit_mask.h"
#include "dsa/random_stream.h"

namespace asctwin::dsa {
namespace {

constexpr uint32_t kGrid = 1u << 23;

// The float predicate is monotone in the mantissa m, so it equals the
// integer one for every m iff the boundary agrees: false at T - 1, true at T.
::testing::AssertionResult boundaryOk(float q) {
  const uint32_t t = maskThreshold(q);
  if (t > kGrid) return ::testing::AssertionFailure() << "q " << q << " T " << t << " > 2^23";
  if ((t > 0 && bitOfFloat(t - 1, q)) || (t < kGrid && !bitOfFloat(t, q)))
    return ::testing::AssertionFailure() << "q " << std::hexfloat << q << " T " << t;
  return ::testing::AssertionSuccess();
}

std::vector<float> edgeQs() {
  const float inf = std::numeric_limits<float>::infinity();
  return {0.0f,
          -0.0f,
          1.0f,
          0.5f,
          0.65f,
          dropProbFromProb(0.35),
          dropProbFromProb(0.001),
          dropProbFromProb(0.999),
          std::numeric_limits<float>::denorm_min(),
          std::numeric_limits<float>::min(),
          0x1p-23f,
          std::nextafter(0x1p-23f, 0.0f),
          std::nextafter(0x1p-23f, 1.0f),
          0x1p-24f,
          std::nextafter(1.0f, 0.0f),
          1.0f - 0x1p-23f,
          std::nextafter(1.0f, 2.0f),
          -std::numeric_limits<float>::denorm_min(),
          -1.0f,
          2.0f,
          inf,
          -inf,
          std::numeric_limits<float>::quiet_NaN()};
}

// Every one of the 2^23 mantissas (with random high bits, which both rules
// must ignore) for each edge q.
TEST(Threshold, ExhaustiveOverMantissasForEdgeQ) {
  for (float q : edgeQs()) {
    const uint32_t t = maskThreshold(q);
    uint32_t mismatches = 0;
    for (uint32_t m = 0; m < kGrid; ++m) {
      const uint32_t w = m | ((m * 0x9E3779B1u) << 9 & ~kMantissaMask);  // scrambled high bits
      mismatches += bitOfFloat(w, q) != bitOfThreshold(w, t) ? 1 : 0;
    }
    EXPECT_EQ(mismatches, 0u) << "q " << std::hexfloat << q;
  }
}

TEST(Threshold, SpecialValues) {
  EXPECT_EQ(maskThreshold(0.0f), 0u);
  EXPECT_EQ(maskThreshold(-0.0f), 0u);
  EXPECT_EQ(maskThreshold(-1.0f), 0u);
  EXPECT_EQ(maskThreshold(1.0f), kGrid);  // prob 0: never a one
  EXPECT_EQ(maskThreshold(std::numeric_limits<float>::quiet_NaN()), kGrid);
  EXPECT_EQ(maskThreshold(std::numeric_limits<float>::infinity()), kGrid);
  EXPECT_EQ(maskThreshold(0.5f), kGrid / 2);
  EXPECT_EQ(maskThreshold(std::nextafter(0.5f, 1.0f)), kGrid / 2 + 1);
  EXPECT_EQ(maskThreshold(std::numeric_limits<float>::denorm_min()), 1u);
  // prob 1 gives q = 0: every bit is one; prob 0 gives q = 1: every bit zero.
  EXPECT_EQ(dropProbFromProb(1.0), 0.0f);
  EXPECT_EQ(dropProbFromProb(0.0), 1.0f);
}

// Every grid point k * 2^-23 (k = 0 .. 2^23) and both float neighbours of it:
// the q values where the threshold changes.
TEST(Threshold, EveryGridBoundaryAndItsNeighbours) {
  for (uint32_t k = 0; k <= kGrid; ++k) {
    const float q = static_cast<float>(k) * 0x1p-23f;
    ASSERT_TRUE(boundaryOk(q));
    ASSERT_TRUE(boundaryOk(std::nextafter(q, -1.0f)));
    ASSERT_TRUE(boundaryOk(std::nextafter(q, 2.0f)));
  }
}

TEST(Threshold, RandomFloats) {
  std::mt19937 rng(2);
  for (int i = 0; i < 2000000; ++i) {
    // Half: any float in [0, 1] by bit pattern (dense near 0); half: any
    // bit pattern at all (negatives, > 1, infinities, NaNs).
    const uint32_t bits = (i % 2 == 0) ? rng() % 0x3F800001u : rng();
    ASSERT_TRUE(boundaryOk(std::bit_cast<float>(bits)));
  }
}

}  // namespace
}  // namespace asctwin::dsa
