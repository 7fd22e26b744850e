// The system, identity and cache intrinsics of devkit mode
// (include/asctwin/devkit/intrinsics_sys.h) and the calling core's local
// memories as Huawei's CPU mode looks them up (hardware_map.h).
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "asctwin/devkit/hardware_map.h"
#include "asctwin/devkit/intrinsics_sys.h"
#include "asctwin/kernel/runtime.h"
#include "devkit/core_store.h"
#include "devkit/local_space.h"
#include "devkit/site.h"
#include "device/allocator.h"
#include "kernel/core_state.h"

namespace asctwin::devkit {
namespace {

using kernel::Site;
using kernel::Space;

// Huawei's Hardware values (GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF) as the
// twin's spaces.
constexpr Space kSpaceOfHardware[kHardwareCount] = {Space::GM,  Space::UB,  Space::L1, Space::L0A,
                                                    Space::L0B, Space::L0C, Space::BT, Space::FB};

}  // namespace

// The sizes Huawei's CPU mode gives each local memory on architecture 2201
// (ConstDefiner::bufferInitLen), which its TPipe fills on construction.
constexpr uint32_t kCpuModeBytes[kHardwareCount] = {0,         192 * 1024, 512 * 1024, 64 * 1024,
                                                    64 * 1024, 128 * 1024, 1024,       7 * 1024};

uint8_t* hardwareBase(uint8_t hardware) {
  if (hardware == 0 || hardware >= kHardwareCount || !kernel::inKernel()) return nullptr;
  const Space s = kSpaceOfHardware[hardware];
  if (uint8_t* base = kernel::localBase(s);
      base != nullptr && kernel::localSize(s) >= kCpuModeBytes[hardware])
    return base;
  // A memory the core lacks (or a UB the launch made smaller than the CPU
  // mode's): a stand-in no instruction of this core can address.
  auto& absent = currentDevkitCore().absent[hardware];
  if (!absent) absent = std::make_unique<uint8_t[]>(kCpuModeBytes[hardware]);
  return absent.get();
}

bool inAbsentMemory(uint64_t addr, uint32_t bytes) {
  if (!kernel::inKernel()) return false;
  const auto& absent = currentDevkitCore().absent;
  for (uint8_t h = 1; h < kHardwareCount; ++h) {
    if (!absent[h] || kernel::localBase(kSpaceOfHardware[h]) != nullptr) continue;
    const auto lo = reinterpret_cast<uintptr_t>(absent[h].get());
    if (addr >= lo && addr + bytes <= lo + kCpuModeBytes[h]) return true;
  }
  return false;
}

uint32_t& allocatorMemories() {
  return currentDevkitCore().allocatorMemories;
}

bool localRefOf(uint64_t addr, uint32_t bytes, kernel::LocalRef* out) {
  for (uint8_t h = 1; h < kHardwareCount; ++h) {
    const Space s = kSpaceOfHardware[h];
    uint8_t* base = kernel::localBase(s);
    if (base == nullptr) continue;
    const uint64_t lo = reinterpret_cast<uintptr_t>(base);
    const uint64_t size = kernel::localSize(s);
    if (addr < lo || addr + bytes > lo + size) continue;
    out->space = s;
    out->ptr = base + (addr - lo);
    out->offset = static_cast<uint32_t>(addr - lo);
    out->bytes = bytes;
    return true;
  }
  return false;
}

uint64_t readSysReg(SysReg r) {
  return currentDevkitCore().sysRegs[static_cast<uint32_t>(r)];
}

void writeSysReg(SysReg r, uint64_t value) {
  currentDevkitCore().sysRegs[static_cast<uint32_t>(r)] = value;
}

// The AI Core the calling core belongs to: on an AIV of a mix group, the
// group (GetBlockIdx() = get_block_idx() * get_subblockdim() +
// get_subblockid()), as the register answers on A2/A3; the KFC message
// queues of a group are found by it.
int64_t coreBlockIdx() {
  if (kernel::coreKind() != kernel::CoreKind::AIV) return kernel::blockIdx();
  return (kernel::blockIdx() - kernel::subBlockIdx()) / kernel::taskRation();
}
int64_t coreBlockNum() {
  return kernel::blockNum();
}
int64_t coreSubBlockIdx() {
  return kernel::coreKind() == kernel::CoreKind::AIV ? kernel::subBlockIdx() : 0;
}
int64_t coreSubBlockDim() {
  return kernel::coreKind() == kernel::CoreKind::AIV ? kernel::taskRation() : 1;
}
int64_t coreId() {
  // AIC cores first, then AIVs: distinct per core of the launch.
  const int64_t ration = kernel::taskRation();
  if (kernel::coreKind() == kernel::CoreKind::AIC) return kernel::blockIdx();
  return kernel::blockNum() + kernel::blockIdx() * ration + kernel::subBlockIdx();
}

int64_t systemCycles() {
  // The A2/A3 system counter runs at 50 MHz.
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count();
  return ns / 20;
}

void dataCacheCleanInvalidate(const void* gm, bool entireCache, uint8_t target) {
  const Site site = intrinsicSite("dcci");
  kernel::GmRef ref;
  ref.addr = reinterpret_cast<uintptr_t>(gm);
  kernel::dcacheCleanInvalidate(ref, entireCache, site);
  if (entireCache || target == CACHELINE_UB) return;
  // Huawei's GlobalTensor reads GM directly in CPU mode, so a block that
  // waits for another one spins on `dcci; GetValue` and the twin never sees
  // the reads: the dcci of one line is its poll point instead. The line's
  // bytes unchanged since this core's last dcci of it is a spin (the launch
  // lets other blocks run, and reports a spin nobody ends as a deadlock);
  // changed bytes are another block's progress.
  device::AllocationInfo a;
  if (!device::DeviceMemory::instance().find(gm, &a)) return;
  const uintptr_t line = ref.addr & ~uintptr_t{63};
  const uintptr_t lo = std::max(line, a.base);
  const uintptr_t hi = std::min(line + 64, a.base + a.size);
  uint64_t hash = 1469598103934665603ull;  // FNV-1a of the line's bytes
  for (uintptr_t p = lo; p < hi; ++p) {
    hash = (hash ^ *reinterpret_cast<const uint8_t*>(p)) * 1099511628211ull;
  }
  kernel::CoreState& c = kernel::currentCore();
  auto& seen = currentDevkitCore().lineHashes;
  auto it = seen.find(line);
  if (it != seen.end() && it->second != hash) c.launch->noteProgress();
  seen[line] = hash;
  c.launch->pollPoint(c, site, line);
}

void gmBypassLoad(const void* gm, void* out, uint32_t bytes) {
  kernel::gmBypassRead(reinterpret_cast<uintptr_t>(gm), out, bytes, intrinsicSite("ld_dev"));
}

void gmBypassStore(void* gm, const void* in, uint32_t bytes) {
  kernel::gmBypassWrite(reinterpret_cast<uintptr_t>(gm), in, bytes, intrinsicSite("st_dev"));
}

void dataSyncBarrier(uint8_t /*target*/) {
  // dsb waits until the core's outstanding memory accesses completed: a
  // full barrier of the core's pipes.
  kernel::pipeBarrier(PIPE_ALL, intrinsicSite("dsb"));
}

void trapInstruction() {
  kernel::fail(intrinsicSite("trap"), "the kernel executed trap (Trap())");
}

}  // namespace asctwin::devkit
