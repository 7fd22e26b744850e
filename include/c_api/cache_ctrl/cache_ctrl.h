// Cache control of the C API on architecture 2201: the data cache's clean
// and invalidate (dcci) of one line or all of it, its preload hint, and the
// instruction cache's preload.
#pragma once

#include "asctwin/capi/common.h"
#include "asctwin/capi/sys_entry.h"
#include "asctwin/isa/intrinsics_sys.h"

inline void asc_icache_preload(const void* addr, int64_t prefetch_len, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_icache_preload");
  preload(addr, prefetch_len);
}
inline int64_t asc_get_icache_preload_status() {
  return get_icache_prl_st();
}
// A hint: what any access sees does not change.
inline void asc_datacache_preload(__gm__ uint64_t* /*address*/, int64_t /*offset*/) {}

inline void asc_dcci_single(__gm__ void* dst, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_dcci_single");
  asctwin::devkit::dataCacheCleanInvalidate(dst, false, CACHELINE_ALL);
}
inline void asc_ub_dcci_single(__ubuf__ void* dst, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_ub_dcci_single");
  asctwin::devkit::dataCacheCleanInvalidate(dst, false, CACHELINE_ALL);
}
inline void asc_dcci_entire_all(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_dcci_entire_all");
  asctwin::devkit::dataCacheCleanInvalidate(nullptr, true, CACHELINE_ALL);
}
inline void asc_dcci_entire_ub(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_dcci_entire_ub");
  asctwin::devkit::dataCacheCleanInvalidate(nullptr, true, CACHELINE_UB);
}
inline void asc_dcci_entire_out(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_dcci_entire_out");
  asctwin::devkit::dataCacheCleanInvalidate(nullptr, true, CACHELINE_OUT);
}
inline void asc_dcci_entire_atomic(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_dcci_entire_atomic");
  asctwin::devkit::dataCacheCleanInvalidate(nullptr, true, CACHELINE_ATOMIC);
}
