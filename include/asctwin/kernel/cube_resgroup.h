// Cube resource groups (Cube分组管理, Atlas A2): AIV cores post messages to
// the AIC cores of a group through queues in GM; each AIC runs a callback
// per message until every queue it serves has quit. KfcWorkspace hands the
// GM areas of successive groups out; CubeResGroupHandle is one group seen
// from one core; CreateCubeResGroup makes the handle and, on the group's
// AICs, runs the message loop.
//
// The layout and the protocol are the real implementation's (dav_c220's
// kernel_operator_cube_group_handle_impl.h): a group of `blockSize / 2`
// AICs serving `msgQueueSize` queues, ceil(queues / AICs) per AIC (the last
// AIC the rest); each AIC's area is MAX_MSG_PER_AIV rows of one message per
// queue; an AIV walks its column, an AIC its rows queue by queue. The state
// byte of a message (CubeGroupMsgHead) is the flag: AllocMessage waits for
// FREE, PostMessage writes the message with the state last, the AIC waits
// for a non-FREE state, FreeMessage writes FREE, Wait waits for it. Every
// GM access goes through the twin's scalar GM path and data cache (dcci),
// so check mode schedules at each of them, a spin that can never succeed is
// reported as a deadlock naming what it waits for, and the checker orders
// the cores by the state words they observe.
//
// Differences from the real code, all on misuse the real code does not
// detect (its ASCENDC_DEBUG_ASSERTs and silent hangs): bad group sizes,
// queue ids, offsets, skip counts, wait states and messages that were not
// allocated, posted twice or posted FREE fail the launch with the rule;
// PostMessage writes back the message's own cache lines (the real loop
// steps 64 bytes per 8-byte word and so reaches the slots after it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <type_traits>

#include "asctwin/kernel/copy.h"
#include "asctwin/kernel/group_barrier.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/source_location.h"

namespace asctwin::kernel {
// The cores of the running launch a cube group can use (mix kernels only).
struct ResGroupCores {
  bool mix = false;
  uint32_t aic = 0;  // AIC cores (one per mix group)
  uint32_t aiv = 0;  // AIV cores
};
ResGroupCores resGroupCores();
// A site named `api` for the rest of the process (a deadlock report keeps
// the site of the wait, so the name must outlive the call).
Site resGroupSite(const std::string& api, const std::source_location& loc);
}  // namespace asctwin::kernel

namespace AscendC {

enum class CubeMsgState : uint8_t {
  FREE = 0,  // empty: AllocMessage may take it
  VALID,     // a message the AIC is to run
  QUIT,      // the AIV of this queue ends its service
  FAKE       // merged into an earlier message: the AIC frees it without running it
};

constexpr uint32_t MAX_MSG_PER_AIV = 4;  // a queue's depth
constexpr uint16_t AIV_CORE_NUM = 72;    // UB blocks kept at the end of UB (the real constant)

struct CubeGroupMsgHead {  // 2 bytes, the first member (named head) of every message
  volatile CubeMsgState msgState = CubeMsgState::FREE;
  volatile uint8_t aivID;
};

template <int32_t ActualFuncId, int32_t ExpectFuncId>
struct IsEqual {};
template <int32_t FuncId>
struct IsEqual<FuncId, FuncId> {
  using Type = void;
};

class KfcWorkspace {
 public:
  explicit KfcWorkspace(GM_ADDR workspace,
                        std::source_location loc = std::source_location::current())
      : msgStart_(workspace) {
    const auto site = asctwin::kernel::Site::at("KfcWorkspace", loc);
    if (workspace == nullptr) asctwin::kernel::fail(site, "KfcWorkspace: workspace is null");
    if (ASCEND_IS_AIV) {
      // The MTE3 -> scalar event of MTE3_MODE messages: set once here, waited
      // for by each AllocMessage<MTE3_MODE>, set again by its PostMessage.
      TPipe* pipe = GetTPipePtr();
      if (pipe == nullptr)
        asctwin::kernel::fail(site,
                              "KfcWorkspace: an AIV needs a live TPipe (its MTE3_S event id comes "
                              "from TPipe::AllocEventID)");
      evtID_ = static_cast<uint8_t>(pipe->AllocEventID<HardEvent::MTE3_S>(loc));
      SetFlag<HardEvent::MTE3_S>(int32_t{evtID_}, loc);
      hasEvent_ = true;
    }
  }
  KfcWorkspace() = delete;
  KfcWorkspace(const KfcWorkspace&) = delete;
  KfcWorkspace& operator=(const KfcWorkspace&) = delete;
  ~KfcWorkspace() {
    if (!hasEvent_ || std::uncaught_exceptions() != 0 || GetTPipePtr() == nullptr) return;
    WaitFlag<HardEvent::MTE3_S>(int32_t{evtID_});
    GetTPipePtr()->ReleaseEventID<HardEvent::MTE3_S>(evtID_);
  }
  void UpdateKfcWorkspace(uint32_t offset) { msgStart_ += offset; }
  GM_ADDR GetKfcWorkspace() { return msgStart_; }

 private:
  friend uint8_t GetEventId(KfcWorkspace& desc);
  GM_ADDR msgStart_;
  uint8_t evtID_ = 0;
  bool hasEvent_ = false;
};

inline uint8_t GetEventId(KfcWorkspace& desc) {
  return desc.evtID_;
}

template <typename CubeMsgType>
class CubeResGroupHandle;

namespace detail {
template <typename T>
struct ResGroupLoop;
}

template <typename CubeMsgType>
class CubeResGroupHandle {
  using T = CubeMsgType;
  static_assert(sizeof(T) % 64 == 0, "CubeMsgType size must be a multiple of 64 bytes");
  static_assert(std::is_same_v<std::remove_cv_t<decltype(T::head)>, CubeGroupMsgHead>,
                "CubeMsgType's first member must be `CubeGroupMsgHead head`");

 public:
  CubeResGroupHandle() = default;

  CubeResGroupHandle(GM_ADDR workspace, uint8_t blockStart, uint8_t blockSize, uint8_t msgQueueSize,
                     uint8_t evtIDIn, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle", loc);
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle", loc);
    if constexpr (std::is_standard_layout_v<T>) {
      if (offsetof(T, head) != 0)
        asctwin::kernel::fail(site, "CubeResGroupHandle: CubeMsgType's head must come first");
    }
    const asctwin::kernel::ResGroupCores cores = asctwin::kernel::resGroupCores();
    if (!cores.mix || cores.aic == 0 || cores.aiv == 0)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle needs a mix kernel with AIC and AIV cores "
                            "(__mix__(1, 2) or __mix__(1, 1))");
    if (workspace == nullptr) asctwin::kernel::fail(site, "CubeResGroupHandle: workspace is null");
    if (reinterpret_cast<uintptr_t>(workspace) % 64 != 0)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle: the message area %p is not 64-byte aligned (a "
                            "message is whole 64-byte cache lines)",
                            static_cast<void*>(workspace));
    if (blockStart % 2 != 0 || blockSize % 2 != 0 || blockSize == 0)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle: blockStart (%u) and blockSize (%u) must be even "
                            "(2 x the first AIC and 2 x the AIC count), blockSize at least 2",
                            blockStart, blockSize);
    if (blockStart / 2u + blockSize / 2u > cores.aic)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle: AICs [%u, %u) of blockStart %u and blockSize %u "
                            "exceed the launch's %u AIC cores",
                            blockStart / 2u, blockStart / 2u + blockSize / 2u, blockStart,
                            blockSize, cores.aic);
    aicSize_ = blockSize / 2;
    aivSize_ = msgQueueSize;
    if (msgQueueSize == 0 || msgQueueSize > cores.aiv)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle: msgQueueSize %u must be in [1, %u] (the "
                            "launch's AIV cores)",
                            msgQueueSize, cores.aiv);
    aivPerAic_ = static_cast<uint8_t>((aivSize_ + aicSize_ - 1) / aicSize_);
    const int aivInLastAic = int{aivSize_} - (aicSize_ - 1) * aivPerAic_;
    if (aivInLastAic <= 0)
      asctwin::kernel::fail(site,
                            "CubeResGroupHandle: %u queues over %u AICs give each AIC %u and "
                            "leave the last one none (every AIC needs at least one queue)",
                            msgQueueSize, aicSize_, aivPerAic_);
    aicStart_ = blockStart / 2;
    msgSize_ = static_cast<uint16_t>(aivPerAic_ * aicSize_ * MAX_MSG_PER_AIV);
    eventID_ = evtIDIn;
    area_ = reinterpret_cast<__gm__ T*>(workspace);
    msgHead_ = area_;
    if (ASCEND_IS_AIC) {
      const int64_t aic = GetBlockIdx();
      inGroup_ = aic >= aicStart_ && aic < aicStart_ + aicSize_;
      if (inGroup_) {
        aicIndex_ = static_cast<uint8_t>(aic - aicStart_);
        aivNumForCurAic_ =
            aicIndex_ == aicSize_ - 1 ? static_cast<uint8_t>(aivInLastAic) : aivPerAic_;
        aivWorkState_ = (uint64_t{1} << aivNumForCurAic_) - 1;
        msgHead_ = area_ + uint64_t{aicIndex_} * aivPerAic_ * MAX_MSG_PER_AIV;
      }
    } else {
      ubMsgAddr_ = TOTAL_UB_SIZE - ONE_BLK_SIZE * AIV_CORE_NUM - static_cast<uint32_t>(sizeof(T));
    }
    msgCurrent_ = msgHead_;
  }

  // AIV: binds this core to queue queueIdIn of the group.
  void AssignQueue(uint8_t queueIdIn, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::AssignQueue", loc);
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle::AssignQueue", loc);
    requireMade(site, "AssignQueue");
    if (queueIdIn >= aivSize_)
      asctwin::kernel::fail(site, "AssignQueue: queue %u is not below msgQueueSize %u", queueIdIn,
                            aivSize_);
    if (!ASCEND_IS_AIV) return;
    const uint8_t aicSub = queueIdIn / aivPerAic_;
    const uint8_t aivSub = queueIdIn % aivPerAic_;
    queueId_ = queueIdIn;
    aivNumForCurAic_ = aicSub != aicSize_ - 1
                           ? aivPerAic_
                           : static_cast<uint8_t>(aivSize_ - (aicSize_ - 1) * aivPerAic_);
    msgHead_ = area_ + uint64_t{aicSub} * aivPerAic_ * MAX_MSG_PER_AIV + aivSub;
    msgCurrent_ = msgHead_;
    msgPos_ = 0;
    assigned_ = true;
  }

  // AIV: the queue's next slot once it is FREE (waits for it).
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  __gm__ T* AllocMessage(std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::AllocMessage", loc);
    if (!ASCEND_IS_AIV) return msgCurrent_;
    requireQueue(asctwin::kernel::Site::at("CubeResGroupHandle::AllocMessage", loc),
                 "AllocMessage");
    if constexpr (pipeMode == PipeMode::MTE3_MODE)
      WaitFlag<HardEvent::MTE3_S>(int32_t{eventID_}, loc);
    const auto site = asctwin::kernel::resGroupSite(
        "CubeResGroupHandle::AllocMessage (waits until the AIC frees slot " +
            std::to_string(msgPos_) + " of queue " + std::to_string(queueId_) + ")",
        loc);
    while (readState(msgCurrent_, site) != CubeMsgState::FREE) {
    }
    __gm__ T* slot = msgCurrent_;
    slots_[msgPos_] = pipeMode == PipeMode::MTE3_MODE ? kAllocatedMte3 : kAllocated;
    msgPos_ = msgPos_ == MAX_MSG_PER_AIV - 1 ? 0 : msgPos_ + 1;
    msgCurrent_ = msgHead_ + uint64_t{msgPos_} * aivPerAic_;
    return slot;
  }

  // AIV: writes msgInput into the slot AllocMessage gave, the state last.
  template <PipeMode pipeMode = PipeMode::SCALAR_MODE>
  uint16_t PostMessage(__gm__ T* msg, T& msgInput,
                       std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::PostMessage", loc);
    if (!ASCEND_IS_AIV) return offsetOf(msg);
    static_assert(pipeMode == PipeMode::SCALAR_MODE || pipeMode == PipeMode::MTE3_MODE,
                  "PostMessage supports PipeMode::SCALAR_MODE and PipeMode::MTE3_MODE");
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle::PostMessage", loc);
    takeSlot(msg, pipeMode == PipeMode::MTE3_MODE ? kAllocatedMte3 : kAllocated, site,
             "PostMessage");
    if (msgInput.head.msgState == CubeMsgState::FREE)
      asctwin::kernel::fail(site,
                            "PostMessage: the message's head.msgState is FREE; the AIC would "
                            "never see it (post CubeMsgState::VALID)");
    uint64_t words[sizeof(T) / 8];
    std::memcpy(words, reinterpret_cast<const unsigned char*>(&msgInput), sizeof(T));
    if constexpr (pipeMode == PipeMode::SCALAR_MODE) {
      for (uint32_t i = 0; i < sizeof(T) / 8; ++i) writeWord(msg, i, words[i], site);
      // Lines after the first, then the first (the state) last.
      for (uint32_t line = 1; line < sizeof(T) / 64; ++line) cleanLine(msg, line, site);
      cleanLine(msg, 0, site);
    } else {
      LocalTensor<uint64_t> ub(TPosition::VECOUT, ubMsgAddr_, sizeof(T) / 8, loc);
      for (uint32_t i = 0; i < sizeof(T) / 8; ++i) ub.SetValue(i, words[i], loc);
      const int32_t evt = GetTPipePtr()->FetchEventID(HardEvent::S_MTE3, loc);
      SetFlag<HardEvent::S_MTE3>(evt, loc);
      WaitFlag<HardEvent::S_MTE3>(evt, loc);
      PipeBarrier<PIPE_MTE3>(loc);
      GlobalTensor<uint64_t> gm;
      gm.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(msg), sizeof(T) / 8);
      DataCopy(gm, ub, DataCopyParams(1, static_cast<uint16_t>(sizeof(T) / ONE_BLK_SIZE), 0, 0),
               loc);
      SetFlag<HardEvent::MTE3_S>(int32_t{eventID_}, loc);
    }
    return offsetOf(msg);
  }

  // AIV: marks the allocated slot FAKE (merged into an earlier message).
  uint16_t PostFakeMsg(__gm__ T* msg, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::PostFakeMsg", loc);
    if (!ASCEND_IS_AIV) return offsetOf(msg);
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle::PostFakeMsg", loc);
    takeSlot(msg, kAllocated, site, "PostFakeMsg");
    writeState(msg, CubeMsgState::FAKE, site);
    return offsetOf(msg);
  }

  // AIV: tells the AIC this queue ends its service.
  void SetQuit(__gm__ T* msg, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::SetQuit", loc);
    if (!ASCEND_IS_AIV) return;
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle::SetQuit", loc);
    takeSlot(msg, kAllocated, site, "SetQuit");
    const uint8_t aivId = queueId_ % aivPerAic_;
    asctwin::kernel::gmScalarWrite(ref(msg, 1), &aivId, 1, site);
    writeState(msg, CubeMsgState::QUIT, site);
  }

  // AIC: the message is done.
  uint16_t FreeMessage(__gm__ T* msg, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::FreeMessage", loc);
    if (!ASCEND_IS_AIC) return offsetOf(msg);
    const auto site = asctwin::kernel::Site::at("CubeResGroupHandle::FreeMessage", loc);
    requireOwnSlot(msg, site, "FreeMessage");
    writeState(msg, CubeMsgState::FREE, site);
    return offsetOf(msg);
  }

  // AIC: waits until the message reaches waitState (FAKE or VALID), then frees it.
  uint16_t FreeMessage(__gm__ T* msg, CubeMsgState waitState,
                       std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::FreeMessage", loc);
    if (!ASCEND_IS_AIC) return offsetOf(msg);
    const auto at = asctwin::kernel::Site::at("CubeResGroupHandle::FreeMessage", loc);
    if (waitState == CubeMsgState::FREE || waitState == CubeMsgState::QUIT)
      asctwin::kernel::fail(at, "FreeMessage: waitState must be VALID or FAKE, not %s",
                            waitState == CubeMsgState::FREE ? "FREE" : "QUIT");
    requireOwnSlot(msg, at, "FreeMessage");
    const uint64_t slot = static_cast<uint64_t>(msg - msgHead_);
    const auto site = asctwin::kernel::resGroupSite(
        std::string("CubeResGroupHandle::FreeMessage (waits until queue ") +
            std::to_string(queueOfSlot(slot)) + " posts its message " +
            (waitState == CubeMsgState::FAKE ? "FAKE" : "VALID") + ")",
        loc);
    while (readState(msg, site) != waitState) {
    }
    writeState(msg, CubeMsgState::FREE, at);
    return offsetOf(msg);
  }

  // AIC: the next skipCnt messages of this row were merged (FAKE); skip them.
  void SetSkipMsg(uint8_t skipCnt, std::source_location loc = std::source_location::current()) {
    if (!ASCEND_IS_AIC) return;
    if (aivWork_ + skipCnt >= aivNumForCurAic_)
      asctwin::kernel::fail(asctwin::kernel::Site::at("CubeResGroupHandle::SetSkipMsg", loc),
                            "SetSkipMsg: skipping %u messages from queue position %u passes the "
                            "row's %u queues (a skip stays in its row)",
                            skipCnt, aivWork_, aivNumForCurAic_);
    aivWork_ = static_cast<uint8_t>(aivWork_ + skipCnt);
    msgPos_ = static_cast<uint16_t>(msgPos_ + skipCnt);
  }

  // AIV: sync: waits until the AIC freed the message at `offset` (true);
  // else tells whether it has.
  template <bool sync = true>
  bool Wait(uint16_t offset, std::source_location loc = std::source_location::current()) {
    asctwin::kernel::ApiCall call("CubeResGroupHandle::Wait", loc);
    if (!ASCEND_IS_AIV) return true;
    const auto at = asctwin::kernel::Site::at("CubeResGroupHandle::Wait", loc);
    requireQueue(at, "Wait");
    if (offset % aivPerAic_ != 0 || offset / aivPerAic_ >= MAX_MSG_PER_AIV)
      asctwin::kernel::fail(at,
                            "Wait: offset %u is not one of this queue's slots (0, %u, %u, %u: "
                            "what PostMessage / PostFakeMsg return)",
                            offset, aivPerAic_, 2 * aivPerAic_, 3 * aivPerAic_);
    __gm__ T* msg = msgHead_ + offset;
    const auto site = asctwin::kernel::resGroupSite(
        "CubeResGroupHandle::Wait (waits until the AIC frees slot " +
            std::to_string(offset / aivPerAic_) + " of queue " + std::to_string(queueId_) + ")",
        loc);
    if constexpr (sync) {
      while (readState(msg, site) != CubeMsgState::FREE) {
      }
      return true;
    } else {
      return readState(msg, site) == CubeMsgState::FREE;
    }
  }

 private:
  friend struct detail::ResGroupLoop<T>;
  static constexpr uint8_t kFree = 0, kAllocated = 1, kAllocatedMte3 = 2;

  asctwin::kernel::GmRef ref(__gm__ T* msg, uint32_t byte) const {
    return {reinterpret_cast<uintptr_t>(msg) + byte, sizeof(T) - byte};
  }
  CubeMsgState readState(__gm__ T* msg, const asctwin::kernel::Site& site) const {
    asctwin::kernel::dcacheCleanInvalidate(ref(msg, 0), false, site);
    uint8_t s = 0;
    asctwin::kernel::gmScalarRead(ref(msg, 0), &s, 1, site);
    return static_cast<CubeMsgState>(s);
  }
  void writeState(__gm__ T* msg, CubeMsgState st, const asctwin::kernel::Site& site) const {
    const auto s = static_cast<uint8_t>(st);
    asctwin::kernel::gmScalarWrite(ref(msg, 0), &s, 1, site);
    asctwin::kernel::dcacheCleanInvalidate(ref(msg, 0), false, site);
  }
  void writeWord(__gm__ T* msg, uint32_t i, uint64_t w, const asctwin::kernel::Site& site) const {
    asctwin::kernel::gmScalarWrite(ref(msg, i * 8), &w, 8, site);
  }
  void cleanLine(__gm__ T* msg, uint32_t line, const asctwin::kernel::Site& site) const {
    asctwin::kernel::dcacheCleanInvalidate(ref(msg, line * 64), false, site);
  }
  uint16_t offsetOf(__gm__ T* msg) const { return static_cast<uint16_t>(msg - msgHead_); }
  uint32_t queueOfSlot(uint64_t slot) const {
    return aicIndex_ * uint32_t{aivPerAic_} + static_cast<uint32_t>(slot % aivPerAic_);
  }

  void requireMade(const asctwin::kernel::Site& site, const char* api) const {
    if (aivPerAic_ == 0)
      asctwin::kernel::fail(site,
                            "%s on a CubeResGroupHandle that was default-constructed (use "
                            "CreateCubeResGroup or the constructor with the workspace)",
                            api);
  }
  void requireQueue(const asctwin::kernel::Site& site, const char* api) const {
    requireMade(site, api);
    if (!assigned_)
      asctwin::kernel::fail(site, "%s before AssignQueue: the AIV has no queue of this group", api);
  }
  // The AIV's slot `msg` must be allocated (in `mode`) and not yet posted.
  void takeSlot(__gm__ T* msg, uint8_t mode, const asctwin::kernel::Site& site, const char* api) {
    requireQueue(site, api);
    const int64_t off = msg - msgHead_;
    if (off < 0 || off % aivPerAic_ != 0 || off / aivPerAic_ >= MAX_MSG_PER_AIV)
      asctwin::kernel::fail(site,
                            "%s: %p is not a slot of queue %u (use what AllocMessage returns)", api,
                            static_cast<void*>(msg), queueId_);
    uint8_t& s = slots_[off / aivPerAic_];
    if (s == kFree)
      asctwin::kernel::fail(site,
                            "%s: slot %lld of queue %u was not allocated (AllocMessage first) or "
                            "was posted already",
                            api, static_cast<long long>(off / aivPerAic_), queueId_);
    if (s != mode)
      asctwin::kernel::fail(site,
                            "%s: slot %lld of queue %u was allocated with AllocMessage<%s>; "
                            "%s",
                            api, static_cast<long long>(off / aivPerAic_), queueId_,
                            s == kAllocatedMte3 ? "MTE3_MODE" : "SCALAR_MODE",
                            s == kAllocatedMte3 ? "an MTE3_MODE slot takes PostMessage<MTE3_MODE>"
                                                : "post it with the same pipeMode");
    s = kFree;
  }
  // The AIC's `msg` must lie in its own area.
  void requireOwnSlot(__gm__ T* msg, const asctwin::kernel::Site& site, const char* api) const {
    if (!inGroup_)
      asctwin::kernel::fail(site, "%s on an AIC outside the group (AICs %u to %u)", api, aicStart_,
                            aicStart_ + aicSize_ - 1);
    const int64_t off = msg - msgHead_;
    if (off < 0 || off >= int64_t{aivPerAic_} * MAX_MSG_PER_AIV)
      asctwin::kernel::fail(site, "%s: %p is not a message of this AIC's queues", api,
                            static_cast<void*>(msg));
  }

  uint8_t aicSize_ = 0;
  uint8_t aivSize_ = 0;
  uint8_t aivPerAic_ = 0;
  uint8_t aivNumForCurAic_ = 0;
  uint8_t queueId_ = 0;
  uint8_t aicStart_ = 0;
  uint8_t aicIndex_ = 0;
  bool inGroup_ = false;
  bool assigned_ = false;
  __gm__ T* area_ = nullptr;
  __gm__ T* msgHead_ = nullptr;
  __gm__ T* msgCurrent_ = nullptr;
  uint32_t ubMsgAddr_ = 0;
  uint16_t msgPos_ = 0;
  uint16_t msgSize_ = 0;
  uint64_t aivWorkState_ = 0;
  uint8_t aivWork_ = 0;
  uint8_t eventID_ = 0;
  uint8_t slots_[MAX_MSG_PER_AIV] = {};  // AIV: allocated, not yet posted
};

namespace detail {
// The AIC side of CreateCubeResGroup: receive, run or quit, move on.
template <typename T>
struct ResGroupLoop {
  using H = CubeResGroupHandle<T>;
  static uint32_t areaBytes(const H& h) { return uint32_t{h.msgSize_} * sizeof(T); }
  static bool serves(const H& h) { return ASCEND_IS_AIC && h.inGroup_; }
  static bool running(const H& h) { return h.aivWorkState_ != 0; }
  // Waits until the current message is not FREE; returns it.
  static __gm__ T* receive(H& h, const std::source_location& loc) {
    const auto site = asctwin::kernel::resGroupSite(
        "CreateCubeResGroup (the AIC waits for a message or SetQuit of queue " +
            std::to_string(h.queueOfSlot(h.msgPos_)) + ")",
        loc);
    while (h.readState(h.msgCurrent_, site) == CubeMsgState::FREE) {
    }
    return h.msgCurrent_;
  }
  // A QUIT message: its queue leaves the rotation. False for other states.
  static bool quit(H& h, __gm__ T* msg, const std::source_location& loc) {
    const auto site = asctwin::kernel::Site::at("CreateCubeResGroup", loc);
    uint8_t st = 0;
    asctwin::kernel::gmScalarRead(h.ref(msg, 0), &st, 1, site);
    if (static_cast<CubeMsgState>(st) != CubeMsgState::QUIT) return false;
    uint8_t aivId = 0;
    asctwin::kernel::gmScalarRead(h.ref(msg, 1), &aivId, 1, site);
    if (aivId >= h.aivNumForCurAic_)
      asctwin::kernel::fail(site,
                            "CreateCubeResGroup: a QUIT message names queue position %u, the "
                            "AIC serves %u",
                            aivId, h.aivNumForCurAic_);
    h.aivWorkState_ &= ~(uint64_t{1} << aivId);
    return true;
  }
  // One step along the rows, past the queues that quit.
  static void step(H& h) {
    if (h.aivWork_ + 1 >= h.aivNumForCurAic_) {  // to the next row, from its first queue
      const uint32_t row = h.msgPos_ / h.aivPerAic_;
      h.msgPos_ = row == MAX_MSG_PER_AIV - 1
                      ? 0
                      : static_cast<uint16_t>(h.msgPos_ + (h.aivPerAic_ - h.aivNumForCurAic_) + 1);
      h.aivWork_ = 0;
    } else {
      ++h.msgPos_;
      ++h.aivWork_;
    }
    h.msgCurrent_ = h.msgHead_ + h.msgPos_;
  }
  static void release(H& h) {
    step(h);
    if (h.aivWorkState_ == 0) return;
    while ((h.aivWorkState_ & (uint64_t{1} << h.aivWork_)) == 0) step(h);
  }
};
}  // namespace detail

// Makes the group's handle on every core and moves the workspace past its
// message area; on the group's AICs constructs the compute object and the
// callback, calls Init, then runs Call for each message until every queue
// quit.
template <int groupID, class MatmulApiType, template <class, class> class CallBack,
          typename CubeMsgType>
CubeResGroupHandle<CubeMsgType> CreateCubeResGroup(
    KfcWorkspace& desc, uint8_t blockStart, uint8_t blockSize, uint8_t msgQueueSize, GM_ADDR tiling,
    std::source_location loc = std::source_location::current()) {
  using Loop = detail::ResGroupLoop<CubeMsgType>;
  CubeResGroupHandle<CubeMsgType> handle(desc.GetKfcWorkspace(), blockStart, blockSize,
                                         msgQueueSize, GetEventId(desc), loc);
  desc.UpdateKfcWorkspace(Loop::areaBytes(handle));
  if (!Loop::serves(handle)) return handle;
  MatmulApiType mm;
  CallBack<MatmulApiType, CubeMsgType> obj;
  obj.Init(obj, mm, tiling);
  while (Loop::running(handle)) {
    __gm__ CubeMsgType* msg = Loop::receive(handle, loc);
    if (!Loop::quit(handle, msg, loc)) obj.Call(mm, msg, handle);
    Loop::release(handle);
  }
  return handle;
}

}  // namespace AscendC
