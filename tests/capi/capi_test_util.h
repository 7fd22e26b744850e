// Helpers for the C API tests: the isa tests' harness (three 32 KiB regions
// a, b, d loaded into UB, a body, d stored back; fast mode and two
// check-mode seeds must agree), with bodies written against the C API, and
// an independent model of where the lanes of a vector instruction lie.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "c_api/asc_simd.h"
#include "isa/half_oracle.h"
#include "isa/isa_test_util.h"

namespace asctwin::capitest {

using isatest::bytesOf;
using isatest::halfRint;
using isatest::halfValue;
using isatest::IsaTest;
using isatest::kRegion;
using isatest::Ub;
using isatest::valuesOf;

// A region's first byte as a UB pointer of T (the C API's operand).
template <typename T>
__ubuf__ T* at(const AscendC::LocalTensor<uint8_t>& region, uint32_t byteOffset = 0) {
  return static_cast<__ubuf__ T*>(static_cast<void*>(region.GetPhyAddr() + byteOffset));
}

// A local buffer's address as an NPU-style offset (asc_get_phy_buf_addr),
// which every operand of every space accepts; a GM argument as T.
template <typename T>
T* localAt(uint64_t offset) {
  return reinterpret_cast<T*>(asc_get_phy_buf_addr(offset));
}
template <typename T>
__gm__ T* gmAs(GM_ADDR p) {
  return reinterpret_cast<__gm__ T*>(p);
}

// The element index of lane `lane` of iteration `rep` of an operand of
// `size`-byte elements with strides (blk, rep) in 32-byte blocks, as the
// API reference's "如何使用高维切分计算API" describes them.
inline uint64_t laneIndex(uint32_t size, uint32_t lane, uint32_t rep, uint32_t blkStride,
                          uint32_t repStride) {
  const uint32_t perBlock = 32 / size;
  const uint64_t byte =
      (static_cast<uint64_t>(rep) * repStride + (lane / perBlock) * blkStride) * 32 +
      (lane % perBlock) * size;
  return byte / size;
}

// Lane l is enabled by a normal-mode mask (mask1: lanes 64..127, mask0: 0..63).
inline bool laneOn(uint64_t mask1, uint64_t mask0, uint32_t lane) {
  return lane < 64 ? ((mask0 >> lane) & 1) != 0 : ((mask1 >> (lane - 64)) & 1) != 0;
}

inline std::vector<uint8_t> randomBytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

// A value of the element type from a double it can hold exactly.
template <typename T>
T fromDouble(double x) {
  if constexpr (std::is_same_v<T, half>) {
    return half::fromBits(halfRint(x));
  } else {
    return static_cast<T>(x);
  }
}
template <typename T>
double toDouble(T x) {
  if constexpr (std::is_same_v<T, half>) {
    return halfValue(x.bits());
  } else {
    return static_cast<double>(x);
  }
}
// Bits of an element, for exact comparison.
template <typename T>
uint64_t bitsOf(T x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

// Random values of T: integers in [lo, hi], floats with a fraction of 1/8.
template <typename T>
std::vector<T> randomOf(std::mt19937& rng, size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> u(lo * 8, hi * 8);
  std::vector<T> v(n);
  for (auto& x : v) {
    const int k = u(rng);
    x = std::is_integral_v<T> ? static_cast<T>(k / 8) : fromDouble<T>(k / 8.0);
  }
  return v;
}

// The exact value x rounded to T to nearest even (T a float type).
template <typename T>
T roundedTo(long double x) {
  if constexpr (std::is_same_v<T, half>) {
    return half::fromBits(halfRint(x));
  } else {
    return vectest::roundToFloat(x, vectest::Mode::Rint);
  }
}

}  // namespace asctwin::capitest
