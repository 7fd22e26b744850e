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

// Uniform int4 values in [-8, 7].
inline std::vector<int> int4Values(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> d(-8, 7);
  std::vector<int> v(n);
  for (auto& x : v) x = d(g);
  return v;
}

// Two int4 a byte, element 2i in the low nibble (the golden scripts'
// (x[j + 1] << 4) + (x[j] & 0x0F)); an odd count leaves the last high nibble 0.
inline std::vector<uint8_t> packInt4(const std::vector<int>& v) {
  std::vector<uint8_t> out((v.size() + 1) / 2, 0);
  for (size_t i = 0; i < v.size(); ++i)
    out[i / 2] |= static_cast<uint8_t>((v[i] & 0xF) << (4 * (i % 2)));
  return out;
}

constexpr uint32_t ceilDiv(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}

// Kernel side: C (L0C) = A (m x k, ND in GM) x B, B given as B^T (n x k, ND
// in GM): GM -> L1 ND -> NZ, L1 -> L0A (Zz, fractal row by row) and L0B
// (B^T's NZ is Zn fractal by fractal), Mmad into a fresh L0C.
template <typename AB, typename C>
AscendC::LocalTensor<C> stageMatmul(AscendC::LocalMemAllocator<AscendC::Hardware::L1>& l1,
                                    AscendC::LocalMemAllocator<AscendC::Hardware::L0A>& l0a,
                                    AscendC::LocalMemAllocator<AscendC::Hardware::L0B>& l0b,
                                    AscendC::LocalMemAllocator<AscendC::Hardware::L0C>& l0c,
                                    GM_ADDR a, GM_ADDR bt, uint32_t m, uint32_t k, uint32_t n) {
  using namespace AscendC;
  constexpr uint32_t c0 = 32 / sizeof(AB);
  constexpr uint32_t frac = 512 / sizeof(AB);
  const uint32_t m1 = ceilDiv(m, 16), n1 = ceilDiv(n, 16), k1 = ceilDiv(k, c0);
  GlobalTensor<AB> ag, bg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ AB*>(a), m * k);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ AB*>(bt), n * k);
  LocalTensor<AB> a1 = l1.Alloc<AB>(m1 * 16 * k1 * c0);
  LocalTensor<AB> b1 = l1.Alloc<AB>(n1 * 16 * k1 * c0);
  LocalTensor<AB> a2 = l0a.Alloc<AB>(m1 * k1 * frac);
  LocalTensor<AB> b2 = l0b.Alloc<AB>(n1 * k1 * frac);
  LocalTensor<C> c1 = l0c.Alloc<C>(m1 * n1 * 256);
  DataCopy(a1, ag, Nd2NzParams(1, m, k, 0, k, m1 * 16, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, n, k, 0, k, n1 * 16, 1, 0));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  for (uint32_t mb = 0; mb < m1; ++mb)
    LoadData(
        a2[mb * k1 * frac], a1[mb * frac],
        LoadData2DParams(0, static_cast<uint8_t>(k1), static_cast<uint16_t>(m1), 0, 0, false, 0));
  LoadData(b2, b1, LoadData2DParams(0, static_cast<uint8_t>(k1 * n1), 1, 0, 0, false, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  Mmad(c1, a2, b2,
       MmadParams(static_cast<uint16_t>(m), static_cast<uint16_t>(n), static_cast<uint16_t>(k), 0,
                  false, true));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  return c1;
}

}  // namespace asctwin::testing
