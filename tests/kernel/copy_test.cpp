// Data movement: plain and strided DataCopy, DataCopyPad both ways, atomic
// add/max/min for every listed type against host references.
#include <cmath>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

// Gathers 4 blocks of 16 floats from GM rows of 40 floats (strided), then
// writes them back densely.
__global__ __aicore__ void stridedKernel(GM_ADDR src, GM_ADDR dst) {
  GlobalTensor<float> s, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 4 * 40);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), 4 * 16);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 4 * 24 * sizeof(float));
  LocalTensor<float> l = b.Get<float>();
  // blockLen 2 units (16 floats), GM gap 3 units (24 floats), UB gap 1 unit (8 floats).
  DataCopy(l, s, DataCopyParams(4, 2, 3, 1));
  DataCopy(d, l, DataCopyParams(4, 2, 1, 0));
}

// DataCopyPad: 3 rows of 5 int16 (10 bytes) from GM rows 7 elements apart,
// each in its own 32-byte UB slot; then back to GM with exactly 10 bytes per
// row. mode 0: rightPadding 3 with isPad = false after SetPadValue(7);
// mode 1: rightPadding 3, isPad = true with value 9; mode 2: no padding.
__global__ __aicore__ void padKernel(GM_ADDR src, GM_ADDR dst, int32_t mode) {
  GlobalTensor<int16_t> s, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(src), 21);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ int16_t*>(dst), 96);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 3 * 32);
  LocalTensor<int16_t> l = b.Get<int16_t>();
  Duplicate(l, static_cast<int16_t>(-1), 48);
  DataCopyExtParams in(3, 10, 4, 0, 0);
  if (mode == 0) SetPadValue<int16_t>(7);
  DataCopyPadExtParams<int16_t> pad(mode == 1, 0, mode == 2 ? 0 : 3, 9);
  DataCopyPad(l, s, in, pad);
  DataCopy(d[32], l, 48);  // the raw UB slots, for inspection
  DataCopyExtParams out(3, 10, 0, 2, 0);
  DataCopyPad(d, l, out);  // rows of 5 elements, 1 element apart in GM
}

template <typename T>
__global__ __aicore__ void atomicKernel(GM_ADDR dst, GM_ADDR src, uint32_t n, int32_t op) {
  GlobalTensor<T> d, s;
  d.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst), n);
  s.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src) + n * GetBlockIdx(), n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, n * sizeof(T));
  LocalTensor<T> l = b.Get<T>();
  DataCopy(l, s, n);
  if (op == 0) SetAtomicAdd<T>();
  if (op == 1) SetAtomicMax<T>();
  if (op == 2) SetAtomicMin<T>();
  DataCopy(d, l, n);
  DisableDmaAtomic();
}

}  // namespace

namespace asctwin::testing {

TEST_F(KernelTest, StridedDataCopyMovesTheRightBytes) {
  std::vector<float> src(160);
  for (int i = 0; i < 160; ++i) src[i] = static_cast<float>(i);
  DevBuf s(160 * 4), d(64 * 4);
  s.upload(src);
  ASSERT_EQ(asctwin::run(stridedKernel, vec(1), s.gm(), d.gm()), 0) << lastError();
  auto out = d.download<float>(64);
  for (int r = 0; r < 4; ++r)
    for (int k = 0; k < 16; ++k) ASSERT_EQ(out[r * 16 + k], src[r * 40 + k]) << r << "," << k;
}

TEST_F(KernelTest, DataCopyPadBothWays) {
  std::vector<int16_t> src(21);
  for (int i = 0; i < 21; ++i) src[i] = static_cast<int16_t>(100 + i);
  // The documented padding rule (DataCopyPad GM -> UB, "参数解释"): the
  // padding and the dummy elements up to the 32-byte slot's end hold the
  // padding value (isPad = true) or the SetPadValue value (isPad = false);
  // without any padding the dummy elements repeat the block's first element.
  for (int mode : {0, 1, 2}) {
    DevBuf s(21 * 2), d(96 * 2);
    s.upload(src);
    d.upload(std::vector<int16_t>(96, 0));
    ASSERT_EQ(asctwin::run(padKernel, vec(1), s.gm(), d.gm(), mode), 0) << lastError();
    auto out = d.download<int16_t>(96);
    // UB slots (out[32..80)): row r at 16 elements per slot, data then padding.
    for (int r = 0; r < 3; ++r) {
      for (int k = 0; k < 5; ++k) EXPECT_EQ(out[32 + r * 16 + k], 100 + r * 7 + k);
      const int fill = mode == 0 ? 7 : mode == 1 ? 9 : 100 + r * 7;
      for (int k = 5; k < 16; ++k)
        EXPECT_EQ(out[32 + r * 16 + k], fill) << "mode " << mode << " row " << r << " slot " << k;
    }
    // GM rows written back: exactly 5 elements each, gap of 1 element untouched.
    for (int r = 0; r < 3; ++r) {
      for (int k = 0; k < 5; ++k) EXPECT_EQ(out[r * 6 + k], 100 + r * 7 + k);
      if (r < 2) {
        EXPECT_EQ(out[r * 6 + 5], 0) << "gap row " << r;
      }
    }
  }
}

template <typename T>
void runAtomic(int op, float init) {
  const uint32_t n = 64 / sizeof(T) * 2, blocks = 3;
  std::vector<T> src(n * blocks);
  for (uint32_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<T>(static_cast<float>(static_cast<int>(i % 7) - 3));
  DevBuf d(n * sizeof(T)), s(src.size() * sizeof(T));
  d.upload(std::vector<T>(n, static_cast<T>(init)));
  s.upload(src);
  ASSERT_EQ(asctwin::run(atomicKernel<T>, KernelTest::vec(blocks, "atomic"), d.gm(), s.gm(), n, op),
            0)
      << aclGetRecentErrMsg();
  auto out = d.download<T>(n);
  for (uint32_t i = 0; i < n; ++i) {
    float expect = init;
    for (uint32_t b = 0; b < blocks; ++b) {
      const float v = static_cast<float>(src[b * n + i]);
      expect = op == 0 ? expect + v : op == 1 ? std::max(expect, v) : std::min(expect, v);
    }
    ASSERT_EQ(static_cast<float>(out[i]), expect) << "op " << op << " i " << i;
  }
}

TEST_F(KernelTest, AtomicAddMaxMinEveryType) {
  for (int op = 0; op < 3; ++op) {
    runAtomic<float>(op, 0.5f);
    runAtomic<half>(op, 0.5f);
    runAtomic<bfloat16_t>(op, 0.5f);
    runAtomic<int32_t>(op, 2.0f);
    runAtomic<int16_t>(op, 2.0f);
    runAtomic<int8_t>(op, 2.0f);
  }
}

}  // namespace asctwin::testing
