// Tensor-scalar vector instructions (Adds, Muls, Maxs, Mins, ShiftLeft,
// ShiftRight): the first `count` elements, and the high-dimensional forms
// with UnaryRepeatParams strides. With isSetMask = false the first-n form
// leaves the MASK register (and its mode) as the caller set it and runs one
// iteration, as the real implementation does. ShiftRight's high-dimensional
// forms take roundEn (vshr's rounding operand: src / 2^n rounded half up,
// signed types only).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_mask.h"

#define ASCTWIN_API_VSCALAR(NAME, INTRIN, CAST, ...)                                            \
  template <typename T, bool isSetMask = true>                                                  \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,  \
            const int32_t& count, std::source_location loc = std::source_location::current()) { \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});        \
    detail::requireCount(count, #NAME, loc);                                                    \
    if (ASCEND_IS_AIC) return;                                                                  \
    if constexpr (isSetMask) detail::beginCount(static_cast<uint64_t>(count));                  \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), CAST(scalarValue), 1, 1, 1, 8, 8);               \
    if constexpr (isSetMask) detail::endCount();                                                \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,  \
            const uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p,        \
            __VA_OPT__(bool roundEn = false, ) std::source_location loc =                       \
                std::source_location::current()) {                                              \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});        \
    if (ASCEND_IS_AIC) return;                                                                  \
    detail::setMask<T, isSetMask>(mask);                                                        \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), CAST(scalarValue), repeatTime, p.dstBlkStride,   \
           p.srcBlkStride, p.dstRepStride, p.srcRepStride __VA_OPT__(, roundEn));               \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PrimT<T>& scalarValue,  \
            uint64_t mask, const uint8_t repeatTime, const UnaryRepeatParams& p,                \
            __VA_OPT__(bool roundEn = false, ) std::source_location loc =                       \
                std::source_location::current()) {                                              \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId});        \
    if (ASCEND_IS_AIC) return;                                                                  \
    detail::setMask<T, isSetMask>(mask);                                                        \
    INTRIN(dst.GetPhyAddr(), src.GetPhyAddr(), CAST(scalarValue), repeatTime, p.dstBlkStride,   \
           p.srcBlkStride, p.dstRepStride, p.srcRepStride __VA_OPT__(, roundEn));               \
  }

namespace AscendC {
namespace detail {
template <typename T>
T same(const T& v) {
  return v;
}
// Shift counts are 32-bit integers.
template <typename T>
int32_t shiftCount(const T& v) {
  return static_cast<int32_t>(v);
}
}  // namespace detail

ASCTWIN_API_VSCALAR(Adds, vadds, detail::same)
ASCTWIN_API_VSCALAR(Muls, vmuls, detail::same)
ASCTWIN_API_VSCALAR(Maxs, vmaxs, detail::same)
ASCTWIN_API_VSCALAR(Mins, vmins, detail::same)
ASCTWIN_API_VSCALAR(ShiftLeft, vshl, detail::shiftCount)
ASCTWIN_API_VSCALAR(ShiftRight, vshr, detail::shiftCount, roundEn)
}  // namespace AscendC

#undef ASCTWIN_API_VSCALAR
