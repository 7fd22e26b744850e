// The CPU-debug hooks of Huawei's headers (include/asctwin/devkit/hooks.h):
// the buffers of queues, TBufs and TBufPools become the core's local buffers
// for the kernel twin (as the own front end's TPipe reports them, so the
// checker's buffer findings are the same), the software SyncAll's
// rendezvous is the twin's barrier.
#include "asctwin/devkit/hooks.h"

#include <algorithm>
#include <cstdarg>
#include <cstdint>

#include "asctwin/devkit/devkit_prelude.h"

#include "asctwin/kernel/runtime.h"
#include "devkit/core_store.h"
#include "devkit/local_space.h"
#include "devkit/site.h"
#include "kernel/observer.h"

namespace {

using asctwin::kernel::LocalRef;
using asctwin::kernel::Site;

// Owner 1 is the core's TPipe for the kernel twin (the buffers it made stop
// being in use together).
const void* const kPipeOwner = reinterpret_cast<const void*>(uintptr_t{1});

using Range = asctwin::devkit::DevkitCore::Range;

bool overlaps(const Range& r, uint64_t lo, uint64_t hi) {
  return r.lo < hi && lo < r.hi;
}

// One buffer Huawei's TPipe carved at its cursor (the hooks see no other:
// InitBuffer with explicit addresses reports none).
void reportBuffer(uint64_t at, uint64_t len, const char* api) {
  LocalRef r;
  if (!asctwin::devkit::localRefOf(at, static_cast<uint32_t>(len), &r)) {
    // A buffer in a local memory the core does not have (an AIC's VECIN queue
    // in a mix kernel whose cores all run the same code): as on the NPU, the
    // TPipe only computes its address; no instruction of this core reaches it.
    if (asctwin::devkit::inAbsentMemory(at, static_cast<uint32_t>(len))) return;
    asctwin::kernel::fail(
        Site{api, "", 0}, "%s: buffer at 0x%llx (%llu bytes) is outside this core's local memories",
        api, static_cast<unsigned long long>(at), static_cast<unsigned long long>(len));
  }
  asctwin::devkit::DevkitCore& dk = asctwin::devkit::currentDevkitCore();
  const uint64_t hi = at + len;
  // A TBufPool's buffers are the pool's: its region is the TPipe's buffer, as
  // in the own front end's TBufPool, so a pool's reuse of its bytes (after
  // Reset, or by a pool laid over its region) makes no new buffer.
  for (const Range& p : dk.pools)
    if (at >= p.lo && hi <= p.hi) return;
  // The TPipe carves bytes it gave out before only after moving its cursor
  // back on purpose: TPipe::Reset, and InitShareBufStart, which each Matmul
  // object's Init calls so that the objects of a core share L0A/L0B/BT (from
  // 0) and the shared L1/L0C region (scheduler_base.h). The earlier buffers
  // there stop being in use.
  if (std::any_of(dk.pipeBuffers.begin(), dk.pipeBuffers.end(),
                  [&](const Range& b) { return overlaps(b, at, hi); })) {
    asctwin::kernel::localAllocReleased(kPipeOwner, r.space, at, static_cast<uint32_t>(len));
    std::erase_if(dk.pipeBuffers, [&](const Range& b) { return overlaps(b, at, hi); });
  }
  dk.pipeBuffers.push_back(Range{at, hi, 0});
  r.bufferId = asctwin::kernel::newBufferId();
  asctwin::kernel::localAllocMade(kPipeOwner, r, asctwin::devkit::intrinsicSite(api));
}

void reportBuffers(uint64_t addr, uint64_t len, uint32_t count, const char* api) {
  if (!asctwin::kernel::inKernel()) return;
  for (uint32_t i = 0; i < count; ++i) reportBuffer(addr + i * len, len, api);
}

}  // namespace

void AscendCBufAbsAddr(uint8_t hardware, uint64_t, uint32_t) {
  if (!asctwin::kernel::inKernel()) return;
  // The TPipe constructor reports UB first: a new TPipe, whose buffers
  // replace every buffer of the previous one.
  if (hardware == 1) {
    asctwin::devkit::DevkitCore& dk = asctwin::devkit::currentDevkitCore();
    dk.pipeGeneration += 1;
    dk.pipeBuffers.clear();
    dk.pools.clear();
    asctwin::kernel::localAllocGone(kPipeOwner);
  }
}

void AscendCBufInit(uint8_t, uint8_t, uint8_t num, uint64_t addr, uint64_t len) {
  reportBuffers(addr, len, num, "InitBuffer");
}

// A TBufPool's region: a buffer of the TPipe (TPipe::InitBufPool), unless it
// lies in another pool's region (a pool inside a pool, or one laid over
// another's region to reuse it), whose bytes are already that pool's.
void AscendCTBufPoolInit(uint8_t, uint64_t addr, uint64_t len, uint64_t handle) {
  if (!asctwin::kernel::inKernel()) return;
  asctwin::devkit::DevkitCore& dk = asctwin::devkit::currentDevkitCore();
  const bool inner = std::any_of(dk.pools.begin(), dk.pools.end(), [&](const Range& p) {
    return addr >= p.lo && addr + len <= p.hi;
  });
  if (!inner) reportBuffers(addr, len, 1, "InitBufPool");
  std::erase_if(dk.pools, [&](const Range& p) { return p.handle == handle; });
  dk.pools.push_back(Range{addr, addr + len, handle});
}

// Queue and buffer state changes: Huawei's TQue/TBuf implementation already
// enforces their rules (and its flags are the twin's set_flag/wait_flag
// records, which the checker orders), so there is nothing more to record.
// A TBufPool's Reset (AscendCUpdateTbufPoolStatus(handle, true)) and the
// reuse of its bytes stay inside the pool's region, one buffer of the TPipe
// (AscendCTBufPoolInit), as in the own front end.
void AscendCQueCreate(uint8_t, uint8_t, uint8_t) {}
void AscendCBufAlloc(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufFree(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufGet(uint8_t, uint8_t, uint64_t, uint64_t) {}
void AscendCBufEnque(uint8_t, uint8_t, uint8_t, uint64_t) {}
void AscendCBufDeque(uint8_t, uint8_t, uint8_t, uint64_t) {}
void AscendCUpdateTbufPoolStatus(uint64_t, bool) {}
void AscendCTBufPoolResetCheck(uint8_t, uint64_t, uint64_t, uint64_t) {}
void AscendCRecordPoolHierarchy(uint64_t, uint64_t) {}

void __sync_all_stub(int32_t, bool aivOnly) {
  asctwin::kernel::syncAllHard(aivOnly, asctwin::devkit::intrinsicSite("SyncAll"));
}

namespace {
// Huawei's IBSet/IBWait call their stub on entry and again on exit, around
// their own GM protocol (a flag word copied in, tested, set and copied out):
// the first call opens the protocol for the checker, the second ends it.
void ibStub(bool asctwin::devkit::DevkitCore::*open, asctwin::kernel::SyncProtocol protocol,
            const char* api) {
  if (!asctwin::kernel::inKernel()) return;
  bool& inside = asctwin::devkit::currentDevkitCore().*open;
  const Site site = asctwin::devkit::intrinsicSite(api);
  if (!inside) {
    asctwin::kernel::syncProtocolBegin(protocol, site);
  } else {
    asctwin::kernel::syncProtocolEnd(protocol, site);
  }
  inside = !inside;
}
}  // namespace

void __ib_set_stub(int32_t, int32_t, bool) {
  ibStub(&asctwin::devkit::DevkitCore::inIbSet, asctwin::kernel::SyncProtocol::IBSet, "IBSet");
}
void __ib_wait_stub(int32_t, int32_t, bool) {
  ibStub(&asctwin::devkit::DevkitCore::inIbWait, asctwin::kernel::SyncProtocol::IBWait, "IBWait");
}

namespace asctwin::devkit {
void kernelPrintf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  kernel::kernelPrintf(fmt, args);
  va_end(args);
}
}  // namespace asctwin::devkit
