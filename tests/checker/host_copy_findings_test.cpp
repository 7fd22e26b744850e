// initcheck on host copies: aclrtMemcpy out of device bytes that nothing
// wrote is found with the copy's line and the allocation's line; written
// bytes (by a copy, a memset or a kernel) are clean.
#include <cstring>
#include <string>
#include <vector>

#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

using namespace AscendC;

namespace asctwin::testing {
namespace {

// Writes n floats of 2.0 to dst (the kernel's writes count as initialisation).
__global__ __aicore__ void fillTwos(GM_ADDR dst, uint32_t n) {
  GlobalTensor<float> d;
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, n * sizeof(float));
  LocalTensor<float> l = buf.Get<float>();
  Duplicate(l, 2.0f, n);
  PipeBarrier<PIPE_ALL>();
  DataCopy(d, l, n);
}

std::string baseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

class HostCopyFindings : public KernelTest {};

TEST_F(HostCopyFindings, CopyOfNeverWrittenBytesNamesBothLines) {
  checker::Session s(checker::initcheck);
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 1024, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);  // @malloc
  std::vector<uint8_t> host(1024, 1);
  ASSERT_EQ(aclrtMemcpy(dev, 1024, host.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::vector<uint8_t> back(1024);
  const aclrtMemcpyKind d2h = ACL_MEMCPY_DEVICE_TO_HOST;
  ASSERT_EQ(aclrtMemcpy(back.data(), 1024, dev, 1024, d2h), ACL_SUCCESS);  // @d2h
  auto f = ofKind(s.findings(), "uninit-gm-copy");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].tool, "initcheck");
  EXPECT_EQ(f[0].first.core, "host");
  EXPECT_EQ(f[0].first.api, "aclrtMemcpy");
  EXPECT_EQ(baseName(f[0].first.file), baseName(__FILE__));
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "d2h"));
  ASSERT_TRUE(f[0].second.has_value());
  EXPECT_EQ(f[0].second->api, "aclrtMalloc");
  EXPECT_EQ(f[0].second->line, markerLine(__FILE__, "malloc"));
  EXPECT_NE(f[0].message.find("1024 bytes of device memory of which 768"), std::string::npos)
      << f[0].message;
  EXPECT_NE(f[0].message.find("offset 256"), std::string::npos) << f[0].message;
  // The written quarter alone is clean; so is everything once memset.
  ASSERT_EQ(aclrtMemcpy(back.data(), 1024, dev, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(static_cast<uint8_t*>(dev) + 256, 768, 0, 768), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(back.data(), 1024, dev, 1024, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  f = ofKind(s.findings(), "uninit-gm-copy");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].count, 1u);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

TEST_F(HostCopyFindings, AsyncCopyAndDeviceToDevice) {
  checker::Session s(checker::initcheck);
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  std::vector<uint8_t> back(512);
  const aclrtMemcpyKind d2h = ACL_MEMCPY_DEVICE_TO_HOST;
  ASSERT_EQ(aclrtMemcpyAsync(back.data(), 512, a, 512, d2h, stream), ACL_SUCCESS);  // @async
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(b, 512, a, 512, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);  // @d2d
  auto f = ofKind(s.findings(), "uninit-gm-copy");
  ASSERT_EQ(f.size(), 2u) << dump(s.findings());
  std::vector<int> lines{f[0].first.line, f[1].first.line};
  std::sort(lines.begin(), lines.end());
  std::vector<int> want{markerLine(__FILE__, "async"), markerLine(__FILE__, "d2d")};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(lines, want);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
}

TEST_F(HostCopyFindings, KernelOutputAndDataLikeThePoisonAreClean) {
  checker::Session s(checker::all);
  void *out = nullptr, *ones = nullptr;
  ASSERT_EQ(aclrtMalloc(&out, 64 * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&ones, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(asctwin::run(fillTwos, vec(1, "fill"), reinterpret_cast<GM_ADDR>(out), 64u), 0)
      << lastError();
  std::vector<uint8_t> allOnes(256, 0xFF);  // host data equal to the poison fill
  ASSERT_EQ(aclrtMemcpy(ones, 256, allOnes.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  std::vector<float> back(64);
  ASSERT_EQ(aclrtMemcpy(back.data(), 256, out, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  std::vector<uint8_t> back2(256);
  ASSERT_EQ(aclrtMemcpy(back2.data(), 256, ones, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
  EXPECT_EQ(back[63], 2.0f);
  EXPECT_EQ(aclrtFree(out), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(ones), ACL_SUCCESS);
}

TEST_F(HostCopyFindings, OnlyUnderInitcheck) {
  checker::Session s(checker::racecheck);
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> back(128);
  ASSERT_EQ(aclrtMemcpy(back.data(), 128, dev, 128, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
}

}  // namespace
}  // namespace asctwin::testing
