// The shapes the C API's vector functions share on architecture 2201. Most
// come in three forms:
//  - the repeat form: the caller's repeat count and strides, under the MASK
//    the core holds (normal mode: asc_set_vector_mask's bits);
//  - the count form: `count` elements, the vector unit in counter mode for
//    one iteration with the default strides (maskCountBegin/End);
//  - `_sync`: the count form, then a barrier of every pipe.
// Each issues its intrinsic on an AIV only (the reference's ASC_IS_AIV).
//
// The macros take parenthesised lists: HEAD the leading parameters
// (operands, scalar), ARGS their names, REP the repeat form's parameters,
// REP_ARGS / CNT_ARGS the intrinsic's arguments after ARGS in each form.
#pragma once

#include "asctwin/capi/common.h"

#define ASCTWIN_CAPI_X(...) __VA_ARGS__

// The repeat form alone.
#define ASCTWIN_CAPI_REPEAT_FORM(NAME, INTRIN, HEAD, ARGS, REP, REP_ARGS)       \
  inline void NAME(ASCTWIN_CAPI_X HEAD, ASCTWIN_CAPI_X REP, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME);                                                   \
    if (ASC_IS_AIV) INTRIN(ASCTWIN_CAPI_X ARGS, ASCTWIN_CAPI_X REP_ARGS);       \
  }

// The count form and its `_sync` form.
#define ASCTWIN_CAPI_COUNT_FORMS(NAME, INTRIN, HEAD, ARGS, CNT_ARGS)               \
  inline void NAME(ASCTWIN_CAPI_X HEAD, uint32_t count, ASCTWIN_CAPI_LOC) {        \
    ASCTWIN_CAPI_CALL(#NAME);                                                      \
    asctwin::capi::maskCountBegin(count);                                          \
    if (ASC_IS_AIV) INTRIN(ASCTWIN_CAPI_X ARGS, ASCTWIN_CAPI_X CNT_ARGS);          \
    asctwin::capi::maskCountEnd();                                                 \
  }                                                                                \
  inline void NAME##_sync(ASCTWIN_CAPI_X HEAD, uint32_t count, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME "_sync");                                              \
    NAME(ASCTWIN_CAPI_X ARGS, count, asctwin_loc);                                 \
    asctwin::capi::syncPost();                                                     \
  }

#define ASCTWIN_CAPI_THREE_FORMS(NAME, INTRIN, HEAD, ARGS, REP, REP_ARGS, CNT_ARGS) \
  ASCTWIN_CAPI_REPEAT_FORM(NAME, INTRIN, HEAD, ARGS, REP, REP_ARGS)                 \
  ASCTWIN_CAPI_COUNT_FORMS(NAME, INTRIN, HEAD, ARGS, CNT_ARGS)

// A repeat form whose `_sync` form takes the same parameters.
#define ASCTWIN_CAPI_REPEAT_SYNC_FORMS(NAME, INTRIN, HEAD, ARGS, REP, REP_ARGS)        \
  ASCTWIN_CAPI_REPEAT_FORM(NAME, INTRIN, HEAD, ARGS, REP, REP_ARGS)                    \
  inline void NAME##_sync(ASCTWIN_CAPI_X HEAD, ASCTWIN_CAPI_X REP, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME "_sync");                                                  \
    NAME(ASCTWIN_CAPI_X ARGS, ASCTWIN_CAPI_X REP_ARGS, asctwin_loc);                   \
    asctwin::capi::syncPost();                                                         \
  }

// --- shapes ---------------------------------------------------------------------------------
// Two sources: 8-bit strides; in the count form the repeat strides DR, S0R, S1R.
#define ASCTWIN_CAPI_BINARY_REP                                                                    \
  (uint8_t repeat, uint8_t dst_block_stride, uint8_t src0_block_stride, uint8_t src1_block_stride, \
   uint8_t dst_repeat_stride, uint8_t src0_repeat_stride, uint8_t src1_repeat_stride)
#define ASCTWIN_CAPI_BINARY_REP_ARGS                                                 \
  repeat, dst_block_stride, src0_block_stride, src1_block_stride, dst_repeat_stride, \
      src0_repeat_stride, src1_repeat_stride
#define ASCTWIN_CAPI_BINARY_EX(NAME, INTRIN, D, S, DR, S0R, S1R, ...)                              \
  ASCTWIN_CAPI_THREE_FORMS(NAME, INTRIN, (__ubuf__ D * dst, __ubuf__ S * src0, __ubuf__ S * src1), \
                           (dst, src0, src1), ASCTWIN_CAPI_BINARY_REP,                             \
                           (ASCTWIN_CAPI_BINARY_REP_ARGS __VA_ARGS__),                             \
                           (1, 1, 1, 1, DR, S0R, S1R __VA_ARGS__))
#define ASCTWIN_CAPI_BINARY(NAME, INTRIN, T) ASCTWIN_CAPI_BINARY_EX(NAME, INTRIN, T, T, 8, 8, 8)

// A source and a scalar of type V: 16-bit strides.
#define ASCTWIN_CAPI_SCALAR_REP                                          \
  (uint8_t repeat, uint16_t dst_block_stride, uint16_t src_block_stride, \
   uint16_t dst_repeat_stride, uint16_t src_repeat_stride)
#define ASCTWIN_CAPI_SCALAR_REP_ARGS \
  repeat, dst_block_stride, src_block_stride, dst_repeat_stride, src_repeat_stride
#define ASCTWIN_CAPI_SCALAR_EX(NAME, INTRIN, D, S, V, DR, SR, ...)                      \
  ASCTWIN_CAPI_THREE_FORMS(NAME, INTRIN, (__ubuf__ D * dst, __ubuf__ S * src, V value), \
                           (dst, src, value), ASCTWIN_CAPI_SCALAR_REP,                  \
                           (ASCTWIN_CAPI_SCALAR_REP_ARGS __VA_ARGS__),                  \
                           (1, 1, 1, DR, SR __VA_ARGS__))
#define ASCTWIN_CAPI_SCALAR(NAME, INTRIN, T) ASCTWIN_CAPI_SCALAR_EX(NAME, INTRIN, T, T, T, 8, 8)

// One source: 16-bit strides (RS: the repeat strides' type, uint8_t for the
// dequantising and int4 conversions); in the count form the repeat strides DR, SR.
#define ASCTWIN_CAPI_UNARY_Q(NAME, INTRIN, D, S, DR, SR, RS)                                       \
  ASCTWIN_CAPI_THREE_FORMS(                                                                        \
      NAME, INTRIN, (__ubuf__ D * dst, __ubuf__ S * src), (dst, src),                              \
      (uint8_t repeat, uint16_t dst_block_stride, uint16_t src_block_stride, RS dst_repeat_stride, \
       RS src_repeat_stride),                                                                      \
      (repeat, dst_block_stride, src_block_stride, dst_repeat_stride, src_repeat_stride),          \
      (1, 1, 1, DR, SR))
#define ASCTWIN_CAPI_UNARY_EX(NAME, INTRIN, D, S, DR, SR) \
  ASCTWIN_CAPI_UNARY_Q(NAME, INTRIN, D, S, DR, SR, uint16_t)
#define ASCTWIN_CAPI_UNARY(NAME, INTRIN, T) ASCTWIN_CAPI_UNARY_EX(NAME, INTRIN, T, T, 8, 8)

// Reductions: one result per iteration, per block or per pair; in the count
// form one iteration, destination repeat stride 1.
#define ASCTWIN_CAPI_REDUCE(NAME, INTRIN, T, ...)                                   \
  ASCTWIN_CAPI_THREE_FORMS(                                                         \
      NAME, INTRIN, (__ubuf__ T * dst, __ubuf__ T * src), (dst, src),               \
      (uint8_t repeat, uint16_t dst_repeat_stride, uint16_t src_block_stride,       \
       uint16_t src_repeat_stride),                                                 \
      (repeat, dst_repeat_stride, src_block_stride, src_repeat_stride __VA_ARGS__), \
      (1, 1, 1, 8 __VA_ARGS__))
