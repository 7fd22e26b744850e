// 32-bit local addresses: an offset into the buffer and the low 32 bits of a
// host pointer into it must never be confused. The CI's ASan allocator once
// placed a 40 KiB UB right above a 4 GiB boundary; Gather, which receives its
// base as the low 32 bits of a host pointer, then read the wrong words.
#include <cstdint>
#include <mutex>
#include <vector>

#include "kernel/core_state.h"
#include "kernel/local_address.h"
#include "kernel_test_util.h"

using namespace AscendC;

namespace {

std::mutex gMutex;
std::vector<std::pair<uintptr_t, uint32_t>> gBuffers;

__global__ __aicore__ void recordUbKernel() {
  const auto& c = asctwin::kernel::currentCore();
  std::lock_guard lock(gMutex);
  gBuffers.emplace_back(reinterpret_cast<uintptr_t>(c.ub), c.ubBytes);
}

}  // namespace

namespace asctwin::testing {

using kernel::localAddressesAreUnambiguous;
using kernel::localOffsetOf;

TEST(LocalAddress, AmbiguousPlacementsAreRecognised) {
  const uint32_t ub = 40 * 1024;
  // Just above a 4 GiB boundary: host low bits 0x10..0xA010 overlap offsets.
  EXPECT_FALSE(localAddressesAreUnambiguous(0x7f0000000010u, ub));
  EXPECT_FALSE(localAddressesAreUnambiguous(0x7f0000000000u + ub - 1, ub));
  EXPECT_TRUE(localAddressesAreUnambiguous(0x7f0000000000u + ub, ub));
  // Wrapping past 2^32 inside the buffer.
  EXPECT_FALSE(localAddressesAreUnambiguous(0x7f00ffffff00u, ub));
  EXPECT_TRUE(localAddressesAreUnambiguous(0x7f0100000000u - ub, ub));
}

TEST(LocalAddress, BothReadingsGiveTheSameOffset) {
  const uint32_t ub = 192 * 1024;
  const uintptr_t host = 0x7f1234560000u;
  ASSERT_TRUE(localAddressesAreUnambiguous(host, ub));
  for (uint32_t off : {0u, 32u, 4096u, ub - 1}) {
    EXPECT_EQ(localOffsetOf(off, host, ub), off);
    EXPECT_EQ(localOffsetOf(static_cast<uint32_t>(host + off), host, ub), off);
  }
  EXPECT_EQ(localOffsetOf(ub, host, ub), -1);
  EXPECT_EQ(localOffsetOf(static_cast<uint32_t>(host + ub), host, ub), -1);
  EXPECT_EQ(localOffsetOf(static_cast<uint32_t>(host - 1), host, ub), -1);
}

// Every UB the launcher hands out, over many sizes and launches (fresh and
// reused buffers), is placed unambiguously.
TEST_F(KernelTest, LaunchPlacesLocalBuffersUnambiguously) {
  for (uint32_t ub : {8192u, 40960u, 65536u, 131072u, 196608u}) {
    LaunchOptions o = vec(4, "record_ub");
    o.ubBytes = ub;
    for (int round = 0; round < 3; ++round)
      ASSERT_EQ(asctwin::run(recordUbKernel, o), 0) << lastError();
  }
  ASSERT_EQ(gBuffers.size(), 5u * 3u * 4u);
  for (const auto& [host, bytes] : gBuffers)
    EXPECT_TRUE(localAddressesAreUnambiguous(host, bytes)) << std::hex << host << " " << bytes;
}

}  // namespace asctwin::testing
