// aclrtMalloc/aclrtFree/aclrtMallocHost/aclrtFreeHost/aclrtGetMemInfo and the
// allocator statistics read through the asctwin extension API.
#include <cstring>
#include <vector>

#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

using AclMemory = AclRuntimeTest;

asctwinMemStats statsOf(int32_t dev) {
  asctwinMemStats s{};
  EXPECT_EQ(asctwinMemGetStats(dev, &s), ACL_SUCCESS) << recentError();
  return s;
}

TEST_F(AclMemory, MallocGivesAlignedPoisonedDeviceMemory) {
  for (size_t size : {1u, 31u, 100u, 4096u, 3000000u}) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << recentError();
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 32, 0u) << size;
    std::vector<uint8_t> host(size, 0);
    ASSERT_EQ(aclrtMemcpy(host.data(), size, p, size, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (size_t i = 0; i < size; i += 997) ASSERT_EQ(host[i], 0xFF) << size << " @" << i;
    EXPECT_EQ(host[size - 1], 0xFF);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
}

TEST_F(AclMemory, EveryPolicyIsAcceptedAndOthersRejected) {
  for (int policy = 0; policy <= 5; ++policy) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(policy)), ACL_SUCCESS)
        << policy;
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  void* p = nullptr;
  EXPECT_REJECTED(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(6)),
                  ACL_ERROR_INVALID_PARAM, "aclrtMalloc: ", "policy", "got 6");
  EXPECT_REJECTED(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(-1)),
                  ACL_ERROR_INVALID_PARAM, "got -1");
  EXPECT_EQ(p, nullptr);
}

TEST_F(AclMemory, MallocRejectsBadArguments) {
  void* p = nullptr;
  EXPECT_REJECTED(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM,
                  "devPtr must not be null");
  EXPECT_REJECTED(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM,
                  "size must be greater than 0");
  uint64_t hbm = 0;
  ASSERT_EQ(asctwinSocGetField("hbmBytes", &hbm), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMalloc(&p, hbm + 1, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_BAD_ALLOC,
                  "aclrtMalloc: ");
  EXPECT_EQ(p, nullptr);
}

TEST_F(AclMemory, CapacityFollowsTheSocHbm) {
  ASSERT_EQ(asctwinSocSetField("hbmBytes", 64ull << 20), ACL_SUCCESS);
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 40u << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMalloc(&b, 40u << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_BAD_ALLOC,
                  "bytes left");
  size_t freeB = 0, total = 0;
  ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeB, &total), ACL_SUCCESS);
  EXPECT_EQ(total, 64ull << 20);
  EXPECT_EQ(freeB, total - statsOf(0).reservedBytes);
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
}

TEST_F(AclMemory, FreeRejectsForeignDoubleInteriorAndHostPointers) {
  EXPECT_REJECTED(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM,
                  "aclrtFree: ", "devPtr must not be null");
  int local = 0;
  EXPECT_REJECTED(aclrtFree(&local), ACL_ERROR_INVALID_PARAM, "not a live device allocation");
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 1000, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtFree(static_cast<char*>(p) + 8), ACL_ERROR_INVALID_PARAM, "points inside",
                  "offset 8", "only the base address");
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtFree(p), ACL_ERROR_INVALID_PARAM, "already freed");
  void* h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 128), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtFree(h), ACL_ERROR_INVALID_PARAM, "aclrtFreeHost");
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
}

TEST_F(AclMemory, HostAllocations) {
  void* h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 1000), ACL_SUCCESS);
  ASSERT_NE(h, nullptr);
  std::memset(h, 0x3C, 1000);  // ordinary host memory, writable
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 1000, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  // Host memory from aclrtMallocHost is on the host side of a copy.
  EXPECT_EQ(aclrtMemcpy(d, 1000, h, 1000, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtMemcpy(h, 1000, d, 1000, ACL_MEMCPY_DEVICE_TO_DEVICE),
                  ACL_ERROR_INVALID_PARAM, "dst", "not inside a live device allocation");
  EXPECT_REJECTED(aclrtFreeHost(d), ACL_ERROR_INVALID_PARAM,
                  "aclrtFreeHost: ", "free it with aclrtFree");
  EXPECT_REJECTED(aclrtMallocHost(nullptr, 8), ACL_ERROR_INVALID_PARAM, "hostPtr must not be null");
  void* z = nullptr;
  EXPECT_REJECTED(aclrtMallocHost(&z, 0), ACL_ERROR_INVALID_PARAM, "size must be greater than 0");
  EXPECT_REJECTED(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM, "hostPtr must not be null");
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtFreeHost(h), ACL_ERROR_INVALID_PARAM, "not allocated by aclrtMallocHost");
  EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
}

TEST_F(AclMemory, StatisticsFollowTheDocumentedRoundingRule) {
  ASSERT_EQ(asctwinMemResetPeakStats(0), ACL_SUCCESS);
  const asctwinMemStats s0 = statsOf(0);
  EXPECT_EQ(s0.peakInUseBytes, s0.inUseBytes);
  const size_t sizes[] = {1, 480, 481, 1024, 5000};
  std::vector<void*> ptrs;
  uint64_t charged = 0, requested = 0;
  for (size_t n : sizes) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ptrs.push_back(p);
    charged += chargedBytes(n);
    requested += n;
  }
  const asctwinMemStats s1 = statsOf(0);
  EXPECT_EQ(s1.inUseBytes - s0.inUseBytes, charged);
  EXPECT_EQ(s1.inUseBytes - s0.inUseBytes, 512u + 512u + 1024u + 1536u + 5120u);
  EXPECT_EQ(s1.requestedBytes - s0.requestedBytes, requested);
  EXPECT_EQ(s1.liveAllocations - s0.liveAllocations, 5u);
  EXPECT_EQ(s1.totalAllocations - s0.totalAllocations, 5u);
  // All small blocks share one 2 MiB segment (when none was open before).
  if (s0.liveAllocations == 0) {
    EXPECT_EQ(s1.reservedBytes, 2u << 20);
  }
  // A 12 MiB request gets a dedicated segment rounded to 2 MiB multiples.
  void* big = nullptr;
  ASSERT_EQ(aclrtMalloc(&big, 12u << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const asctwinMemStats s2 = statsOf(0);
  EXPECT_EQ(s2.inUseBytes - s1.inUseBytes, chargedBytes(12u << 20));
  EXPECT_EQ(s2.reservedBytes - s1.reservedBytes, 14u << 20);
  ASSERT_EQ(aclrtFree(big), ACL_SUCCESS);
  const asctwinMemStats s3 = statsOf(0);
  EXPECT_EQ(s3.inUseBytes, s1.inUseBytes);
  EXPECT_EQ(s3.reservedBytes, s1.reservedBytes);
  EXPECT_EQ(s3.peakInUseBytes, s2.inUseBytes);
  EXPECT_EQ(s3.peakReservedBytes, s2.reservedBytes);
  ASSERT_EQ(asctwinMemResetPeakStats(0), ACL_SUCCESS);
  EXPECT_EQ(statsOf(0).peakInUseBytes, s3.inUseBytes);
  for (void* p : ptrs) ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  const asctwinMemStats s4 = statsOf(0);
  EXPECT_EQ(s4.inUseBytes, s0.inUseBytes);
  EXPECT_EQ(s4.reservedBytes, s0.reservedBytes);
  EXPECT_EQ(s4.totalAllocations, s0.totalAllocations + 6);
}

TEST_F(AclMemory, GetMemInfo) {
  uint64_t hbm = 0;
  ASSERT_EQ(asctwinSocGetField("hbmBytes", &hbm), ACL_SUCCESS);
  size_t free0 = 0, total = 0;
  ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total), ACL_SUCCESS);
  EXPECT_EQ(total, hbm);
  EXPECT_EQ(free0, total - statsOf(0).reservedBytes);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 30u << 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  size_t free1 = 0;
  ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM_HUGE, &free1, &total), ACL_SUCCESS);
  // 30 MiB + 512 B charged; above 10 MiB: its own segment, a multiple of 2 MiB.
  const uint64_t segment = (chargedBytes(30u << 20) + (2u << 20) - 1) / (2u << 20) * (2u << 20);
  EXPECT_EQ(free0 - free1, segment);
  EXPECT_EQ(segment, 32u << 20);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  size_t ddrFree = 1, ddrTotal = 1;
  ASSERT_EQ(aclrtGetMemInfo(ACL_DDR_MEM, &ddrFree, &ddrTotal), ACL_SUCCESS);
  EXPECT_EQ(ddrTotal, 0u);
  EXPECT_EQ(ddrFree, 0u);
  EXPECT_REJECTED(aclrtGetMemInfo(static_cast<aclrtMemAttr>(10), &free0, &total),
                  ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo: ", "attr", "got 10");
  EXPECT_REJECTED(aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &total), ACL_ERROR_INVALID_PARAM,
                  "free must not be null");
  EXPECT_REJECTED(aclrtGetMemInfo(ACL_HBM_MEM, &free0, nullptr), ACL_ERROR_INVALID_PARAM,
                  "total must not be null");
}

TEST_F(AclMemory, RedZoneCorruptionIsReported) {
  ASSERT_EQ(asctwinMemCheckRedZones(), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  auto* bytes = static_cast<uint8_t*>(p);
  const uint8_t saved = bytes[103];
  bytes[103] = 0;  // an overrun a kernel could make: past the 100 requested bytes
  EXPECT_REJECTED(asctwinMemCheckRedZones(), ACL_ERROR_FAILURE,
                  "asctwinMemCheckRedZones: ", "past its end", "+103");
  bytes[103] = saved;
  EXPECT_EQ(asctwinMemCheckRedZones(), ACL_SUCCESS);
  bytes[-1] = 0x11;
  EXPECT_REJECTED(aclrtFree(p), ACL_ERROR_FAILURE, "aclrtFree: ", "before its start", "was freed");
  EXPECT_EQ(asctwinMemCheckRedZones(), ACL_SUCCESS);  // it is gone
}

}  // namespace
}  // namespace asctwin::testing
