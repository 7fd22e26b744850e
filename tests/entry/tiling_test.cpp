// The op-kernel entry conventions: tiling data read from global memory by the
// GET_TILING_DATA family and the tiling key of ICPU_SET_TILING_KEY reaching
// TILING_KEY_IS, compared with the host's own structure and key.
#include <gtest/gtest.h>

#include <cstring>

#include "kernel/kernel_test_util.h"
#include "tikicpulib.h"

namespace {

using asctwin::testing::DevBuf;
using asctwin::testing::KernelTest;

struct VecTiling {
  uint32_t totalLength;
  uint32_t tileNum;
};
struct AddTiling {
  uint64_t magic;
  VecTiling vec;
  uint16_t small;
  uint64_t arr[2];
};

// One output word per observation, eight per block (a plain store: the
// values are read back after the launch).
GM_ADDR gOut = nullptr;
void put(int i, uint64_t v) {
  reinterpret_cast<uint64_t*>(gOut)[AscendC::GetBlockIdx() * 8 + i] = v;
}

extern "C" __global__ __aicore__ void tilingKernel(GM_ADDR out, GM_ADDR tiling) {
  gOut = out;
  REGISTER_TILING_DEFAULT(AddTiling);
  GET_TILING_DATA(t, tiling);
  put(0, t.magic);
  put(1, t.vec.totalLength);
  GET_TILING_DATA_WITH_STRUCT(AddTiling, t2, tiling);
  put(2, t2.small);
  GET_TILING_DATA_MEMBER(AddTiling, vec, v, tiling);
  put(3, v.tileNum);
  GET_TILING_DATA_PTR_WITH_STRUCT(AddTiling, p, tiling);
  COPY_TILING_WITH_STRUCT(VecTiling, p->vec, vp);
  put(4, vp->totalLength + vp->tileNum);
  COPY_TILING_WITH_ARRAY(uint64_t, 2, p->arr, ap);
  put(5, (*ap)[0] * 1000 + (*ap)[1]);
  uint64_t branch = 0;
  if (TILING_KEY_IS(1)) {
    branch = 1;
  } else if (TILING_KEY_IS(10086)) {
    branch = 2;
  } else if (TILING_KEY_LIST(7, 8)) {
    branch = 3;
  }
  put(6, branch);
  put(7, TILING_KEY_VAR);
}

class Tiling : public KernelTest {};

uint64_t runWithKey(int64_t key, const AddTiling& host, std::vector<uint64_t>* out) {
  DevBuf o(8 * 8 * 2);
  o.zero();
  auto* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(AddTiling)));
  std::memcpy(tiling, &host, sizeof host);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(key);
  ICPU_RUN_KF(tilingKernel, 2, o.gm(), tiling);
  AscendC::GmFree(tiling);
  *out = o.download<uint64_t>(16);
  return static_cast<uint64_t>(asctwin::icpuLastStatus());
}

TEST_F(Tiling, MacrosReadTheHostsStructure) {
  const AddTiling host{0x1234567890abcdefull, {4096, 8}, 77, {5, 6}};
  std::vector<uint64_t> out;
  ASSERT_EQ(runWithKey(10086, host, &out), 0u) << lastError();
  for (int b = 0; b < 2; ++b) {
    const uint64_t* w = out.data() + b * 8;
    EXPECT_EQ(w[0], host.magic);
    EXPECT_EQ(w[1], host.vec.totalLength);
    EXPECT_EQ(w[2], host.small);
    EXPECT_EQ(w[3], host.vec.tileNum);
    EXPECT_EQ(w[4], host.vec.totalLength + host.vec.tileNum);
    EXPECT_EQ(w[5], host.arr[0] * 1000 + host.arr[1]);
    EXPECT_EQ(w[6], 2u);  // TILING_KEY_IS(10086)
    EXPECT_EQ(w[7], 10086u);
  }
}

TEST_F(Tiling, EachKeySelectsItsBranch) {
  const AddTiling host{1, {2, 3}, 4, {5, 6}};
  std::vector<uint64_t> out;
  ASSERT_EQ(runWithKey(1, host, &out), 0u);
  EXPECT_EQ(out[6], 1u);
  ASSERT_EQ(runWithKey(8, host, &out), 0u);
  EXPECT_EQ(out[6], 3u);
  ASSERT_EQ(runWithKey(9, host, &out), 0u);
  EXPECT_EQ(out[6], 0u);
}

TEST_F(Tiling, KeyZeroIsWarnedAbout) {
  ::testing::internal::CaptureStderr();
  ICPU_SET_TILING_KEY(0);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ICPU_SET_TILING_KEY(0)"), std::string::npos) << err;
  EXPECT_EQ(asctwin::icpuTilingKey(), 0u);
}

// A tiling argument shorter than the structure is a checked global-memory read.
TEST_F(Tiling, ShortTilingBufferIsAKernelError) {
  DevBuf o(8 * 8);
  DevBuf small(8);  // AddTiling needs 40 bytes
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_SET_TILING_KEY(1);
  ICPU_RUN_KF(tilingKernel, 1, o.gm(), small.gm());
  EXPECT_NE(asctwin::icpuLastStatus(), 0);
  EXPECT_NE(lastError().find("GET_TILING_DATA"), std::string::npos) << lastError();
}

}  // namespace
