// Reductions of the vector unit: one iteration's (or one block's) lanes to
// one value, as vcadd/vcmax/vcmin/vcgadd/vcgmax/vcgmin/vcpadd compute it.
//
// Sum (API reference, ReduceDataBlock "关键特性说明"): a binary tree over the
// lane positions, lane 2k with lane 2k+1, then those sums pairwise, ...;
// disabled lanes count as +0. Every node is rounded to the element type
// (half: added in float, rounded once to half). Max/Min: the extreme enabled
// value, the lowest lane holding it (the reference: "if there are several
// extremes, the smallest index"); a NaN lane gives the canonical NaN at the
// first NaN's lane.
#include <bit>
#include <cstdint>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

using detail::load;

bool on(const std::uint64_t m[2], std::uint32_t l) {
  return (m[l / 64] >> (l % 64)) & 1u;
}

float toFloat(const void* p, DType t, std::uint32_t i) {
  return t == DType::F16 ? numeric::halfToFloat(load<std::uint16_t>(p, i)) : load<float>(p, i);
}
float roundTo(DType t, float v) {
  return t == DType::F16 ? numeric::halfToFloat(numeric::floatToHalf(v)) : v;
}
std::uint64_t bitsOf(DType t, float v) {
  if (v != v) return t == DType::F16 ? detail::kHalfQNaN : detail::kFloatQNaN;
  return t == DType::F16 ? numeric::floatToHalf(v) : std::bit_cast<std::uint32_t>(v);
}

}  // namespace

bool reduceSupported(DType t) {
  return t == DType::F16 || t == DType::F32;
}

std::uint64_t reduceLanes(RedOp op, DType t, const void* lanes, const std::uint64_t enabled[2],
                          std::uint32_t width, std::uint32_t* index) {
  if (index != nullptr) *index = 0;
  if (op == RedOp::Sum) {
    // width is a power of two (2, 16, 64, 128 lanes).
    float node[128];
    for (std::uint32_t l = 0; l < width; ++l)
      node[l] = on(enabled, l) ? toFloat(lanes, t, l) : 0.0f;
    for (std::uint32_t w = width; w > 1; w /= 2)
      for (std::uint32_t k = 0; k < w / 2; ++k) node[k] = roundTo(t, node[2 * k] + node[2 * k + 1]);
    return bitsOf(t, node[0]);
  }
  bool any = false;
  float best = 0.0f;
  std::uint32_t at = 0;
  for (std::uint32_t l = 0; l < width; ++l) {
    if (!on(enabled, l)) continue;
    const float v = toFloat(lanes, t, l);
    if (v != v) {
      if (index != nullptr) *index = l;
      return bitsOf(t, v);
    }
    const bool better = !any || (op == RedOp::Max ? v > best : v < best);
    if (better) {
      best = v;
      at = l;
      any = true;
    }
  }
  if (index != nullptr) *index = at;
  // Keep the winner's own bits (the sign of a zero included).
  if (!any) return 0;
  return t == DType::F16 ? load<std::uint16_t>(lanes, at) : load<std::uint32_t>(lanes, at);
}

std::uint64_t accumulate(DType t, std::uint64_t acc, std::uint64_t value) {
  float a = 0.0f, v = 0.0f;
  if (t == DType::F16) {
    a = numeric::halfToFloat(static_cast<std::uint16_t>(acc));
    v = numeric::halfToFloat(static_cast<std::uint16_t>(value));
  } else {
    a = std::bit_cast<float>(static_cast<std::uint32_t>(acc));
    v = std::bit_cast<float>(static_cast<std::uint32_t>(value));
  }
  return bitsOf(t, roundTo(t, a + v));
}

}  // namespace asctwin::vec
