// GlobalTensor and LocalTensor: typed views of global memory and of a core's
// local memory (UB, L1, L0x).
//
// T is an element type (a tensor with a ShapeInfo) or a TensorTrait (a
// tensor of its LiteType with the trait's layout and no ShapeInfo); PrimType
// is the element type either way. The two kinds are distinct types: neither
// converts to the other.
//
// int4b_t tensors count elements of half a byte, as the reference's
// (kernel_tensor_impl.h, kernel_tbuf_impl.h): sizes and offsets in
// elements, addresses and lengths in bytes, two elements per byte (element
// 2i in the low nibble). An element offset that is a pointer or the start
// of a sub-tensor must be even: GetPhyAddr(offset) refuses an odd one as
// the reference does; operator[] refuses it too (the reference silently
// starts the sub-tensor one element early). Sizes that are not whole bytes
// (an odd element count) are refused where a tensor is made or resized.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/kernel/int4.h"
#include "asctwin/kernel/positions.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/kernel/shape_info.h"
#include "asctwin/kernel/tensor_trait.h"

namespace AscendC {

// The shape information member of a tensor: a ShapeInfo for a tensor of a
// plain element type, a placeholder byte for a TensorTrait tensor (which has
// none).
template <typename T, typename U>
struct ShapeInfoParams {
  ShapeInfoParams() {}
  using Params = ShapeInfo;
};
template <typename T>
struct ShapeInfoParams<TensorTrait<T>, T> {
  ShapeInfoParams() {}
  using Params = int8_t;
};

namespace detail {
// The shape information of both tensor kinds (tensors of a plain element
// type only; "no default value" before SetShapeInfo: the twin's is all zero).
template <typename T>
class ShapeInfoPart {
 public:
  void SetShapeInfo(const ShapeInfo& shapeInfo) {
    static_assert(std::is_same_v<T, PrimT<T>>, "only primitive type Tensor has shape info!");
    shapeInfo_ = shapeInfo;
  }
  ShapeInfo GetShapeInfo() const {
    static_assert(std::is_same_v<T, PrimT<T>>, "only primitive type Tensor has shape info!");
    return shapeInfo_;
  }
  typename ShapeInfoParams<T, PrimT<T>>::Params shapeInfo_{};
};

// The bytes of `n` elements of P (P = int4b_t: n / 2, n even) and the
// elements in `bytes` bytes.
template <typename P>
constexpr uint64_t bytesOf(uint64_t n) {
  if constexpr (IsHalfByteDataType<P>()) {
    return n / INT4_TWO;
  } else {
    return n * sizeof(P);
  }
}
template <typename P>
constexpr uint64_t elementsIn(uint64_t bytes) {
  if constexpr (IsHalfByteDataType<P>()) {
    return bytes * INT4_TWO;
  } else {
    return bytes / sizeof(P);
  }
}
// Element `offset` of P as a byte offset, for a pointer or the start of a
// sub-tensor: an int4b_t offset must be even (element 2i starts byte i).
template <typename P>
uint64_t startBytes(uint64_t offset, const asctwin::kernel::Site& site) {
  if constexpr (IsHalfByteDataType<P>()) {
    if (offset % INT4_TWO != 0)
      asctwin::kernel::fail(site,
                            "%s: int4b_t offset %llu is odd: two int4b_t share a byte, so an "
                            "address or a sub-tensor starts at an even element",
                            site.api, static_cast<unsigned long long>(offset));
  }
  return bytesOf<P>(offset);
}
// A count of `n` elements of P as whole bytes: an odd int4b_t count is not.
template <typename P>
void requireWholeBytes(uint64_t n, const asctwin::kernel::Site& site) {
  if constexpr (IsHalfByteDataType<P>()) {
    if (n % INT4_TWO != 0)
      asctwin::kernel::fail(site,
                            "%s: %llu int4b_t elements are not whole bytes (two per byte: the "
                            "size must be even)",
                            site.api, static_cast<unsigned long long>(n));
  }
}
// Element `index` of a run of int4b_t from byte `b` (index's byte), and
// that byte with the element replaced.
inline int4b_t nibbleAt(uint8_t b, uint64_t index) {
  return int4b_t(static_cast<uint32_t>(b >> (INT4_BIT_NUM * (index % INT4_TWO))));
}
inline uint8_t nibbleMask(uint64_t index) {
  return static_cast<uint8_t>(0xFu << (INT4_BIT_NUM * (index % INT4_TWO)));
}
inline uint8_t nibbleBits(uint64_t index, int4b_t v) {
  return static_cast<uint8_t>(v.storage << (INT4_BIT_NUM * (index % INT4_TWO)));
}

// LocalTensor::Print's rendering of one element (what std::ostream prints:
// integers in decimal, one-byte types as numbers, floating types as %g).
template <typename P>
int formatElement(char* out, size_t cap, const P& v) {
  if constexpr (std::is_same_v<P, half> || std::is_same_v<P, bfloat16_t> ||
                std::is_floating_point_v<P>) {
    return std::snprintf(out, cap, "%g ", static_cast<double>(static_cast<float>(v)));
  } else if constexpr (sizeof(P) == 1) {
    return std::snprintf(out, cap, "%d ", static_cast<int32_t>(v));
  } else if constexpr (std::is_signed_v<P>) {
    return std::snprintf(out, cap, "%lld ", static_cast<long long>(v));
  } else {
    return std::snprintf(out, cap, "%llu ", static_cast<unsigned long long>(v));
  }
}
}  // namespace detail

template <typename T>
class GlobalTensor : public BaseTensorTraitTensor<T>, public detail::ShapeInfoPart<T> {
 public:
  using PrimType = PrimT<T>;
  GlobalTensor() = default;

  // `bufferSize` elements (int4b_t: two per byte, an odd count ends in the
  // low nibble of its last byte).
  void SetGlobalBuffer(__gm__ PrimType* buffer, uint64_t bufferSize) {
    addr_ = buffer;
    size_ = bufferSize;
  }
  void SetGlobalBuffer(__gm__ PrimType* buffer) {
    addr_ = buffer;
    size_ = kUnknown;
  }
  // A sub-view starting `offset` elements further on (int4b_t: an even
  // offset, at byte offset / 2).
  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor t = *this;
    t.addr_ = at(offset, asctwin::kernel::Site{"GlobalTensor::operator[]", "", 0});
    t.size_ = size_ == kUnknown ? kUnknown : (offset <= size_ ? size_ - offset : 0);
    return t;
  }
  // A reference to element `offset` in global memory (no data cache on
  // the way: the access is the caller's); int4b_t: the byte of an even
  // element, as the reference's GetPhyAddr(offset).
  __gm__ PrimType& operator()(uint64_t offset) const {
    return *at(offset, asctwin::kernel::Site{"GlobalTensor::operator()", "", 0});
  }
  template <CacheRwMode rwMode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) {
    cacheMode_ = mode;
  }
  __gm__ PrimType* GetPhyAddr() const { return addr_; }
  __gm__ PrimType* GetPhyAddr(uint64_t offset,
                              std::source_location loc = std::source_location::current()) const {
    return at(offset, asctwin::kernel::Site::at("GlobalTensor::GetPhyAddr", loc));
  }
  // Elements, as SetGlobalBuffer gave them.
  uint64_t GetSize() const { return size_ == kUnknown ? 0 : size_; }

  // Scalar accesses go through the core's data cache (see
  // DataCacheCleanAndInvalid). An int4b_t is its nibble of a byte; setting
  // one writes that byte with the other nibble kept.
  PrimType GetValue(uint64_t index,
                    std::source_location loc = std::source_location::current()) const {
    const auto site = asctwin::kernel::Site::at("GlobalTensor::GetValue", loc);
    if constexpr (IsHalfByteDataType<PrimType>()) {
      uint8_t b = 0;
      asctwin::kernel::gmScalarRead(elementRef(index), &b, 1, site);
      return detail::nibbleAt(b, index);
    } else {
      PrimType v{};
      asctwin::kernel::gmScalarRead(elementRef(index), &v, sizeof(PrimType), site);
      return v;
    }
  }
  void SetValue(uint64_t index, const std::type_identity_t<PrimType>& value,
                std::source_location loc = std::source_location::current()) const {
    const auto site = asctwin::kernel::Site::at("GlobalTensor::SetValue", loc);
    if constexpr (IsHalfByteDataType<PrimType>()) {
      asctwin::kernel::gmScalarWriteBits(elementRef(index), detail::nibbleMask(index),
                                         detail::nibbleBits(index, value), site);
    } else {
      asctwin::kernel::gmScalarWrite(elementRef(index), &value, sizeof(PrimType), site);
    }
  }

  asctwin::kernel::GmRef ref() const {
    return {reinterpret_cast<uintptr_t>(addr_), size_ == kUnknown ? UINT64_MAX : bytes(size_)};
  }

 private:
  static constexpr uint64_t kUnknown = UINT64_MAX;
  // The bytes `n` elements occupy (an odd int4b_t count: its last byte too).
  static uint64_t bytes(uint64_t n) {
    return detail::bytesOf<PrimType>(n + (IsHalfByteDataType<PrimType>() ? n % INT4_TWO : 0));
  }
  __gm__ PrimType* at(uint64_t offset, const asctwin::kernel::Site& site) const {
    return reinterpret_cast<__gm__ PrimType*>(reinterpret_cast<uintptr_t>(addr_) +
                                              detail::startBytes<PrimType>(offset, site));
  }
  // Element `index`'s bytes (int4b_t: the byte holding it), with what the
  // tensor declares from there on (none past its last element).
  asctwin::kernel::GmRef elementRef(uint64_t index) const {
    asctwin::kernel::GmRef r = ref();
    const uint64_t first =
        IsHalfByteDataType<PrimType>() ? index / INT4_TWO : index * sizeof(PrimType);
    r.addr += first;
    r.declaredBytes = size_ == kUnknown ? UINT64_MAX : (index < size_ ? bytes(size_) - first : 0);
    return r;
  }
  __gm__ PrimType* addr_ = nullptr;
  uint64_t size_ = kUnknown;
  CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
};

template <typename T>
class LocalTensor : public BaseTensorTraitTensor<T>, public detail::ShapeInfoPart<T> {
 public:
  using PrimType = PrimT<T>;
  LocalTensor() = default;
  LocalTensor(const asctwin::kernel::LocalRef& r, TPosition pos, TBufHandle handle = nullptr)
      : ref_(r), pos_(pos), handle_(handle) {}
  // Static tensor programming: `tileSize` elements at byte `addr` of the
  // buffer behind `pos` (UB for the VEC positions, L1 for A1/B1/C1, ...).
  // The address must be 32-byte aligned and the tensor inside the buffer.
  // A core without that buffer (an AIV naming L1) gets a tensor that every
  // instruction refuses.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize,
              std::source_location loc = std::source_location::current()) {
    static_assert(!is_tensorTrait_v<T>, "currently not support TensorTrait type!!");
    create(pos, addr, tileSize, asctwin::kernel::Site::at("LocalTensor", loc));
  }
  // A TensorTrait tensor at byte `addr` of the trait's position: as many
  // elements as its static layout spans (LayoutType::size) ...
  LocalTensor(uint32_t addr, std::source_location loc = std::source_location::current()) {
    static_assert(is_tensorTrait_v<T>, "only support TensorTrait type Tensor!");
    static_assert((T::tPos != TPosition::GM) && (T::tPos != TPosition::MAX),
                  "TensorTrait position should not be GM or MAX!");
    constexpr uint32_t tensorSize = GetLayoutType<T>::size;
    static_assert((tensorSize * sizeof(PrimType)) % 32 == 0,
                  "The size of localTensor must be align to 32Bytes");
    create(T::tPos, addr, tensorSize, asctwin::kernel::Site::at("LocalTensor", loc));
  }
  // ... or as `layout` spans (Layout::GetSize()).
  template <typename U>
  LocalTensor(uint32_t addr, const U& layout,
              std::source_location loc = std::source_location::current()) {
    static_assert(is_tensorTrait_v<T>, "only support TensorTrait type Tensor!");
    static_assert((T::tPos != TPosition::GM) && (T::tPos != TPosition::MAX),
                  "TensorTrait position should not be GM or MAX!");
    create(T::tPos, addr, layout.GetSize(), asctwin::kernel::Site::at("LocalTensor", loc));
  }

  // The tensor from element `offset` on (int4b_t: an even offset).
  LocalTensor operator[](uint32_t offset) const {
    LocalTensor t = *this;
    t.advance(detail::startBytes<PrimType>(
        offset, asctwin::kernel::Site{"LocalTensor::operator[]", "", 0}));
    return t;
  }

  // Scalar reads and writes of one element; an int4b_t is its nibble of a
  // byte, and setting one writes that byte with the other nibble kept (the
  // access is the byte's write: the other nibble is not the program's read).
  PrimType GetValue(uint32_t index,
                    std::source_location loc = std::source_location::current()) const {
    return read(index, asctwin::kernel::Site::at("LocalTensor::GetValue", loc));
  }
  void SetValue(uint32_t index, const std::type_identity_t<PrimType>& value,
                std::source_location loc = std::source_location::current()) const {
    const auto site = asctwin::kernel::Site::at("LocalTensor::SetValue", loc);
    if constexpr (IsHalfByteDataType<PrimType>()) {
      asctwin::kernel::localScalarAccess(ref_, index / INT4_TWO, 1, true, site);
      uint8_t& b = ref_.ptr[index / INT4_TWO];
      b = static_cast<uint8_t>((b & ~detail::nibbleMask(index)) | detail::nibbleBits(index, value));
    } else {
      asctwin::kernel::localScalarAccess(ref_, index, sizeof(PrimType), true, site);
      __builtin_memcpy(ref_.ptr + static_cast<uint64_t>(index) * sizeof(PrimType), &value,
                       sizeof(PrimType));
    }
  }

  // A reference to element `offset` (a scalar access, as GetValue/SetValue);
  // int4b_t: the byte of an even element, as the reference's.
  PrimType& operator()(uint32_t offset,
                       std::source_location loc = std::source_location::current()) const {
    const auto site = asctwin::kernel::Site::at("LocalTensor::operator()", loc);
    const uint64_t at = detail::startBytes<PrimType>(offset, site);
    asctwin::kernel::localScalarAccess(ref_, at / sizeof(PrimType), sizeof(PrimType), true, site);
    return *reinterpret_cast<PrimType*>(ref_.ptr + at);
  }

  // The same bytes as a tensor of U (a TensorTrait tensor cast to another
  // keeps its layout).
  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> t(ref_, pos_, handle_);
    t.SetUserTag(tag_);
    if constexpr (is_tensorTrait_v<T> && is_tensorTrait_v<U>)
      t.GetTensorTrait().SetLayout(this->GetTensorTrait().GetLayout());
    return t;
  }

  // Elements (int4b_t: two per byte).
  uint32_t GetSize() const {
    return static_cast<uint32_t>(detail::elementsIn<PrimType>(ref_.bytes));
  }
  void SetSize(uint32_t elements, std::source_location loc = std::source_location::current()) {
    detail::requireWholeBytes<PrimType>(elements,
                                        asctwin::kernel::Site::at("LocalTensor::SetSize", loc));
    ref_.bytes = static_cast<uint32_t>(detail::bytesOf<PrimType>(elements));
  }
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
  // This tensor becomes `src` moved on by `offset` elements of src's type,
  // counted as the reference counts them: sizeof(S) bytes each (an int4b_t
  // src moves a byte per element there too).
  template <typename S>
  void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
    ref_ = src.ref();
    pos_ = static_cast<TPosition>(src.GetPosition());
    handle_ = src.GetBufferHandle();
    advance(static_cast<uint64_t>(offset) * sizeof(PrimT<S>));
  }
  // The host address of the first element (CPU mode: LocalTensor addresses are
  // host addresses into the core's image of its local memory); int4b_t: of
  // an even element's byte.
  PrimType* GetPhyAddr() const { return reinterpret_cast<PrimType*>(ref_.ptr); }
  PrimType* GetPhyAddr(const uint32_t offset,
                       std::source_location loc = std::source_location::current()) const {
    return reinterpret_cast<PrimType*>(
        ref_.ptr + detail::startBytes<PrimType>(
                       offset, asctwin::kernel::Site::at("LocalTensor::GetPhyAddr", loc)));
  }
  int32_t GetPosition() const { return static_cast<int32_t>(pos_); }
  // The queue buffer the tensor belongs to (null for tensors of no queue).
  TBufHandle GetBufferHandle() const { return handle_; }

  const asctwin::kernel::LocalRef& ref() const { return ref_; }

  // CPU debugging: the first min(len, GetSize()) elements on stdout, one
  // 32-byte block per line, each line "<index of its first element, at
  // least 4 digits> : " and the values, each followed by a space. The
  // elements are read as GetValue reads them.
  [[deprecated(
      "NOTICE: Print has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] void
  Print(std::source_location loc = std::source_location::current()) {
    printElements(GetSize(), loc);
  }
  [[deprecated(
      "NOTICE: Print has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] void
  Print(uint32_t len, std::source_location loc = std::source_location::current()) {
    printElements(len, loc);
  }
  // CPU debugging: the tensor's GetSize() elements, as bytes, into the file
  // `fileName` (relative to the working directory). 0 on success, -1 when
  // the file cannot be written. (int4b_t: the tensor's bytes; the
  // reference writes GetSize() * sizeof(int4b_t), twice as many.)
  [[deprecated(
      "NOTICE: ToFile has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] int32_t
  ToFile(const std::string& fileName) const {
    std::FILE* f = std::fopen(fileName.c_str(), "wb");
    if (f == nullptr) return -1;
    const size_t bytes = static_cast<size_t>(detail::bytesOf<PrimType>(GetSize()));
    const bool written = bytes == 0 || std::fwrite(ref_.ptr, 1, bytes, f) == bytes;
    return std::fclose(f) == 0 && written ? 0 : -1;
  }

 private:
  // Element `index`, read as a scalar access at `site`.
  PrimType read(uint32_t index, const asctwin::kernel::Site& site) const {
    if constexpr (IsHalfByteDataType<PrimType>()) {
      asctwin::kernel::localScalarAccess(ref_, index / INT4_TWO, 1, false, site);
      return detail::nibbleAt(ref_.ptr[index / INT4_TWO], index);
    } else {
      asctwin::kernel::localScalarAccess(ref_, index, sizeof(PrimType), false, site);
      PrimType v;
      __builtin_memcpy(&v, ref_.ptr + static_cast<uint64_t>(index) * sizeof(PrimType),
                       sizeof(PrimType));
      return v;
    }
  }
  // Moves the start `byteOff` bytes on (the length shrinks with it).
  void advance(uint64_t byteOff) {
    ref_.ptr += byteOff;
    ref_.offset += static_cast<uint32_t>(byteOff);
    ref_.bytes = byteOff <= ref_.bytes ? ref_.bytes - static_cast<uint32_t>(byteOff) : 0;
  }
  void printElements(uint32_t len, const std::source_location& loc) const {
    const auto site = asctwin::kernel::Site::at("LocalTensor::Print", loc);
    const uint32_t n = len < GetSize() ? len : GetSize();
    const uint32_t perBlock = 32 / static_cast<uint32_t>(sizeof(PrimType));
    std::string out;
    char cell[64];
    for (uint32_t i = 0; i < n; ++i) {
      if (i % perBlock == 0) {
        std::snprintf(cell, sizeof cell, "%04u : ", i);
        out += cell;
      }
      detail::formatElement(cell, sizeof cell, read(i, site));
      out += cell;
      if (i % perBlock == perBlock - 1 || i + 1 == n) out += '\n';
    }
    std::fputs(out.c_str(), stdout);
    std::fflush(stdout);
  }
  void create(TPosition pos, uint32_t addr, uint32_t tileSize, const asctwin::kernel::Site& site) {
    pos_ = pos;
    if (pos == TPosition::GM || pos == TPosition::MAX)
      asctwin::kernel::fail(site, "LocalTensor: position must not be GM or MAX");
    detail::requireWholeBytes<PrimType>(tileSize, site);
    ref_.space = detail::spaceOf(pos);
    ref_.offset = addr;
    const uint64_t bytes = detail::bytesOf<PrimType>(tileSize);
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

  asctwin::kernel::LocalRef ref_{};
  TPosition pos_ = TPosition::VECCALC;
  TBufHandle handle_ = nullptr;
  TTagType tag_ = -1;
};

template <typename T, TPosition pos, typename Sh, typename St>
struct GetTypeFromTrait<LocalTensor<TensorTrait<T, pos, Layout<Sh, St>>>>
    : GetTypeFromTrait<TensorTrait<T, pos, Layout<Sh, St>>> {};
template <typename T, TPosition pos, typename Sh, typename St>
struct GetTypeFromTrait<GlobalTensor<TensorTrait<T, pos, Layout<Sh, St>>>>
    : GetTypeFromTrait<TensorTrait<T, pos, Layout<Sh, St>>> {};

}  // namespace AscendC
