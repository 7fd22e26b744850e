// GlobalTensor and LocalTensor: typed views of global memory and of a core's
// local memory (UB, L1, L0x).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

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
};

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  LocalTensor() = default;
  LocalTensor(const asctwin::kernel::LocalRef& r, TPosition pos, TBufHandle handle = nullptr)
      : ref_(r), pos_(pos), handle_(handle) {}

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

  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    return LocalTensor<U>(ref_, pos_, handle_);
  }

  uint32_t GetSize() const { return ref_.bytes / static_cast<uint32_t>(sizeof(T)); }
  void SetSize(uint32_t elements) { ref_.bytes = elements * static_cast<uint32_t>(sizeof(T)); }
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
};

}  // namespace AscendC
