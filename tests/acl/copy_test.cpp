// aclrtMemcpy / aclrtMemset (and the validation of their Async variants):
// every kind, bounds, host/device mix-ups, overlap, no implicit stream sync.
#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <numeric>
#include <thread>
#include <vector>

#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

class AclCopy : public AclRuntimeTest {
 protected:
  void SetUp() override {
    AclRuntimeTest::SetUp();
    ASSERT_EQ(aclrtMalloc(&dev_, kSize, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&dev2_, kSize, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    host_.resize(kSize);
    std::iota(host_.begin(), host_.end(), uint8_t{0});
    out_.assign(kSize, 0);
  }
  void TearDown() override {
    EXPECT_EQ(aclrtFree(dev_), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(dev2_), ACL_SUCCESS);
    AclRuntimeTest::TearDown();
  }
  static constexpr size_t kSize = 1024;
  void* dev_ = nullptr;
  void* dev2_ = nullptr;
  std::vector<uint8_t> host_, out_;
  char* d(size_t off = 0) { return static_cast<char*>(dev_) + off; }
};

TEST_F(AclCopy, AllFourKindsMoveTheBytes) {
  ASSERT_EQ(aclrtMemcpy(dev_, kSize, host_.data(), kSize, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(dev2_, kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev2_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out_, host_);
  std::vector<uint8_t> copy(kSize, 0);
  ASSERT_EQ(aclrtMemcpy(copy.data(), kSize, out_.data(), kSize, ACL_MEMCPY_HOST_TO_HOST),
            ACL_SUCCESS);
  EXPECT_EQ(copy, host_);
  // Interior pointers with a range that fits are fine; so is count < destMax.
  ASSERT_EQ(aclrtMemcpy(d(1000), 24, host_.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, d(1000), 10, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(out_[i], host_[i]);
  // count 0 with valid pointers does nothing.
  EXPECT_EQ(aclrtMemcpy(dev_, kSize, host_.data(), 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
}

TEST_F(AclCopy, CountMustNotExceedDestMax) {
  EXPECT_REJECTED(aclrtMemcpy(dev_, 512, host_.data(), 1024, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM,
                  "aclrtMemcpy: ", "count (1024) must not exceed destMax (512)");
  EXPECT_REJECTED(aclrtMemset(dev_, 16, 0, 17), ACL_ERROR_INVALID_PARAM,
                  "aclrtMemset: ", "count (17) must not exceed maxCount (16)");
}

TEST_F(AclCopy, KindAndNullChecks) {
  EXPECT_REJECTED(aclrtMemcpy(dev_, kSize, host_.data(), 8, static_cast<aclrtMemcpyKind>(8)),
                  ACL_ERROR_INVALID_PARAM, "kind must be", "got 8");
  EXPECT_REJECTED(aclrtMemcpy(dev_, kSize, host_.data(), 8, static_cast<aclrtMemcpyKind>(-1)),
                  ACL_ERROR_INVALID_PARAM, "got -1");
  EXPECT_REJECTED(aclrtMemcpy(nullptr, kSize, host_.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst must not be null");
  EXPECT_REJECTED(aclrtMemcpy(dev_, kSize, nullptr, 8, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "src must not be null");
  EXPECT_REJECTED(aclrtMemset(nullptr, 8, 0, 8), ACL_ERROR_INVALID_PARAM,
                  "devPtr must not be null");
}

TEST_F(AclCopy, DevicePointersMustBeLiveAndInRange) {
  EXPECT_REJECTED(aclrtMemcpy(d(1000), 100, host_.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst range of 100 bytes at offset 1000",
                  "crosses the end", "by 76 bytes", "says dst is device memory");
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), kSize, d(1), kSize, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "src range of 1024 bytes at offset 1",
                  "crosses the end");
  EXPECT_REJECTED(aclrtMemcpy(d(kSize), 1, host_.data(), 1, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst", "not inside a live device allocation");
  EXPECT_REJECTED(aclrtMemcpy(dev2_, 4 * kSize, dev_, kSize + 1, ACL_MEMCPY_DEVICE_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "crosses the end");
  EXPECT_REJECTED(aclrtMemset(d(512), kSize, 0, 513), ACL_ERROR_INVALID_PARAM, "devPtr",
                  "crosses the end");
  void* gone = nullptr;
  ASSERT_EQ(aclrtMalloc(&gone, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(gone), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), 64, gone, 64, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "src", "not inside a live device allocation");
}

TEST_F(AclCopy, HostAndDeviceMixUpsAreRejected) {
  // Host memory where the kind says device.
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), kSize, host_.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst", "not inside a live device allocation",
                  "kind ACL_MEMCPY_HOST_TO_DEVICE says dst is device memory");
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), kSize, host_.data(), 8, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "src", "says src is device memory");
  // Device memory where the kind says host.
  EXPECT_REJECTED(aclrtMemcpy(dev_, kSize, host_.data(), 8, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "dst", "is device memory (inside allocation #",
                  "kind ACL_MEMCPY_DEVICE_TO_HOST says dst is host memory");
  EXPECT_REJECTED(aclrtMemcpy(dev_, kSize, dev2_, 8, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "src", "says src is host memory");
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), kSize, dev_, 8, ACL_MEMCPY_HOST_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "src", "is device memory");
  // aclrtMemset takes host memory as well (the address tells); the async one does not.
  out_[0] = 7;
  EXPECT_EQ(aclrtMemset(out_.data(), kSize, 0, 8), ACL_SUCCESS);
  EXPECT_EQ(out_[0], 0);
  EXPECT_REJECTED(aclrtMemsetAsync(out_.data(), kSize, 0, 8, nullptr), ACL_ERROR_INVALID_PARAM,
                  "devPtr", "not inside a live device allocation", "device memory only");
  // A "host" range that starts before an allocation and runs into it.
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), kSize, d(0) - 16, 32, ACL_MEMCPY_HOST_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "src range of 32 bytes", "runs into device memory");
  // A host range that wraps around the address space.
  EXPECT_REJECTED(aclrtMemcpy(out_.data(), SIZE_MAX, reinterpret_cast<void*>(UINTPTR_MAX - 4), 16,
                              ACL_MEMCPY_HOST_TO_HOST),
                  ACL_ERROR_INVALID_PARAM, "wraps around");
}

TEST_F(AclCopy, OverlappingCopiesBehaveLikeMemmove) {
  ASSERT_EQ(aclrtMemcpy(dev_, kSize, host_.data(), kSize, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  // Forward overlap within one allocation.
  ASSERT_EQ(aclrtMemcpy(d(10), kSize - 10, d(0), 500, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  std::vector<uint8_t> expect = host_;
  std::memmove(expect.data() + 10, expect.data(), 500);
  EXPECT_EQ(out_, expect);
  // Backward overlap.
  ASSERT_EQ(aclrtMemcpy(d(0), kSize, d(7), 600, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  std::memmove(expect.data(), expect.data() + 7, 600);
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out_, expect);
  // Host to host overlap.
  std::vector<uint8_t> h = host_;
  ASSERT_EQ(aclrtMemcpy(h.data() + 3, kSize - 3, h.data(), 100, ACL_MEMCPY_HOST_TO_HOST),
            ACL_SUCCESS);
  std::vector<uint8_t> he = host_;
  std::memmove(he.data() + 3, he.data(), 100);
  EXPECT_EQ(h, he);
}

TEST_F(AclCopy, MemsetUsesTheLowByteOfValue) {
  ASSERT_EQ(aclrtMemset(dev_, kSize, 0x1234, kSize), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemset(d(100), 50, -1, 50), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (size_t i = 0; i < kSize; ++i) ASSERT_EQ(out_[i], (i >= 100 && i < 150) ? 0xFF : 0x34) << i;
  EXPECT_EQ(aclrtMemset(dev_, kSize, 7, 0), ACL_SUCCESS);
}

TEST_F(AclCopy, AsyncVariantsValidateAtCallTime) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMemcpyAsync(dev_, 8, host_.data(), 9, ACL_MEMCPY_HOST_TO_DEVICE, s),
                  ACL_ERROR_INVALID_PARAM,
                  "aclrtMemcpyAsync: ", "count (9) must not exceed destMax (8)");
  EXPECT_REJECTED(
      aclrtMemcpyAsync(out_.data(), kSize, host_.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE, s),
      ACL_ERROR_INVALID_PARAM, "not inside a live device allocation");
  EXPECT_REJECTED(aclrtMemsetAsync(d(1020), 8, 0, 8, s), ACL_ERROR_INVALID_PARAM,
                  "aclrtMemsetAsync: ", "crosses the end");
  int local = 0;
  EXPECT_REJECTED(aclrtMemsetAsync(dev_, 8, 0, 8, &local), ACL_ERROR_INVALID_PARAM,
                  "not a live stream");
  EXPECT_REJECTED(aclrtMemcpyAsync(dev_, kSize, host_.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE, &local),
                  ACL_ERROR_INVALID_PARAM, "not a live stream");
  // Nothing was enqueued by the rejected calls.
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  // The default stream (null) works too.
  ASSERT_EQ(aclrtMemsetAsync(dev_, kSize, 0x42, kSize, nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(out_.data(), kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_HOST, nullptr),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(out_[kSize - 1], 0x42);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// The API reference (aclrtMemcpy, constraints): "the copy happens at once; the
// call does no implicit device or stream synchronisation". Work queued on a
// stream that has not run yet is therefore not seen by a synchronous copy, as
// in CANN's example 1_basic_features/memory/5_d2d_sync_memory_copy, which
// copies right after an asynchronous kernel write without synchronising.
TEST_F(AclCopy, SynchronousCopyDoesNotWaitForQueuedStreamWork) {
  ASSERT_EQ(aclrtMemcpy(dev_, kSize, host_.data(), kSize, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  std::atomic<bool> open{false};
  const aclrtHostFunc gate = [](void* flag) {
    while (!static_cast<std::atomic<bool>*>(flag)->load())
      std::this_thread::sleep_for(std::chrono::microseconds(100));
  };
  ASSERT_EQ(aclrtLaunchHostFunc(s, gate, &open), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(dev_, kSize, 0x5A, kSize, s), ACL_SUCCESS);  // behind the gate
  // Copy on another thread (it binds device 0 first): an implicit stream sync
  // would block on the gate, which the bounded wait below turns into a failure.
  auto copy = std::async(std::launch::async, [this] {
    if (aclrtSetDevice(0) != ACL_SUCCESS) return ACL_ERROR_INVALID_DEVICE;
    const aclError rc = aclrtMemcpy(dev2_, kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_DEVICE);
    (void)aclrtResetDevice(0);
    return rc;
  });
  const bool returned = copy.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  EXPECT_TRUE(returned) << "aclrtMemcpy waited for the stream";
  open = true;
  EXPECT_EQ(copy.get(), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  // The copy saw the bytes written before the stream's work...
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev2_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out_, host_);
  // ...and the stream's memset landed afterwards, in the source only.
  ASSERT_EQ(aclrtMemcpy(out_.data(), kSize, dev_, kSize, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(out_, std::vector<uint8_t>(kSize, 0x5A));
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

}  // namespace
}  // namespace asctwin::testing
