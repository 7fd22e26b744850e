// Core identity and synchronisation inside a core and across cores.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/soc_state.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

inline int64_t GetBlockIdx() {
  return asctwin::kernel::blockIdx();
}
inline int64_t GetBlockNum() {
  return asctwin::kernel::blockNum();
}
inline int64_t GetSubBlockIdx() {
  return asctwin::kernel::subBlockIdx();
}
inline int64_t GetTaskRation() {
  return asctwin::kernel::taskRation();
}
inline AscendCCoreType GetCoreType() {
  return asctwin::kernel::coreKind() == asctwin::kernel::CoreKind::AIV ? AscendCCoreType::AIV
                                                                       : AscendCCoreType::AIC;
}

namespace detail {
// The HardEvent between two pipes (MAX when the pair has none).
constexpr HardEvent eventBetween(pipe_t src, pipe_t dst) {
  constexpr struct {
    pipe_t src, dst;
    HardEvent e;
  } kPairs[] = {
      {PIPE_MTE2, PIPE_MTE1, HardEvent::MTE2_MTE1},
      {PIPE_MTE1, PIPE_MTE2, HardEvent::MTE1_MTE2},
      {PIPE_MTE1, PIPE_M, HardEvent::MTE1_M},
      {PIPE_M, PIPE_MTE1, HardEvent::M_MTE1},
      {PIPE_MTE2, PIPE_V, HardEvent::MTE2_V},
      {PIPE_V, PIPE_MTE2, HardEvent::V_MTE2},
      {PIPE_MTE3, PIPE_V, HardEvent::MTE3_V},
      {PIPE_V, PIPE_MTE3, HardEvent::V_MTE3},
      {PIPE_M, PIPE_V, HardEvent::M_V},
      {PIPE_V, PIPE_M, HardEvent::V_M},
      {PIPE_V, PIPE_V, HardEvent::V_V},
      {PIPE_MTE3, PIPE_MTE1, HardEvent::MTE3_MTE1},
      {PIPE_MTE1, PIPE_MTE3, HardEvent::MTE1_MTE3},
      {PIPE_MTE1, PIPE_V, HardEvent::MTE1_V},
      {PIPE_MTE2, PIPE_M, HardEvent::MTE2_M},
      {PIPE_M, PIPE_MTE2, HardEvent::M_MTE2},
      {PIPE_V, PIPE_MTE1, HardEvent::V_MTE1},
      {PIPE_M, PIPE_FIX, HardEvent::M_FIX},
      {PIPE_FIX, PIPE_M, HardEvent::FIX_M},
      {PIPE_MTE3, PIPE_MTE2, HardEvent::MTE3_MTE2},
      {PIPE_MTE2, PIPE_MTE3, HardEvent::MTE2_MTE3},
      {PIPE_S, PIPE_V, HardEvent::S_V},
      {PIPE_V, PIPE_S, HardEvent::V_S},
      {PIPE_S, PIPE_MTE2, HardEvent::S_MTE2},
      {PIPE_MTE2, PIPE_S, HardEvent::MTE2_S},
      {PIPE_S, PIPE_MTE3, HardEvent::S_MTE3},
      {PIPE_MTE3, PIPE_S, HardEvent::MTE3_S},
      {PIPE_MTE2, PIPE_FIX, HardEvent::MTE2_FIX},
      {PIPE_FIX, PIPE_MTE2, HardEvent::FIX_MTE2},
      {PIPE_FIX, PIPE_S, HardEvent::FIX_S},
      {PIPE_M, PIPE_S, HardEvent::M_S},
      {PIPE_FIX, PIPE_MTE3, HardEvent::FIX_MTE3},
      {PIPE_MTE1, PIPE_FIX, HardEvent::MTE1_FIX},
      {PIPE_FIX, PIPE_MTE1, HardEvent::FIX_MTE1},
      {PIPE_FIX, PIPE_FIX, HardEvent::FIX_FIX},
  };
  for (const auto& p : kPairs)
    if (p.src == src && p.dst == dst) return p.e;
  return HardEvent::MAX;
}
}  // namespace detail

namespace detail {
// The two pipes of an event (A_B: A sets, B waits).
constexpr pipe_t eventSrc(HardEvent e) {
  for (int p = 0; p < PIPE_COUNT_; ++p)
    for (int q = 0; q < PIPE_COUNT_; ++q)
      if (eventBetween(static_cast<pipe_t>(p), static_cast<pipe_t>(q)) == e)
        return static_cast<pipe_t>(p);
  return PIPE_ALL;
}
constexpr pipe_t eventDst(HardEvent e) {
  for (int p = 0; p < PIPE_COUNT_; ++p)
    for (int q = 0; q < PIPE_COUNT_; ++q)
      if (eventBetween(static_cast<pipe_t>(p), static_cast<pipe_t>(q)) == e)
        return static_cast<pipe_t>(q);
  return PIPE_ALL;
}
}  // namespace detail

// Orders the instructions of `pipe` (PIPE_ALL: of every pipe and the scalar
// unit): everything before is complete before anything after starts.
template <pipe_t pipe>
void PipeBarrier(std::source_location loc = std::source_location::current()) {
  static_assert(pipe != PIPE_S, "PipeBarrier<PIPE_S> is not supported on this device");
  asctwin::kernel::ApiCall call("PipeBarrier", loc);
  if (ASCEND_IS_AIC && pipe == PIPE_V) return;
  pipe_barrier(pipe);
}

// The hardware flag of `event` with id eventID (0..7). The pipes are
// constants of the event (an unoptimised kernel would otherwise search the
// event table on every call).
template <HardEvent event>
void SetFlag(int32_t eventID, std::source_location loc = std::source_location::current()) {
  constexpr pipe_t src = detail::eventSrc(event), dst = detail::eventDst(event);
  static_assert(src != PIPE_ALL, "SetFlag needs a HardEvent below MAX");
  asctwin::kernel::ApiCall call("SetFlag", loc);
  set_flag(src, dst, static_cast<int>(eventID));
}
template <HardEvent event>
void WaitFlag(int32_t eventID, std::source_location loc = std::source_location::current()) {
  constexpr pipe_t src = detail::eventSrc(event), dst = detail::eventDst(event);
  static_assert(src != PIPE_ALL, "WaitFlag needs a HardEvent below MAX");
  asctwin::kernel::ApiCall call("WaitFlag", loc);
  wait_flag(src, dst, static_cast<int>(eventID));
}

// SetFlag/WaitFlag between two pipes named by the pipes themselves.
template <pipe_t src, pipe_t dst>
class TQueSync {
  static constexpr HardEvent kEvent = detail::eventBetween(src, dst);
  static_assert(kEvent != HardEvent::MAX, "TQueSync: no hardware event between these pipes");

 public:
  void SetFlag(TEventID id, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("TQueSync::SetFlag", loc);
    set_flag(src, dst, static_cast<int>(id));
  }
  void WaitFlag(TEventID id, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("TQueSync::WaitFlag", loc);
    wait_flag(src, dst, static_cast<int>(id));
  }
};

// Hardware barrier over all blocks (AIV cores only by default, as on hardware).
template <bool isAIVOnly = true>
void SyncAll(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::syncAllHard(isAIVOnly, asctwin::kernel::Site::at("SyncAll", loc));
}
// Software barrier through a zeroed GM area of blockNum*32 bytes.
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t usedCores = 0,
             std::source_location loc = std::source_location::current()) {
  asctwin::kernel::syncAllSoft(gm.ref(), ub.ref(), usedCores,
                               asctwin::kernel::Site::at("SyncAll", loc));
}

template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t blockIdx,
           int32_t eventID, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ibSet(gm.ref(), ub.ref(), blockIdx, eventID,
                         asctwin::kernel::Site::at("IBSet", loc));
}
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t blockIdx,
            int32_t eventID, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ibWait(gm.ref(), ub.ref(), blockIdx, eventID,
                          asctwin::kernel::Site::at("IBWait", loc));
}

inline void InitDetermineComputeWorkspace(
    GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& ub,
    std::source_location loc = std::source_location::current()) {
  asctwin::kernel::initDetermineCompute(
      gm.ref(), ub.ref(), asctwin::kernel::Site::at("InitDetermineComputeWorkspace", loc));
}
// The real WaitPreBlock / NotifyNextBlock open and close with
// PipeBarrier<PIPE_ALL>: everything the core issued before completes first,
// everything after starts after (a copy in before WaitPreBlock and its copy
// out after it need no flag of their own).
inline void WaitPreBlock(GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& ub,
                         std::source_location loc = std::source_location::current()) {
  const auto site = asctwin::kernel::Site::at("WaitPreBlock", loc);
  if (ASCEND_IS_AIC) return;
  asctwin::kernel::pipeBarrier(PIPE_ALL, site);
  asctwin::kernel::waitPreBlock(gm.ref(), ub.ref(), site);
  asctwin::kernel::pipeBarrier(PIPE_ALL, site);
}
inline void NotifyNextBlock(GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& ub,
                            std::source_location loc = std::source_location::current()) {
  const auto site = asctwin::kernel::Site::at("NotifyNextBlock", loc);
  if (ASCEND_IS_AIC) return;
  asctwin::kernel::pipeBarrier(PIPE_ALL, site);
  asctwin::kernel::notifyNextBlock(gm.ref(), ub.ref(), site);
  asctwin::kernel::pipeBarrier(PIPE_ALL, site);
}

// Scalar GM access that skips the data cache (coherent across cores).
template <typename T>
T ReadGmByPassDCache(__gm__ T* addr, std::source_location loc = std::source_location::current()) {
  T v{};
  asctwin::kernel::gmBypassRead(reinterpret_cast<uintptr_t>(addr), &v, sizeof(T),
                                asctwin::kernel::Site::at("ReadGmByPassDCache", loc));
  return v;
}
template <typename T>
void WriteGmByPassDCache(__gm__ T* addr, const std::type_identity_t<T>& value,
                         std::source_location loc = std::source_location::current()) {
  asctwin::kernel::gmBypassWrite(reinterpret_cast<uintptr_t>(addr), &value, sizeof(T),
                                 asctwin::kernel::Site::at("WriteGmByPassDCache", loc));
}

// Writes back and drops the data-cache line(s) holding gm (or the whole cache).
template <typename T, CacheLine entireType, DcciDst dcciDst = DcciDst::CACHELINE_OUT>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& gm,
                              std::source_location loc = std::source_location::current()) {
  asctwin::kernel::dcacheCleanInvalidate(
      gm.ref(), entireType == CacheLine::ENTIRE_DATA_CACHE,
      asctwin::kernel::Site::at("DataCacheCleanAndInvalid", loc));
}

}  // namespace AscendC
