// Devkit mode: the per-core state of Huawei's CPU mode on the twin, one
// record per running block, found through the calling core.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace asctwin::kernel {
struct CoreState;
}

namespace asctwin::devkit {

// The system registers of intrinsics_sys.h.
inline constexpr uint32_t kSysRegCount = 8;

struct DevkitCore {
  const kernel::CoreState* core = nullptr;
  const void* launch = nullptr;  // the launch the record was made for
  int64_t blockIdx = -1;
  std::array<uint64_t, kSysRegCount> sysRegs{};
  int32_t coreType = 0;    // g_coreType: AscendC::AIC (1) or AIV (2)
  int64_t taskRation = 1;  // g_taskRation
  bool isAtomic = false;   // g_isAtomic (Huawei's CPU-side atomic copies; unused on 2201)
  int32_t atomicType = 0;  // g_atomicType
  uint64_t tilingKey = 0;  // g_tilingKey
  int32_t matmulCount = 0;
  uint64_t fixpipeNdNz = 0;
  // FNV-1a of each GM line at this core's last dcci of it (the spin rule).
  std::unordered_map<uintptr_t, uint64_t> lineHashes;
  uint32_t allocatorMemories = 0;  // ConstDefiner::allocatorUsed (hardware_map.h)
  uint32_t pipeGeneration = 0;     // TPipes made on this core (AscendCBufAbsAddr)
  // The live TPipe's buffers as the kernel twin knows them (hooks.cpp), and
  // its TBufPools' regions by handle: host address ranges [lo, hi).
  struct Range {
    uint64_t lo = 0;
    uint64_t hi = 0;
    uint64_t handle = 0;  // a pool's handle (0: a buffer)
  };
  std::vector<Range> pipeBuffers;
  std::vector<Range> pools;
  // Stand-ins for the local memories this core does not have (an AIV has no
  // L1/L0/BT/FB), which Huawei's TPipe fills with garbage on every core: no
  // instruction can reach them, since they are no memory of the core.
  std::array<std::unique_ptr<uint8_t[]>, 8> absent;
  // Inside Huawei's IBSet / IBWait (their stubs are called on entry and on
  // exit): the GM flag protocol the twin's checker is told of.
  bool inIbSet = false;
  bool inIbWait = false;
};

// The record of the calling core, made fresh when the core runs a block it
// has no record for (a new launch, or a new block on a reused core object).
// Fails the way the kernel API does outside a kernel.
DevkitCore& currentDevkitCore();
// Drops the calling core's record (its block ended).
void endDevkitBlock();

}  // namespace asctwin::devkit
