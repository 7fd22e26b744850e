// The C API's one-source vector functions on architecture 2201 (vexp, vln,
// vabs, vrec, vsqrt, vrsqrt, vrelu, vnot) and asc_copy (vcopy, which the
// reference issues without the AIV test).
#pragma once

#include "asctwin/capi/intrinsics_capi.h"
#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_unary.h"

#define ASCTWIN_CAPI_UNARY_FLOAT(NAME, INTRIN) \
  ASCTWIN_CAPI_UNARY(NAME, INTRIN, half)       \
  ASCTWIN_CAPI_UNARY(NAME, INTRIN, float)
ASCTWIN_CAPI_UNARY_FLOAT(asc_exp, vexp)
ASCTWIN_CAPI_UNARY_FLOAT(asc_log, vln)
ASCTWIN_CAPI_UNARY_FLOAT(asc_abs, vabs)
ASCTWIN_CAPI_UNARY_FLOAT(asc_rcp, vrec)
ASCTWIN_CAPI_UNARY_FLOAT(asc_sqrt, vsqrt)
ASCTWIN_CAPI_UNARY_FLOAT(asc_rsqrt, vrsqrt)
ASCTWIN_CAPI_UNARY_FLOAT(asc_relu, vrelu)
#undef ASCTWIN_CAPI_UNARY_FLOAT
ASCTWIN_CAPI_UNARY(asc_relu, vrelu, int32_t)
ASCTWIN_CAPI_UNARY(asc_not, vnot, int16_t)
ASCTWIN_CAPI_UNARY(asc_not, vnot, uint16_t)

// Without the AIV test, as the reference.
#define ASCTWIN_CAPI_COPY(T)                                                                       \
  inline void asc_copy(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat,                           \
                       uint16_t dst_block_stride, uint16_t src_block_stride,                       \
                       uint16_t dst_repeat_stride, uint16_t src_repeat_stride, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_copy");                                                                 \
    vcopy(dst, src, repeat, dst_block_stride, src_block_stride, dst_repeat_stride,                 \
          src_repeat_stride);                                                                      \
  }                                                                                                \
  inline void asc_copy(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count, ASCTWIN_CAPI_LOC) {       \
    ASCTWIN_CAPI_CALL("asc_copy");                                                                 \
    asctwin::capi::maskCountBegin(count);                                                          \
    vcopy(dst, src, 1, 1, 1, 8, 8);                                                                \
    asctwin::capi::maskCountEnd();                                                                 \
  }                                                                                                \
  inline void asc_copy_sync(__ubuf__ T* dst, __ubuf__ T* src, uint32_t count, ASCTWIN_CAPI_LOC) {  \
    ASCTWIN_CAPI_CALL("asc_copy_sync");                                                            \
    asc_copy(dst, src, count, asctwin_loc);                                                        \
    asctwin::capi::syncPost();                                                                     \
  }
ASCTWIN_CAPI_COPY(int16_t)
ASCTWIN_CAPI_COPY(uint16_t)
ASCTWIN_CAPI_COPY(int32_t)
ASCTWIN_CAPI_COPY(uint32_t)
#undef ASCTWIN_CAPI_COPY
