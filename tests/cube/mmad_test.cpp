// Mmad end to end: GM -> L1 (ND -> NZ), L1 -> L0A (Zz) / L0B (Zn), Mmad,
// Fixpipe NZ -> ND to GM, against the documented accumulation (a scalar fma
// loop in k order), bit for bit, for every A2 type pair and ragged shapes.
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

constexpr uint32_t ceilDiv(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}

// A (m x k, ND) and B^T (n x k, ND) in GM; C (m x n, ND, fp32/int32) out.
// mode 0: C = A x B; mode 1: C = A x B + A x B (accumulate in L0C);
// mode 2: C = bias + A x B (bias row of n values from GM via L1 -> BT).
template <typename AB, typename C>
__global__ __cube__ void matmulKernel(GM_ADDR a, GM_ADDR bt, GM_ADDR bias, GM_ADDR c, uint32_t m,
                                      uint32_t k, uint32_t n, int32_t mode) {
  constexpr uint32_t c0 = 32 / sizeof(AB);
  constexpr uint32_t frac = 512 / sizeof(AB);
  const uint32_t m1 = ceilDiv(m, 16), n1 = ceilDiv(n, 16), k1 = ceilDiv(k, c0);
  GlobalTensor<AB> ag, bg;
  GlobalTensor<C> cg, biasg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ AB*>(a), m * k);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ AB*>(bt), n * k);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(c), m * n);
  biasg.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(bias), n1 * 16);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<AB> a1 = l1.Alloc<AB>(m1 * 16 * k1 * c0);
  LocalTensor<AB> b1 = l1.Alloc<AB>(n1 * 16 * k1 * c0);
  LocalTensor<C> bias1 = l1.Alloc<C>(n1 * 16);
  LocalTensor<AB> a2 = l0a.Alloc<AB>(m1 * k1 * frac);
  LocalTensor<AB> b2 = l0b.Alloc<AB>(n1 * k1 * frac);
  LocalTensor<C> c1 = l0c.Alloc<C>(m1 * n1 * 256);
  DataCopy(a1, ag, Nd2NzParams(1, m, k, 0, k, m1 * 16, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, n, k, 0, k, n1 * 16, 1, 0));
  if (mode == 2) DataCopy(bias1, biasg, static_cast<uint32_t>(n1 * 16));
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  // A: Nz (k1 column blocks of m1*16 rows) -> Zz (fractal (mb, kb)).
  for (uint32_t mb = 0; mb < m1; ++mb)
    LoadData(
        a2[mb * k1 * frac], a1[mb * frac],
        LoadData2DParams(0, static_cast<uint8_t>(k1), static_cast<uint16_t>(m1), 0, 0, false, 0));
  // B^T in Nz is already Zn fractal by fractal: (kb, nb) in order.
  LoadData(b2, b1, LoadData2DParams(0, static_cast<uint8_t>(k1 * n1), 1, 0, 0, false, 0));
  LocalMemAllocator<Hardware::BIAS> btAlloc;
  LocalTensor<C> biasTable = btAlloc.Alloc<C>(n1 * 16);
  if (mode == 2) {
    DataCopy(biasTable, bias1,
             DataCopyParams(1, static_cast<uint16_t>(n1 * 16 * sizeof(C) / 64), 0, 0));
  }
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  const uint16_t mm = static_cast<uint16_t>(m), kk = static_cast<uint16_t>(k),
                 nn = static_cast<uint16_t>(n);
  if (mode == 2) {
    Mmad(c1, a2, b2, biasTable, MmadParams(mm, nn, kk, 0, false, false));
  } else {
    Mmad(c1, a2, b2, MmadParams(mm, nn, kk, 0, false, true));
  }
  if (mode == 1) {
    PipeBarrier<PIPE_M>();
    Mmad(c1, a2, b2, MmadParams(mm, nn, kk, 0, false, false));
  }
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  FixpipeParamsV220 fp(nn, mm, static_cast<uint16_t>(m1 * 16), n, false);
  fp.quantPre = QuantMode_t::NoQuant;
  Fixpipe(cg, c1, fp);
}

template <typename AB, typename C>
void runMatmul(uint32_t m, uint32_t k, uint32_t n, int32_t mode, uint32_t seed) {
  SCOPED_TRACE(testing::Message() << "m " << m << " k " << k << " n " << n << " mode " << mode);
  std::vector<AB> a, bT;
  std::vector<C> bias(ceilDiv(n, 16) * 16);
  if constexpr (std::is_same_v<AB, int8_t>) {
    std::mt19937 g(seed);
    std::uniform_int_distribution<int> d(-128, 127);
    a.resize(size_t{m} * k);
    bT.resize(size_t{n} * k);
    for (auto& x : a) x = static_cast<int8_t>(d(g));
    for (auto& x : bT) x = static_cast<int8_t>(d(g));
    for (auto& x : bias) x = d(g) * 1000;
  } else {
    a = asctwin::testing::randomValues<AB>(size_t{m} * k, seed);
    bT = asctwin::testing::randomValues<AB>(size_t{n} * k, seed + 1);
    for (size_t j = 0; j < bias.size(); ++j)
      bias[j] = static_cast<C>(0.25f * static_cast<float>(j));
  }
  DevBuf ag(a.size() * sizeof(AB)), bg(bT.size() * sizeof(AB)), biasg(bias.size() * sizeof(C)),
      cg(size_t{m} * n * sizeof(C));
  ag.upload(a);
  bg.upload(bT);
  biasg.upload(bias);
  ASSERT_EQ(asctwin::run(matmulKernel<AB, C>, KernelTest::cube(1), ag.gm(), bg.gm(), biasg.gm(),
                         cg.gm(), m, k, n, mode),
            0)
      << KernelTest::lastError();
  const auto out = cg.download<C>(size_t{m} * n);
  if constexpr (std::is_same_v<C, int32_t>) {
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        uint32_t acc = mode == 2 ? static_cast<uint32_t>(bias[j]) : 0;
        for (int rep = 0; rep < (mode == 1 ? 2 : 1); ++rep)
          for (uint32_t q = 0; q < k; ++q)
            acc += static_cast<uint32_t>(int32_t{a[size_t{i} * k + q]} * bT[size_t{j} * k + q]);
        ASSERT_EQ(out[size_t{i} * n + j], static_cast<int32_t>(acc)) << i << "," << j;
      }
  } else {
    const std::vector<float> af = asctwin::testing::widen(a);
    std::vector<float> bf(size_t{k} * n);
    for (uint32_t q = 0; q < k; ++q)
      for (uint32_t j = 0; j < n; ++j)
        bf[size_t{q} * n + j] = static_cast<float>(bT[size_t{j} * k + q]);
    std::vector<float> init(size_t{m} * n, 0.0f);
    if (mode == 2)
      for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) init[size_t{i} * n + j] = bias[j];
    std::vector<float> ref = asctwin::testing::oracleMatmul(af, bf, m, k, n, &init);
    if (mode == 1) ref = asctwin::testing::oracleMatmul(af, bf, m, k, n, &ref);
    for (size_t i = 0; i < ref.size(); ++i)
      ASSERT_EQ(asctwin::testing::floatBits(out[i]), asctwin::testing::floatBits(ref[i]))
          << "element " << i << ": " << out[i] << " vs " << ref[i];
  }
}

class MmadTest : public KernelTest {};

TEST_F(MmadTest, HalfToFloatMatchesTheOrderedFmaOracle) {
  for (auto [m, k, n] : {std::tuple{16u, 16u, 16u}, {30u, 70u, 40u}, {64u, 128u, 96u}})
    for (int mode : {0, 1, 2}) runMatmul<half, float>(m, k, n, mode, m * 7 + k);
}

TEST_F(MmadTest, Bf16ToFloatMatchesTheOrderedFmaOracle) {
  for (auto [m, k, n] : {std::tuple{16u, 16u, 16u}, {30u, 70u, 40u}, {48u, 64u, 80u}})
    for (int mode : {0, 1, 2}) runMatmul<bfloat16_t, float>(m, k, n, mode, m + k);
}

TEST_F(MmadTest, FloatToFloatMatchesTheOrderedFmaOracle) {
  for (auto [m, k, n] : {std::tuple{16u, 8u, 16u}, {30u, 70u, 40u}, {48u, 64u, 80u}})
    for (int mode : {0, 1, 2}) runMatmul<float, float>(m, k, n, mode, m * 3 + n);
}

TEST_F(MmadTest, Int8ToInt32IsExactModulo2To32) {
  for (auto [m, k, n] : {std::tuple{16u, 32u, 16u}, {30u, 70u, 40u}, {48u, 96u, 80u}})
    for (int mode : {0, 1, 2}) runMatmul<int8_t, int32_t>(m, k, n, mode, m + 5 * n);
}

}  // namespace
