#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "device/allocator.h"

namespace asctwin::device {
namespace {

constexpr int32_t kDev = 7;  // a device id no other test uses

TEST(Allocator, RoundingRule) {
  EXPECT_EQ(allocatedSizeFor(1), 512u);
  EXPECT_EQ(allocatedSizeFor(480), 512u);
  EXPECT_EQ(allocatedSizeFor(481), 1024u);
  EXPECT_EQ(allocatedSizeFor(1024), 1536u);
  // The design's B011 figure: an FP32 [8192, 8192] tensor is charged 268,435,968 bytes.
  EXPECT_EQ(allocatedSizeFor(268435456), 268435968u);
}

TEST(Allocator, AlignmentPoisonAndLookup) {
  auto& m = DeviceMemory::instance();
  void* p = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 100, &p));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 32, 0u);
  const auto* b = static_cast<const uint8_t*>(p);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(b[i], kPoisonByte);
  AllocationInfo info;
  ASSERT_TRUE(m.find(b + 99, &info));
  EXPECT_EQ(info.base, reinterpret_cast<uintptr_t>(p));
  EXPECT_EQ(info.size, 100u);
  EXPECT_FALSE(m.find(b + 100, &info));
  EXPECT_TRUE(m.checkRange(b + 10, 90, "dst").isOk());
  Status st = m.checkRange(b + 10, 91, "dst");
  EXPECT_EQ(st.code(), code::kInvalidParam);
  EXPECT_NE(st.message().find("crosses the end"), std::string::npos);
  int local = 0;
  st = m.checkRange(&local, 4, "src");
  EXPECT_NE(st.message().find("not inside a live device allocation"), std::string::npos);
  ASSERT_TRUE(m.free(p));
}

// A range found inside an allocation may be remembered while removals() is
// unchanged: every way a range stops being device memory counts, a failed
// free and a new allocation do not.
TEST(Allocator, RemovalsCountEveryRangeThatStopsBeingDeviceMemory) {
  auto& m = DeviceMemory::instance();
  void* p = nullptr;
  void* q = nullptr;
  const uint64_t before = m.removals();
  ASSERT_TRUE(m.allocate(kDev, 100, &p));
  EXPECT_EQ(m.removals(), before);
  int local = 0;
  EXPECT_FALSE(m.free(&local));
  EXPECT_EQ(m.removals(), before);
  ASSERT_TRUE(m.free(p));
  EXPECT_EQ(m.removals(), before + 1);
  std::vector<uint8_t> host(4096);
  ASSERT_TRUE(m.addMapped(kDev, host.data(), host.size()));
  EXPECT_EQ(m.removals(), before + 1);
  ASSERT_TRUE(m.allocate(kDev, 100, &q));
  ASSERT_TRUE(m.removeMapped(host.data()));
  EXPECT_EQ(m.removals(), before + 2);
  ASSERT_TRUE(m.free(q));
  EXPECT_EQ(m.removals(), before + 3);
}

TEST(Allocator, StatisticsArithmetic) {
  auto& m = DeviceMemory::instance();
  m.resetPeakStats(kDev);
  MemStats s0 = m.stats(kDev);
  void *a = nullptr, *b = nullptr, *c = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 1024, &a));  // 1536 allocated, new 2 MiB small segment
  ASSERT_TRUE(m.allocate(kDev, 3000, &b));  // 3072 allocated, same small segment
  MemStats s1 = m.stats(kDev);
  EXPECT_EQ(s1.inUseBytes - s0.inUseBytes, 1536u + 3072u);
  EXPECT_EQ(s1.requestedBytes - s0.requestedBytes, 4024u);
  EXPECT_EQ(s1.reservedBytes - s0.reservedBytes, 2u << 20);
  ASSERT_TRUE(m.allocate(kDev, 64u << 20, &c));  // dedicated segment rounded to 2 MiB
  MemStats s2 = m.stats(kDev);
  EXPECT_EQ(s2.inUseBytes - s1.inUseBytes, allocatedSizeFor(64u << 20));
  EXPECT_EQ(s2.reservedBytes - s1.reservedBytes, 66u << 20);
  EXPECT_EQ(s2.peakInUseBytes, s2.inUseBytes);
  ASSERT_TRUE(m.free(c));
  MemStats s3 = m.stats(kDev);
  EXPECT_EQ(s3.inUseBytes, s1.inUseBytes);
  EXPECT_EQ(s3.reservedBytes, s1.reservedBytes);
  EXPECT_EQ(s3.peakInUseBytes, s2.inUseBytes);  // peak remembered
  EXPECT_EQ(s3.peakReservedBytes, s2.reservedBytes);
  m.resetPeakStats(kDev);
  EXPECT_EQ(m.stats(kDev).peakInUseBytes, s3.inUseBytes);
  ASSERT_TRUE(m.free(a));
  ASSERT_TRUE(m.free(b));
  MemStats s4 = m.stats(kDev);
  EXPECT_EQ(s4.inUseBytes, s0.inUseBytes);
  EXPECT_EQ(s4.reservedBytes, s0.reservedBytes);  // segment returned with its last block
}

TEST(Allocator, MidSizedRequestsShareLargeSegment) {
  auto& m = DeviceMemory::instance();
  MemStats s0 = m.stats(kDev);
  void *a = nullptr, *b = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 4u << 20, &a));
  ASSERT_TRUE(m.allocate(kDev, 4u << 20, &b));
  EXPECT_EQ(m.stats(kDev).reservedBytes - s0.reservedBytes, 20u << 20);
  ASSERT_TRUE(m.free(a));
  ASSERT_TRUE(m.free(b));
}

TEST(Allocator, BadInputs) {
  auto& m = DeviceMemory::instance();
  void* p = nullptr;
  EXPECT_EQ(m.allocate(kDev, 0, &p).code(), code::kInvalidParam);
  EXPECT_EQ(m.allocate(kDev, 16, nullptr).code(), code::kInvalidParam);
  EXPECT_EQ(m.allocate(kDev, size_t{1} << 50, &p).code(), code::kBadAlloc);
  EXPECT_EQ(m.free(nullptr).code(), code::kInvalidParam);
  ASSERT_TRUE(m.allocate(kDev, 64, &p));
  Status inside = m.free(static_cast<uint8_t*>(p) + 8);
  EXPECT_NE(inside.message().find("only the base address"), std::string::npos);
  ASSERT_TRUE(m.free(p));
  Status twice = m.free(p);
  EXPECT_EQ(twice.code(), code::kInvalidParam);
  EXPECT_NE(twice.message().find("double free"), std::string::npos);
  int local = 0;
  EXPECT_NE(m.free(&local).message().find("not a live device allocation"), std::string::npos);
  void* h = nullptr;
  ASSERT_TRUE(m.allocateHost(64, &h));
  EXPECT_NE(m.free(h).message().find("aclrtFreeHost"), std::string::npos);
  ASSERT_TRUE(m.allocate(kDev, 64, &p));
  EXPECT_NE(m.freeHost(p).message().find("aclrtFree"), std::string::npos);
  EXPECT_EQ(m.freeHost(&local).code(), code::kInvalidParam);
  ASSERT_TRUE(m.freeHost(h));
  ASSERT_TRUE(m.free(p));
}

TEST(Allocator, RedZonesCheckedOnDemandAndOnFree) {
  auto& m = DeviceMemory::instance();
  void* p = nullptr;
  ASSERT_TRUE(m.allocate(kDev, 40, &p));
  auto* b = static_cast<uint8_t*>(p);
  ASSERT_TRUE(m.checkRedZones());
  b[40 + 5] = 0;  // past the end (inside the 32 B-rounded tail)
  Status st = m.checkRedZones();
  EXPECT_EQ(st.code(), code::kFailure);
  EXPECT_NE(st.message().find("offset +45"), std::string::npos) << st.message();
  b[45] = kRedZoneByte;
  b[-3] = 1;  // before the start
  st = m.free(p);
  EXPECT_EQ(st.code(), code::kFailure);
  EXPECT_NE(st.message().find("offset -3"), std::string::npos) << st.message();
  EXPECT_FALSE(m.isDevicePointer(p));  // freed anyway: nothing leaks
}

}  // namespace
}  // namespace asctwin::device
