// The shapes the C API's cube functions share on architecture 2201: each
// issues its intrinsic on an AIC only (the reference's ASC_IS_AIC), and a
// `_sync` form is the function followed by a barrier of every pipe (the
// reference's asc_sync_post_process). PARAMS and ARGS are parenthesised
// lists; the body (the intrinsic call) is the rest of the arguments.
#pragma once

#include "asctwin/capi/common.h"
#include "asctwin/capi/intrinsics_capi.h"

#define ASCTWIN_CAPI_CX(...) __VA_ARGS__

#define ASCTWIN_CAPI_AIC(NAME, PARAMS, ...)                    \
  inline void NAME(ASCTWIN_CAPI_CX PARAMS, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME);                                  \
    if (ASC_IS_AIC) {                                          \
      __VA_ARGS__;                                             \
    }                                                          \
  }
#define ASCTWIN_CAPI_SYNC_OF(NAME, PARAMS, ARGS)                      \
  inline void NAME##_sync(ASCTWIN_CAPI_CX PARAMS, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME "_sync");                                 \
    NAME(ASCTWIN_CAPI_CX ARGS, asctwin_loc);                          \
    asctwin::capi::syncPost();                                        \
  }
#define ASCTWIN_CAPI_AIC_SYNC(NAME, PARAMS, ARGS, ...) \
  ASCTWIN_CAPI_AIC(NAME, PARAMS, __VA_ARGS__)          \
  ASCTWIN_CAPI_SYNC_OF(NAME, PARAMS, ARGS)
