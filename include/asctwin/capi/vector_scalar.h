// The C API's vector functions of a source and a scalar on architecture
// 2201: vadds, vmuls, vmaxs, vmins (asc_sub_scalar adds the negated
// scalar, as the reference), vlrelu, vaxpy (dst += src * value), the
// shifts (vshl, vshr; vshr's last operand rounds), and vector_dup.
#pragma once

#include <type_traits>

#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_unary.h"

#define ASCTWIN_CAPI_SCALAR_ARITH(NAME, INTRIN) \
  ASCTWIN_CAPI_SCALAR(NAME, INTRIN, half)       \
  ASCTWIN_CAPI_SCALAR(NAME, INTRIN, float)      \
  ASCTWIN_CAPI_SCALAR(NAME, INTRIN, int16_t)    \
  ASCTWIN_CAPI_SCALAR(NAME, INTRIN, int32_t)
ASCTWIN_CAPI_SCALAR_ARITH(asc_add_scalar, vadds)
ASCTWIN_CAPI_SCALAR_ARITH(asc_mul_scalar, vmuls)
ASCTWIN_CAPI_SCALAR_ARITH(asc_max_scalar, vmaxs)
ASCTWIN_CAPI_SCALAR_ARITH(asc_min_scalar, vmins)
#undef ASCTWIN_CAPI_SCALAR_ARITH

namespace asctwin::capi {
// 0 - value in T (integers wrap, as the NPU's scalar unit).
template <typename T>
inline T negated(T value) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(0u - static_cast<std::make_unsigned_t<T>>(value));
  } else {
    return static_cast<T>(-static_cast<float>(value));
  }
}
// dst = src + (0 - value): vadds of the negated scalar.
template <typename T>
inline void vsubs(__ubuf__ T* dst, __ubuf__ T* src, T value, uint8_t repeat, uint16_t dbs,
                  uint16_t sbs, uint16_t drs, uint16_t srs) {
  vadds(dst, src, negated(value), repeat, dbs, sbs, drs, srs);
}
}  // namespace asctwin::capi
#define ASCTWIN_CAPI_SUB_SCALAR(T) ASCTWIN_CAPI_SCALAR(asc_sub_scalar, asctwin::capi::vsubs, T)
ASCTWIN_CAPI_SUB_SCALAR(half)
ASCTWIN_CAPI_SUB_SCALAR(float)
ASCTWIN_CAPI_SUB_SCALAR(int16_t)
ASCTWIN_CAPI_SUB_SCALAR(int32_t)
#undef ASCTWIN_CAPI_SUB_SCALAR

// LeakyRelu: src >= 0 ? src : src * value. Its count form leaves normal
// mode twice (as the reference).
#define ASCTWIN_CAPI_LEAKYRELU(T)                                                                \
  ASCTWIN_CAPI_REPEAT_FORM(asc_leakyrelu, vlrelu, (__ubuf__ T * dst, __ubuf__ T * src, T value), \
                           (dst, src, value), ASCTWIN_CAPI_SCALAR_REP,                           \
                           (ASCTWIN_CAPI_SCALAR_REP_ARGS))                                       \
  inline void asc_leakyrelu(__ubuf__ T* dst, __ubuf__ T* src, T value, uint32_t count,           \
                            ASCTWIN_CAPI_LOC) {                                                  \
    ASCTWIN_CAPI_CALL("asc_leakyrelu");                                                          \
    asctwin::capi::maskCountBegin(count);                                                        \
    if (ASC_IS_AIV) vlrelu(dst, src, value, 1, 1, 1, 8, 8);                                      \
    set_mask_norm();                                                                             \
    asctwin::capi::maskCountEnd();                                                               \
  }                                                                                              \
  inline void asc_leakyrelu_sync(__ubuf__ T* dst, __ubuf__ T* src, T value, uint32_t count,      \
                                 ASCTWIN_CAPI_LOC) {                                             \
    ASCTWIN_CAPI_CALL("asc_leakyrelu_sync");                                                     \
    asc_leakyrelu(dst, src, value, count, asctwin_loc);                                          \
    asctwin::capi::syncPost();                                                                   \
  }
ASCTWIN_CAPI_LEAKYRELU(half)
ASCTWIN_CAPI_LEAKYRELU(float)
#undef ASCTWIN_CAPI_LEAKYRELU

// dst += src * value; the float <- half form reads halves at half the stride.
ASCTWIN_CAPI_SCALAR(asc_axpy, vaxpy, half)
ASCTWIN_CAPI_SCALAR(asc_axpy, vaxpy, float)
ASCTWIN_CAPI_SCALAR_EX(asc_axpy, vaxpy, float, half, half, 8, 4)

// Shifts by `value` bits: left for every type (a uint32_t distance), right
// arithmetic for the signed and logical for the unsigned types.
#define ASCTWIN_CAPI_SHIFTS(T, RV)                                  \
  ASCTWIN_CAPI_SCALAR_EX(asc_shiftleft, vshl, T, T, uint32_t, 8, 8) \
  ASCTWIN_CAPI_SCALAR_EX(asc_shiftright, vshr, T, T, RV, 8, 8, , false)
ASCTWIN_CAPI_SHIFTS(int16_t, int32_t)
ASCTWIN_CAPI_SHIFTS(uint16_t, uint32_t)
ASCTWIN_CAPI_SHIFTS(int32_t, int32_t)
ASCTWIN_CAPI_SHIFTS(uint32_t, uint32_t)
#undef ASCTWIN_CAPI_SHIFTS
// The arithmetic right shift rounded to nearest (the last bit shifted out added).
ASCTWIN_CAPI_SCALAR_EX(asc_shiftright_round, vshr, int16_t, int16_t, int32_t, 8, 8, , true)
ASCTWIN_CAPI_SCALAR_EX(asc_shiftright_round, vshr, int32_t, int32_t, int32_t, 8, 8, , true)

// Every lane (of the mask) set to `src`.
#define ASCTWIN_CAPI_DUPLICATE(T)                                              \
  ASCTWIN_CAPI_THREE_FORMS(                                                    \
      asc_duplicate, vector_dup, (__ubuf__ T * dst, T src), (dst, src),        \
      (uint8_t repeat, uint16_t dst_block_stride, uint16_t dst_repeat_stride), \
      (repeat, dst_block_stride, 1, dst_repeat_stride, 0), (1, 1, 1, 8, 0))
ASCTWIN_CAPI_DUPLICATE(half)
ASCTWIN_CAPI_DUPLICATE(int16_t)
ASCTWIN_CAPI_DUPLICATE(uint16_t)
ASCTWIN_CAPI_DUPLICATE(bfloat16_t)
ASCTWIN_CAPI_DUPLICATE(float)
ASCTWIN_CAPI_DUPLICATE(int32_t)
ASCTWIN_CAPI_DUPLICATE(uint32_t)
#undef ASCTWIN_CAPI_DUPLICATE
