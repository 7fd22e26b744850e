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
// The twin's view of `len` bytes (rounded up to 32) at byte `offset` of a
// local memory, as a new buffer.
inline asctwin::kernel::LocalRef localRefAt(asctwin::kernel::Space s, uint32_t offset,
                                            uint32_t len) {
  asctwin::kernel::LocalRef r;
  r.space = s;
  r.offset = offset;
  r.ptr = asctwin::kernel::localBase(s) + offset;
  r.bytes = (len + 31u) / 32u * 32u;
  r.bufferId = asctwin::kernel::newBufferId();
  return r;
}
inline void setFlag(HardEvent e, TEventID id, const Site& site) {
  asctwin::kernel::setFlag(e, id, site);
}
inline void waitFlag(HardEvent e, TEventID id, const Site& site) {
  asctwin::kernel::waitFlag(e, id, site);
}
}  // namespace detail

// The state of a TBufPool (also the member EXTERN_IMPL_BUFPOOL gives a
// custom pool): its buffers, its region [startAddr_, startAddr_ + maxLen_)
// of the local memory and the next free byte maxAddr_.
constexpr uint32_t defaultBufIDSize = 4;
template <uint32_t bufIDSize>
struct TBufPoolImpl {
  TBufType buf_[bufIDSize];
  uint32_t startAddr_ = 0;
  uint32_t maxAddr_ = 0;
  uint32_t maxLen_ = 0;
  uint8_t curBufSize_ = 0;
  uint8_t isReset_ = 1;
  bool bound_ = false;
  asctwin::kernel::Space space_ = asctwin::kernel::Space::UB;
};
template <TPosition pos, uint32_t bufIDSize>
class TBufPool;

namespace detail {
template <uint32_t n>
void bindPool(TBufPoolImpl<n>& p, asctwin::kernel::Space space, uint32_t start, uint32_t len) {
  p.space_ = space;
  p.startAddr_ = p.maxAddr_ = start;
  p.maxLen_ = len;
  p.curBufSize_ = 0;
  p.bound_ = true;
}
// A pool laid over another's region (both use the same bytes, one after the
// other: the program's own hand-over, as TBufPool's reuse scenario).
template <uint32_t n, uint32_t m>
void sharePool(TBufPoolImpl<n>& p, const TBufPoolImpl<m>& share, uint32_t len,
               const asctwin::kernel::Site& site) {
  if (!share.bound_) asctwin::kernel::fail(site, "InitBufPool: the shared pool has no memory yet");
  if (len > share.maxLen_)
    asctwin::kernel::fail(site, "InitBufPool: %u bytes do not fit the shared pool's %u", len,
                          share.maxLen_);
  bindPool(p, share.space_, share.startAddr_, (len + 31u) / 32u * 32u);
}
// `len` bytes (rounded up to 32) of a pool for a new buffer; returns the offset.
template <uint32_t n>
uint32_t poolCarve(TBufPoolImpl<n>& p, uint32_t len, uint32_t count,
                   const asctwin::kernel::Site& site) {
  if (!p.bound_)
    asctwin::kernel::fail(site, "TBufPool: the pool was never given memory (InitBufPool)");
  const uint64_t bytes = uint64_t{(len + 31u) / 32u * 32u} * count;
  if (p.maxAddr_ + bytes > uint64_t{p.startAddr_} + p.maxLen_)
    asctwin::kernel::fail(site, "TBufPool: %llu more bytes overflow the pool's %u (%u in use)",
                          static_cast<unsigned long long>(bytes), p.maxLen_,
                          p.maxAddr_ - p.startAddr_);
  if (p.curBufSize_ + count > n)
    asctwin::kernel::fail(site, "TBufPool: the pool holds at most %u buffers", n);
  const uint32_t at = p.maxAddr_;
  p.maxAddr_ += static_cast<uint32_t>(bytes);
  return at;
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

  // The buffers of a custom TBufPool (EXTERN_IMPL_BUFPOOL): the queue's
  // `num` buffers start at `startBufhandle`; each is set up by InitBufHandle
  // at byte `curPoolAddr` of the queue's local memory.
  void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len) {
    (void)len;
    attach(GetTPipePtr(), reinterpret_cast<TBufType*>(startBufhandle), num);
  }
  template <typename P>
  void InitBufHandle(P* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                     uint32_t len) {
    (void)bufPool;
    (void)index;
    auto* b = reinterpret_cast<TBufType*>(bufhandle);
    *b = TBufType{};
    b->freeBufEvt = freeBufEvt;
    b->ref = detail::localRefAt(detail::spaceOf(GetBufferPos(src, dst)), curPoolAddr, len);
    b->address = curPoolAddr;
    b->dataLen = b->ref.bytes;
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
  template <TPosition, uint32_t>
  friend class TBufPool;
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
  // `len` elements from the start (int4b_t: an even count, two per byte).
  template <typename T>
  LocalTensor<T> Get(uint32_t len,
                     std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    const auto site = asctwin::kernel::Site::at("TBuf::Get", loc);
    detail::requireWholeBytes<PrimT<T>>(len, site);
    const uint64_t bytes = detail::bytesOf<PrimT<T>>(len);
    if (bytes > buf_->ref.bytes)
      asctwin::kernel::fail(site, "Get(%u) asks for %llu bytes but the buffer holds %u", len,
                            static_cast<unsigned long long>(bytes), buf_->ref.bytes);
    asctwin::kernel::LocalRef r = buf_->ref;
    r.bytes = static_cast<uint32_t>(bytes);
    return LocalTensor<T>(r, pos, reinterpret_cast<TBufHandle>(buf_));
  }
  // `size` elements at byte `bufOffset`, counted as the reference counts
  // them: sizeof(T) bytes each, so an int4b_t tensor spans `size` bytes
  // (2 * size elements), unlike Get.
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

  // A custom TBufPool's buffer (EXTERN_IMPL_BUFPOOL).
  void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len) {
    (void)num;
    (void)len;
    buf_ = reinterpret_cast<TBufType*>(startBufhandle);
  }
  template <typename P>
  void InitBufHandle(P* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                     uint32_t len) {
    (void)bufPool;
    (void)index;
    auto* b = reinterpret_cast<TBufType*>(bufhandle);
    *b = TBufType{};
    b->ref = detail::localRefAt(detail::spaceOf(pos), curPoolAddr, len);
    b->address = curPoolAddr;
    b->dataLen = b->ref.bytes;
  }

 private:
  friend class TPipe;
  template <TPosition, uint32_t>
  friend class TBufPool;
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

  // A TBufPool (or a custom EXTERN_IMPL_BUFPOOL pool) of `len` bytes carved
  // from the pipe, or laid over the region of `shareBuf` (memory reuse).
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len,
                   std::source_location loc = std::source_location::current()) {
    static_assert(T::isTbufPool, "InitBufPool needs a TBufPool");
    const auto site = asctwin::kernel::Site::at("TPipe::InitBufPool", loc);
    requireLive(site);
    const asctwin::kernel::LocalRef r = carve(detail::spaceOf(T::poolPos), len, site);
    detail::bindPool(bufPool.tBufPoolImpl, r.space, r.offset, r.bytes);
    return true;
  }
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf,
                   std::source_location loc = std::source_location::current()) {
    static_assert(T::isTbufPool && U::isTbufPool, "InitBufPool needs TBufPools");
    const auto site = asctwin::kernel::Site::at("TPipe::InitBufPool", loc);
    requireLive(site);
    detail::sharePool(bufPool.tBufPoolImpl, shareBuf.tBufPoolImpl, len, site);
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

  // The base address of the local memory behind a logical position (what
  // CPU debugging subtracts from a tensor's address to get its offset).
  uint8_t* GetBaseAddr(int8_t logicPos,
                       std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::GetBaseAddr", loc);
    if (logicPos < 0 || logicPos >= static_cast<int8_t>(TPosition::MAX))
      asctwin::kernel::fail(site, "illegal logicPos %d", static_cast<int>(logicPos));
    const auto pos = static_cast<TPosition>(logicPos);
    if (GetPhyType(pos) == Hardware::GM)
      asctwin::kernel::fail(site, "logicPos %d: hardware position can not be gm",
                            static_cast<int>(logicPos));
    uint8_t* base = asctwin::kernel::localBase(detail::spaceOf(pos));
    if (base == nullptr)
      asctwin::kernel::fail(site, "logicPos %d: this core has no %s", static_cast<int>(logicPos),
                            asctwin::kernel::spaceName(detail::spaceOf(pos)));
    return base;
  }

  // The SPM buffer: GM the core spills UB data to when UB is short
  // (asctwin/kernel/spm_buffer.h). Offsets count elements of T, as the real
  // implementation adds them to a T pointer.
  template <typename T>
  void InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize,
                     std::source_location loc = std::source_location::current());
  void InitSpmBuffer(const int32_t bufferSize,
                     std::source_location loc = std::source_location::current());
  template <typename T>
  void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                      int32_t writeOffset = 0,
                      std::source_location loc = std::source_location::current());
  template <typename T>
  void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                     int32_t readOffset = 0,
                     std::source_location loc = std::source_location::current());
  template <typename T>
  void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize,
                      int32_t writeOffset = 0,
                      std::source_location loc = std::source_location::current());
  template <typename T>
  void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize,
                     int32_t readOffset = 0,
                     std::source_location loc = std::source_location::current());

 private:
  template <TPosition, TPosition, int32_t, auto>
  friend class TQueBind;

  // InitSpmBuffer's GM address and size in bytes (spmBytes_ < 0: none).
  uintptr_t spmAddr_ = 0;
  int64_t spmBytes_ = -1;
  template <typename T>
  uint8_t* spmRange(const char* api, const LocalTensor<T>& local, const DataCopyParams& p,
                    int32_t offset, const asctwin::kernel::Site& site) const;

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

// A pool of local memory inside a TPipe: queues and TBufs carved from it,
// sub-pools, and Reset, which gives the whole region back (after the
// pending FreeTensor flags of its buffers and, on UB, a barrier of MTE2,
// MTE3 and V) so the next buffers can reuse it.
namespace detail {
// Reset waits for the pending FreeTensor flags of the pool's buffers. A
// TBufPool then gives its region up (as the real ResetPool: no memory until
// the next InitBufPool); a custom pool (EXTERN_IMPL_BUFPOOL) keeps it, after
// a barrier of MTE2, MTE3 and V on UB (of every pipe on L1), as the real macro.
template <uint32_t n>
void resetPool(TBufPoolImpl<n>& p, bool custom, const Site& site) {
  for (uint8_t i = 0; i < p.curBufSize_; ++i) {
    TBufType& b = p.buf_[i];
    if (b.freeBufEvtID != INVALID_TEVENTID) {
      asctwin::kernel::waitFlag(b.freeBufEvt, b.freeBufEvtID, site);
      b.freeBufEvtID = INVALID_TEVENTID;
    }
  }
  p.curBufSize_ = 0;
  p.isReset_ = 1;
  if (!custom) {
    p.startAddr_ = p.maxAddr_ = p.maxLen_ = 0;
    p.bound_ = false;
    return;
  }
  if (p.space_ == asctwin::kernel::Space::UB) {
    asctwin::kernel::pipeBarrier(PIPE_MTE2, site);
    asctwin::kernel::pipeBarrier(PIPE_MTE3, site);
    asctwin::kernel::pipeBarrier(PIPE_V, site);
  } else {
    asctwin::kernel::pipeBarrier(PIPE_ALL, site);
  }
  p.maxAddr_ = p.startAddr_;
}
}  // namespace detail

template <TPosition pos, uint32_t bufIDSize = defaultBufIDSize>
class TBufPool {
 public:
  static_assert(GetPhyType(pos) == Hardware::UB || GetPhyType(pos) == Hardware::L1,
                "TbufPool Position should be L1 Buffer(A1/B1/C1)/UB(VECIN/VECOUT/VECCALC)");
  static constexpr TPosition poolPos = pos;
  static constexpr bool isTbufPool = true;
  TBufPool() = default;
  ~TBufPool() noexcept(false) {
    if (std::uncaught_exceptions() == 0 && tBufPoolImpl.curBufSize_ != 0 &&
        GetTPipePtr() != nullptr)
      Reset();
  }

  template <class T>
  bool InitBuffer(T& que, uint8_t num, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    static_assert(T::isTQue, "InitBuffer(que, num, len) needs a TQue or TQueBind");
    const auto site = asctwin::kernel::Site::at("TBufPool::InitBuffer", loc);
    if (num == 0) asctwin::kernel::fail(site, "InitBuffer: num must be at least 1");
    const uint32_t at = detail::poolCarve(tBufPoolImpl, len, num, site);
    TBufType* first = tBufPoolImpl.buf_ + tBufPoolImpl.curBufSize_;
    const uint32_t step = (len + 31u) / 32u * 32u;
    for (uint8_t i = 0; i < num; ++i)
      que.InitBufHandle(this, i, reinterpret_cast<TBufHandle>(first + i), at + i * step, len);
    tBufPoolImpl.curBufSize_ = static_cast<uint8_t>(tBufPoolImpl.curBufSize_ + num);
    que.InitStartBufHandle(reinterpret_cast<TBufHandle>(first), num, len);
    return true;
  }
  template <TPosition bufPos>
  bool InitBuffer(TBuf<bufPos>& buf, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TBufPool::InitBuffer", loc);
    const uint32_t at = detail::poolCarve(tBufPoolImpl, len, 1, site);
    TBufType* b = tBufPoolImpl.buf_ + tBufPoolImpl.curBufSize_++;
    buf.InitBufHandle(this, 0, reinterpret_cast<TBufHandle>(b), at, len);
    buf.InitStartBufHandle(reinterpret_cast<TBufHandle>(b), 1, len);
    return true;
  }
  template <class T>
  bool InitBufPool(T& bufPool, uint32_t len,
                   std::source_location loc = std::source_location::current()) {
    static_assert(T::isTbufPool, "InitBufPool needs a TBufPool");
    const auto site = asctwin::kernel::Site::at("TBufPool::InitBufPool", loc);
    const uint32_t at = detail::poolCarve(tBufPoolImpl, len, 0, site);
    const uint32_t bytes = (len + 31u) / 32u * 32u;
    tBufPoolImpl.maxAddr_ += bytes;
    detail::bindPool(bufPool.tBufPoolImpl, tBufPoolImpl.space_, at, bytes);
    return true;
  }
  template <class T, class U>
  bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf,
                   std::source_location loc = std::source_location::current()) {
    static_assert(T::isTbufPool && U::isTbufPool, "InitBufPool needs TBufPools");
    detail::sharePool(bufPool.tBufPoolImpl, shareBuf.tBufPoolImpl, len,
                      asctwin::kernel::Site::at("TBufPool::InitBufPool", loc));
    return true;
  }
  void Reset(std::source_location loc = std::source_location::current()) {
    detail::resetPool(tBufPoolImpl, false, asctwin::kernel::Site::at("TBufPool::Reset", loc));
  }

 protected:
  friend class TPipe;
  template <TPosition, uint32_t>
  friend class TBufPool;
  TBufPoolImpl<bufIDSize> tBufPoolImpl;
};

}  // namespace AscendC

// A user-defined pool: the members a custom pool class needs (its position
// and buffer count, Reset, Init, the handles and cursor its own InitBuffer
// uses), as the real macro provides them.
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                                 \
 public:                                                                                       \
  static constexpr AscendC::TPosition poolPos = POSITION;                                      \
  static constexpr int32_t bufSize = BUFID_SIZE;                                               \
  static constexpr bool isTbufPool = true;                                                     \
  ~EXT_BUFPOOL() noexcept(false) {                                                             \
    if (std::uncaught_exceptions() == 0 && GetTPipePtr() != nullptr) Reset();                  \
  }                                                                                            \
  void Reset() {                                                                               \
    AscendC::detail::resetPool(tBufPoolImpl, true,                                             \
                               asctwin::kernel::Site{#EXT_BUFPOOL "::Reset", "", 0});          \
  }                                                                                            \
  void Init() {                                                                                \
    static_assert(AscendC::GetPhyType(poolPos) == AscendC::Hardware::L1 ||                     \
                      AscendC::GetPhyType(poolPos) == AscendC::Hardware::UB,                   \
                  "TbufPool Position should be L1 Buffer(A1/B1/C1)/UB(VECIN/VECOUT/VECCALC)"); \
    tBufPoolImpl.curBufSize_ = 0;                                                              \
    tBufPoolImpl.maxAddr_ = tBufPoolImpl.startAddr_;                                           \
    tBufPoolImpl.isReset_ = 1;                                                                 \
  }                                                                                            \
  AscendC::TBufHandle GetBufHandle(uint8_t offset) {                                           \
    return reinterpret_cast<AscendC::TBufHandle>(tBufPoolImpl.buf_ + offset);                  \
  }                                                                                            \
  void SetCurAddr(uint32_t curAddr) {                                                          \
    tBufPoolImpl.maxAddr_ = curAddr;                                                           \
  }                                                                                            \
  uint32_t GetCurAddr() {                                                                      \
    return tBufPoolImpl.maxAddr_;                                                              \
  }                                                                                            \
  void SetCurBufSize(uint8_t curBufSize) {                                                     \
    tBufPoolImpl.curBufSize_ = curBufSize;                                                     \
  }                                                                                            \
  uint8_t GetCurBufSize() {                                                                    \
    return tBufPoolImpl.curBufSize_;                                                           \
  }                                                                                            \
                                                                                               \
 protected:                                                                                    \
  friend class AscendC::TPipe;                                                                 \
  template <AscendC::TPosition, uint32_t>                                                      \
  friend class AscendC::TBufPool;                                                              \
  AscendC::TBufPoolImpl<BUFID_SIZE> tBufPoolImpl

namespace AscendC {

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
    cursor_ += static_cast<uint32_t>(detail::bytesOf<PrimT<DataType>>(tileSize));
    return LocalTensor<DataType>(r, pos);
  }
  uint32_t cursor_ = 0;
};

}  // namespace AscendC

inline AscendC::TPipe* GetTPipePtr() {
  return static_cast<AscendC::TPipe*>(asctwin::kernel::corePipe());
}

namespace AscendC::detail {
// The event id the real code takes for its internal hand-overs
// (GetTPipePtr()->FetchEventID): the pipe's next free one, 0 without a TPipe.
inline TEventID fetchEventId(HardEvent e) {
  TPipe* p = GetTPipePtr();
  return p != nullptr ? p->FetchEventID(e) : 0;
}
}  // namespace AscendC::detail
