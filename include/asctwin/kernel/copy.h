// Data movement (DataCopy, DataCopyPad, SetPadValue) and the atomic modes of
// transfers into GM, lowered to the intrinsics as the real implementation
// does (dav_c220): DataCopy to copy_gm_to_ubuf / copy_ubuf_to_gm /
// copy_ubuf_to_ubuf / copy_gm_to_cbuf / copy_cbuf_to_gm in bursts of 32-byte
// blocks, DataCopyPad to the aligned copies, SetAtomicAdd<T> to
// set_atomic_add + set_atomic_<type>.
#pragma once

#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/soc_state.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

namespace detail {

using asctwin::kernel::ApiCall;
using asctwin::kernel::Space;

template <typename T>
uint32_t bufferOf(const LocalTensor<T>& t) {
  return t.ref().bufferId;
}

// The GM range a copy of `count` blocks of `bytes` at `stride` touches,
// checked against the GlobalTensor's declared size.
template <typename T>
void checkGlobalRange(const GlobalTensor<T>& g, uint64_t count, uint64_t bytes, uint64_t stride,
                      const char* role) {
  if (count == 0 || bytes == 0) return;
  asctwin::kernel::checkGlobal(g.ref(), (count - 1) * stride + bytes, role);
}

[[noreturn]] inline void unsupportedPath(Space dst, Space src, const char* api) {
  asctwin::kernel::failApi("%s from %s to %s is not a data path of this API", api,
                           asctwin::kernel::spaceName(src), asctwin::kernel::spaceName(dst));
}

// GM -> local in bursts (MTE2).
template <typename T>
void copyIn(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
  const uint64_t bytes = uint64_t{p.blockLen} * 32;
  checkGlobalRange(src, p.blockCount, bytes, bytes + uint64_t{p.srcGap} * 32, "src");
  void* gm = const_cast<PrimT<T>*>(src.GetPhyAddr());
  switch (dst.ref().space) {
    case Space::UB:
      copy_gm_to_ubuf(dst.ref().ptr, gm, 0, p.blockCount, p.blockLen, p.srcGap, p.dstGap);
      break;
    case Space::L1:
      copy_gm_to_cbuf(dst.ref().ptr, gm, 0, p.blockCount, p.blockLen, p.srcGap, p.dstGap, PAD_NONE);
      break;
    default:
      unsupportedPath(dst.ref().space, Space::GM, "DataCopy");
  }
}

// local -> GM in bursts (MTE3), combined with GM under the atomic mode.
template <typename T>
void copyOut(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
  const uint64_t bytes = uint64_t{p.blockLen} * 32;
  checkGlobalRange(dst, p.blockCount, bytes, bytes + uint64_t{p.dstGap} * 32, "dst");
  void* gm = const_cast<PrimT<T>*>(dst.GetPhyAddr());
  switch (src.ref().space) {
    case Space::UB:
      copy_ubuf_to_gm(gm, src.ref().ptr, 0, p.blockCount, p.blockLen, p.srcGap, p.dstGap);
      break;
    case Space::L1:
      copy_cbuf_to_gm(gm, src.ref().ptr, 0, p.blockCount, p.blockLen, p.srcGap, p.dstGap);
      break;
    default:
      unsupportedPath(Space::GM, src.ref().space, "DataCopy");
  }
}

template <typename T, typename U>
void copyLocal(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& p) {
  if (dst.ref().space == Space::UB && src.ref().space == Space::UB) {
    copy_ubuf_to_ubuf(dst.ref().ptr, src.ref().ptr, 0, p.blockCount, p.blockLen, p.srcGap,
                      p.dstGap);
    return;
  }
  // L1 -> BT (MTE1; half -> float converts on the way) and L1 -> FB (FIX).
  if (src.ref().space == Space::L1 && dst.ref().space == Space::BT) {
    constexpr bool convert = std::is_same_v<T, float> && std::is_same_v<U, half>;
    static_assert(std::is_same_v<T, U> || convert,
                  "DataCopy from L1 to the BiasTable: U = T, or src half and dst float");
    copy_cbuf_to_bt(reinterpret_cast<uint64_t>(dst.ref().ptr), src.ref().ptr, convert ? 1 : 0,
                    p.blockCount, p.blockLen, p.srcGap, p.dstGap);
    return;
  }
  if (src.ref().space == Space::L1 && dst.ref().space == Space::FB) {
    copy_cbuf_to_fbuf(dst.ref().ptr, src.ref().ptr, p.blockCount, p.blockLen, p.srcGap, p.dstGap);
    return;
  }
  unsupportedPath(dst.ref().space, src.ref().space, "DataCopy");
}

inline DataCopyParams countParams(uint64_t count, size_t elemBytes) {
  // count elements in whole 32-byte blocks: a partial last block is not copied.
  return DataCopyParams(1, static_cast<uint16_t>(count * elemBytes / 32), 0, 0);
}

}  // namespace detail

// --- DataCopy -----------------------------------------------------------------------
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
              const DataCopyParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(dst)});
  detail::copyIn(dst, src, repeatParams);
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
              const DataCopyParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(src)});
  detail::copyOut(dst, src, repeatParams);
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const DataCopyParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(dst), detail::bufferOf(src)});
  detail::copyLocal(dst, src, repeatParams);
}
template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
              const DataCopyParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(dst), detail::bufferOf(src)});
  detail::copyLocal(dst, src, repeatParams);
}

// count elements; count * sizeof(T) must be a multiple of 32 bytes (a
// partial last block is not copied).
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(dst)});
  detail::copyIn(dst, src, detail::countParams(count, sizeof(PrimT<T>)));
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(src)});
  detail::copyOut(dst, src, detail::countParams(count, sizeof(PrimT<T>)));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::bufferOf(dst), detail::bufferOf(src)});
  detail::copyLocal(dst, src, detail::countParams(count, sizeof(PrimT<T>)));
}

// --- DataCopyPad ----------------------------------------------------------------------
namespace detail {
template <typename T>
void padIn(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint16_t blockCount,
           uint32_t blockLen, uint32_t srcGap, uint32_t dstGap, bool isPad, uint8_t left,
           uint8_t right, uint64_t padBits) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "DataCopyPad supports 1-, 2-, 4- and 8-byte element types");
  checkGlobalRange(src, blockCount, blockLen, uint64_t{blockLen} + srcGap, "src");
  if (dst.ref().space != Space::UB) unsupportedPath(dst.ref().space, Space::GM, "DataCopyPad");
  if (isPad) set_mov_pad_val(padBits);
  void* gm = const_cast<T*>(src.GetPhyAddr());
  void* ub = dst.ref().ptr;
  if constexpr (sizeof(T) == 1) {
    copy_gm_to_ubuf_align_b8(ub, gm, 0, blockCount, blockLen, left, right, srcGap, dstGap);
  } else if constexpr (sizeof(T) == 2) {
    copy_gm_to_ubuf_align_b16(ub, gm, 0, blockCount, blockLen, left, right, srcGap, dstGap);
  } else if constexpr (sizeof(T) == 4) {
    copy_gm_to_ubuf_align_b32(ub, gm, 0, blockCount, blockLen, left, right, srcGap, dstGap);
  } else {
    // 8-byte elements move as pairs of 4-byte ones.
    copy_gm_to_ubuf_align_b32(ub, gm, 0, blockCount, blockLen, static_cast<uint8_t>(left << 1),
                              static_cast<uint8_t>(right << 1), srcGap, dstGap);
  }
}
template <typename T>
void padOut(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint16_t blockCount,
            uint32_t blockLen, uint32_t srcGap, uint32_t dstGap) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "DataCopyPad supports 1-, 2-, 4- and 8-byte element types");
  checkGlobalRange(dst, blockCount, blockLen, uint64_t{blockLen} + dstGap, "dst");
  if (src.ref().space != Space::UB) unsupportedPath(Space::GM, src.ref().space, "DataCopyPad");
  void* gm = const_cast<T*>(dst.GetPhyAddr());
  void* ub = src.ref().ptr;
  if constexpr (sizeof(T) == 1) {
    copy_ubuf_to_gm_align_b8(gm, ub, 0, blockCount, blockLen, 0, 0, srcGap, dstGap);
  } else if constexpr (sizeof(T) == 2) {
    copy_ubuf_to_gm_align_b16(gm, ub, 0, blockCount, blockLen, 0, 0, srcGap, dstGap);
  } else {
    copy_ubuf_to_gm_align_b32(gm, ub, 0, blockCount, blockLen, 0, 0, srcGap, dstGap);
  }
}
}  // namespace detail

// GM -> UB: each block of blockLen bytes lands in its own 32-byte-aligned
// slot after leftPadding and before rightPadding elements; the padding (and
// the dummy elements up to the slot's end) hold paddingValue when isPad is
// true, else the value SetPadValue set. Without any padding the dummy
// elements repeat the block's first element.
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                 const DataCopyExtParams& dataCopyParams, const DataCopyPadExtParams<T>& padParams,
                 std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopyPad", loc, {detail::bufferOf(dst)});
  detail::padIn(dst, src, dataCopyParams.blockCount, dataCopyParams.blockLen,
                dataCopyParams.srcStride, dataCopyParams.dstStride, padParams.isPad,
                padParams.leftPadding, padParams.rightPadding,
                asctwin::isa::scalarBits(padParams.paddingValue));
}
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                 const DataCopyParams& dataCopyParams, const DataCopyPadParams& padParams,
                 std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopyPad", loc, {detail::bufferOf(dst)});
  detail::padIn(dst, src, dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcGap,
                dataCopyParams.dstGap, padParams.isPad, padParams.leftPadding,
                padParams.rightPadding, padParams.paddingValue);
}
// UB -> GM: exactly blockLen bytes per block.
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                 const DataCopyExtParams& dataCopyParams,
                 std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopyPad", loc, {detail::bufferOf(src)});
  detail::padOut(dst, src, dataCopyParams.blockCount, dataCopyParams.blockLen,
                 dataCopyParams.srcStride, dataCopyParams.dstStride);
}
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                 const DataCopyParams& dataCopyParams,
                 std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopyPad", loc, {detail::bufferOf(src)});
  detail::padOut(dst, src, dataCopyParams.blockCount, dataCopyParams.blockLen,
                 dataCopyParams.srcGap, dataCopyParams.dstGap);
}

// The padding value of later DataCopyPad calls with isPad = false.
template <typename T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue, std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetPadValue", loc);
  if (ASCEND_IS_AIC) return;
  set_mov_pad_val(asctwin::isa::scalarBits(paddingValue));
}

// --- atomic modes (PIPE_S): later transfers into GM combine with GM --------------------
namespace detail {
template <typename T>
constexpr bool kAtomicType =
    std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, float>;
template <typename T>
void setAtomicType() {
  if constexpr (std::is_same_v<T, float>) {
    set_atomic_f32();
  } else if constexpr (std::is_same_v<T, half>) {
    set_atomic_f16();
  } else if constexpr (std::is_same_v<T, int16_t>) {
    set_atomic_s16();
  } else if constexpr (std::is_same_v<T, int32_t>) {
    set_atomic_s32();
  } else if constexpr (std::is_same_v<T, int8_t>) {
    set_atomic_s8();
  } else {
    set_atomic_bf16();
  }
}
}  // namespace detail

template <typename T>
void SetAtomicType(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicType supports half, float, int16_t, int32_t, int8_t, bfloat16_t");
  detail::ApiCall call("SetAtomicType", loc);
  detail::setAtomicType<T>();
}
template <typename T>
void SetAtomicAdd(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicAdd supports half, float, int16_t, int32_t, int8_t, bfloat16_t");
  detail::ApiCall call("SetAtomicAdd", loc);
  set_atomic_add();
  detail::setAtomicType<T>();
}
template <typename T>
void SetAtomicMax(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicMax supports half, float, int16_t, int32_t, int8_t, bfloat16_t");
  detail::ApiCall call("SetAtomicMax", loc);
  set_atomic_max();
  detail::setAtomicType<T>();
}
template <typename T>
void SetAtomicMin(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicMin supports half, float, int16_t, int32_t, int8_t, bfloat16_t");
  detail::ApiCall call("SetAtomicMin", loc);
  set_atomic_min();
  detail::setAtomicType<T>();
}
inline void SetAtomicNone(std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetAtomicNone", loc);
  set_atomic_none();
}
inline void DisableDmaAtomic(std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DisableDmaAtomic", loc);
  set_atomic_none();
}

}  // namespace AscendC
