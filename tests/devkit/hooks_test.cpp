// The buffer hooks of devkit mode (src/devkit/hooks.cpp) as Huawei's TPipe
// calls them (impl/basic_api/kernel_tpipe_impl.h, kernel_tbufpool_impl.h):
//  - a buffer of a local memory the core does not have (an AIC's VECIN queue
//    in a mix kernel, whose cores all run the same code) is only an address,
//    as on the NPU; an address in no memory at all still fails;
//  - the TPipe carving bytes it gave out before (its cursor moved back:
//    InitShareBufStart for Matmul objects sharing L0A/L0B, TPipe::Reset)
//    releases the earlier buffers: no buffer-overlap finding;
//  - a TBufPool's region is one buffer; its buffers, its Reset and a pool
//    laid over its region reuse the region's bytes without new buffers;
//  - a pipe buffer overlapping another owner's buffer still in use is a
//    finding (the rule is not switched off).
// The oracle is the checker's findings and the launch status.
#include <gtest/gtest.h>

#include <cstdint>

#include "asctwin/devkit/hardware_map.h"
#include "asctwin/devkit/hooks.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

namespace {

using asctwin::testing::dump;
using asctwin::testing::ofKind;

constexpr uint8_t kUb = 1;      // Hardware::UB
constexpr uint8_t kL0a = 3;     // Hardware::L0A
constexpr uint8_t kVecIn = 9;   // TPosition::VECIN (any position: the hooks only use addresses)
constexpr uint64_t kPoolA = 0xA;  // TBufPool handles
constexpr uint64_t kPoolB = 0xB;

uint64_t at(uint8_t hardware, uint64_t offset) {
  return reinterpret_cast<uint64_t>(asctwin::devkit::hardwareBase(hardware)) + offset;
}

void newPipe() {
  for (uint8_t h = 1; h < asctwin::devkit::kHardwareCount; ++h)
    AscendCBufAbsAddr(h, at(h, 0), 0);
}

// Every core: a TPipe whose UB queue buffers are carved, then carved again
// from 0 (the cursor moved back), and L0A (on the AIC) likewise, as two
// Matmul objects sharing L0A do.
__global__ __aicore__ void recarve(GM_ADDR) {
  newPipe();
  AscendCBufInit(kVecIn, 0, 2, at(kUb, 0), 1024);
  AscendCBufInit(kVecIn, 1, 1, at(kUb, 0), 2048);
  AscendCBufInit(kVecIn, 0, 1, at(kUb, 1024), 512);
  if (ASCEND_IS_AIC) {
    AscendCBufInit(21, 1, 1, at(kL0a, 0), 64 * 1024);
    AscendCBufInit(21, 1, 1, at(kL0a, 0), 64 * 1024);
  }
}

// A TBufPool A of 4 KiB at UB 4096, a buffer in it, A's Reset, a bigger
// buffer in it, a pool B laid over A's region and a buffer of B.
__global__ __aicore__ void poolReuse(GM_ADDR) {
  newPipe();
  AscendCBufInit(kVecIn, 0, 1, at(kUb, 0), 4096);
  AscendCTBufPoolInit(kVecIn, at(kUb, 4096), 4096, kPoolA);
  AscendCBufInit(kVecIn, 0, 2, at(kUb, 4096), 1024);
  AscendCUpdateTbufPoolStatus(kPoolA, true);
  AscendCBufInit(kVecIn, 1, 1, at(kUb, 4096), 4096);
  AscendCTBufPoolInit(kVecIn, at(kUb, 4096), 4096, kPoolB);
  AscendCRecordPoolHierarchy(0, kPoolB);
  AscendCBufInit(kVecIn, 0, 1, at(kUb, 4096), 3072);
  AscendCTBufPoolResetCheck(kVecIn, at(kUb, 4096), 3072, kPoolB);
}

// A pipe buffer over bytes another owner (a LocalMemAllocator) still uses.
int gAllocator = 0;
__global__ __aicore__ void overAnotherOwner(GM_ADDR) {
  newPipe();
  asctwin::kernel::LocalRef r;
  r.space = asctwin::kernel::Space::UB;
  r.ptr = reinterpret_cast<uint8_t*>(at(kUb, 8192));
  r.offset = 8192;
  r.bytes = 1024;
  r.bufferId = asctwin::kernel::newBufferId();
  asctwin::kernel::localAllocMade(&gAllocator, r, asctwin::kernel::Site{"Alloc", "", 0});
  AscendCBufInit(kVecIn, 0, 1, at(kUb, 8192), 256);
  asctwin::kernel::localAllocGone(&gAllocator);
}

// An AIC carves a VECIN queue (its UB is a stand-in); an address in no local
// memory fails.
__global__ __aicore__ void aicQueue(GM_ADDR, uint32_t stray) {
  newPipe();
  AscendCBufInit(kVecIn, 0, 2, at(kUb, 0), 65536);
  if (stray != 0 && ASCEND_IS_AIC) AscendCBufInit(kVecIn, 0, 1, 0x1000, 256);
}

class DevkitHooksTest : public asctwin::testing::KernelTest {};

TEST_F(DevkitHooksTest, ACarveAfterTheCursorMovedBackReleasesTheEarlierBuffers) {
  asctwin::checker::Session session(asctwin::checker::memcheck);
  asctwin::testing::DevBuf unused(64);
  ASSERT_EQ(asctwin::run(recarve, mix(2, "recarve"), unused.gm()), 0) << lastError();
  EXPECT_TRUE(session.findings().empty()) << dump(session.findings());
}

TEST_F(DevkitHooksTest, APoolsBuffersReuseItsRegion) {
  asctwin::checker::Session session(asctwin::checker::memcheck);
  asctwin::testing::DevBuf unused(64);
  ASSERT_EQ(asctwin::run(poolReuse, vec(2, "poolReuse"), unused.gm()), 0) << lastError();
  EXPECT_TRUE(session.findings().empty()) << dump(session.findings());
}

TEST_F(DevkitHooksTest, OverlapWithAnotherOwnersBufferIsStillAFinding) {
  asctwin::checker::Session session(asctwin::checker::memcheck);
  asctwin::testing::DevBuf unused(64);
  ASSERT_EQ(asctwin::run(overAnotherOwner, vec(1, "overAnotherOwner"), unused.gm()), 0)
      << lastError();
  EXPECT_EQ(ofKind(session.findings(), "buffer-overlap").size(), 1u) << dump(session.findings());
}

TEST_F(DevkitHooksTest, AnAicCarvesAQueueOfTheUbItLacks) {
  asctwin::testing::DevBuf unused(64);
  ASSERT_EQ(asctwin::run(aicQueue, mix(2, "aicQueue"), unused.gm(), 0u), 0) << lastError();
  EXPECT_NE(asctwin::run(aicQueue, mix(1, "aicQueue"), unused.gm(), 1u), 0);
  EXPECT_NE(lastError().find("InitBuffer: buffer at 0x1000 (256 bytes) is outside this core's "
                             "local memories"),
            std::string::npos)
      << lastError();
}

}  // namespace
