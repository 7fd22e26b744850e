// Fused vector instructions: AddRelu, SubRelu, MulAddDst (dst = src0 * src1
// + dst), FusedMulAdd (dst = src0 * dst + src1), MulAddRelu/FusedMulAddRelu,
// Axpy (dst = src * scalar + dst), and the converting AddReluCast,
// SubReluCast and MulCast; each in its first-n and high-dimensional forms,
// lowered to its intrinsic as the real implementation does (which mask type,
// which default strides when dst and src differ in size).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics_unary.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_binary.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/source_location.h"

namespace AscendC {
namespace detail {

// The first-n strides of a two-source instruction whose destination type T
// and source type U may differ in size: the narrower side moves half as far.
template <typename T, typename U>
inline BinaryRepeatParams countStrides() {
  BinaryRepeatParams p;
  if constexpr (sizeof(T) > sizeof(U)) {
    p.src0RepStride = p.src1RepStride = HALF_DEFAULT_REPEAT_STRIDE;
  } else if constexpr (sizeof(T) < sizeof(U)) {
    p.dstRepStride = HALF_DEFAULT_REPEAT_STRIDE;
  }
  return p;
}

// The mask of a two-type instruction: by the source type unless the
// destination is narrower (AddReluCast, SubReluCast), as the real code.
template <typename T, typename U>
using CastMaskType = std::conditional_t<(sizeof(T) >= sizeof(U)), U, T>;

// The converting intrinsics by their operand types (the real code picks
// vaddreluconv_f162s8 etc. the same way).
#define ASCTWIN_API_CONV_PICK(GENERIC, INTRIN, D, S)                                       \
  inline void GENERIC(__ubuf__ D* d, __ubuf__ S* a, __ubuf__ S* b, uint8_t r, uint16_t db, \
                      uint16_t ab, uint16_t bb, uint16_t dr, uint16_t ar, uint16_t br) {   \
    INTRIN(d, a, b, r, db, ab, bb, dr, ar, br);                                            \
  }
ASCTWIN_API_CONV_PICK(vaddreluconv, vaddreluconv_f322f16, half, float)
ASCTWIN_API_CONV_PICK(vaddreluconv, vaddreluconv_f162s8, int8_t, half)
ASCTWIN_API_CONV_PICK(vaddreluconv, vaddreluconv_s162s8, int8_t, int16_t)
ASCTWIN_API_CONV_PICK(vsubreluconv, vsubreluconv_f322f16, half, float)
ASCTWIN_API_CONV_PICK(vsubreluconv, vsubreluconv_f162s8, int8_t, half)
ASCTWIN_API_CONV_PICK(vsubreluconv, vsubreluconv_s162s8, int8_t, int16_t)
ASCTWIN_API_CONV_PICK(vmulconv, vmulconv_f162s8, int8_t, half)
ASCTWIN_API_CONV_PICK(vmulconv, vmulconv_f162u8, uint8_t, half)
#undef ASCTWIN_API_CONV_PICK

}  // namespace detail

ASCTWIN_API_VBIN_Q(AddRelu, vaddrelu, )
ASCTWIN_API_VBIN_Q(SubRelu, vsubrelu, )
ASCTWIN_API_VBIN_Q(FusedMulAdd, vmadd, )
ASCTWIN_API_VBIN_Q(MulAddRelu, vmaddrelu, )
ASCTWIN_API_VBIN_Q(FusedMulAddRelu, vmaddrelu, )  // the older name of MulAddRelu
#undef ASCTWIN_API_VBIN_Q

// Two types: T the destination, U the sources. MASKT is the type the mask
// is counted in; COUNT_T the type of the first-n count.
#define ASCTWIN_API_VFUSED_TWO(NAME, INTRIN, MASKT, COUNT_T)                                       \
  template <typename T, typename U>                                                                \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            const COUNT_T count, std::source_location loc = std::source_location::current()) {     \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    detail::requireCount(static_cast<int64_t>(count), #NAME, loc);                                 \
    if (ASCEND_IS_AIC) return;                                                                     \
    const BinaryRepeatParams p = detail::countStrides<T, U>();                                     \
    detail::beginCount(static_cast<uint64_t>(count));                                              \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), 1, p.dstBlkStride,              \
           p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);    \
    detail::endCount();                                                                            \
  }                                                                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p,                \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<MASKT, isSetMask>(mask);                                                       \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p.dstBlkStride,     \
           p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);    \
  }                                                                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p,                  \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<MASKT, isSetMask>(mask);                                                       \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p.dstBlkStride,     \
           p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);    \
  }

ASCTWIN_API_VFUSED_TWO(MulAddDst, vmla, T, int32_t&)
ASCTWIN_API_VFUSED_TWO(MulCast, detail::vmulconv, U, uint32_t)
#undef ASCTWIN_API_VFUSED_TWO

// AddReluCast / SubReluCast: vaddreluconv_<src><dst> by the type pair.
namespace detail {
template <typename T, typename U>
void addReluConv(__ubuf__ T* d, __ubuf__ U* a, __ubuf__ U* b, uint8_t r,
                 const BinaryRepeatParams& p) {
  vaddreluconv(d, a, b, r, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,
               p.src0RepStride, p.src1RepStride);
}
template <typename T, typename U>
void subReluConv(__ubuf__ T* d, __ubuf__ U* a, __ubuf__ U* b, uint8_t r,
                 const BinaryRepeatParams& p) {
  vsubreluconv(d, a, b, r, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride,
               p.src0RepStride, p.src1RepStride);
}
}  // namespace detail

#define ASCTWIN_API_VRELUCAST(NAME, LOWER)                                                         \
  template <typename T, typename U>                                                                \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            const uint32_t count, std::source_location loc = std::source_location::current()) {    \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::beginCount(count);                                                                     \
    detail::LOWER(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), 1,                       \
                  detail::countStrides<T, U>());                                                   \
    detail::endCount();                                                                            \
  }                                                                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p,                \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<detail::CastMaskType<T, U>, isSetMask>(mask);                                  \
    detail::LOWER(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p);          \
  }                                                                                                \
  template <typename T, typename U, bool isSetMask = true>                                         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,     \
            uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p,                  \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<detail::CastMaskType<T, U>, isSetMask>(mask);                                  \
    detail::LOWER(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p);          \
  }
ASCTWIN_API_VRELUCAST(AddReluCast, addReluConv)
ASCTWIN_API_VRELUCAST(SubReluCast, subReluConv)
#undef ASCTWIN_API_VRELUCAST

// Axpy: dst = src * scalarValue + dst (dst float with half src allowed).
template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue,
          const int32_t& count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Axpy", loc, {dst.ref().bufferId, src.ref().bufferId});
  detail::requireCount(count, "Axpy", loc);
  if (ASCEND_IS_AIC) return;
  set_mask_count();
  set_vector_mask(0, static_cast<uint64_t>(count));
  constexpr uint16_t srcRep = sizeof(T) > sizeof(U) ? HALF_DEFAULT_REPEAT_STRIDE : 8;
  vaxpy(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, 1, 1, 1, 8, srcRep);
  set_vector_mask(FULL_MASK, FULL_MASK);
  set_mask_norm();
}
template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue,
          uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Axpy", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vaxpy(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, repeatTime, p.dstBlkStride, p.srcBlkStride,
        p.dstRepStride, p.srcRepStride);
}
template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask,
          const uint8_t repeatTime, const UnaryRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Axpy", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<std::conditional_t<(sizeof(T) > sizeof(U)), T, U>, isSetMask>(mask);
  vaxpy(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, repeatTime, p.dstBlkStride, p.srcBlkStride,
        p.dstRepStride, p.srcRepStride);
}

}  // namespace AscendC
