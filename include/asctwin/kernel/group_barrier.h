// Synchronisation of groups of vector cores through GM and the UB scratch
// the real implementation uses: GroupBarrier (arrive / wait counters, one
// 512-byte cache line per core, bumped with atomic-add copies of a block of
// ones and polled through the data cache), PopStackBuffer (the UB the TPipe
// has not handed out) and InitOutput (fills GM with a value through it).
#pragma once

#include <cstdint>

#include "asctwin/kernel/copy.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/kernel/vector_fill.h"
#include "asctwin/source_location.h"

namespace AscendC {

enum class PipeMode : uint8_t { SCALAR_MODE = 0, MTE3_MODE = 1, MAX };

constexpr uint32_t BARRIER_SIZE = 64;     // one barrier word per 64 bytes (a dcci line)
constexpr uint32_t BARRIER_MAX_AIV = 50;  // at most 50 vector cores
constexpr uint16_t CACHE_LINE_LEN = 512;  // one core's counter line
constexpr uint32_t UB_START_ADDR = TOTAL_UB_SIZE - ONE_BLK_SIZE * BARRIER_MAX_AIV;
constexpr uint16_t CACHELINE_BLKNUM = CACHE_LINE_LEN / ONE_BLK_SIZE;

struct BarrierInfo {
  uint32_t head;
  uint32_t reserved[15];
};

// The part of the pipe's local memory at `pos` that no buffer holds yet.
template <typename T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& popBuffer,
                    std::source_location loc = std::source_location::current()) {
  const auto space = detail::spaceOf(pos);
  const uint32_t at = (asctwin::kernel::localCursor(space) + 31u) / 32u * 32u;
  const uint32_t size = asctwin::kernel::localSize(space);
  if (at >= size) return false;
  popBuffer = LocalTensor<T>(pos, at, (size - at) / static_cast<uint32_t>(sizeof(T)), loc);
  return true;
}

// NOTICE: InitOutput has been deprecated (the real note: use Fill instead).
template <typename T>
void InitOutput(GlobalTensor<T> gmWorkspaceAddr, uint32_t size, T value = 0,
                std::source_location loc = std::source_location::current()) {
  if (ASCEND_IS_AIC) return;
  LocalTensor<T> pop;
  if (!PopStackBuffer<T, TPosition::LCM>(pop, loc))
    asctwin::kernel::fail(asctwin::kernel::Site::at("InitOutput", loc),
                          "InitOutput: the TPipe left no UB free");
  const uint32_t maxBurst = (MAX_REPEAT_TIMES * ONE_BLK_SIZE) / sizeof(T);
  const uint32_t popSize = pop.GetSize() >= maxBurst ? maxBurst : pop.GetSize();
  const uint32_t round = size / popSize, tail = size % popSize;
  Duplicate(pop, value, static_cast<int32_t>(popSize), loc);
  const TEventID v = detail::fetchEventId(HardEvent::V_MTE3);
  SetFlag<HardEvent::V_MTE3>(v, loc);
  WaitFlag<HardEvent::V_MTE3>(v, loc);
  uint32_t off = 0;
  for (uint32_t i = 0; i < round; ++i, off += popSize)
    DataCopyPad(gmWorkspaceAddr[off], pop,
                DataCopyExtParams(1, static_cast<uint32_t>(popSize * sizeof(T)), 0, 0, 0), loc);
  if (tail != 0)
    DataCopyPad(gmWorkspaceAddr[off], pop,
                DataCopyExtParams(1, static_cast<uint32_t>(tail * sizeof(T)), 0, 0, 0), loc);
}

// arriveSize cores Arrive, waitSize cores Wait until all of this round's
// arrivals are in; rounds repeat (an Arrive waits for the previous round's
// waiters first). The workspace holds the arrive counters, then (64 bytes
// on) the wait counters, each core's in its own 512-byte line.
template <PipeMode pipeMode>
class GroupBarrier {
 public:
  static_assert(pipeMode == PipeMode::MTE3_MODE, "GroupBarrier supports PipeMode::MTE3_MODE");
  GroupBarrier(GM_ADDR groupWorkspace, uint32_t arriveSizeIn, uint32_t waitSizeIn,
               std::source_location loc = std::source_location::current())
      : arriveSize_(arriveSizeIn), waitSize_(waitSizeIn) {
    if (ASCEND_IS_AIC) return;
    const auto site = asctwin::kernel::Site::at("GroupBarrier", loc);
    const auto blocks = static_cast<uint32_t>(GetBlockNum());
    if (arriveSizeIn == 0 || waitSizeIn == 0 || arriveSizeIn > blocks || waitSizeIn > blocks)
      asctwin::kernel::fail(site,
                            "GroupBarrier: arrive size %u and wait size %u must be in [1, %u] "
                            "(the block count)",
                            arriveSizeIn, waitSizeIn, blocks);
    arrive_ = reinterpret_cast<__gm__ uint8_t*>(groupWorkspace);
    wait_ = arrive_ + BARRIER_SIZE;
    // One block per core with a 1 in its first word: the atomic-add source.
    // The real code sets only the first words (the other seven of each
    // block add garbage to words nobody reads); the twin clears them.
    ones_ = LocalTensor<int32_t>(TPosition::VECIN, UB_START_ADDR, 8 * BARRIER_MAX_AIV, loc);
    for (uint32_t i = 0; i < 8 * BARRIER_MAX_AIV; ++i) ones_.SetValue(i, i % 8 == 0 ? 1 : 0, loc);
  }
  // Both are GM flag protocols for the checker (the counters are flags, not
  // data): kernel::SyncProtocolScope.
  void Arrive(uint32_t arriveIndex, std::source_location loc = std::source_location::current()) {
    if (ASCEND_IS_AIC) return;
    const asctwin::kernel::SyncProtocolScope protocol(
        asctwin::kernel::SyncProtocol::GroupArrive,
        asctwin::kernel::Site::at("GroupBarrier::Arrive", loc));
    if (counter_ > 1) poll(wait_, arriveIndex, (counter_ - 1) * waitSize_, true, loc);
    bump(arrive_, loc);
    counter_ += 1;
    hasArrive_ = true;
  }
  void Wait(uint32_t waitIndex, std::source_location loc = std::source_location::current()) {
    if (ASCEND_IS_AIC) return;
    const asctwin::kernel::SyncProtocolScope protocol(
        asctwin::kernel::SyncProtocol::GroupWait,
        asctwin::kernel::Site::at("GroupBarrier::Wait", loc));
    const uint32_t round = hasArrive_ ? counter_ - 1 : counter_;
    poll(arrive_, waitIndex, round * arriveSize_, false, loc);
    bump(wait_, loc);
    counter_ = hasArrive_ ? counter_ : counter_ + 1;
    hasArrive_ = false;
  }
  uint64_t GetWorkspaceLen() {
    return (arriveSize_ > waitSize_ ? arriveSize_ : waitSize_) * uint64_t{CACHE_LINE_LEN};
  }

 private:
  GroupBarrier() = delete;
  // Polls core `index`'s counter until it equals (exact) or reaches `want`.
  void poll(__gm__ uint8_t* base, uint32_t index, uint32_t want, bool exact,
            const std::source_location& loc) {
    GlobalTensor<uint32_t> line;
    line.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(base + CACHE_LINE_LEN * index),
                         BARRIER_SIZE / sizeof(uint32_t));
    for (;;) {
      DataCacheCleanAndInvalid<uint32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(line,
                                                                                               loc);
      const uint32_t head = line.GetValue(0, loc);
      if (exact ? head == want : head >= want) return;
    }
  }
  // Adds 1 to every core's counter line (max(arrive, wait) lines).
  void bump(__gm__ uint8_t* base, const std::source_location& loc) {
    const auto num = static_cast<uint16_t>(arriveSize_ >= waitSize_ ? arriveSize_ : waitSize_);
    const TEventID e = detail::fetchEventId(HardEvent::S_MTE3);
    SetFlag<HardEvent::S_MTE3>(e, loc);
    WaitFlag<HardEvent::S_MTE3>(e, loc);
    SetAtomicAdd<int32_t>(loc);
    GlobalTensor<int32_t> dst;
    dst.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(base));
    DataCopy(dst, ones_, DataCopyParams(num, 1, 0, CACHELINE_BLKNUM - 1), loc);
    SetAtomicNone(loc);
  }
  __gm__ uint8_t* arrive_ = nullptr;
  __gm__ uint8_t* wait_ = nullptr;
  LocalTensor<int32_t> ones_;
  uint32_t arriveSize_ = 0;
  uint32_t waitSize_ = 0;
  uint32_t counter_ = 1;
  bool hasArrive_ = false;
};

}  // namespace AscendC
