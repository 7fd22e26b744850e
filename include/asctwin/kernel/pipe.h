// TPipe (owner of a core's local memory, its queue buffers and its pool of
// event ids), TQueBind/TQue (buffers whose hand-over between pipes is a
// hardware flag), TBuf (plain buffers) and LocalMemAllocator (static tensor
// programming).
//
// The queues synchronise exactly as on the hardware: EnQue takes an event id
// of the queue's forward event (e.g. MTE2_V for VECIN) from the TPipe's pool
// and sets that flag; DeQue waits for it and gives the id back; FreeTensor
// takes an id of the backward event (V_MTE2) and sets it; the next
// AllocTensor of that buffer waits for it and gives it back. User code that
// takes ids with AllocEventID sees the ids the queues hold as occupied.
#pragma once

#include <cstdint>
#include <exception>
#include "asctwin/source_location.h"

#include "asctwin/kernel/positions.h"
#include "asctwin/kernel/soc_state.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

class TPipe;

enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE };

// One buffer a TPipe manages (a queue's or a TBuf's); TBufHandle points to it.
struct TBufType {
  TBufState state = TBufState::FREE;
  HardEvent freeBufEvt = HardEvent::MAX;
  TEventID enQueEvtID = INVALID_TEVENTID;
  TEventID freeBufEvtID = INVALID_TEVENTID;
  uint32_t address = 0;  // offset in its local memory
  uint32_t dataLen = 0;  // bytes, a multiple of 32
  TTagType usertag = -1;
  asctwin::kernel::LocalRef ref{};  // the twin's view of the same bytes
};

}  // namespace AscendC

// The TPipe of the calling core (the last one constructed on it and not
// destroyed), as in the real API: a global function.
AscendC::TPipe* GetTPipePtr();

namespace AscendC {

namespace detail {
using asctwin::kernel::Site;
inline const char* stateName(TBufState s) {
  switch (s) {
    case TBufState::FREE:
      return "free";
    case TBufState::OCCUPIED:
      return "allocated";
    case TBufState::ENQUE:
      return "queued";
    default:
      return "dequeued";
  }
}
inline void setFlag(HardEvent e, TEventID id, const Site& site) {
  asctwin::kernel::setFlag(e, id, site);
}
inline void waitFlag(HardEvent e, TEventID id, const Site& site) {
  asctwin::kernel::waitFlag(e, id, site);
}
}  // namespace detail

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
 public:
  static_assert(depth >= 0, "TQue depth must be >= 0");
  TQueBind() = default;

  template <typename T>
  LocalTensor<T> AllocTensor(std::source_location loc = std::source_location::current()) {
    static_assert(depth != 0, "must use AllocTensor(LocalTensor&) while the queue's depth is zero");
    return toTensor<T>(AllocBuffer(loc));
  }
  template <typename T>
  void AllocTensor(LocalTensor<T>& tensor,
                   std::source_location loc = std::source_location::current()) {
    static_assert(depth == 0, "AllocTensor(LocalTensor&) needs a queue of depth zero");
    const auto site = detail::Site::at("TQue::AllocTensor", loc);
    TBufType* b = nextFree(site);
    b->state = TBufState::OCCUPIED;
    detail::waitFlag(freeBufEvt, b->freeBufEvtID, site);
    tensor = toTensor<T>(reinterpret_cast<TBufHandle>(b));
  }

  template <typename T>
  void FreeTensor(LocalTensor<T>& tensor,
                  std::source_location loc = std::source_location::current()) {
    FreeBuffer(handleOf(tensor, detail::Site::at("TQue::FreeTensor", loc), "FreeTensor"), loc);
  }

  template <typename T>
  bool EnQue(const LocalTensor<T>& tensor,
             std::source_location loc = std::source_location::current()) {
    return EnQue(handleOf(tensor, detail::Site::at("TQue::EnQue", loc), "EnQue"), loc);
  }
  bool EnQue(TBufHandle buf, std::source_location loc = std::source_location::current()) {
    const auto site = detail::Site::at("TQue::EnQue", loc);
    TBufType* b = checkHandle(buf, site, "EnQue");
    if (b->state != TBufState::OCCUPIED && b->state != TBufState::DEQUE)
      asctwin::kernel::fail(site, "EnQue of a buffer that is %s (expected allocated)",
                            detail::stateName(b->state));
    if constexpr (depth == 0) {
      b->state = TBufState::ENQUE;
      detail::setFlag(enQueEvt, b->enQueEvtID, site);
    } else {
      if (usedCount_ >= depth)
        asctwin::kernel::fail(site, "EnQue on a full queue (depth %d)", static_cast<int>(depth));
      que_[tail_] = b;
      tail_ = (tail_ + 1) % depth;
      ++usedCount_;
      b->state = TBufState::ENQUE;
      b->enQueEvtID = allocEventId(enQueEvt, site);
      detail::setFlag(enQueEvt, b->enQueEvtID, site);
    }
    return true;
  }

  template <typename T>
  LocalTensor<T> DeQue(std::source_location loc = std::source_location::current()) {
    static_assert(depth != 0, "must use DeQue(LocalTensor&) while the queue's depth is zero");
    return toTensor<T>(DeQue(loc));
  }
  template <typename T>
  void DeQue(LocalTensor<T>& tensor, std::source_location loc = std::source_location::current()) {
    static_assert(depth == 0, "DeQue(LocalTensor&) needs a queue of depth zero");
    const auto site = detail::Site::at("TQue::DeQue", loc);
    TBufType* b = checkHandle(tensor.GetBufferHandle(), site, "DeQue");
    if (b->state != TBufState::ENQUE)
      asctwin::kernel::fail(site, "DeQue of a buffer that is %s (expected queued)",
                            detail::stateName(b->state));
    b->state = TBufState::DEQUE;
    detail::waitFlag(enQueEvt, b->enQueEvtID, site);
  }
  TBufHandle DeQue(std::source_location loc = std::source_location::current()) {
    const auto site = detail::Site::at("TQue::DeQue", loc);
    requireInit(site);
    if (usedCount_ == 0)
      asctwin::kernel::fail(
          site, "DeQue of an empty queue (no EnQue before it; this would hang on hardware)");
    TBufType* b = que_[head_];
    head_ = (head_ + 1) % (depth == 0 ? 1 : depth);
    --usedCount_;
    b->state = TBufState::DEQUE;
    if (b->enQueEvtID != INVALID_TEVENTID) {
      detail::waitFlag(enQueEvt, b->enQueEvtID, site);
      releaseEventId(enQueEvt, b->enQueEvtID, site);
      b->enQueEvtID = INVALID_TEVENTID;
    }
    return reinterpret_cast<TBufHandle>(b);
  }

  void FreeBuffer(TBufHandle buf, std::source_location loc = std::source_location::current()) {
    const auto site = detail::Site::at("TQue::FreeTensor", loc);
    TBufType* b = checkHandle(buf, site, "FreeTensor");
    if (b->state == TBufState::FREE)
      asctwin::kernel::fail(site, "FreeTensor of a buffer that is already free");
    if (b->state == TBufState::ENQUE)
      asctwin::kernel::fail(site,
                            "FreeTensor of a buffer that is still in the queue (DeQue it first)");
    if constexpr (depth == 0) {
      detail::setFlag(freeBufEvt, b->freeBufEvtID, site);
    } else {
      b->freeBufEvtID = allocEventId(freeBufEvt, site);
      detail::setFlag(freeBufEvt, b->freeBufEvtID, site);
      --bufUsedCount_;
    }
    b->state = TBufState::FREE;
  }

  bool VacantInQue() const { return usedCount_ < depth; }
  bool HasTensorInQue() const { return usedCount_ > 0; }
  int32_t GetTensorCountInQue() const { return usedCount_; }
  bool HasIdleBuffer() const { return bufUsedCount_ < bufNum_; }
  // Waits for the buffers' pending FreeTensor flags and gives their ids back
  // (frees event ids for other queues).
  void FreeAllEvent(std::source_location loc = std::source_location::current()) {
    static_assert(depth != 0, "FreeAllEvent needs a queue of nonzero depth");
    const auto site = detail::Site::at("TQue::FreeAllEvent", loc);
    for (uint8_t i = 0; i < bufNum_; ++i) {
      TBufType* b = bufStart_ + i;
      if (b->freeBufEvtID == INVALID_TEVENTID) continue;
      detail::waitFlag(freeBufEvt, b->freeBufEvtID, site);
      releaseEventId(freeBufEvt, b->freeBufEvtID, site);
      b->freeBufEvtID = INVALID_TEVENTID;
    }
  }
  template <typename T>
  TBufState GetState(const LocalTensor<T>& tensor) const {
    const auto* b = reinterpret_cast<const TBufType*>(tensor.GetBufferHandle());
    return b != nullptr ? b->state : TBufState::FREE;
  }

  static constexpr TPosition srcPosition = src;
  static constexpr TPosition dstPosition = dst;
  static constexpr Hardware srcHardType = GetPhyType(src);
  static constexpr Hardware dstHardType = GetPhyType(dst);
  static constexpr HardEvent enQueEvt = GetQueEvt(srcHardType, dstHardType, true);
  static constexpr HardEvent freeBufEvt = GetQueEvt(srcHardType, dstHardType, false);
  static constexpr int32_t queDepth = depth;
  static constexpr bool isTQue = true;

 protected:
  friend class TPipe;
  // TPipe::InitBuffer: the queue's buffers are bufs[0, num) of the pipe.
  void attach(TPipe* pipe, TBufType* bufs, uint8_t num) {
    pipe_ = pipe;
    bufStart_ = bufs;
    bufNum_ = num;
    usedCount_ = head_ = tail_ = bufUsedCount_ = bufCursor_ = 0;
  }
  TBufHandle AllocBuffer(const std::source_location& loc) {
    const auto site = detail::Site::at("TQue::AllocTensor", loc);
    TBufType* b = nextFree(site);
    b->state = TBufState::OCCUPIED;
    ++bufUsedCount_;
    if (b->freeBufEvtID != INVALID_TEVENTID) {
      detail::waitFlag(freeBufEvt, b->freeBufEvtID, site);
      releaseEventId(freeBufEvt, b->freeBufEvtID, site);
      b->freeBufEvtID = INVALID_TEVENTID;
    }
    return reinterpret_cast<TBufHandle>(b);
  }
  template <typename T>
  LocalTensor<T> toTensor(TBufHandle h) const {
    const auto* b = reinterpret_cast<const TBufType*>(h);
    return LocalTensor<T>(b->ref, GetPosition(src, dst), h);
  }
  TEventID allocEventId(HardEvent e, const asctwin::kernel::Site& site);
  void releaseEventId(HardEvent e, TEventID id, const asctwin::kernel::Site& site);

 private:
  void requireInit(const asctwin::kernel::Site& site) const {
    if (bufNum_ == 0)
      asctwin::kernel::fail(site, "the queue was never given memory by TPipe::InitBuffer");
  }
  TBufType* nextFree(const asctwin::kernel::Site& site) {
    requireInit(site);
    for (uint8_t i = 0; i < bufNum_; ++i) {
      TBufType* b = bufStart_ + bufCursor_;
      bufCursor_ = static_cast<uint8_t>((bufCursor_ + 1) % bufNum_);
      if (b->state == TBufState::FREE) return b;
    }
    asctwin::kernel::fail(site,
                          "AllocTensor: all %d buffer(s) of the queue are in use (FreeTensor "
                          "missing; this would hang on hardware)",
                          static_cast<int>(bufNum_));
  }
  TBufType* checkHandle(TBufHandle h, const asctwin::kernel::Site& site, const char* op) const {
    requireInit(site);
    auto* b = reinterpret_cast<TBufType*>(h);
    if (b < bufStart_ || b >= bufStart_ + bufNum_)
      asctwin::kernel::fail(site, "%s of a tensor that does not belong to this queue", op);
    return b;
  }
  template <typename T>
  TBufHandle handleOf(const LocalTensor<T>& t, const asctwin::kernel::Site& site,
                      const char* op) const {
    checkHandle(t.GetBufferHandle(), site, op);
    return t.GetBufferHandle();
  }

  static constexpr int32_t kSlots = depth == 0 ? 1 : depth;
  TPipe* pipe_ = nullptr;
  TBufType* bufStart_ = nullptr;
  TBufType* que_[kSlots] = {};
  uint8_t bufNum_ = 0;
  uint8_t usedCount_ = 0;
  uint8_t head_ = 0;
  uint8_t tail_ = 0;
  uint8_t bufUsedCount_ = 0;
  uint8_t bufCursor_ = 0;
};

// A queue at one position: the data flow into (VECIN, A1, ...) or out of
// (VECOUT, CO2) the core that the position stands for.
template <TPosition pos, int32_t depth, auto mask = 0>
class TQue
    : public TQueBind<GetBufferLogicPos(pos, true), GetBufferLogicPos(pos, false), depth, mask> {
  static_assert(GetBufferLogicPos(pos, true) != TPosition::MAX,
                "TQue position must be VECIN, VECOUT, A1, A2, B1, B2, C1, C2, CO1 or CO2");

 public:
  TQue() = default;
};

template <TPosition pos = TPosition::LCM>
class TBuf {
 public:
  TBuf() = default;
  template <typename T>
  LocalTensor<T> Get(std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    return LocalTensor<T>(buf_->ref, pos, reinterpret_cast<TBufHandle>(buf_));
  }
  template <typename T>
  LocalTensor<T> Get(uint32_t len,
                     std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    if (static_cast<uint64_t>(len) * sizeof(T) > buf_->ref.bytes)
      asctwin::kernel::fail(asctwin::kernel::Site::at("TBuf::Get", loc),
                            "Get(%u) asks for %llu bytes but the buffer holds %u", len,
                            static_cast<unsigned long long>(len) * sizeof(T), buf_->ref.bytes);
    asctwin::kernel::LocalRef r = buf_->ref;
    r.bytes = len * static_cast<uint32_t>(sizeof(T));
    return LocalTensor<T>(r, pos, reinterpret_cast<TBufHandle>(buf_));
  }
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset,
                               std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    if (bufOffset % 32 != 0 ||
        bufOffset + static_cast<uint64_t>(size) * sizeof(T) > buf_->ref.bytes)
      asctwin::kernel::fail(
          asctwin::kernel::Site::at("TBuf::GetWithOffset", loc),
          "GetWithOffset(%u, %u) must be 32-byte aligned and inside the %u-byte buffer", size,
          bufOffset, buf_->ref.bytes);
    asctwin::kernel::LocalRef r = buf_->ref;
    r.ptr += bufOffset;
    r.offset += bufOffset;
    r.bytes = size * static_cast<uint32_t>(sizeof(T));
    return LocalTensor<T>(r, pos, reinterpret_cast<TBufHandle>(buf_));
  }

  static constexpr bool isTQue = false;

 private:
  friend class TPipe;
  void requireInit(const std::source_location& loc) const {
    if (buf_ == nullptr)
      asctwin::kernel::fail(asctwin::kernel::Site::at("TBuf::Get", loc),
                            "the TBuf was never given memory by TPipe::InitBuffer");
  }
  TBufType* buf_ = nullptr;
};

class TPipe {
 public:
  explicit TPipe(std::source_location loc = std::source_location::current()) {
    InitSocState(loc);
    Init(loc);
  }
  // Destroy() waits and synchronises, so it may unwind the block when the
  // launch fails meanwhile (a kernel abort): the destructor may throw.
  ~TPipe() noexcept(false) {
    if (destroyed_) return;
    // While a failed launch unwinds, only the bookkeeping is undone.
    if (std::uncaught_exceptions() > 0) {
      destroyed_ = true;
      asctwin::kernel::pipeDestroyed(this);
      return;
    }
    Destroy();
  }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  // Makes this the core's pipe with empty memory and a full event-id pool.
  void Init(std::source_location loc = std::source_location::current()) {
    asctwin::kernel::pipeCreated(this, asctwin::kernel::Site::at("TPipe::Init", loc));
    for (auto& o : eventOccupy_) o = 0;
    curBufSize_ = 0;
    destroyed_ = false;
  }

  template <class T>
  bool InitBuffer(T& que, uint8_t num, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    static_assert(T::isTQue, "InitBuffer(que, num, len) needs a TQue or TQueBind");
    const auto site = asctwin::kernel::Site::at("TPipe::InitBuffer", loc);
    requireLive(site);
    if (num == 0) asctwin::kernel::fail(site, "InitBuffer: num must be at least 1");
    if (curBufSize_ + num > QBUF_MAX_LEN)
      asctwin::kernel::fail(site,
                            "InitBuffer: a TPipe manages at most %d buffers; %d are in use and "
                            "%u more were asked for",
                            static_cast<int>(QBUF_MAX_LEN), static_cast<int>(curBufSize_),
                            static_cast<unsigned>(num));
    const auto space = detail::spaceOf(GetBufferPos(T::srcPosition, T::dstPosition));
    TBufType* first = bufs_ + curBufSize_;
    for (uint8_t i = 0; i < num; ++i) {
      TBufType& b = bufs_[curBufSize_ + i];
      b = TBufType{};
      b.freeBufEvt = T::freeBufEvt;
      b.ref = carve(space, len, site);
      b.address = b.ref.offset;
      b.dataLen = b.ref.bytes;
      if constexpr (T::queDepth == 0) {
        b.enQueEvtID = allocEventIdAt(T::enQueEvt, site);
        b.freeBufEvtID = allocEventIdAt(T::freeBufEvt, site);
        asctwin::kernel::setFlag(T::freeBufEvt, b.freeBufEvtID, site);
      }
    }
    curBufSize_ = static_cast<uint8_t>(curBufSize_ + num);
    que.attach(this, first, num);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::InitBuffer", loc);
    requireLive(site);
    if (curBufSize_ + 1 > QBUF_MAX_LEN)
      asctwin::kernel::fail(site, "InitBuffer: a TPipe manages at most %d buffers",
                            static_cast<int>(QBUF_MAX_LEN));
    TBufType& b = bufs_[curBufSize_++];
    b = TBufType{};
    b.ref = carve(detail::spaceOf(bufPos), len, site);
    b.address = b.ref.offset;
    b.dataLen = b.ref.bytes;
    buf.buf_ = &b;
    return true;
  }

  // Event ids (0..7 per HardEvent): AllocEventID takes the lowest free one
  // until ReleaseEventID; FetchEventID only tells which one that would be.
  template <HardEvent evt>
  TEventID AllocEventID(std::source_location loc = std::source_location::current()) {
    return allocEventIdAt(evt, asctwin::kernel::Site::at("TPipe::AllocEventID", loc));
  }
  template <HardEvent evt>
  void ReleaseEventID(TEventID id, std::source_location loc = std::source_location::current()) {
    releaseEventIdAt(evt, id, asctwin::kernel::Site::at("TPipe::ReleaseEventID", loc));
  }
  template <HardEvent evt>
  TEventID FetchEventID(std::source_location loc = std::source_location::current()) {
    return FetchEventID(evt, loc);
  }
  TEventID FetchEventID(HardEvent evt, std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::FetchEventID", loc);
    const int id = lowestFree(evt, site);
    if (id >= QUE_MAX_EVENT) exhausted(evt, site);
    return static_cast<TEventID>(id);
  }

  // Releases the pipe without PipeBarrier<PIPE_ALL>: waits for the pending
  // FreeTensor flags of free buffers, then gives the core's memory back.
  void DestroyWithoutPipeAll(std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::Destroy", loc);
    if (destroyed_) return;
    destroyed_ = true;
    waitFreeFlags(site);
    asctwin::kernel::pipeDestroyed(this);
  }
  // As DestroyWithoutPipeAll, then PipeBarrier<PIPE_ALL>: another TPipe may
  // follow on the core.
  void Destroy(std::source_location loc = std::source_location::current()) {
    if (destroyed_) return;
    DestroyWithoutPipeAll(loc);
    asctwin::kernel::pipeBarrier(PIPE_ALL, asctwin::kernel::Site::at("TPipe::Destroy", loc));
  }
  // Frees every buffer (their pending FreeTensor flags are waited for), so
  // the pipe can carve its memory anew; the atomic mode is reset.
  void Reset(std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::Reset", loc);
    requireLive(site);
    waitFreeFlags(site);
    InitSocState(loc);
    asctwin::kernel::pipeReset(site);
    for (auto& o : eventOccupy_) o = 0;
    curBufSize_ = 0;
  }

 private:
  template <TPosition, TPosition, int32_t, auto>
  friend class TQueBind;

  void requireLive(const asctwin::kernel::Site& site) const {
    if (destroyed_) asctwin::kernel::fail(site, "the TPipe was destroyed");
  }
  int lowestFree(HardEvent evt, const asctwin::kernel::Site& site) const {
    if (evt >= HardEvent::MAX) asctwin::kernel::fail(site, "event must be a HardEvent below MAX");
    const uint64_t occ = eventOccupy_[static_cast<int>(evt)];
    int id = 0;
    while (id < 64 && (occ >> id) & 1u) ++id;
    return id;
  }
  [[noreturn]] static void exhausted(HardEvent evt, const asctwin::kernel::Site& site) {
    asctwin::kernel::fail(site,
                          "all %d event ids of HardEvent %d are in use (queue buffers and "
                          "AllocEventID hold them until DeQue/AllocTensor/ReleaseEventID)",
                          static_cast<int>(QUE_MAX_EVENT), static_cast<int>(evt));
  }
  TEventID allocEventIdAt(HardEvent evt, const asctwin::kernel::Site& site) {
    const int id = lowestFree(evt, site);
    if (id >= QUE_MAX_EVENT) exhausted(evt, site);
    eventOccupy_[static_cast<int>(evt)] |= uint64_t{1} << id;
    return static_cast<TEventID>(id);
  }
  void releaseEventIdAt(HardEvent evt, TEventID id, const asctwin::kernel::Site& site) {
    if (evt >= HardEvent::MAX) asctwin::kernel::fail(site, "event must be a HardEvent below MAX");
    if (id < 0 || id >= QUE_MAX_EVENT)
      asctwin::kernel::fail(site, "ReleaseEventID: id %d must be in [0, %d)", static_cast<int>(id),
                            static_cast<int>(QUE_MAX_EVENT));
    eventOccupy_[static_cast<int>(evt)] &= ~(uint64_t{1} << id);
  }
  void waitFreeFlags(const asctwin::kernel::Site& site) {
    for (uint8_t i = 0; i < curBufSize_; ++i) {
      TBufType& b = bufs_[i];
      if (b.freeBufEvtID != INVALID_TEVENTID && b.state == TBufState::FREE) {
        asctwin::kernel::waitFlag(b.freeBufEvt, b.freeBufEvtID, site);
        b.freeBufEvtID = INVALID_TEVENTID;
      }
    }
  }
  static asctwin::kernel::LocalRef carve(asctwin::kernel::Space s, uint32_t len,
                                         const asctwin::kernel::Site& site) {
    asctwin::kernel::LocalRef r;
    r.space = s;
    r.bufferId = asctwin::kernel::newBufferId();
    r.offset = asctwin::kernel::carveLocal(s, len, site, r.bufferId);
    r.ptr = asctwin::kernel::localBase(s) + r.offset;
    r.bytes = (len + 31u) / 32u * 32u;
    return r;
  }

  uint64_t eventOccupy_[static_cast<int>(HardEvent::MAX)] = {};
  TBufType bufs_[QBUF_MAX_LEN];
  uint8_t curBufSize_ = 0;
  bool destroyed_ = false;
};

template <TPosition src, TPosition dst, int32_t depth, auto mask>
TEventID TQueBind<src, dst, depth, mask>::allocEventId(HardEvent e,
                                                       const asctwin::kernel::Site& site) {
  return pipe_->allocEventIdAt(e, site);
}
template <TPosition src, TPosition dst, int32_t depth, auto mask>
void TQueBind<src, dst, depth, mask>::releaseEventId(HardEvent e, TEventID id,
                                                     const asctwin::kernel::Site& site) {
  pipe_->releaseEventIdAt(e, id, site);
}

// Static tensor programming: consecutive tensors from the start of the
// hardware buffer `hw`, each at a logical position of that buffer (the
// default one, VECCALC for UB, A1 for L1, ..., unless named). As in the real
// implementation the cursor moves by the tensor's exact size, so a tensor
// whose bytes are not a multiple of 32 leaves the next one misaligned (the
// LocalTensor constructor refuses it).
template <Hardware hw = Hardware::UB>
class LocalMemAllocator {
 public:
  LocalMemAllocator() = default;
  ~LocalMemAllocator() {
    if (cursor_ != 0) asctwin::kernel::localAllocGone(this);
  }
  template <TPosition pos, class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(std::source_location loc = std::source_location::current()) {
    static_assert(GetPhyType(pos) == hw, "logic pos and hardware pos not matched.");
    return make<DataType>(pos, tileSize, loc);
  }
  template <TPosition pos, class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize,
                              std::source_location loc = std::source_location::current()) {
    static_assert(GetPhyType(pos) == hw, "logic pos and hardware pos not matched.");
    return make<DataType>(pos, tileSize, loc);
  }
  template <class DataType, uint32_t tileSize>
  LocalTensor<DataType> Alloc(std::source_location loc = std::source_location::current()) {
    return make<DataType>(GetDefaultPosition(hw), tileSize, loc);
  }
  template <class DataType>
  LocalTensor<DataType> Alloc(uint32_t tileSize,
                              std::source_location loc = std::source_location::current()) {
    return make<DataType>(GetDefaultPosition(hw), tileSize, loc);
  }
  uint32_t GetCurAddr() const { return cursor_; }

 private:
  static_assert(hw != Hardware::GM && hw != Hardware::MAX,
                "LocalMemAllocator needs a local buffer (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF)");
  template <class DataType>
  LocalTensor<DataType> make(TPosition pos, uint32_t tileSize, const std::source_location& loc) {
    LocalTensor<DataType> t(pos, cursor_, tileSize, loc);
    asctwin::kernel::LocalRef r = t.ref();
    r.bufferId = asctwin::kernel::newBufferId();
    if (asctwin::kernel::localBase(r.space) != nullptr)  // else a tensor no instruction takes
      asctwin::kernel::localAllocMade(this, r,
                                      asctwin::kernel::Site::at("LocalMemAllocator::Alloc", loc));
    cursor_ += static_cast<uint32_t>(static_cast<uint64_t>(tileSize) * sizeof(DataType));
    return LocalTensor<DataType>(r, pos);
  }
  uint32_t cursor_ = 0;
};

}  // namespace AscendC

inline AscendC::TPipe* GetTPipePtr() {
  return static_cast<AscendC::TPipe*>(asctwin::kernel::corePipe());
}
