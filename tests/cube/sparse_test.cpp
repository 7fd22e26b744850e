// MmadWithSparse / LoadDataWithSparse (docs/cube.md, "Sparse"): a 4:2
// sparse B densified on the host by the reference's rule (index matrix in
// Zn, 4 entries per byte, low bits first), loaded with its index and
// multiplied by a full A equals the plain integer product of A and the
// sparse B (every pattern of 0, 1 and 2 non-zeros per group of 4 occurs);
// an index entry 3 is refused; check mode and the checker see the loads.
#include <random>

#include "checker/checker_util.h"
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::ExecMode;
using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

namespace {

// C (m x n, int32) = A (m x k, int8, ND) x B, B given densified as BdT
// (n x k/2, ND) with its index matrix already in Zn (k/64 x n/16 fractals
// of 128 bytes).
__global__ __cube__ void sparseKernel(GM_ADDR a, GM_ADDR bdT, GM_ADDR index, GM_ADDR c, uint32_t m,
                                      uint32_t k, uint32_t n) {
  const uint32_t kd = k / 2, m1 = m / 16, n1 = n / 16, ka1 = k / 32, kb1 = kd / 32;
  GlobalTensor<int8_t> ag, bg;
  GlobalTensor<uint8_t> ig;
  GlobalTensor<int32_t> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(a), m * k);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(bdT), n * kd);
  ig.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(index), n * k / 8);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(c), m * n);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<int8_t> a1 = l1.Alloc<int8_t>(m * k), b1 = l1.Alloc<int8_t>(n * kd);
  LocalTensor<uint8_t> i1 = l1.Alloc<uint8_t>(n * k / 8);
  LocalTensor<int8_t> a2 = l0a.Alloc<int8_t>(m * k), b2 = l0b.Alloc<int8_t>(n * kd);
  LocalTensor<int32_t> c1 = l0c.Alloc<int32_t>(m * n);
  DataCopy(a1, ag, Nd2NzParams(1, m, k, 0, k, m, 1, 0));
  DataCopy(b1, bg, Nd2NzParams(1, n, kd, 0, kd, n, 1, 0));  // Nz of B^T: Zn of B
  DataCopy(i1, ig, n * k / 8);
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  for (uint32_t mb = 0; mb < m1; ++mb)
    LoadData(
        a2[mb * ka1 * 512], a1[mb * 512],
        LoadData2DParams(0, static_cast<uint8_t>(ka1), static_cast<uint16_t>(m1), 0, 0, false, 0));
  LoadDataWithSparse(b2, b1, i1,
                     LoadData2dParams(0, static_cast<uint8_t>(kb1 * n1), 0, 0, 0, 0, 0));
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  MmadWithSparse(c1, a2, b2,
                 MmadParams(static_cast<uint16_t>(m), static_cast<uint16_t>(n),
                            static_cast<uint16_t>(k), 0, false, true));
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  FixpipeParamsV220 fp(static_cast<uint16_t>(n), static_cast<uint16_t>(m), static_cast<uint16_t>(m),
                       n, false);
  Fixpipe(cg, c1, fp);
}

struct SparseCase {
  std::vector<int8_t> a;       // m x k
  std::vector<int8_t> b;       // k x n, the sparse B
  std::vector<int8_t> bdT;     // n x k/2, densified B^T
  std::vector<uint8_t> index;  // Zn
};

// Densifies one group of 4 as the reference's table: two indices (the
// first non-zero among the first three, the second among the last three)
// and the dense pair.
void densify(const int8_t g[4], uint32_t idx[2], int8_t dense[2]) {
  std::vector<uint32_t> nz;
  for (uint32_t p = 0; p < 4; ++p)
    if (g[p] != 0) nz.push_back(p);
  dense[0] = dense[1] = 0;
  if (nz.empty()) {
    idx[0] = idx[1] = 0;
  } else if (nz.size() == 1) {
    if (nz[0] < 3) {  // picked by the first index; the second points at or before it
      idx[0] = nz[0];
      idx[1] = 0;
      dense[0] = g[nz[0]];
    } else {  // only the second index reaches element 3
      idx[0] = 0;
      idx[1] = 2;
      dense[1] = g[3];
    }
  } else {
    idx[0] = nz[0];
    idx[1] = nz[1] - 1;
    dense[0] = g[nz[0]];
    dense[1] = g[nz[1]];
  }
}

SparseCase makeCase(uint32_t m, uint32_t k, uint32_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> val(-128, 127), nonzero(1, 127), pattern(0, 10), pos(0, 3);
  SparseCase s;
  s.a.resize(size_t{m} * k);
  for (auto& v : s.a) v = static_cast<int8_t>(val(gen));
  s.b.assign(size_t{k} * n, 0);
  const uint32_t kd = k / 2, n1 = n / 16;
  s.bdT.assign(size_t{n} * kd, 0);
  s.index.assign(size_t{n} * k / 8, 0);
  for (uint32_t j = 0; j < n; ++j)
    for (uint32_t g = 0; g < k / 4; ++g) {
      int8_t grp[4] = {0, 0, 0, 0};
      const int p = pattern(gen);  // 0: none, 1-3: one, else two
      if (p >= 1) grp[pos(gen)] = static_cast<int8_t>(nonzero(gen) * (p % 2 ? 1 : -1));
      if (p >= 4) {
        int q = pos(gen);
        while (grp[q] != 0) q = (q + 1) % 4;
        grp[q] = static_cast<int8_t>(nonzero(gen));
      }
      for (uint32_t e = 0; e < 4; ++e) s.b[size_t{4 * g + e} * n + j] = grp[e];
      uint32_t idx[2];
      int8_t dense[2];
      densify(grp, idx, dense);
      for (uint32_t h = 0; h < 2; ++h) {
        const uint32_t d = 2 * g + h;  // dense row
        s.bdT[size_t{j} * kd + d] = dense[h];
        // Zn: fractal (d / 32, j / 16) of 128 bytes, row j % 16 of 8 bytes,
        // entry d % 32 at byte (d % 32) / 4, bits 2 * (d % 4).
        const size_t off = ((size_t{d / 32} * n1 + j / 16) * 16 + j % 16) * 8 + (d % 32) / 4;
        s.index[off] |= static_cast<uint8_t>(idx[h] << (2 * (d % 4)));
      }
    }
  return s;
}

std::vector<int32_t> runSparse(const SparseCase& s, uint32_t m, uint32_t k, uint32_t n,
                               ExecMode mode, uint64_t seed, int* rc) {
  DevBuf ag(s.a.size()), bg(s.bdT.size()), ig(s.index.size()), cg(size_t{m} * n * 4);
  ag.upload(s.a);
  bg.upload(s.bdT);
  ig.upload(s.index);
  asctwin::LaunchOptions o = KernelTest::cube(1);
  o.mode = mode;
  o.seed = seed;
  *rc = asctwin::run(sparseKernel, o, ag.gm(), bg.gm(), ig.gm(), cg.gm(), m, k, n);
  return cg.download<int32_t>(size_t{m} * n);
}

class SparseTest : public KernelTest {};

TEST_F(SparseTest, TheProductOfTheSparseBIsExact) {
  for (auto [m, k, n] : {std::tuple{16u, 64u, 16u}, {32u, 128u, 48u}})
    for (ExecMode mode : {ExecMode::Fast, ExecMode::Check}) {
      const SparseCase s = makeCase(m, k, n, m + k + n);
      int rc = 0;
      const auto out = runSparse(s, m, k, n, mode, 7, &rc);
      ASSERT_EQ(rc, 0) << lastError();
      for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
          int32_t ref = 0;
          for (uint32_t q = 0; q < k; ++q)
            ref += int32_t{s.a[size_t{i} * k + q]} * int32_t{s.b[size_t{q} * n + j]};
          ASSERT_EQ(out[size_t{i} * n + j], ref)
              << "m " << m << " k " << k << " (" << i << ", " << j << ")";
        }
    }
}

TEST_F(SparseTest, AnIndexEntryOf3IsRefused) {
  SparseCase s = makeCase(16, 64, 16, 3);
  s.index[5] |= 0x30;  // column 0, dense rows 20-23: entry 22 = 3
  int rc = 0;
  runSparse(s, 16, 64, 16, ExecMode::Fast, 0, &rc);
  EXPECT_NE(rc, 0);
  EXPECT_NE(lastError().find("MmadWithSparse: the index matrix of column 0 holds the value 3"),
            std::string::npos)
      << lastError();
}

TEST_F(SparseTest, TheCheckerSeesTheSparseLoadAsAnL0BWrite) {
  const SparseCase s = makeCase(16, 64, 16, 9);
  asctwin::checker::Session session(asctwin::checker::all);
  int rc = 0;
  runSparse(s, 16, 64, 16, ExecMode::Check, 2, &rc);
  ASSERT_EQ(rc, 0) << lastError();
  EXPECT_TRUE(session.findings().empty()) << asctwin::testing::dump(session.findings());
}

}  // namespace
