#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>

#include "stats/stats.h"

namespace asctwin::stats {
namespace {

void requireProbability(double p, const char* name) {
  if (!(p >= 0.0 && p <= 1.0))
    throw std::invalid_argument(std::string(name) + " must be within [0, 1], got " +
                                std::to_string(p));
}

void requireTrials(uint64_t successes, uint64_t trials) {
  if (trials == 0) throw std::invalid_argument("trials must be positive, got 0");
  if (successes > trials)
    throw std::invalid_argument("successes (" + std::to_string(successes) +
                                ") must not exceed trials (" + std::to_string(trials) + ")");
}

}  // namespace

double normalTwoSidedQuantile(double confidence) {
  if (!(confidence > 0.0 && confidence < 1.0))
    throw std::invalid_argument("confidence must be within (0, 1), got " +
                                std::to_string(confidence));
  const boost::math::normal_distribution<double> normal;
  return boost::math::quantile(boost::math::complement(normal, (1.0 - confidence) / 2.0));
}

double normalTwoSidedP(double z) {
  if (std::isnan(z)) throw std::invalid_argument("z must not be NaN");
  return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

double binomialZ(uint64_t successes, uint64_t trials, double p) {
  requireTrials(successes, trials);
  if (!(p > 0.0 && p < 1.0))
    throw std::invalid_argument("p must be within (0, 1) for a z-score, got " + std::to_string(p));
  const auto n = static_cast<double>(trials);
  return (static_cast<double>(successes) - n * p) / std::sqrt(n * p * (1.0 - p));
}

Interval wilsonInterval(uint64_t successes, uint64_t trials, double confidence) {
  requireTrials(successes, trials);
  const double z = normalTwoSidedQuantile(confidence);
  const auto n = static_cast<double>(trials);
  const double phat = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double denom = 1.0 + z2 / n;
  const double center = (phat + z2 / (2.0 * n)) / denom;
  const double half = z * std::sqrt(phat * (1.0 - phat) / n + z2 / (4.0 * n * n)) / denom;
  Interval iv;
  iv.lower = successes == 0 ? 0.0 : std::max(0.0, center - half);
  iv.upper = successes == trials ? 1.0 : std::min(1.0, center + half);
  return iv;
}

double binomialTwoSidedP(uint64_t successes, uint64_t trials, double p, double relTolerance) {
  requireTrials(successes, trials);
  requireProbability(p, "p");
  if (!(relTolerance >= 0.0)) throw std::invalid_argument("relTolerance must be >= 0");
  const uint64_t k = successes, n = trials;
  // Degenerate nulls: only one outcome is possible.
  if (p == 0.0) return k == 0 ? 1.0 : 0.0;
  if (p == 1.0) return k == n ? 1.0 : 0.0;

  const boost::math::binomial_distribution<double> binom(static_cast<double>(n), p);
  const auto pmf = [&](uint64_t x) { return boost::math::pdf(binom, static_cast<double>(x)); };
  const auto cdf = [&](uint64_t x) { return boost::math::cdf(binom, static_cast<double>(x)); };
  // P(X >= x) for x >= 1.
  const auto upper = [&](uint64_t x) {
    return boost::math::cdf(boost::math::complement(binom, static_cast<double>(x - 1)));
  };

  const double mean = static_cast<double>(n) * p;
  const double kd = static_cast<double>(k);
  if (kd == mean) return 1.0;
  const double bound = pmf(k) * (1.0 + relTolerance);
  double result = 0.0;
  if (kd < mean) {
    // Other side: [ceil(mean), n], where the pmf does not increase (the mode
    // floor((n + 1) p) is <= ceil(n p)). Outcomes with pmf <= bound form a
    // suffix [first, n]; find its first element by bisection.
    uint64_t lo = static_cast<uint64_t>(std::ceil(mean)), hi = n + 1;  // answer in [lo, hi]
    while (lo < hi) {
      const uint64_t mid = lo + (hi - lo) / 2;
      if (pmf(mid) <= bound) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    result = cdf(k) + (lo <= n ? upper(lo) : 0.0);
  } else {
    // Other side: [0, floor(mean)], where the pmf does not decrease. Outcomes
    // with pmf <= bound form a prefix [0, last]; count them by bisection.
    uint64_t lo = 0, hi = static_cast<uint64_t>(std::floor(mean)) + 1;  // count in [0, hi]
    while (lo < hi) {
      const uint64_t mid = lo + (hi - lo) / 2;  // is outcome `mid` in the prefix?
      if (pmf(mid) <= bound) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    result = (lo > 0 ? cdf(lo - 1) : 0.0) + upper(k);
  }
  return std::clamp(result, 0.0, 1.0);
}

}  // namespace asctwin::stats
