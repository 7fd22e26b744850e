// Launching: identity per kernel kind, the classic double-buffered add kernel
// against a scalar reference, launches on a stream, errors at synchronisation.
#include <atomic>
#include <mutex>
#include <set>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

constexpr int32_t kTile = 256;

// The Ascend C "add_custom" sample shape: queues, double buffering.
__global__ __aicore__ void addKernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t total) {
  const uint32_t per = total / GetBlockNum();
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + per * GetBlockIdx(), per);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + per * GetBlockIdx(), per);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + per * GetBlockIdx(), per);
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inX, inY;
  TQue<TPosition::VECOUT, 2> outZ;
  pipe.InitBuffer(inX, 2, kTile * sizeof(float));
  pipe.InitBuffer(inY, 2, kTile * sizeof(float));
  pipe.InitBuffer(outZ, 2, kTile * sizeof(float));
  for (uint32_t t = 0; t < per / kTile; ++t) {
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = inY.AllocTensor<float>();
    DataCopy(a, xg[t * kTile], kTile);
    DataCopy(b, yg[t * kTile], kTile);
    inX.EnQue(a);
    inY.EnQue(b);
    LocalTensor<float> a2 = inX.DeQue<float>();
    LocalTensor<float> b2 = inY.DeQue<float>();
    LocalTensor<float> c = outZ.AllocTensor<float>();
    Add(c, a2, b2, kTile);
    outZ.EnQue(c);
    inX.FreeTensor(a2);
    inY.FreeTensor(b2);
    LocalTensor<float> c2 = outZ.DeQue<float>();
    DataCopy(zg[t * kTile], c2, kTile);
    outZ.FreeTensor(c2);
  }
}

std::mutex gMu;
std::set<std::pair<int64_t, int64_t>> gSeen;
std::vector<int> gKinds;

__global__ __aicore__ void identityKernel() {
  std::lock_guard lock(gMu);
  gSeen.insert({GetBlockIdx(), GetBlockNum()});
  gKinds.push_back(ASCEND_IS_AIV ? 1 : 2);
}

__global__ __aicore__ void printKernel(int32_t v) {
  AscendC::printf("value %d from %ld\n", v, GetBlockIdx());
}

__global__ __aicore__ void overflowKernel(GM_ADDR x) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  DataCopy(buf.Get<float>(), g, 128);  // 128 floats from a 64-float tensor
}

}  // namespace

namespace asctwin::testing {

TEST_F(KernelTest, AddKernelMatchesScalarReference) {
  const uint32_t n = 8 * 4 * kTile;
  std::vector<float> x(n), y(n);
  for (uint32_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i) * 0.25f;
    y[i] = 1.0f / static_cast<float>(i + 1);
  }
  DevBuf dx(n * 4), dy(n * 4), dz(n * 4);
  dx.upload(x);
  dy.upload(y);
  ASSERT_EQ(asctwin::run(addKernel, vec(8, "add"), dx.gm(), dy.gm(), dz.gm(), n), 0) << lastError();
  auto z = dz.download<float>(n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << i;
}

TEST_F(KernelTest, IdentityPerKernelKind) {
  gSeen.clear();
  gKinds.clear();
  ASSERT_EQ(asctwin::run(identityKernel, vec(5)), 0);
  EXPECT_EQ(gSeen.size(), 5u);
  for (auto& [idx, num] : gSeen) EXPECT_EQ(num, 5);
  gSeen.clear();
  gKinds.clear();
  ASSERT_EQ(asctwin::run(identityKernel, cube(3)), 0);
  EXPECT_EQ(gSeen.size(), 3u);
  EXPECT_EQ(std::count(gKinds.begin(), gKinds.end(), 2), 3);
  // Mix 1:2: per block one AIC (index b) and two AIVs (indices 2b, 2b+1).
  gSeen.clear();
  gKinds.clear();
  ASSERT_EQ(asctwin::run(identityKernel, mix(3)), 0);
  EXPECT_EQ(std::count(gKinds.begin(), gKinds.end(), 1), 6);
  EXPECT_EQ(std::count(gKinds.begin(), gKinds.end(), 2), 3);
  std::set<int64_t> aivIdx;
  for (auto& [idx, num] : gSeen) {
    EXPECT_EQ(num, 3);
    aivIdx.insert(idx);
  }
  EXPECT_EQ(*aivIdx.rbegin(), 5);  // AIV indices run over [0, 2*numBlocks)
}

TEST_F(KernelTest, BadLaunchOptions) {
  EXPECT_EQ(asctwin::run(identityKernel, vec(0)), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("numBlocks"), std::string::npos);
  EXPECT_EQ(asctwin::run(identityKernel, vec(70000)), ACL_ERROR_INVALID_PARAM);
}

// The NPU's prefix (asc-devkit's hello_world README): "[AIV Block i/N] ".
TEST_F(KernelTest, PrintfIsPrefixedWithBlock) {
  ::testing::internal::CaptureStdout();
  ASSERT_EQ(asctwin::run(printKernel, vec(2), 42), 0);
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("[AIV Block 0/2] value 42 from 0\n"), std::string::npos) << out;
  EXPECT_NE(out.find("[AIV Block 1/2] value 42 from 1\n"), std::string::npos) << out;
}

TEST_F(KernelTest, StreamLaunchReportsKernelErrorAtSynchronize) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  DevBuf buf(64 * 4);
  ASSERT_EQ(asctwin::launch(overflowKernel, vec(1, "overflow"), stream, buf.gm()), 0);
  const int rc = aclrtSynchronizeStream(stream);
  EXPECT_EQ(rc, ACL_ERROR_RT_FAILURE);
  const std::string msg = lastError();
  EXPECT_NE(msg.find("kernel 'overflow' block 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("DataCopy at launch_test.cpp:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("declared size"), std::string::npos) << msg;
  // The stream works again after the error was returned.
  ASSERT_EQ(asctwin::launch(identityKernel, vec(1), stream), 0);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(KernelTest, IcpuRunKf) {
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  const uint32_t n = 4 * kTile;
  auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(n * 4));
  auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(n * 4));
  auto* z = static_cast<uint8_t*>(AscendC::GmAlloc(n * 4));
  ASSERT_NE(x, nullptr);
  for (uint32_t i = 0; i < n; ++i) {
    reinterpret_cast<float*>(x)[i] = 1.0f;
    reinterpret_cast<float*>(y)[i] = static_cast<float>(i);
  }
  ICPU_RUN_KF(addKernel, 4, x, y, z, n);
  EXPECT_EQ(asctwin::icpuLastStatus(), 0);
  for (uint32_t i = 0; i < n; ++i)
    ASSERT_EQ(reinterpret_cast<float*>(z)[i], 1.0f + static_cast<float>(i));
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
}

}  // namespace asctwin::testing
