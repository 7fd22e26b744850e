// asc_init: the core's state as a C API kernel expects it at its start
// (architecture 2201's init: atomics off, MASK in normal mode, all lanes).
#pragma once

#include "asctwin/capi/common.h"

inline void asc_init(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_init");
  if (ASC_IS_AIV) {
    set_atomic_none();
    set_mask_norm();
    set_vector_mask(~uint64_t{0}, ~uint64_t{0});
  }
}
