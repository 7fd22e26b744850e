// Two-tensor vector instructions (Add, Sub, Mul, Div, Max, Min, And, Or) in
// their three forms: the first `count` elements, and the high-dimensional
// forms with a bit mask or a continuous mask, `repeatTime` iterations and
// BinaryRepeatParams strides. Each lowers to its intrinsic (vadd, ...), whose
// overloads admit exactly the element types the hardware has.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_mask.h"

#define ASCTWIN_API_VBIN_Q(NAME, INTRIN, MASKQ)                                                    \
  template <typename T>                                                                            \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,     \
            const int32_t& count, std::source_location loc = std::source_location::current()) {    \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    detail::requireCount(count, #NAME, loc);                                                       \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::beginCount(static_cast<uint64_t>(count));                                              \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), 1, 1, 1, 1, 8, 8, 8);           \
    detail::endCount();                                                                            \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,     \
            MASKQ uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& p,          \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<T, isSetMask>(mask);                                                           \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p.dstBlkStride,     \
           p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);    \
  }                                                                                                \
  template <typename T, bool isSetMask = true>                                                     \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,     \
            uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p,                  \
            std::source_location loc = std::source_location::current()) {                          \
    asctwin::kernel::ApiCall call(#NAME, loc,                                                      \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                     \
    detail::setMask<T, isSetMask>(mask);                                                           \
    INTRIN(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), repeatTime, p.dstBlkStride,     \
           p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);    \
  }

// The same element-wise two-source shape serves the fused AddRelu, SubRelu,
// FusedMulAdd and MulAddRelu (vector_fused.h), whose bit-mask form takes a
// non-const mask array as the real signatures do (MASKQ empty).
#define ASCTWIN_API_VBIN(NAME, INTRIN) ASCTWIN_API_VBIN_Q(NAME, INTRIN, const)

namespace AscendC {
ASCTWIN_API_VBIN(Add, vadd)
ASCTWIN_API_VBIN(Sub, vsub)
ASCTWIN_API_VBIN(Mul, vmul)
ASCTWIN_API_VBIN(Div, vdiv)
ASCTWIN_API_VBIN(Max, vmax)
ASCTWIN_API_VBIN(Min, vmin)
ASCTWIN_API_VBIN(And, vand)
ASCTWIN_API_VBIN(Or, vor)
}  // namespace AscendC

#undef ASCTWIN_API_VBIN
// ASCTWIN_API_VBIN_Q stays defined for vector_fused.h, which undefines it.
