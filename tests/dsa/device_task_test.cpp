// The DSA device task: validation (operator level and device level), writing
// into device memory (whole allocations, the first bytes of a larger one, an
// interior pointer), the stream task and its latched errors.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <limits>
#include <thread>
#include <vector>

#include "device/allocator.h"
#include "device/stream.h"
#include "dsa/bit_mask.h"

namespace asctwin::dsa {
namespace {

using device::DeviceMemory;

struct DeviceBuffer {
  explicit DeviceBuffer(size_t bytes, int32_t dev = 0) {
    Status s = DeviceMemory::instance().allocate(dev, bytes, &ptr);
    EXPECT_TRUE(s) << s.message();
  }
  ~DeviceBuffer() {
    if (ptr) (void)DeviceMemory::instance().free(ptr);
  }
  uint8_t* bytes() const { return static_cast<uint8_t*>(ptr); }
  void* ptr = nullptr;
};

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::vector<uint8_t> hostMask(uint64_t n, int64_t seed, int64_t offset, float q) {
  std::vector<uint8_t> m(maskBytesFor(n));
  genBitMask(n, seed, offset, q, m.data());
  return m;
}

// ---- operator-level rules ------------------------------------------------------

TEST(DsaValidation, OperatorOffsetRule) {
  for (int64_t ok :
       {int64_t{0}, int64_t{4}, int64_t{-4}, int64_t{1} << 62, std::numeric_limits<int64_t>::min()})
    EXPECT_TRUE(checkOffset(ok)) << ok;
  Status s = checkOffset(6);
  EXPECT_EQ(s.code(), code::kNnParamInvalid);
  EXPECT_EQ(s.message(), "offset must be a multiple of 4, got 6");
  for (int64_t bad : {int64_t{-2}, int64_t{-1}, int64_t{1}, int64_t{2}, int64_t{3},
                      std::numeric_limits<int64_t>::max()}) {
    Status b = checkOffset(bad);
    EXPECT_EQ(b.code(), code::kNnParamInvalid) << bad;
    EXPECT_TRUE(contains(b.message(), "got " + std::to_string(bad))) << b.message();
  }
}

TEST(DsaValidation, OperatorProbRule) {
  for (double ok : {0.0, 1.0, 0.5, 1e-300, -0.0}) EXPECT_TRUE(checkProb(ok)) << ok;
  for (double bad :
       {std::nan(""), std::numeric_limits<double>::infinity(), -1e-9, std::nextafter(1.0, 2.0)}) {
    Status s = checkProb(bad);
    EXPECT_EQ(s.code(), code::kNnParamInvalid) << bad;
    EXPECT_TRUE(contains(s.message(), "prob")) << s.message();
  }
  EXPECT_EQ(dropProbFromProb(0.35), static_cast<float>(1.0 - 0.35));
}

// ---- device-level rules ----------------------------------------------------------

TEST(DsaValidation, DeviceTaskRejectsBadInputs) {
  DeviceBuffer buf(64);
  const float q = 0.5f;
  struct Bad {
    uint64_t n;
    int64_t offset;
    float q;
    const void* out;
    const char* mentions;
  };
  int onStack = 0;
  std::vector<uint8_t> onHeap(64);
  const Bad cases[] = {
      {128, 6, q, buf.ptr, "offset must be a multiple of 4, got 6"},
      {128, -2, q, buf.ptr, "got -2"},
      {128, 0, std::nanf(""), buf.ptr, "dropProb"},
      {128, 0, -0.25f, buf.ptr, "dropProb"},
      {128, 0, 1.5f, buf.ptr, "dropProb"},
      {128, 0, std::numeric_limits<float>::infinity(), buf.ptr, "dropProb"},
      {128, 0, q, nullptr, "devOut must not be null"},
      {128, 0, q, &onStack, "not inside a live device allocation"},
      {128, 0, q, onHeap.data(), "not inside a live device allocation"},
      {513, 0, q, buf.ptr, "devOut"},                    // needs 80 bytes of 64
      {128, 0, q, buf.bytes() + 56, "crosses the end"},  // 16 bytes from offset 56
  };
  for (const Bad& c : cases) {
    Status s = validateGenBitMask(c.n, c.offset, c.q, c.out);
    EXPECT_EQ(s.code(), code::kInvalidParam) << c.mentions;
    EXPECT_TRUE(contains(s.message(), c.mentions)) << s.message();
    EXPECT_TRUE(contains(s.message(), kGenBitMaskTaskName)) << s.message();
    // The synchronous task rejects the same way and writes nothing.
    EXPECT_EQ(genBitMaskDevice(c.n, 0, c.offset, c.q, const_cast<void*>(c.out)).code(),
              code::kInvalidParam);
  }
  // The too-small message says how much the mask needs.
  EXPECT_TRUE(contains(validateGenBitMask(513, 0, q, buf.ptr).message(), "needs 80 bytes"));
  // Nothing was written into the buffer (it is still poison).
  for (int i = 0; i < 64; ++i) EXPECT_EQ(buf.bytes()[i], device::kPoisonByte);
  // Edge values that are valid.
  EXPECT_TRUE(validateGenBitMask(128, 0, 0.0f, buf.ptr));
  EXPECT_TRUE(validateGenBitMask(128, 0, -0.0f, buf.ptr));
  EXPECT_TRUE(validateGenBitMask(128, 0, 1.0f, buf.ptr));
  EXPECT_TRUE(validateGenBitMask(512, -4, q, buf.ptr));          // exactly 64 bytes
  EXPECT_TRUE(validateGenBitMask(128, 0, q, buf.bytes() + 48));  // last 16 bytes
  EXPECT_TRUE(validateGenBitMask(0, 0, q, buf.bytes() + 63));    // nothing to write
}

// ---- writing device memory -----------------------------------------------------------

TEST(DsaDeviceTask, WritesTheMaskIntoDeviceMemory) {
  const uint64_t n = 100000;
  DeviceBuffer buf(maskBytesFor(n));
  ASSERT_TRUE(genBitMaskDevice(n, 3, 12, 0.6f, buf.ptr));
  const std::vector<uint8_t> want = hostMask(n, 3, 12, 0.6f);
  EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.bytes()));
  EXPECT_TRUE(DeviceMemory::instance().checkRedZones());
}

// The alias plan: the mask goes into the first M bytes of the (dense) output
// tensor; everything after it is untouched.
TEST(DsaDeviceTask, WritesTheFirstBytesOfALargerAllocation) {
  const uint64_t n = 4099;  // FP32 output: 16396 bytes, mask 528 bytes
  DeviceBuffer out(n * 4);
  ASSERT_TRUE(genBitMaskDevice(n, 20260725, 4, dropProbFromProb(0.35), out.ptr));
  const std::vector<uint8_t> want = hostMask(n, 20260725, 4, dropProbFromProb(0.35));
  EXPECT_TRUE(std::equal(want.begin(), want.end(), out.bytes()));
  for (uint64_t i = want.size(); i < n * 4; ++i)
    ASSERT_EQ(out.bytes()[i], device::kPoisonByte) << "byte " << i << " past the mask";
  EXPECT_TRUE(DeviceMemory::instance().checkRedZones());
  // And from an interior pointer that leaves room.
  ASSERT_TRUE(genBitMaskDevice(128, 1, 0, 0.5f, out.bytes() + 1000));
  const std::vector<uint8_t> small = hostMask(128, 1, 0, 0.5f);
  EXPECT_TRUE(std::equal(small.begin(), small.end(), out.bytes() + 1000));
  EXPECT_EQ(out.bytes()[1016], device::kPoisonByte);
}

TEST(DsaDeviceTask, StreamTaskRunsInOrder) {
  const uint64_t n = 300000;
  DeviceBuffer buf(maskBytesFor(n));
  device::Stream stream(0);
  std::atomic<bool> release{false};
  stream.enqueue("gate", [&] {
    while (!release.load()) std::this_thread::yield();
    return Status::ok();
  });
  ASSERT_TRUE(enqueueGenBitMask(stream, n, 11, 4, 0.2f, buf.ptr));
  // Asynchronous: nothing is written while the gate holds the stream.
  EXPECT_EQ(buf.bytes()[0], device::kPoisonByte);
  release = true;
  ASSERT_TRUE(stream.synchronize());
  const std::vector<uint8_t> want = hostMask(n, 11, 4, 0.2f);
  EXPECT_TRUE(std::equal(want.begin(), want.end(), buf.bytes()));
}

TEST(DsaDeviceTask, EnqueueRejectsAtOnceAndQueuesNothing) {
  DeviceBuffer buf(16);
  device::Stream stream(0);
  Status s = enqueueGenBitMask(stream, 128, 0, 6, 0.5f, buf.ptr);
  EXPECT_EQ(s.code(), code::kInvalidParam);
  EXPECT_TRUE(contains(s.message(), "offset must be a multiple of 4, got 6"));
  EXPECT_TRUE(stream.synchronize());
  EXPECT_EQ(stream.tasksRun(), 0u);
}

TEST(DsaDeviceTask, RejectsMemoryOfAnotherDevice) {
  DeviceBuffer buf(16, /*dev=*/1);
  device::Stream stream(0);
  Status s = enqueueGenBitMask(stream, 128, 0, 0, 0.5f, buf.ptr);
  EXPECT_EQ(s.code(), code::kInvalidParam);
  EXPECT_TRUE(contains(s.message(), "belongs to device 1")) << s.message();
  device::Stream stream1(1);
  EXPECT_TRUE(enqueueGenBitMask(stream1, 128, 0, 0, 0.5f, buf.ptr));
  EXPECT_TRUE(stream1.synchronize());
}

// Freed between enqueue and execution: the task checks again and the error
// latches on the stream instead of writing freed memory.
TEST(DsaDeviceTask, DestinationFreedBeforeTheTaskRuns) {
  device::Stream stream(0);
  void* p = nullptr;
  ASSERT_TRUE(DeviceMemory::instance().allocate(0, 16, &p));
  std::atomic<bool> release{false};
  stream.enqueue("gate", [&] {
    while (!release.load()) std::this_thread::yield();
    return Status::ok();
  });
  ASSERT_TRUE(enqueueGenBitMask(stream, 128, 0, 0, 0.5f, p));
  ASSERT_TRUE(DeviceMemory::instance().free(p));
  release = true;
  Status s = stream.synchronize();
  EXPECT_EQ(s.code(), code::kInvalidParam);
  EXPECT_TRUE(contains(s.message(), "DSAGenBitMask")) << s.message();
  EXPECT_TRUE(contains(s.message(), "not inside a live device allocation")) << s.message();
}

}  // namespace
}  // namespace asctwin::dsa
