// The ReduceSum reference: the summation order of include/aclnnop/
// aclnn_reduce_sum.h ("Numerics: the summation order"), written from that
// description alone (it shares no code with src/ops/reduce_sum): canonical
// shape, lanes or rows order, the group formulas, the lanes and their fold,
// group partials added in ascending group order into +0.0, one rounding to
// FP16/BF16 at the end.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "acl/acl.h"

namespace rsref {

struct Dim {
  uint64_t extent;
  bool reduced;
};

// The parameters of the order for a shape and its reduced dimensions.
struct Order {
  std::vector<Dim> canonical;
  bool rows = false;    // rows order (last canonical dimension reduced)
  uint64_t n = 0;       // elements of self
  uint64_t r = 0;       // lanes order: rows per output
  uint64_t l = 0;       // rows order: row length
  uint64_t ro = 0;      // rows order: rows per output
  uint64_t segs = 0;    // rows order: segments per row
  uint64_t units = 0;   // rows (lanes order) or units (rows order)
  uint64_t groups = 0;  // G
  uint32_t lanes = 0;   // W
};

// The largest divisor of 240 that is at most max(1, bound).
inline uint64_t largestDivisorOf240(uint64_t bound) {
  const uint64_t divisors[] = {240, 120, 80, 60, 48, 40, 30, 24, 20, 16,
                               15,  12,  10, 8,  6,  5,  4,  3,  2,  1};
  for (uint64_t d : divisors)
    if (d <= bound) return d;
  return 1;
}

inline Order orderOf(const std::vector<int64_t>& shape, const std::vector<bool>& reduced) {
  Order o;
  o.n = 1;
  for (int64_t e : shape) o.n *= static_cast<uint64_t>(e);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (!o.canonical.empty() && o.canonical.back().reduced == reduced[i]) {
      o.canonical.back().extent *= static_cast<uint64_t>(shape[i]);
    } else {
      o.canonical.push_back({static_cast<uint64_t>(shape[i]), static_cast<bool>(reduced[i])});
    }
  }
  o.rows = !o.canonical.empty() && o.canonical.back().reduced;
  if (!o.rows) {
    o.r = 1;
    for (const Dim& d : o.canonical)
      if (d.reduced) o.r *= d.extent;
    o.units = o.r;
    o.groups = largestDivisorOf240(std::min({uint64_t{240}, o.r / 32, o.n / 16384}));
  } else {
    o.l = o.canonical.back().extent;
    o.ro = 1;
    for (size_t i = 0; i + 1 < o.canonical.size(); ++i)
      if (o.canonical[i].reduced) o.ro *= o.canonical[i].extent;
    o.segs = (o.l + 16383) / 16384;
    o.units = o.ro * o.segs;
    o.groups = largestDivisorOf240(std::min({uint64_t{240}, o.units, o.n / 16384}));
    o.lanes = 8;
    while (o.lanes < o.l && o.lanes < 4096) o.lanes *= 2;
  }
  return o;
}

// Round to nearest even to BF16 (NaN stays NaN).
inline uint16_t toBf16(float f) {
  const uint32_t b = std::bit_cast<uint32_t>(f);
  if ((b & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((b >> 16) | 0x40);
  return static_cast<uint16_t>((b + 0x7FFFu + ((b >> 16) & 1u)) >> 16);
}
inline float fromBf16(uint16_t h) {
  return std::bit_cast<float>(static_cast<uint32_t>(h) << 16);
}

// The sums s(o) in FP32, outputs in row-major order of the kept dimensions.
// `x` holds self's elements (already exact FP32 values) in row-major order.
inline std::vector<float> reduceSum(const std::vector<float>& x, const std::vector<int64_t>& shape,
                                    const std::vector<bool>& reduced) {
  const Order ord = orderOf(shape, reduced);
  const std::vector<Dim>& c = ord.canonical;
  // Row-major strides of the canonical shape.
  std::vector<uint64_t> stride(c.size(), 1);
  for (size_t i = c.size(); i-- > 1;) stride[i - 1] = stride[i] * c[i].extent;
  // Kept / reduced dimension lists (rows order: the last reduced one apart).
  std::vector<size_t> kept, red;
  const size_t redEnd = ord.rows ? c.size() - 1 : c.size();
  for (size_t i = 0; i < c.size(); ++i) {
    if (!c[i].reduced) kept.push_back(i);
    if (c[i].reduced && i < redEnd) red.push_back(i);
  }
  uint64_t outputs = 1;
  for (size_t i : kept) outputs *= c[i].extent;
  auto offsetOf = [&](const std::vector<size_t>& dims, uint64_t index) {
    uint64_t off = 0;
    for (size_t j = dims.size(); j-- > 0;) {
      off += (index % c[dims[j]].extent) * stride[dims[j]];
      index /= c[dims[j]].extent;
    }
    return off;
  };
  std::vector<float> s(outputs, 0.0f);
  for (uint64_t o = 0; o < outputs; ++o) {
    const uint64_t base = offsetOf(kept, o);
    float sum = 0.0f;
    for (uint64_t g = 0; g < ord.groups; ++g) {
      const uint64_t u0 = g * ord.units / ord.groups;
      const uint64_t u1 = (g + 1) * ord.units / ord.groups;
      float p = 0.0f;
      if (!ord.rows) {
        for (uint64_t k = u0; k < u1; ++k) p = p + x[base + offsetOf(red, k)];
      } else {
        std::vector<float> lane(std::max<uint32_t>(ord.lanes, 8), 0.0f);
        for (uint64_t u = u0; u < u1; ++u) {
          const uint64_t row = u / ord.segs;
          const uint64_t start = (u % ord.segs) * 16384;
          const uint64_t end = std::min(start + 16384, ord.l);
          const uint64_t rowBase = base + offsetOf(red, row);
          for (uint64_t i = start; i < end; ++i)
            lane[i % ord.lanes] = lane[i % ord.lanes] + x[rowBase + i];
        }
        for (uint32_t w = ord.lanes / 2; w >= 1; w /= 2)
          for (uint32_t j = 0; j < w; ++j) lane[j] = lane[j] + lane[j + w];
        p = lane.front();
      }
      sum = sum + p;
    }
    s[o] = sum;
  }
  return s;
}

// The bits of s(o) in the output dtype.
inline std::vector<uint32_t> outputBits(const std::vector<float>& s, aclDataType dtype) {
  std::vector<uint32_t> bits(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (dtype == ACL_FLOAT16) {
      bits[i] = aclFloatToFloat16(s[i]);
    } else if (dtype == ACL_BF16) {
      bits[i] = toBf16(s[i]);
    } else {
      bits[i] = std::bit_cast<uint32_t>(s[i]);
    }
  }
  return bits;
}

}  // namespace rsref
