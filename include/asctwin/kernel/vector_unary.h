// Unary vector instructions (Exp, Ln, Abs, Reciprocal, Sqrt, Rsqrt, Relu,
// Not) and LeakyRelu, each in its three forms: the first `count` elements,
// and the high-dimensional forms with a bit mask or a continuous mask,
// `repeatTime` iterations and UnaryRepeatParams strides. Each lowers to its
// intrinsic (vexp, ...), whose overloads admit exactly the element types the
// hardware has. The scalar of LeakyRelu has the tensor's type (deduced from
// both, as the real template: a float literal on a half tensor does not
// compile unless T is given).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics_unary.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/source_location.h"

#define ASCTWIN_API_VUN(NAME, INTRIN)                                                      \
  template <typename T>                                                                    \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count,    \
            std::source_location loc = std::source_location::current()) {                  \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});   \
    detail::requireCount(count, #NAME, loc);                                               \
    if (ASCEND_IS_AIC) return;                                                             \
    detail::beginCount(static_cast<uint64_t>(count));                                      \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), 1, 1, 1, 8, 8);                             \
    detail::endCount();                                                                    \
  }                                                                                        \
  template <typename T, bool isSetMask = true>                                             \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],   \
            const uint8_t repeatTime, const UnaryRepeatParams& p,                          \
            std::source_location loc = std::source_location::current()) {                  \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});   \
    if (ASCEND_IS_AIC) return;                                                             \
    detail::setMask<T, isSetMask>(mask);                                                   \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime, p.dstBlkStride, p.srcBlkStride, \
           p.dstRepStride, p.srcRepStride);                                                \
  }                                                                                        \
  template <typename T, bool isSetMask = true>                                             \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask,           \
            const uint8_t repeatTime, const UnaryRepeatParams& p,                          \
            std::source_location loc = std::source_location::current()) {                  \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});   \
    if (ASCEND_IS_AIC) return;                                                             \
    detail::setMask<T, isSetMask>(mask);                                                   \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime, p.dstBlkStride, p.srcBlkStride, \
           p.dstRepStride, p.srcRepStride);                                                \
  }

namespace AscendC {
ASCTWIN_API_VUN(Exp, vexp)
ASCTWIN_API_VUN(Ln, vln)
ASCTWIN_API_VUN(Abs, vabs)
ASCTWIN_API_VUN(Reciprocal, vrec)
ASCTWIN_API_VUN(Sqrt, vsqrt)
ASCTWIN_API_VUN(Rsqrt, vrsqrt)
ASCTWIN_API_VUN(Relu, vrelu)
ASCTWIN_API_VUN(Not, vnot)

// LeakyRelu: dst = src < 0 ? src * scalarValue : src.
template <typename T, bool isSetMask = true>
void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
               const int32_t& count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("LeakyRelu", loc, {dst.ref().bufferId, src.ref().bufferId});
  detail::requireCount(count, "LeakyRelu", loc);
  if (ASCEND_IS_AIC) return;
  if constexpr (isSetMask) detail::beginCount(static_cast<uint64_t>(count));
  vlrelu(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, 1, 1, 1, 8, 8);
  if constexpr (isSetMask) detail::endCount();
}
template <typename T, bool isSetMask = true>
void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
               uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p,
               std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("LeakyRelu", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vlrelu(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, repeatTime, p.dstBlkStride,
         p.srcBlkStride, p.dstRepStride, p.srcRepStride);
}
template <typename T, bool isSetMask = true>
void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
               uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p,
               std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("LeakyRelu", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vlrelu(dst.GetPhyAddr(), src.GetPhyAddr(), scalarValue, repeatTime, p.dstBlkStride,
         p.srcBlkStride, p.dstRepStride, p.srcRepStride);
}

}  // namespace AscendC

#undef ASCTWIN_API_VUN
