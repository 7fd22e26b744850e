#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "stats/stats.h"

namespace asctwin::stats {

bool HolmResult::anyRejected() const {
  return std::any_of(rejected.begin(), rejected.end(), [](bool r) { return r; });
}

HolmResult holm(std::span<const double> pValues, double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0))
    throw std::invalid_argument("alpha must be within (0, 1), got " + std::to_string(alpha));
  const size_t m = pValues.size();
  for (size_t i = 0; i < m; ++i)
    if (!(pValues[i] >= 0.0 && pValues[i] <= 1.0))
      throw std::invalid_argument("p-value #" + std::to_string(i) + " must be within [0, 1], got " +
                                  std::to_string(pValues[i]));
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return pValues[a] < pValues[b]; });
  // Sized at construction: GCC 12 at -O3 reports a false -Wnull-dereference
  // inside std::vector<bool>::assign on an empty vector.
  HolmResult r{std::vector<bool>(m, false), std::vector<double>(m, 1.0)};
  double running = 0.0;
  for (size_t i = 0; i < m; ++i) {
    const size_t at = order[i];
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) * pValues[at]));
    r.adjusted[at] = running;
    r.rejected[at] = running <= alpha;
  }
  return r;
}

}  // namespace asctwin::stats
