// Core identity and synchronisation inside a core and across cores.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

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
// Resets the per-core state: atomic mode off.
inline void InitSocState(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::None, asctwin::kernel::DType::F32,
                             asctwin::kernel::Site::at("InitSocState", loc));
}

template <pipe_t pipe>
void PipeBarrier(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::pipeBarrier(pipe, asctwin::kernel::Site::at("PipeBarrier", loc));
}

template <HardEvent event>
void SetFlag(int32_t id, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setFlag(event, id, asctwin::kernel::Site::at("SetFlag", loc));
}
template <HardEvent event>
void WaitFlag(int32_t id, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::waitFlag(event, id, asctwin::kernel::Site::at("WaitFlag", loc));
}

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
inline void WaitPreBlock(GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& ub,
                         std::source_location loc = std::source_location::current()) {
  asctwin::kernel::waitPreBlock(gm.ref(), ub.ref(), asctwin::kernel::Site::at("WaitPreBlock", loc));
}
inline void NotifyNextBlock(GlobalTensor<int32_t>& gm, LocalTensor<int32_t>& ub,
                            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::notifyNextBlock(gm.ref(), ub.ref(),
                                   asctwin::kernel::Site::at("NotifyNextBlock", loc));
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

#define ASCEND_IS_AIV (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIV)
#define ASCEND_IS_AIC (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIC)
#define ASCEND_IS_NOT_AIV (!ASCEND_IS_AIV)
#define ASCEND_IS_NOT_AIC (!ASCEND_IS_AIC)
