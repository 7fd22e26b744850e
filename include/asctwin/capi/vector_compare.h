// The C API's comparisons on architecture 2201: of two sources into bits in
// UB (vcmpv_*), into CMPMASK (vcmp_*, no destination), of a source and a
// scalar into bits (vcmpvs_*); and CMPMASK's reads and writes. Each has a
// `_sync` form with the same parameters.
#pragma once

#include "asctwin/capi/vector_forms.h"

#define ASCTWIN_CAPI_CMP(OP, T)                                                               \
  ASCTWIN_CAPI_REPEAT_SYNC_FORMS(                                                             \
      asc_##OP, vcmpv_##OP, (__ubuf__ uint8_t * dst, __ubuf__ T * src0, __ubuf__ T * src1),   \
      (dst, src0, src1), ASCTWIN_CAPI_BINARY_REP, (ASCTWIN_CAPI_BINARY_REP_ARGS))             \
  ASCTWIN_CAPI_REPEAT_SYNC_FORMS(asc_##OP, vcmp_##OP, (__ubuf__ T * src0, __ubuf__ T * src1), \
                                 (src0, src1), ASCTWIN_CAPI_BINARY_REP,                       \
                                 (ASCTWIN_CAPI_BINARY_REP_ARGS))
#define ASCTWIN_CAPI_CMP_SCALAR(OP, T)                                                     \
  ASCTWIN_CAPI_REPEAT_SYNC_FORMS(                                                          \
      asc_##OP##_scalar, vcmpvs_##OP, (__ubuf__ uint8_t * dst, __ubuf__ T * src, T value), \
      (dst, src, value), ASCTWIN_CAPI_SCALAR_REP, (ASCTWIN_CAPI_SCALAR_REP_ARGS))
#define ASCTWIN_CAPI_CMP_FLOAT(OP)  \
  ASCTWIN_CAPI_CMP(OP, half)        \
  ASCTWIN_CAPI_CMP(OP, float)       \
  ASCTWIN_CAPI_CMP_SCALAR(OP, half) \
  ASCTWIN_CAPI_CMP_SCALAR(OP, float)
ASCTWIN_CAPI_CMP_FLOAT(lt)
ASCTWIN_CAPI_CMP_FLOAT(gt)
ASCTWIN_CAPI_CMP_FLOAT(ge)
ASCTWIN_CAPI_CMP_FLOAT(eq)
ASCTWIN_CAPI_CMP_FLOAT(ne)
ASCTWIN_CAPI_CMP_FLOAT(le)
#undef ASCTWIN_CAPI_CMP_FLOAT
// Equality also of int32_t, into bits only.
ASCTWIN_CAPI_REPEAT_SYNC_FORMS(
    asc_eq, vcmpv_eq, (__ubuf__ uint8_t * dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1),
    (dst, src0, src1), ASCTWIN_CAPI_BINARY_REP, (ASCTWIN_CAPI_BINARY_REP_ARGS))
ASCTWIN_CAPI_CMP_SCALAR(eq, int32_t)
#undef ASCTWIN_CAPI_CMP
#undef ASCTWIN_CAPI_CMP_SCALAR

// CMPMASK: written from and read into 16 bytes of UB.
inline void asc_set_cmp_mask(__ubuf__ void* sel_mask, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_cmp_mask");
  if (ASC_IS_AIV) set_cmpmask(sel_mask);
}
inline void asc_get_cmp_mask(__ubuf__ void* dst, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_get_cmp_mask");
  if (ASC_IS_AIV) get_cmpmask(dst);
}
