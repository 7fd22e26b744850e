// The CPU-debug hooks of Huawei's headers (include/asctwin/devkit/hooks.h):
// the buffers of queues, TBufs and TBufPools become the core's local buffers
// for the kernel twin (as the own front end's TPipe reports them, so the
// checker's buffer findings are the same), the software SyncAll's
// rendezvous is the twin's barrier.
#include "asctwin/devkit/hooks.h"

#include <cstdarg>
#include <cstdint>

#include "asctwin/devkit/devkit_prelude.h"

#include "asctwin/kernel/runtime.h"
#include "devkit/core_store.h"
#include "devkit/local_space.h"
#include "devkit/site.h"

namespace {

using asctwin::kernel::LocalRef;
using asctwin::kernel::Site;

// Owner 1 is the core's TPipe for the kernel twin (the buffers it made stop
// being in use together).
const void* const kPipeOwner = reinterpret_cast<const void*>(uintptr_t{1});

void reportBuffers(uint64_t addr, uint64_t len, uint32_t count, const char* api) {
  if (!asctwin::kernel::inKernel()) return;
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t at = addr + i * len;
    LocalRef r;
    if (!asctwin::devkit::localRefOf(at, static_cast<uint32_t>(len), &r)) {
      asctwin::kernel::fail(Site{api, "", 0},
                            "%s: buffer at 0x%llx (%llu bytes) is outside this core's local "
                            "memories",
                            api, static_cast<unsigned long long>(at),
                            static_cast<unsigned long long>(len));
    }
    r.bufferId = asctwin::kernel::newBufferId();
    asctwin::kernel::localAllocMade(kPipeOwner, r, asctwin::devkit::intrinsicSite(api));
  }
}

}  // namespace

void AscendCBufAbsAddr(uint8_t hardware, uint64_t, uint32_t) {
  if (!asctwin::kernel::inKernel()) return;
  // The TPipe constructor reports UB first: a new TPipe, whose buffers
  // replace every buffer of the previous one.
  if (hardware == 1) {
    asctwin::devkit::currentDevkitCore().pipeGeneration += 1;
    asctwin::kernel::localAllocGone(kPipeOwner);
  }
}

void AscendCBufInit(uint8_t, uint8_t, uint8_t num, uint64_t addr, uint64_t len) {
  reportBuffers(addr, len, num, "InitBuffer");
}

void AscendCTBufPoolInit(uint8_t, uint64_t addr, uint64_t len, uint64_t) {
  reportBuffers(addr, len, 1, "InitBufPool");
}

// Queue and buffer state changes: Huawei's TQue/TBuf implementation already
// enforces their rules (and its flags are the twin's set_flag/wait_flag
// records, which the checker orders), so there is nothing more to record.
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

// IBSet/IBWait run their own GM protocol around these calls.
void __ib_set_stub(int32_t, int32_t, bool) {}
void __ib_wait_stub(int32_t, int32_t, bool) {}

namespace asctwin::devkit {
void kernelPrintf(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  kernel::kernelPrintf(fmt, args);
  va_end(args);
}
}  // namespace asctwin::devkit
