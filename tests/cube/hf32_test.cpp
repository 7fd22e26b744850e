// HF32 (SetHF32Mode / SetHF32TransMode, docs/cube.md): a float Mmad with
// HF32 on equals the ordered-fma oracle on operands rounded to 11
// mantissa bits (rounded here by scaling the significand, independently of
// the twin's bit arithmetic), with ties to even or away from zero; the
// worked ties of 1 + 2^-12; HF32 off gives plain fp32 again.
#include <cmath>

#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

// hf32: 0 off, 1 nearest even, 2 nearest-zero mode (ties away from zero).
__global__ __cube__ void hf32Kernel(GM_ADDR a, GM_ADDR bt, GM_ADDR c, uint32_t m, uint32_t k,
                                    uint32_t n, int32_t hf32) {
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  if (hf32 != 0) {
    SetHF32Mode(HF32Mode::ENABLE);
    SetHF32TransMode(hf32 == 2 ? HF32TransMode::NEAREST_ZERO : HF32TransMode::NEAREST_EVEN);
  }
  LocalTensor<float> c1 =
      asctwin::testing::stageMatmul<float, float>(l1, l0a, l0b, l0c, a, bt, m, k, n);
  SetHF32Mode(HF32Mode::DISABLE);  // read when the Mmad was issued: no effect on it
  SetHF32TransMode(HF32TransMode::NEAREST_EVEN);
  GlobalTensor<float> cg;
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), m * n);
  FixpipeParamsV220 fp(static_cast<uint16_t>(n), static_cast<uint16_t>(m),
                       static_cast<uint16_t>((m + 15) / 16 * 16), n, false);
  Fixpipe(cg, c1, fp);
}

// The oracle's HF32: the significand scaled to 12 bits and rounded.
float hf32(float v, bool tiesAway) {
  if (!std::isfinite(v) || v == 0.0f) return v;
  int e = 0;
  const double f = std::frexp(static_cast<double>(v), &e);  // |f| in [0.5, 1)
  const double s = std::ldexp(f, 12);
  return static_cast<float>(std::ldexp(tiesAway ? std::round(s) : std::nearbyint(s), e - 12));
}

std::vector<float> runHf32(const std::vector<float>& a, const std::vector<float>& bT, uint32_t m,
                           uint32_t k, uint32_t n, int32_t mode) {
  DevBuf ag(a.size() * 4), bg(bT.size() * 4), cg(size_t{m} * n * 4);
  ag.upload(a);
  bg.upload(bT);
  EXPECT_EQ(asctwin::run(hf32Kernel, KernelTest::cube(1), ag.gm(), bg.gm(), cg.gm(), m, k, n, mode),
            0)
      << KernelTest::lastError();
  return cg.download<float>(size_t{m} * n);
}

std::vector<float> oracle(const std::vector<float>& a, const std::vector<float>& bT, uint32_t m,
                          uint32_t k, uint32_t n, int32_t mode) {
  std::vector<float> ar(a), br(size_t{k} * n);
  if (mode != 0)
    for (auto& v : ar) v = hf32(v, mode == 2);
  for (uint32_t q = 0; q < k; ++q)
    for (uint32_t j = 0; j < n; ++j) {
      const float v = bT[size_t{j} * k + q];
      br[size_t{q} * n + j] = mode != 0 ? hf32(v, mode == 2) : v;
    }
  return asctwin::testing::oracleMatmul(ar, br, m, k, n);
}

class Hf32Test : public KernelTest {};

TEST_F(Hf32Test, RoundedOperandsMatchTheOracleInBothModes) {
  constexpr uint32_t m = 30, k = 70, n = 40;
  const auto a = asctwin::testing::randomValues<float>(size_t{m} * k, 5);
  const auto bT = asctwin::testing::randomValues<float>(size_t{n} * k, 6);
  const auto plain = runHf32(a, bT, m, k, n, 0);
  for (int32_t mode : {0, 1, 2}) {
    const auto out = mode == 0 ? plain : runHf32(a, bT, m, k, n, mode);
    const auto ref = oracle(a, bT, m, k, n, mode);
    for (size_t i = 0; i < ref.size(); ++i)
      ASSERT_EQ(asctwin::testing::floatBits(out[i]), asctwin::testing::floatBits(ref[i]))
          << "mode " << mode << " element " << i << ": " << out[i] << " vs " << ref[i];
  }
  // HF32 really rounds: some product differs from plain fp32.
  const auto rounded = runHf32(a, bT, m, k, n, 1);
  EXPECT_NE(rounded, plain);
}

TEST_F(Hf32Test, TiesGoToEvenOrAwayFromZero) {
  // A[0][0] = +-(1 + 2^-12), halfway between 1 and 1 + 2^-11; B = identity
  // column 0: C[0][0] is A[0][0] as the unit rounds it.
  constexpr uint32_t m = 16, k = 8, n = 16;
  for (float sign : {1.0f, -1.0f}) {
    std::vector<float> a(size_t{m} * k, 0.0f), bT(size_t{n} * k, 0.0f);
    a[0] = sign * (1.0f + std::ldexp(1.0f, -12));
    bT[0] = 1.0f;
    EXPECT_EQ(runHf32(a, bT, m, k, n, 1)[0], sign * 1.0f);
    EXPECT_EQ(runHf32(a, bT, m, k, n, 2)[0], sign * (1.0f + std::ldexp(1.0f, -11)));
    EXPECT_EQ(runHf32(a, bT, m, k, n, 0)[0], a[0]);
  }
}

}  // namespace
