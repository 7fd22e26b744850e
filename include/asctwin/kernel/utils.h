// System utilities of the kernel API on architecture 2201: GetSystemCycle,
// GetProgramCounter, DataSyncBarrier (dsb), DataCachePreload, ICachePreLoad,
// Async (AIC/AIV dispatch), and the SuperKernel task hand-over
// (WaitPreTaskEnd / SetNextTaskStart), which an ordinary kernel compiles to
// nothing, as in the real implementation without the SuperKernel options.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics_sys.h"
#include "asctwin/isa/runtime_vector.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/kernel/tensor.h"
#include "asctwin/source_location.h"

namespace AscendC {

// dsb's targets.
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };

// The system counter. CPU mode reads the wall clock; the twin counts the
// calling core's issued instructions instead, so that a kernel that prints
// or branches on it behaves the same in every run and check-mode seed.
inline int64_t GetSystemCycle() {
  return static_cast<int64_t>(asctwin::isa::systemCycle());
}

// Waits until every memory access the core issued before completed (the UB
// form is a no-op on the cube core, as in the real code).
template <MemDsbT arg0>
void DataSyncBarrier(std::source_location loc = std::source_location::current()) {
  if constexpr (arg0 == MemDsbT::UB) {
    if (ASCEND_IS_AIC) return;
  }
  asctwin::kernel::pipeBarrier(PIPE_ALL, asctwin::kernel::Site::at("DataSyncBarrier", loc));
}

// A preload hint for the data cache: what any access sees does not change.
template <typename T>
void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset) {
  static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, int64_t>,
                "DataCachePreload takes an int16_t or int64_t offset");
  (void)src;
  (void)cacheOffset;
}

// SuperKernel: without the SuperKernel compile options (a plain kernel) the
// hand-over is empty unless FORCE asks for it; a forced one needs the
// SuperKernel launch, which the twin does not have.
template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
void SetNextTaskStart() {
  if constexpr (FORCE)
    asctwin::kernel::failApi(
        "SetNextTaskStart<..., true>: a forced task hand-over needs a "
        "SuperKernel launch");
}
template <bool FORCE = false>
void WaitPreTaskEnd() {
  if constexpr (FORCE)
    asctwin::kernel::failApi(
        "WaitPreTaskEnd<true>: a forced task hand-over needs a SuperKernel "
        "launch");
}

// The program counter (get_pc, 48 bits as the real code keeps): an address
// in the calling kernel's code.
inline int64_t GetProgramCounter() {
  return static_cast<int64_t>(static_cast<uint64_t>(get_pc()) & 0xFFFFFFFFFFFFull);
}

// Preloads preFetchLen 2 KiB units of instructions from the caller's
// address into the instruction cache (below 16 on the AIC, 8 on an AIV);
// GetICachePreloadStatus: 0 done, 1 in progress. Host code has no
// instruction cache, so a preload is done when issued.
inline void ICachePreLoad(const int64_t preFetchLen,
                          std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("ICachePreLoad", loc);
  const int64_t pc = get_pc() & 0xFFFFFFFFFFFF;
  preload(reinterpret_cast<void*>(pc), preFetchLen);
}
inline int64_t GetICachePreloadStatus(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("GetICachePreloadStatus", loc);
  return get_icache_prl_st();
}

// Runs funPtr(args...) on the cores of one kind only (the ASCEND_IS_AIV /
// ASCEND_IS_AIC branches of a mix kernel as one call).
// (GCC's -Wshadow counts scoped enumerators against the AIC/AIV constants.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
enum class EngineType : int32_t { AIC = 1, AIV = 2 };
#pragma GCC diagnostic pop
template <EngineType engine, auto funPtr, class... Args>
void Async(Args... args) {
  if constexpr (engine == EngineType::AIV) {
    if (ASCEND_IS_AIV) funPtr(args...);
  } else if constexpr (engine == EngineType::AIC) {
    if (ASCEND_IS_AIC) funPtr(args...);
  }
}

}  // namespace AscendC
