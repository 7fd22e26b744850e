// The C API's cube path end to end against the documented accumulation
// (docs/cube.md: C[i][j] = fma(A[i][kk], B[kk][j], C) for kk in order, in
// fp32; int32 sums exact): A and B^T (ND in GM) -> L1 by asc_copy_gm2l1_nd2nz,
// L1 -> L0A / L0B by asc_copy_l12l0a / l0b, asc_mmad, L0C -> GM by
// asc_copy_l0c2gm with NZ -> ND (asc_set_l0c_copy_params), for every A2 type
// pair; with the async forms and flags and with the `_sync` forms; a bias row
// through L1 -> BT (c_matrix_source); an F322F16 copy-out; the 13-parameter
// asc_mmad (no weight offset) and its refusal of one; asc_mmad_s4 on int4
// operands loaded from GM (asc_copy_gm2l0a / l0b); asc_mmad_sparse with
// asc_copy_l12l0b_sparse. Each kernel runs in fast mode and in check mode.
#include "capi/capi_test_util.h"
#include "cube/cube_test_util.h"
#include "isa/half_oracle.h"

namespace {

using asctwin::capitest::gmAs;
using asctwin::capitest::localAt;

using asctwin::testing::ceilDiv;

enum class Way : int32_t { Flags, Sync, Bias, Quant, WeightOffsetForm, WeightOffsetOn };

// Calls F or F_sync; the async way orders the pipes with flags instead.
#define CAPI_CUBE(SYNC, F, ...) \
  do {                          \
    if (SYNC)                   \
      F##_sync(__VA_ARGS__);    \
    else                        \
      F(__VA_ARGS__);           \
  } while (0)

// C (m x n, ND, type D) = A (m x k) x B (k x n, given as B^T n x k) [+ bias].
template <typename AB, typename C, typename D>
__global__ __cube__ void capiMatmul(GM_ADDR a, GM_ADDR bt, GM_ADDR bias, GM_ADDR c, uint32_t m,
                                    uint32_t k, uint32_t n, Way way) {
  constexpr uint32_t c0 = 32 / sizeof(AB), frac = 512 / sizeof(AB);
  const uint32_t m1 = ceilDiv(m, 16), n1 = ceilDiv(n, 16), k1 = ceilDiv(k, c0);
  const bool sync = way == Way::Sync;
  auto* a1 = localAt<__cbuf__ AB>(0);
  auto* b1 = localAt<__cbuf__ AB>(128 * 1024);
  auto* bias1 = localAt<__cbuf__ C>(384 * 1024);
  auto* a2 = localAt<__ca__ AB>(0);
  auto* b2 = localAt<__cb__ AB>(0);
  auto* c1 = localAt<__cc__ C>(0);
  const auto mV = static_cast<uint16_t>(m), kV = static_cast<uint16_t>(k),
             nV = static_cast<uint16_t>(n);
  CAPI_CUBE(sync, asc_copy_gm2l1_nd2nz, a1, gmAs<AB>(a), 1, mV, kV, 0, kV,
            static_cast<uint16_t>(m1 * 16), 1, 0);
  CAPI_CUBE(sync, asc_copy_gm2l1_nd2nz, b1, gmAs<AB>(bt), 1, nV, kV, 0, kV,
            static_cast<uint16_t>(n1 * 16), 1, 0);
  if (way == Way::Bias) asc_copy_gm2l1(bias1, gmAs<C>(bias), n1 * 16 * 4);
  if (!sync) {
    asc_sync_notify(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    asc_sync_wait(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  }
  for (uint32_t mb = 0; mb < m1; ++mb)
    CAPI_CUBE(sync, asc_copy_l12l0a, a2 + mb * k1 * frac, a1 + mb * frac, 0,
              static_cast<uint8_t>(k1), static_cast<uint16_t>(m1), 0);
  CAPI_CUBE(sync, asc_copy_l12l0b, b2, b1, 0, static_cast<uint8_t>(k1 * n1), 1, 0);
  // BT takes 64-byte blocks on A2 (docs/cube.md).
  if (way == Way::Bias) asc_copy_l12bt(0, bias1, 0, 1, static_cast<uint16_t>(n1), 0, 0);
  if (!sync) {
    asc_sync_notify(PIPE_MTE1, PIPE_M, EVENT_ID0);
    asc_sync_wait(PIPE_MTE1, PIPE_M, EVENT_ID0);
  }
  const bool withBias = way == Way::Bias;
  if (way == Way::WeightOffsetForm || way == Way::WeightOffsetOn) {
    asc_mmad(c1, a2, b2, mV, kV, nV, 3, 5, 0, false, way == Way::WeightOffsetOn, false, true);
  } else {
    CAPI_CUBE(sync, asc_mmad, c1, a2, b2, mV, kV, nV, 0, false, withBias, !withBias);
  }
  if (!sync) {
    asc_sync_notify(PIPE_M, PIPE_FIX, EVENT_ID0);
    asc_sync_wait(PIPE_M, PIPE_FIX, EVENT_ID0);
  }
  asc_set_l0c_copy_params(1, 0, 0);
  const uint64_t quant = way == Way::Quant ? F322F16 : NoQuant;
  CAPI_CUBE(sync, asc_copy_l0c2gm, gmAs<D>(c), c1, nV, mV, n, static_cast<uint16_t>(m1 * 16), 0,
            quant, 0, false, true);
}

template <typename AB, typename C, typename D>
class Matmul {
 public:
  Matmul(uint32_t m, uint32_t k, uint32_t n, uint32_t seed) : m_(m), k_(k), n_(n) {
    if constexpr (std::is_integral_v<AB>) {
      std::mt19937 g(seed);
      std::uniform_int_distribution<int> d(-128, 127);
      a_.resize(size_t{m} * k);
      bt_.resize(size_t{n} * k);
      for (auto& v : a_) v = static_cast<AB>(d(g));
      for (auto& v : bt_) v = static_cast<AB>(d(g));
    } else {
      a_ = asctwin::testing::randomValues<AB>(size_t{m} * k, seed);
      bt_ = asctwin::testing::randomValues<AB>(size_t{n} * k, seed + 1);
    }
    bias_.resize(ceilDiv(n, 16) * 16);
    for (uint32_t j = 0; j < n; ++j) bias_[j] = static_cast<C>(static_cast<int>(j % 7) - 3);
  }
  // The product by the documented rule, B = (B^T)^T.
  std::vector<C> oracle(bool withBias) const {
    std::vector<C> out(size_t{m_} * n_);
    for (uint32_t i = 0; i < m_; ++i)
      for (uint32_t j = 0; j < n_; ++j) {
        C acc = withBias ? bias_[j] : C{0};
        for (uint32_t kk = 0; kk < k_; ++kk) {
          const AB x = a_[size_t{i} * k_ + kk], y = bt_[size_t{j} * k_ + kk];
          if constexpr (std::is_integral_v<C>) {
            acc += int32_t{x} * int32_t{y};
          } else {
            acc = std::fma(static_cast<float>(x), static_cast<float>(y), acc);
          }
        }
        out[size_t{i} * n_ + j] = acc;
      }
    return out;
  }
  std::vector<D> run(Way way, asctwin::ExecMode mode, int* rc) const {
    asctwin::testing::DevBuf a(a_.size() * sizeof(AB)), bt(bt_.size() * sizeof(AB)),
        bias(bias_.size() * sizeof(C)), c(size_t{m_} * n_ * sizeof(D));
    a.upload(a_);
    bt.upload(bt_);
    bias.upload(bias_);
    auto o = asctwin::testing::KernelTest::cube(1, "capiMatmul");
    o.mode = mode;
    o.seed = 5;
    *rc =
        asctwin::run(capiMatmul<AB, C, D>, o, a.gm(), bt.gm(), bias.gm(), c.gm(), m_, k_, n_, way);
    return c.download<D>(size_t{m_} * n_);
  }

 private:
  uint32_t m_, k_, n_;
  std::vector<AB> a_, bt_;
  std::vector<C> bias_;
};

template <typename T>
uint64_t bitsOf(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

class CapiCube : public asctwin::testing::KernelTest {
 protected:
  template <typename AB, typename C, typename D = C>
  void check(Way way, uint32_t m, uint32_t k, uint32_t n) {
    const Matmul<AB, C, D> mm(m, k, n, m * 7 + k + n);
    const std::vector<C> want = mm.oracle(way == Way::Bias);
    for (const auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
      int rc = 0;
      const auto got = mm.run(way, mode, &rc);
      ASSERT_EQ(rc, 0) << lastError();
      for (size_t i = 0; i < want.size(); ++i) {
        D w;
        if constexpr (std::is_same_v<D, half>) {
          w = half::fromBits(asctwin::isatest::halfRint(want[i]));
        } else {
          w = want[i];
        }
        ASSERT_EQ(bitsOf(got[i]), bitsOf(w)) << "element " << i << " way " << int(way);
      }
    }
  }
};

TEST_F(CapiCube, EveryTypePairWithFlags) {
  check<half, float>(Way::Flags, 32, 32, 48);
  check<bfloat16_t, float>(Way::Flags, 20, 48, 40);
  check<float, float>(Way::Flags, 32, 24, 32);
  check<int8_t, int32_t>(Way::Flags, 48, 64, 32);
}

TEST_F(CapiCube, SyncFormsNeedNoFlags) {
  check<half, float>(Way::Sync, 32, 32, 48);
  check<int8_t, int32_t>(Way::Sync, 16, 32, 16);
}

TEST_F(CapiCube, BiasRowFromTheBiasTable) {
  check<half, float>(Way::Bias, 32, 32, 48);
  check<int8_t, int32_t>(Way::Bias, 16, 64, 32);
}

TEST_F(CapiCube, CopyOutConvertsToHalf) {
  check<half, float, half>(Way::Quant, 32, 32, 32);
}

TEST_F(CapiCube, ThirteenParameterFormWithoutWeightOffset) {
  check<half, float>(Way::WeightOffsetForm, 16, 32, 16);
}

TEST_F(CapiCube, WeightOffsetIsRefused) {
  const Matmul<half, float, float> mm(16, 16, 16, 1);
  int rc = 0;
  mm.run(Way::WeightOffsetOn, asctwin::ExecMode::Fast, &rc);
  EXPECT_NE(rc, 0);
  EXPECT_NE(lastError().find("is_weight_offset"), std::string::npos) << lastError();
  EXPECT_NE(lastError().find("asc_mmad"), std::string::npos) << lastError();
}

// --- int4 ----------------------------------------------------------------------------------
// A (m x k) in Zz and B (k x n) in Zn with 64 int4 per 32-byte fractal row,
// element kk of a row at byte kk / 2, the low nibble for even kk.
__global__ __cube__ void capiMatmulS4(GM_ADDR a, GM_ADDR b, GM_ADDR c, uint32_t m, uint32_t k,
                                      uint32_t n) {
  const uint32_t m1 = m / 16, n1 = n / 16, k1 = k / 64;
  auto* a2 = localAt<__ca__ int4b_t>(0);
  auto* b2 = localAt<__cb__ int4b_t>(0);
  auto* c1 = localAt<__cc__ int32_t>(0);
  asc_copy_gm2l0a_sync(a2, gmAs<int4b_t>(a), 0, static_cast<uint8_t>(m1 * k1), 1, 0);
  asc_copy_gm2l0b_sync(b2, gmAs<int4b_t>(b), 0, static_cast<uint8_t>(k1 * n1), 1, 0);
  asc_mmad_s4_sync(c1, a2, b2, static_cast<uint16_t>(m), static_cast<uint16_t>(k),
                   static_cast<uint16_t>(n), 0, false, false, true);
  asc_set_l0c_copy_params(1, 0, 0);
  asc_copy_l0c2gm_sync(gmAs<int32_t>(c), c1, static_cast<uint16_t>(n), static_cast<uint16_t>(m), n,
                       static_cast<uint16_t>(m), 0, NoQuant, 0, false, true);
}

TEST_F(CapiCube, Int4OperandsFromGm) {
  const uint32_t m = 32, k = 128, n = 32, k1 = k / 64, n1 = n / 16;
  std::mt19937 g(3);
  std::uniform_int_distribution<int> d(-8, 7);
  std::vector<int> av(size_t{m} * k), bv(size_t{k} * n);
  for (auto& v : av) v = d(g);
  for (auto& v : bv) v = d(g);
  std::vector<uint8_t> az(m * k / 2, 0), bz(k * n / 2, 0);
  auto put = [](std::vector<uint8_t>& img, size_t fractal, uint32_t row, uint32_t col, int v) {
    uint8_t& byte = img[fractal * 512 + row * 32 + col / 2];
    byte = static_cast<uint8_t>(col % 2 == 0 ? (byte & 0xF0) | (v & 0xF)
                                             : (byte & 0x0F) | ((v & 0xF) << 4));
  };
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t kk = 0; kk < k; ++kk)
      put(az, size_t{i / 16} * k1 + kk / 64, i % 16, kk % 64, av[size_t{i} * k + kk]);
  for (uint32_t kk = 0; kk < k; ++kk)
    for (uint32_t j = 0; j < n; ++j)
      put(bz, size_t{kk / 64} * n1 + j / 16, j % 16, kk % 64, bv[size_t{kk} * n + j]);
  for (const auto mode : {asctwin::ExecMode::Fast, asctwin::ExecMode::Check}) {
    asctwin::testing::DevBuf a(az.size()), b(bz.size()), c(size_t{m} * n * 4);
    a.upload(az);
    b.upload(bz);
    auto o = cube(1, "capiMatmulS4");
    o.mode = mode;
    ASSERT_EQ(asctwin::run(capiMatmulS4, o, a.gm(), b.gm(), c.gm(), m, k, n), 0) << lastError();
    const auto got = c.download<int32_t>(size_t{m} * n);
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        int32_t want = 0;
        for (uint32_t kk = 0; kk < k; ++kk) want += av[size_t{i} * k + kk] * bv[size_t{kk} * n + j];
        ASSERT_EQ(got[size_t{i} * n + j], want) << i << ", " << j;
      }
  }
}

// --- sparse ----------------------------------------------------------------------------------
// A (16 x k, Zz in GM) and a densified B (k/2 x 16, Zn in GM) with one index
// value for every group of 4 (the entry pair (i1, i2) picks A's elements
// 4g + i1 and 4g + max(1 + i2, i1), docs/cube.md).
__global__ __cube__ void capiSparse(GM_ADDR a, GM_ADDR bd, GM_ADDR index, GM_ADDR c, uint32_t k) {
  const uint32_t ka1 = k / 32, kb1 = k / 64;
  auto* a2 = localAt<__ca__ int8_t>(0);
  auto* b1 = localAt<__cbuf__ int8_t>(0);
  auto* i1 = localAt<__cbuf__ int8_t>(64 * 1024);
  auto* b2 = localAt<__cb__ int8_t>(0);
  auto* c1 = localAt<__cc__ int32_t>(0);
  asc_copy_gm2l0a(a2, gmAs<int8_t>(a), 0, static_cast<uint8_t>(ka1), 1, 0);
  asc_copy_gm2l1(b1, gmAs<void>(bd), kb1 * 512);
  asc_copy_gm2l1(i1, gmAs<void>(index), kb1 * 128);
  asc_sync_notify(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  asc_sync_wait(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  asc_copy_l12l0b_sparse(b2, b1, i1, 0, static_cast<uint8_t>(kb1));
  asc_sync_notify(PIPE_MTE1, PIPE_M, EVENT_ID0);
  asc_sync_wait(PIPE_MTE1, PIPE_M, EVENT_ID0);
  asc_sync_notify(PIPE_MTE2, PIPE_M, EVENT_ID1);
  asc_sync_wait(PIPE_MTE2, PIPE_M, EVENT_ID1);
  asc_mmad_sparse_sync(c1, a2, b2, 16, static_cast<uint16_t>(k), 16, 0, false, true);
  asc_set_l0c_copy_params(1, 0, 0);
  asc_copy_l0c2gm_sync(gmAs<int32_t>(c), c1, 16, 16, 16, 16, 0, NoQuant, 0, false, true);
}

TEST_F(CapiCube, SparseWithItsIndexMatrix) {
  const uint32_t k = 128, kd = k / 2;
  std::mt19937 g(11);
  std::uniform_int_distribution<int> d(-100, 100);
  std::vector<int8_t> a(16 * k), bd(kd * 16), az(16 * k), bz(kd * 16);
  for (auto& v : a) v = static_cast<int8_t>(d(g));
  for (auto& v : bd) v = static_cast<int8_t>(d(g));
  for (uint32_t i = 0; i < 16; ++i)  // Zz: fractal kk / 32, row i, byte kk % 32
    for (uint32_t kk = 0; kk < k; ++kk) az[(kk / 32) * 512 + i * 32 + kk % 32] = a[i * k + kk];
  for (uint32_t dd = 0; dd < kd; ++dd)  // Zn: fractal dd / 32, row j, byte dd % 32
    for (uint32_t j = 0; j < 16; ++j) bz[(dd / 32) * 512 + j * 32 + dd % 32] = bd[dd * 16 + j];
  // (i1, i2) = (0, 0): elements 0, 1; (1, 1): 1, 2; (0, 2): 0, 3.
  const std::pair<uint8_t, std::pair<int, int>> indexBytes[] = {
      {0x00, {0, 1}}, {0x55, {1, 2}}, {0x80 | 0x08, {0, 3}}};
  for (const auto& [byte, picks] : indexBytes) {
    std::vector<uint8_t> index(kd * 16 / 4, byte);
    asctwin::testing::DevBuf ag(az.size()), bg(bz.size()), ig(index.size()), cg(16 * 16 * 4);
    ag.upload(az);
    bg.upload(bz);
    ig.upload(index);
    auto o = cube(1, "capiSparse");
    o.mode = asctwin::ExecMode::Check;
    ASSERT_EQ(asctwin::run(capiSparse, o, ag.gm(), bg.gm(), ig.gm(), cg.gm(), k), 0) << lastError();
    const auto got = cg.download<int32_t>(16 * 16);
    for (uint32_t i = 0; i < 16; ++i)
      for (uint32_t j = 0; j < 16; ++j) {
        int32_t want = 0;
        for (uint32_t gi = 0; gi < k / 4; ++gi)
          want += int32_t{a[i * k + 4 * gi + picks.first]} * bd[(2 * gi) * 16 + j] +
                  int32_t{a[i * k + 4 * gi + picks.second]} * bd[(2 * gi + 1) * 16 + j];
        ASSERT_EQ(got[i * 16 + j], want)
            << "index byte " << int(byte) << " (" << i << ", " << j << ")";
      }
  }
}

}  // namespace
