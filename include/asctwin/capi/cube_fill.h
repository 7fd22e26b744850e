// The C API's fills of L0A / L0B / L1 on architecture 2201 (asc_fill_l0a,
// asc_fill_l0b, asc_fill_l1: create_ca/cb/cbuf_matrix, MTE1 into L0A/L0B,
// MTE2 into L1): config.repeat iterations of config.blk_num blocks (512
// bytes in L0A/L0B, 32 in L1), config.dst_gap blocks apart, with the bits
// of `value`. The value's width is the pattern's (a half fills 16-bit
// elements, a uint32_t 32-bit ones); the destination's type only types the
// address (asctwin/capi/intrinsics_capi.h).
#pragma once

#include "asctwin/capi/cube_forms.h"
#include "c_api/utils_intf.h"

#define ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, T, V, SUFFIX)                                 \
  ASCTWIN_CAPI_AIC_SYNC(NAME, (DSTQ T * dst, V value, const asc_fill_value_config& config), \
                        (dst, value, config),                                               \
                        INTRIN##SUFFIX(dst, static_cast<int64_t>(config.config), value))
#define ASCTWIN_CAPI_FILLS(NAME, DSTQ, INTRIN)                         \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, half, half, )                  \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, half, uint32_t, )              \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, int16_t, half, )               \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, int16_t, uint32_t, )           \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, uint16_t, half, )              \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, uint16_t, uint32_t, )          \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, float, half, )                 \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, float, uint32_t, )             \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, int32_t, half, )               \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, int32_t, uint32_t, )           \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, uint32_t, half, )              \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, uint32_t, uint32_t, )          \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, bfloat16_t, bfloat16_t, _bf16) \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, bfloat16_t, half, _h)          \
  ASCTWIN_CAPI_FILL(NAME, DSTQ, INTRIN, bfloat16_t, uint32_t, _ui)
ASCTWIN_CAPI_FILLS(asc_fill_l0a, __ca__, create_ca_matrix)
ASCTWIN_CAPI_FILLS(asc_fill_l0b, __cb__, create_cb_matrix)
ASCTWIN_CAPI_FILLS(asc_fill_l1, __cbuf__, create_cbuf_matrix)
#undef ASCTWIN_CAPI_FILLS
#undef ASCTWIN_CAPI_FILL
