// Helpers of the cube tests: the independent scalar oracles (from the
// reference's layout and numerics rules, docs/cube.md) and random inputs.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "kernel/kernel_test_util.h"

namespace asctwin::testing {

// The documented accumulation: C[i][j] = fma(A[i][kk], B[kk][j], C) for kk
// in order, in fp32 (the products of fp16/bf16 are exact).
inline std::vector<float> oracleMatmul(const std::vector<float>& a, const std::vector<float>& b,
                                       uint32_t m, uint32_t k, uint32_t n,
                                       const std::vector<float>* init = nullptr) {
  std::vector<float> c(static_cast<size_t>(m) * n);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      float acc = init != nullptr ? (*init)[static_cast<size_t>(i) * n + j] : 0.0f;
      for (uint32_t kk = 0; kk < k; ++kk)
        acc = std::fma(a[static_cast<size_t>(i) * k + kk], b[static_cast<size_t>(kk) * n + j], acc);
      c[static_cast<size_t>(i) * n + j] = acc;
    }
  return c;
}

template <typename T>
std::vector<T> randomValues(size_t n, uint32_t seed, float lo = -2.0f, float hi = 2.0f) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = T(d(g));
  return v;
}

template <typename T>
std::vector<float> widen(const std::vector<T>& v) {
  std::vector<float> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) out[i] = static_cast<float>(v[i]);
  return out;
}

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace asctwin::testing
