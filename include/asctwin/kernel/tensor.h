// GlobalTensor and LocalTensor: typed views of global memory and of a core's
// local memory (UB, L1, L0x).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/positions.h"
#include "asctwin/kernel/runtime.h"

namespace AscendC {

template <typename T>
class GlobalTensor {
 public:
  using PrimType = T;
  GlobalTensor() = default;

  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
    addr_ = buffer;
    size_ = bufferSize;
  }
  void SetGlobalBuffer(__gm__ T* buffer) {
    addr_ = buffer;
    size_ = kUnknown;
  }
  // A sub-view starting `offset` elements further on.
  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor t;
    t.addr_ = addr_ + offset;
    t.size_ = size_ == kUnknown ? kUnknown : (offset <= size_ ? size_ - offset : 0);
    return t;
  }
  // A reference to element `offset` in global memory (no data cache on
  // the way: the access is the caller's).
  __gm__ T& operator()(uint64_t offset) const { return addr_[offset]; }
  template <CacheRwMode rwMode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) {
    cacheMode_ = mode;
  }
  __gm__ T* GetPhyAddr() const { return addr_; }
  __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset; }
  uint64_t GetSize() const { return size_ == kUnknown ? 0 : size_; }

  // Scalar accesses go through the core's data cache (see DataCacheCleanAndInvalid).
  T GetValue(uint64_t index, std::source_location loc = std::source_location::current()) const {
    T v{};
    asctwin::kernel::gmScalarRead(elementRef(index), &v, sizeof(T),
                                  asctwin::kernel::Site::at("GlobalTensor::GetValue", loc));
    return v;
  }
  void SetValue(uint64_t index, const std::type_identity_t<T>& value,
                std::source_location loc = std::source_location::current()) const {
    asctwin::kernel::gmScalarWrite(elementRef(index), &value, sizeof(T),
                                   asctwin::kernel::Site::at("GlobalTensor::SetValue", loc));
  }

  asctwin::kernel::GmRef ref() const {
    return {reinterpret_cast<uintptr_t>(addr_), size_ == kUnknown ? UINT64_MAX : size_ * sizeof(T)};
  }

 private:
  static constexpr uint64_t kUnknown = UINT64_MAX;
  asctwin::kernel::GmRef elementRef(uint64_t index) const {
    asctwin::kernel::GmRef r = ref();
    r.addr += index * sizeof(T);
    r.declaredBytes =
        size_ == kUnknown ? UINT64_MAX : (index < size_ ? (size_ - index) * sizeof(T) : 0);
    return r;
  }
  __gm__ T* addr_ = nullptr;
  uint64_t size_ = kUnknown;
  CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
};

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  LocalTensor() = default;
  LocalTensor(const asctwin::kernel::LocalRef& r, TPosition pos, TBufHandle handle = nullptr)
      : ref_(r), pos_(pos), handle_(handle) {}
  // Static tensor programming: `tileSize` elements at byte `addr` of the
  // buffer behind `pos` (UB for the VEC positions, L1 for A1/B1/C1, ...).
  // The address must be 32-byte aligned and the tensor inside the buffer.
  // A core without that buffer (an AIV naming L1) gets a tensor that every
  // instruction refuses.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize,
              std::source_location loc = std::source_location::current())
      : pos_(pos) {
    const auto site = asctwin::kernel::Site::at("LocalTensor", loc);
    if (pos == TPosition::GM || pos == TPosition::MAX)
      asctwin::kernel::fail(site, "LocalTensor: position must not be GM or MAX");
    ref_.space = detail::spaceOf(pos);
    ref_.offset = addr;
    const uint64_t bytes = static_cast<uint64_t>(tileSize) * sizeof(T);
    ref_.bytes = static_cast<uint32_t>(bytes);
    uint8_t* base = asctwin::kernel::localBase(ref_.space);
    if (base == nullptr) {
      ref_.ptr = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr));
      return;
    }
    const uint32_t cap = asctwin::kernel::localSize(ref_.space);
    if (addr % 32 != 0)
      asctwin::kernel::fail(site, "LocalTensor: addr %u must be 32-byte aligned", addr);
    if (tileSize == 0 || addr + bytes > cap)
      asctwin::kernel::fail(site,
                            "LocalTensor: %u elements (%llu bytes) at addr %u must be more than "
                            "none and fit the %u-byte %s",
                            tileSize, static_cast<unsigned long long>(bytes), addr, cap,
                            asctwin::kernel::spaceName(ref_.space));
    ref_.ptr = base + addr;
  }

  LocalTensor operator[](uint32_t offset) const {
    LocalTensor t = *this;
    const uint64_t byteOff = static_cast<uint64_t>(offset) * sizeof(T);
    t.ref_.ptr += byteOff;
    t.ref_.offset += static_cast<uint32_t>(byteOff);
    t.ref_.bytes = byteOff <= ref_.bytes ? ref_.bytes - static_cast<uint32_t>(byteOff) : 0;
    return t;
  }

  T GetValue(uint32_t index, std::source_location loc = std::source_location::current()) const {
    asctwin::kernel::localScalarAccess(ref_, index, sizeof(T), false,
                                       asctwin::kernel::Site::at("LocalTensor::GetValue", loc));
    T v;
    __builtin_memcpy(&v, ref_.ptr + static_cast<uint64_t>(index) * sizeof(T), sizeof(T));
    return v;
  }
  void SetValue(uint32_t index, const std::type_identity_t<T>& value,
                std::source_location loc = std::source_location::current()) const {
    asctwin::kernel::localScalarAccess(ref_, index, sizeof(T), true,
                                       asctwin::kernel::Site::at("LocalTensor::SetValue", loc));
    __builtin_memcpy(ref_.ptr + static_cast<uint64_t>(index) * sizeof(T), &value, sizeof(T));
  }

  // A reference to element `offset` (a scalar access, as GetValue/SetValue).
  T& operator()(uint32_t offset, std::source_location loc = std::source_location::current()) const {
    asctwin::kernel::localScalarAccess(ref_, offset, sizeof(T), true,
                                       asctwin::kernel::Site::at("LocalTensor::operator()", loc));
    return *reinterpret_cast<T*>(ref_.ptr + static_cast<uint64_t>(offset) * sizeof(T));
  }

  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> t(ref_, pos_, handle_);
    t.SetUserTag(tag_);
    return t;
  }

  uint32_t GetSize() const { return ref_.bytes / static_cast<uint32_t>(sizeof(T)); }
  void SetSize(uint32_t elements) { ref_.bytes = elements * static_cast<uint32_t>(sizeof(T)); }
  [[deprecated(
      "NOTICE: GetLength has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] uint32_t
  GetLength() const {
    return ref_.bytes;
  }
  // The tensor's length in bytes.
  void SetBufferLen(uint32_t dataLen) { ref_.bytes = dataLen; }
  void SetUserTag(const TTagType tag) { tag_ = tag; }
  TTagType GetUserTag() const { return tag_; }
  // This tensor becomes `src` moved on by `offset` elements of this type.
  template <typename S>
  void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
    ref_ = src.ref();
    pos_ = static_cast<TPosition>(src.GetPosition());
    handle_ = src.GetBufferHandle();
    const uint64_t byteOff = static_cast<uint64_t>(offset) * sizeof(T);
    ref_.ptr += byteOff;
    ref_.offset += static_cast<uint32_t>(byteOff);
    ref_.bytes = byteOff <= ref_.bytes ? ref_.bytes - static_cast<uint32_t>(byteOff) : 0;
  }
  // The host address of the first element (CPU mode: LocalTensor addresses are
  // host addresses into the core's image of its local memory).
  T* GetPhyAddr() const { return reinterpret_cast<T*>(ref_.ptr); }
  T* GetPhyAddr(const uint32_t offset) const { return reinterpret_cast<T*>(ref_.ptr) + offset; }
  int32_t GetPosition() const { return static_cast<int32_t>(pos_); }
  // The queue buffer the tensor belongs to (null for tensors of no queue).
  TBufHandle GetBufferHandle() const { return handle_; }

  const asctwin::kernel::LocalRef& ref() const { return ref_; }

 private:
  asctwin::kernel::LocalRef ref_{};
  TPosition pos_ = TPosition::VECCALC;
  TBufHandle handle_ = nullptr;
  TTagType tag_ = -1;
};

}  // namespace AscendC
