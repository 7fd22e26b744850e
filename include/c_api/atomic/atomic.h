// The atomic mode of the C API on architecture 2201: every later transfer
// into GM (MTE3, FIX) adds, takes the maximum or the minimum in the element
// type, until asc_set_atomic_none; and the store-atomic register that views it.
#pragma once

#include "asctwin/capi/common.h"
#include "asctwin/isa/intrinsics_sys.h"
#include "c_api/utils/union.h"

// asc_set_atomic_<op>_<type>: the operation, then the type.
#define ASCTWIN_CAPI_ATOMIC(OP, TYPE, SET_OP, SET_TYPE)        \
  inline void asc_set_atomic_##OP##_##TYPE(ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_set_atomic_" #OP "_" #TYPE);        \
    SET_OP();                                                  \
    SET_TYPE();                                                \
  }
ASCTWIN_CAPI_ATOMIC(add, float, set_atomic_add, set_atomic_f32)
ASCTWIN_CAPI_ATOMIC(add, float16, set_atomic_add, set_atomic_f16)
ASCTWIN_CAPI_ATOMIC(add, bfloat, set_atomic_add, set_atomic_bf16)
ASCTWIN_CAPI_ATOMIC(add, int, set_atomic_add, set_atomic_s32)
ASCTWIN_CAPI_ATOMIC(add, int16, set_atomic_add, set_atomic_s16)
ASCTWIN_CAPI_ATOMIC(add, int8, set_atomic_add, set_atomic_s8)
ASCTWIN_CAPI_ATOMIC(max, float, set_atomic_max, set_atomic_f32)
ASCTWIN_CAPI_ATOMIC(max, float16, set_atomic_max, set_atomic_f16)
ASCTWIN_CAPI_ATOMIC(max, bfloat, set_atomic_max, set_atomic_bf16)
ASCTWIN_CAPI_ATOMIC(max, int, set_atomic_max, set_atomic_s32)
ASCTWIN_CAPI_ATOMIC(max, int16, set_atomic_max, set_atomic_s16)
ASCTWIN_CAPI_ATOMIC(max, int8, set_atomic_max, set_atomic_s8)
ASCTWIN_CAPI_ATOMIC(min, float, set_atomic_min, set_atomic_f32)
ASCTWIN_CAPI_ATOMIC(min, float16, set_atomic_min, set_atomic_f16)
ASCTWIN_CAPI_ATOMIC(min, bfloat, set_atomic_min, set_atomic_bf16)
ASCTWIN_CAPI_ATOMIC(min, int, set_atomic_min, set_atomic_s32)
ASCTWIN_CAPI_ATOMIC(min, int16, set_atomic_min, set_atomic_s16)
ASCTWIN_CAPI_ATOMIC(min, int8, set_atomic_min, set_atomic_s8)
#undef ASCTWIN_CAPI_ATOMIC

inline void asc_set_atomic_none(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_atomic_none");
  set_atomic_none();
}

// The register: type in bits 0..2, operation in bits 3..4.
[[deprecated(
    "NOTICE: asc_get_store_atomic_config is deprecated.Please use asc_atomic_add instead for "
    "atomic add operation.")]] inline void
asc_get_store_atomic_config(asc_store_atomic_config& config) {
  config.config = static_cast<uint64_t>(get_st_atomic_cfg());
}
inline void asc_set_store_atomic_config_v1(uint16_t type, uint16_t op, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_store_atomic_config_v1");
  set_st_atomic_cfg((uint64_t{type} & 0x7) | ((uint64_t{op} & 0x3) << 3));
}
