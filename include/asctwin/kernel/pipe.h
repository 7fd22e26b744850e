// TPipe (owner of a core's local memory), TQue (buffers with the hidden
// synchronisation of the queue operations), TBuf (plain buffers) and
// LocalMemAllocator (static tensor programming).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/tensor.h"

namespace AscendC {

namespace detail {
constexpr asctwin::kernel::Space spaceOf(TPosition pos) {
  switch (pos) {
    case TPosition::A1:
    case TPosition::B1:
    case TPosition::C1:
      return asctwin::kernel::Space::L1;
    case TPosition::A2:
      return asctwin::kernel::Space::L0A;
    case TPosition::B2:
      return asctwin::kernel::Space::L0B;
    case TPosition::CO1:
      return asctwin::kernel::Space::L0C;
    default:
      return asctwin::kernel::Space::UB;
  }
}
}  // namespace detail

template <TPosition pos>
class TBuf {
 public:
  template <typename T>
  LocalTensor<T> Get(std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    return LocalTensor<T>(ref_, pos);
  }
  template <typename T>
  LocalTensor<T> Get(uint32_t len,
                     std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    if (static_cast<uint64_t>(len) * sizeof(T) > ref_.bytes)
      asctwin::kernel::fail(asctwin::kernel::Site::at("TBuf::Get", loc),
                            "Get(%u) asks for %llu bytes but the buffer holds %u", len,
                            static_cast<unsigned long long>(len) * sizeof(T), ref_.bytes);
    asctwin::kernel::LocalRef r = ref_;
    r.bytes = len * static_cast<uint32_t>(sizeof(T));
    return LocalTensor<T>(r, pos);
  }
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t len, uint32_t bufOffset,
                               std::source_location loc = std::source_location::current()) const {
    requireInit(loc);
    if (bufOffset % 32 != 0 || bufOffset + static_cast<uint64_t>(len) * sizeof(T) > ref_.bytes)
      asctwin::kernel::fail(
          asctwin::kernel::Site::at("TBuf::GetWithOffset", loc),
          "GetWithOffset(%u, %u) must be 32-byte aligned and inside the %u-byte buffer", len,
          bufOffset, ref_.bytes);
    asctwin::kernel::LocalRef r = ref_;
    r.ptr += bufOffset;
    r.offset += bufOffset;
    r.bytes = len * static_cast<uint32_t>(sizeof(T));
    return LocalTensor<T>(r, pos);
  }

  // Used by TPipe::InitBuffer.
  void init(const asctwin::kernel::LocalRef& r) { ref_ = r; }

 private:
  void requireInit(const std::source_location& loc) const {
    if (ref_.ptr == nullptr)
      asctwin::kernel::fail(asctwin::kernel::Site::at("TBuf::Get", loc),
                            "the TBuf was never given memory by TPipe::InitBuffer");
  }
  asctwin::kernel::LocalRef ref_{};
};

template <TPosition pos, int32_t depth = 1>
class TQue {
 public:
  static constexpr int32_t kMaxBuffers = 8;
  static_assert(depth >= 1 && depth <= kMaxBuffers, "TQue depth must be in [1, 8]");

  template <typename T>
  LocalTensor<T> AllocTensor(std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TQue::AllocTensor", loc);
    requireInit(site);
    for (int i = 0; i < num_; ++i) {
      const int k = (nextAlloc_ + i) % num_;
      if (state_[k] == State::Free) {
        nextAlloc_ = (k + 1) % num_;
        state_[k] = State::Allocated;
        asctwin::kernel::queueFlag(false, allocEvent(), slots_[k].bufferId, site);
        return LocalTensor<T>(slots_[k], pos);
      }
    }
    asctwin::kernel::fail(site,
                          "AllocTensor: all %d buffer(s) of the queue are in use (FreeTensor "
                          "missing; this would hang on hardware)",
                          num_);
  }

  template <typename T>
  bool EnQue(const LocalTensor<T>& tensor,
             std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TQue::EnQue", loc);
    const int k = slotOf(tensor.ref(), site, "EnQue");
    if (state_[k] != State::Allocated)
      asctwin::kernel::fail(site, "EnQue of a buffer that is %s (expected allocated)",
                            name(state_[k]));
    if (count_ >= depth)
      asctwin::kernel::fail(site, "EnQue on a full queue (depth %d)", static_cast<int>(depth));
    asctwin::kernel::queueFlag(true, enqueEvent(), slots_[k].bufferId, site);
    order_[(head_ + count_) % kMaxBuffers] = k;
    ++count_;
    state_[k] = State::Queued;
    return true;
  }

  template <typename T>
  LocalTensor<T> DeQue(std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TQue::DeQue", loc);
    requireInit(site);
    if (count_ == 0)
      asctwin::kernel::fail(
          site, "DeQue of an empty queue (no EnQue before it; this would hang on hardware)");
    const int k = order_[head_];
    head_ = (head_ + 1) % kMaxBuffers;
    --count_;
    state_[k] = State::Dequeued;
    asctwin::kernel::queueFlag(false, enqueEvent(), slots_[k].bufferId, site);
    return LocalTensor<T>(slots_[k], pos);
  }

  template <typename T>
  void FreeTensor(const LocalTensor<T>& tensor,
                  std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TQue::FreeTensor", loc);
    const int k = slotOf(tensor.ref(), site, "FreeTensor");
    if (state_[k] == State::Free)
      asctwin::kernel::fail(site, "FreeTensor of a buffer that is already free");
    if (state_[k] == State::Queued)
      asctwin::kernel::fail(site,
                            "FreeTensor of a buffer that is still in the queue (DeQue it first)");
    state_[k] = State::Free;
    asctwin::kernel::queueFlag(true, allocEvent(), slots_[k].bufferId, site);
  }

  bool HasTensorInQue() const { return count_ > 0; }
  int32_t GetTensorCountInQue() const { return count_; }
  bool VacantInQue() const { return count_ < depth; }

  // Used by TPipe::InitBuffer.
  void init(int num, const asctwin::kernel::LocalRef* slots) {
    num_ = num;
    for (int i = 0; i < num; ++i) {
      slots_[i] = slots[i];
      state_[i] = State::Free;
    }
    head_ = count_ = nextAlloc_ = 0;
  }

 private:
  enum class State : uint8_t { Free, Allocated, Queued, Dequeued };
  static const char* name(State s) {
    switch (s) {
      case State::Free:
        return "free";
      case State::Allocated:
        return "allocated";
      case State::Queued:
        return "queued";
      default:
        return "dequeued";
    }
  }
  // VECIN: EnQue = SetFlag MTE2->V, DeQue = WaitFlag MTE2->V, FreeTensor =
  // SetFlag V->MTE2, AllocTensor = WaitFlag V->MTE2. VECOUT: V->MTE3 / MTE3->V.
  static constexpr HardEvent enqueEvent() {
    return pos == TPosition::VECOUT                       ? HardEvent::V_MTE3
           : pos == TPosition::A1 || pos == TPosition::B1 ? HardEvent::MTE2_MTE1
                                                          : HardEvent::MTE2_V;
  }
  static constexpr HardEvent allocEvent() {
    return pos == TPosition::VECOUT                       ? HardEvent::MTE3_V
           : pos == TPosition::A1 || pos == TPosition::B1 ? HardEvent::MTE1_MTE2
                                                          : HardEvent::V_MTE2;
  }
  void requireInit(const asctwin::kernel::Site& site) const {
    if (num_ == 0)
      asctwin::kernel::fail(site, "the queue was never given memory by TPipe::InitBuffer");
  }
  int slotOf(const asctwin::kernel::LocalRef& r, const asctwin::kernel::Site& site,
             const char* op) const {
    requireInit(site);
    for (int i = 0; i < num_; ++i)
      if (slots_[i].bufferId == r.bufferId && r.bufferId != 0 && slots_[i].ptr == r.ptr) return i;
    asctwin::kernel::fail(site, "%s of a tensor that does not belong to this queue", op);
  }

  asctwin::kernel::LocalRef slots_[kMaxBuffers]{};
  State state_[kMaxBuffers]{};
  int order_[kMaxBuffers]{};
  int num_ = 0;
  int head_ = 0;
  int count_ = 0;
  int nextAlloc_ = 0;
};

template <TPosition src, TPosition dst, int32_t depth = 1>
class TQueBind : public TQue<src, depth> {};

class TPipe {
 public:
  explicit TPipe(std::source_location loc = std::source_location::current()) {
    asctwin::kernel::pipeCreated(asctwin::kernel::Site::at("TPipe::TPipe", loc));
  }
  ~TPipe() { asctwin::kernel::pipeDestroyed(); }
  TPipe(const TPipe&) = delete;
  TPipe& operator=(const TPipe&) = delete;

  template <TPosition pos, int32_t depth>
  bool InitBuffer(TQue<pos, depth>& que, uint8_t num, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("TPipe::InitBuffer", loc);
    if (num < 1 || num > 2)
      asctwin::kernel::fail(site, "InitBuffer: num must be 1 or 2, got %u",
                            static_cast<unsigned>(num));
    asctwin::kernel::LocalRef slots[2];
    for (int i = 0; i < num; ++i) slots[i] = carve(detail::spaceOf(pos), len, site);
    que.init(num, slots);
    return true;
  }
  template <TPosition src, TPosition dst, int32_t depth>
  bool InitBuffer(TQueBind<src, dst, depth>& que, uint8_t num, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    return InitBuffer(static_cast<TQue<src, depth>&>(que), num, len, loc);
  }
  template <TPosition pos>
  bool InitBuffer(TBuf<pos>& buf, uint32_t len,
                  std::source_location loc = std::source_location::current()) {
    buf.init(carve(detail::spaceOf(pos), len, asctwin::kernel::Site::at("TPipe::InitBuffer", loc)));
    return true;
  }
  void Reset(std::source_location loc = std::source_location::current()) {
    asctwin::kernel::pipeReset(asctwin::kernel::Site::at("TPipe::Reset", loc));
  }
  void Destroy() {}

 private:
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
};

// Static tensor programming: consecutive 32-byte-aligned buffers from the
// start of the local memory.
template <Hardware hw = Hardware::UB>
class LocalMemAllocator {
 public:
  LocalMemAllocator() = default;
  ~LocalMemAllocator() {
    if (cursor_ != 0) asctwin::kernel::localAllocGone(this);
  }
  template <typename T, uint32_t N>
  LocalTensor<T> Alloc(std::source_location loc = std::source_location::current()) {
    return Alloc<T>(N, loc);
  }
  template <typename T>
  LocalTensor<T> Alloc(uint32_t count, std::source_location loc = std::source_location::current()) {
    const auto site = asctwin::kernel::Site::at("LocalMemAllocator::Alloc", loc);
    const asctwin::kernel::Space s = space();
    const uint64_t bytes = (static_cast<uint64_t>(count) * sizeof(T) + 31u) / 32u * 32u;
    const uint32_t cap = asctwin::kernel::localSize(s);
    if (cursor_ + bytes > cap)
      asctwin::kernel::fail(
          site, "Alloc of %u elements (%llu bytes) at offset %u overflows the %u-byte local memory",
          count, static_cast<unsigned long long>(bytes), cursor_, cap);
    asctwin::kernel::LocalRef r;
    r.space = s;
    r.offset = cursor_;
    r.ptr = asctwin::kernel::localBase(s) + cursor_;
    r.bytes = count * static_cast<uint32_t>(sizeof(T));
    r.bufferId = asctwin::kernel::newBufferId();
    asctwin::kernel::localAllocMade(this, r, site);
    cursor_ += static_cast<uint32_t>(bytes);
    return LocalTensor<T>(r, s == asctwin::kernel::Space::UB ? TPosition::VECCALC : TPosition::A1);
  }
  uint32_t GetCurAddr() const { return cursor_; }

 private:
  static constexpr asctwin::kernel::Space space() {
    switch (hw) {
      case Hardware::L1:
        return asctwin::kernel::Space::L1;
      case Hardware::L0A:
        return asctwin::kernel::Space::L0A;
      case Hardware::L0B:
        return asctwin::kernel::Space::L0B;
      case Hardware::L0C:
        return asctwin::kernel::Space::L0C;
      default:
        return asctwin::kernel::Space::UB;
    }
  }
  uint32_t cursor_ = 0;
};

}  // namespace AscendC
