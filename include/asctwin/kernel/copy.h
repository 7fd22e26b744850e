// Data movement (DataCopy, DataCopyPad) and the atomic modes of GM writes.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/tensor.h"

namespace AscendC {

// GM -> local (MTE2). count*sizeof(T) is rounded down to a multiple of 32 B.
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count,
              std::source_location loc = std::source_location::current()) {
  const uint32_t bytes = static_cast<uint32_t>(static_cast<uint64_t>(count) * sizeof(T) / 32 * 32);
  asctwin::kernel::copyGmToLocal(dst.ref(), src.ref(), 1, bytes, 0, 0,
                                 asctwin::kernel::Site::at("DataCopy", loc));
}
// local -> GM (MTE3), combined with GM under the core's atomic mode.
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
              std::source_location loc = std::source_location::current()) {
  const uint32_t bytes = static_cast<uint32_t>(static_cast<uint64_t>(count) * sizeof(T) / 32 * 32);
  asctwin::kernel::copyLocalToGm(dst.ref(), src.ref(), 1, bytes, 0, 0,
                                 asctwin::kernel::dtypeOf<T>(),
                                 asctwin::kernel::Site::at("DataCopy", loc));
}
// local -> local (UB -> UB on the vector pipe, L1 -> L1 on MTE1).
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count,
              std::source_location loc = std::source_location::current()) {
  const uint32_t bytes = static_cast<uint32_t>(static_cast<uint64_t>(count) * sizeof(T) / 32 * 32);
  asctwin::kernel::copyLocalToLocal(dst.ref(), src.ref(), 1, bytes, 0, 0,
                                    asctwin::kernel::Site::at("DataCopy", loc));
}

// Strided forms: blockCount blocks of blockLen 32-byte units; gaps in 32-byte units.
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
              std::source_location loc = std::source_location::current()) {
  asctwin::kernel::copyGmToLocal(dst.ref(), src.ref(), p.blockCount, p.blockLen * 32u,
                                 p.srcStride * 32ull, p.dstStride * 32u,
                                 asctwin::kernel::Site::at("DataCopy", loc));
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              std::source_location loc = std::source_location::current()) {
  asctwin::kernel::copyLocalToGm(
      dst.ref(), src.ref(), p.blockCount, p.blockLen * 32u, p.srcStride * 32u, p.dstStride * 32ull,
      asctwin::kernel::dtypeOf<T>(), asctwin::kernel::Site::at("DataCopy", loc));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p,
              std::source_location loc = std::source_location::current()) {
  asctwin::kernel::copyLocalToLocal(dst.ref(), src.ref(), p.blockCount, p.blockLen * 32u,
                                    p.srcStride * 32u, p.dstStride * 32u,
                                    asctwin::kernel::Site::at("DataCopy", loc));
}

// GM -> local with padding: each block of blockLen bytes lands in its own
// 32-byte-aligned slot (GM gaps in bytes, UB gaps in 32-byte blocks).
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad,
                 std::source_location loc = std::source_location::current()) {
  asctwin::kernel::copyGmToLocalPad(
      dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad,
      pad.leftPadding, pad.rightPadding, asctwin::kernel::bitsOf(pad.paddingValue),
      static_cast<uint32_t>(sizeof(T)), asctwin::kernel::Site::at("DataCopyPad", loc));
}
// local -> GM writing exactly blockLen bytes per block.
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p,
                 std::source_location loc = std::source_location::current()) {
  asctwin::kernel::copyLocalToGmPad(dst.ref(), src.ref(), p.blockCount, p.blockLen, p.srcStride,
                                    p.dstStride, asctwin::kernel::dtypeOf<T>(),
                                    asctwin::kernel::Site::at("DataCopyPad", loc));
}

namespace detail {
template <typename T>
constexpr bool kAtomicType =
    std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, half> ||
    std::is_same_v<T, bfloat16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, float>;
}

// Atomic modes (PIPE_S): every later transfer into GM combines with GM.
template <typename T>
void SetAtomicAdd(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicAdd supports int8, int16, half, bfloat16_t, int32, float");
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::Add, asctwin::kernel::dtypeOf<T>(),
                             asctwin::kernel::Site::at("SetAtomicAdd", loc));
}
template <typename T>
void SetAtomicMax(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicMax supports int8, int16, half, bfloat16_t, int32, float");
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::Max, asctwin::kernel::dtypeOf<T>(),
                             asctwin::kernel::Site::at("SetAtomicMax", loc));
}
template <typename T>
void SetAtomicMin(std::source_location loc = std::source_location::current()) {
  static_assert(detail::kAtomicType<T>,
                "SetAtomicMin supports int8, int16, half, bfloat16_t, int32, float");
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::Min, asctwin::kernel::dtypeOf<T>(),
                             asctwin::kernel::Site::at("SetAtomicMin", loc));
}
inline void DisableDmaAtomic(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::None, asctwin::kernel::DType::F32,
                             asctwin::kernel::Site::at("DisableDmaAtomic", loc));
}
inline void SetAtomicNone(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setAtomic(asctwin::kernel::AtomicOp::None, asctwin::kernel::DType::F32,
                             asctwin::kernel::Site::at("SetAtomicNone", loc));
}

}  // namespace AscendC
