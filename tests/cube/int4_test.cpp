// int4b_t x int4b_t -> int32 (mad_s4) and the int4 loads, at the
// intrinsic level (the tensors hold the packed bytes: element 2i in the
// low nibble, docs/cube.md "int4"): A through ND -> NZ and the 2-D
// fractal load or img2col, B through the 2-D load (B^T given) or the
// transposing load (B given), each against the plain integer product of
// the unpacked values; odd k and the transposing 2-D load are refused.
#include "cube/cube_test_util.h"

using namespace AscendC;
using asctwin::testing::DevBuf;
using asctwin::testing::int4Values;
using asctwin::testing::KernelTest;
using asctwin::testing::packInt4;

namespace {

enum Path : int32_t {
  kLoad2d = 0,   // A: Nz -> Zz (load_cbuf_to_ca_s4); B^T: Nz is Zn (load_cbuf_to_cb_s4)
  kTransposeB,   // B (k x n) Nz -> Zn by load_cbuf_to_cb_transpose_s4
  kImg2col,      // A from a 1 x 1 img2col of an H x W map of k channels
  kOddK,         // mad_s4 with an odd k: refused
  kTranspose2d,  // load_cbuf_to_ca_s4 with transpose: refused
};

// a: m x k int4 packed (k / 2 bytes per row); b: B^T (n x k) or, for
// kTransposeB, B (k x n); c: m x n int32.
__global__ __cube__ void int4Kernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, uint32_t m, uint32_t k,
                                    uint32_t n, int32_t path) {
  const uint32_t kb = k / 2, m1 = m / 16, n1 = n / 16, k1 = k / 64;  // k1: fractals of 64 int4
  GlobalTensor<int8_t> ag, bg;
  GlobalTensor<int32_t> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(a), m * kb);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(b), n * kb);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(c), m * n);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<int8_t> a1 = l1.Alloc<int8_t>(m * kb), b1 = l1.Alloc<int8_t>(n * kb);
  LocalTensor<int8_t> a2 = l0a.Alloc<int8_t>(m * kb), b2 = l0b.Alloc<int8_t>(n * kb);
  LocalTensor<int32_t> c1 = l0c.Alloc<int32_t>(m * n);
  // A's Nz (64-int4 column blocks of m rows) is also the NC1HWC0 feature
  // map of img2col with H = 1, W = m and C = k.
  DataCopy(a1, ag, Nd2NzParams(1, m, kb, 0, kb, m, 1, 0));
  if (path == kTransposeB) {
    DataCopy(b1, bg, Nd2NzParams(1, k, n / 2, 0, n / 2, k, 1, 0));  // B: rows k, 64-wide n blocks
  } else {
    DataCopy(b1, bg, Nd2NzParams(1, n, kb, 0, kb, n, 1, 0));
  }
  SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
  if (path == kImg2col) {
    set_fmatrix(uint64_t{m} | (uint64_t{1} << 16));  // l1W = m, l1H = 1, no padding
    img2colv2_cbuf_to_ca_s4(a2.GetPhyAddr(), a1.GetPhyAddr(), static_cast<uint16_t>(k),
                            static_cast<uint16_t>(m), 0, 0, 1, 1, 1, 1, 1, 1, false, false, false,
                            false, static_cast<uint16_t>(k));
  } else {
    for (uint32_t mb = 0; mb < m1; ++mb)
      load_cbuf_to_ca_s4(a2[mb * k1 * 512].GetPhyAddr(), a1[mb * 512].GetPhyAddr(), 0,
                         static_cast<uint8_t>(k1), static_cast<uint16_t>(m1), 0, 0,
                         path == kTranspose2d, inc);
  }
  if (path == kTransposeB) {
    // Square (kq, nq): 64 k x 64 n at Nz block nq, k rows 64 kq.. -> Zn
    // fractals (kq, 4 nq + q).
    for (uint32_t kq = 0; kq < k1; ++kq)
      load_cbuf_to_cb_transpose_s4(b2[(kq * n1) * 512].GetPhyAddr(), b1.GetPhyAddr(),
                                   static_cast<uint16_t>(kq), static_cast<uint8_t>(n / 64),
                                   static_cast<uint16_t>(k / 64), 3, inc, 0);
  } else {
    load_cbuf_to_cb_s4(b2.GetPhyAddr(), b1.GetPhyAddr(), 0, static_cast<uint8_t>(k1 * n1), 1, 0, 0,
                       false, inc);
  }
  SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
  WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
  mad_s4(c1.GetPhyAddr(), a2.GetPhyAddr(), b2.GetPhyAddr(), static_cast<uint16_t>(m),
         static_cast<uint16_t>(path == kOddK ? k - 1 : k), static_cast<uint16_t>(n), 0, false,
         false, true);
  SetFlag<HardEvent::M_FIX>(EVENT_ID0);
  WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
  FixpipeParamsV220 fp(static_cast<uint16_t>(n), static_cast<uint16_t>(m), static_cast<uint16_t>(m),
                       n, false);
  Fixpipe(cg, c1, fp);
}

int runInt4(uint32_t m, uint32_t k, uint32_t n, int32_t path, std::vector<int32_t>* out,
            std::vector<int32_t>* ref) {
  const auto a = int4Values(size_t{m} * k, m + k);
  const auto b = int4Values(size_t{k} * n, k + n);  // B[kk][j] at kk * n + j
  std::vector<int> given(b.size());
  for (uint32_t kk = 0; kk < k; ++kk)
    for (uint32_t j = 0; j < n; ++j)
      given[path == kTransposeB ? size_t{kk} * n + j : size_t{j} * k + kk] = b[size_t{kk} * n + j];
  DevBuf ag(a.size() / 2), bg(b.size() / 2), cg(size_t{m} * n * 4);
  ag.upload(packInt4(a));
  bg.upload(packInt4(given));
  const int rc =
      asctwin::run(int4Kernel, KernelTest::cube(1), ag.gm(), bg.gm(), cg.gm(), m, k, n, path);
  *out = cg.download<int32_t>(size_t{m} * n);
  ref->assign(size_t{m} * n, 0);
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j)
      for (uint32_t kk = 0; kk < k; ++kk)
        (*ref)[size_t{i} * n + j] += a[size_t{i} * k + kk] * b[size_t{kk} * n + j];
  return rc;
}

class Int4Test : public KernelTest {};

TEST_F(Int4Test, EveryPathGivesTheIntegerProduct) {
  for (int32_t path : {kLoad2d, kTransposeB, kImg2col})
    for (auto [m, k, n] : {std::tuple{16u, 64u, 64u}, {32u, 128u, 128u}}) {
      std::vector<int32_t> out, ref;
      ASSERT_EQ(runInt4(m, k, n, path, &out, &ref), 0) << "path " << path << ": " << lastError();
      EXPECT_EQ(out, ref) << "path " << path << " m " << m << " k " << k << " n " << n;
    }
}

TEST_F(Int4Test, OddKAndATransposing2dLoadAreRefused) {
  std::vector<int32_t> out, ref;
  EXPECT_NE(runInt4(16, 64, 64, kOddK, &out, &ref), 0);
  EXPECT_NE(lastError().find("mad_s4: k must be even for int4b_t"), std::string::npos)
      << lastError();
  EXPECT_NE(runInt4(16, 64, 64, kTranspose2d, &out, &ref), 0);
  EXPECT_NE(lastError().find("int4b_t elements"), std::string::npos) << lastError();
}

}  // namespace
