// Devkit mode: the CPU-debug hooks Huawei's headers call (ASCENDC_CPU_DEBUG=1).
// In CANN they feed the CPU-mode runtime's buffer tracker; on the twin they
// report the queue and buffer events to the kernel twin (src/devkit/hooks.cpp:
// the buffers a queue or TBuf owns become the core's local buffers, as the
// own front end's TPipe reports them, so the checker sees the same buffers)
// and carry out the cross-core steps of SyncAll and IBSet/IBWait.
//
// Arguments as the headers pass them: positions are TPosition values,
// hardware kinds Hardware values, addresses host addresses inside the core's
// local memory images (hardware_map.h).
#pragma once

#include <cstdint>

// TPipe construction: the base address and size of one local memory.
void AscendCBufAbsAddr(uint8_t hardware, uint64_t addr, uint32_t len);
// InitBuffer: `num` buffers of `len` bytes from `addr` on; isTBuf: 0 for a
// queue's buffers, 1 for a TBuf.
void AscendCBufInit(uint8_t pos, uint8_t isTBuf, uint8_t num, uint64_t addr, uint64_t len);
// A queue between two positions with `depth` slots.
void AscendCQueCreate(uint8_t srcPos, uint8_t dstPos, uint8_t depth);
// AllocTensor / FreeTensor of a queue buffer.
void AscendCBufAlloc(uint8_t hardware, uint8_t pos, uint64_t addr, uint64_t len);
void AscendCBufFree(uint8_t hardware, uint8_t pos, uint64_t addr, uint64_t len);
// A TBuf's tensor (Get): logical position, hardware kind, address, bytes.
void AscendCBufGet(uint8_t pos, uint8_t hardware, uint64_t addr, uint64_t len);
// A TBufPool's buffers in use (true) or all free again (false).
void AscendCUpdateTbufPoolStatus(uint64_t handle, bool inUse);
// A buffer handed out inside a TBufPool (the pool's reuse check).
void AscendCTBufPoolResetCheck(uint8_t pos, uint64_t addr, uint64_t len, uint64_t handle);
// EnQue / DeQue of a buffer.
void AscendCBufEnque(uint8_t srcPos, uint8_t dstPos, uint8_t pos, uint64_t addr);
void AscendCBufDeque(uint8_t srcPos, uint8_t dstPos, uint8_t pos, uint64_t addr);
// TBufPool: a pool of `len` bytes at `addr`, its handle, and a pool inside a pool.
void AscendCTBufPoolInit(uint8_t pos, uint64_t addr, uint64_t len, uint64_t handle);
void AscendCRecordPoolHierarchy(uint64_t parentHandle, uint64_t childHandle);

// The cross-core steps of the software SyncAll and of IBSet/IBWait (called
// before and after the steps' own GM protocol).
void __sync_all_stub(int32_t usedCores, bool aivOnly);
void __ib_set_stub(int32_t blockIdx, int32_t eventId, bool aivOnly);
void __ib_wait_stub(int32_t blockIdx, int32_t eventId, bool aivOnly);

// The profiling tool's report point (mstx): nothing to record on the twin.
inline void __mstx_dfx_report_stub(uint32_t /*kind*/, uint32_t /*bytes*/, const void* /*data*/) {}
