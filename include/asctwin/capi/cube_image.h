// The C API's AIPP load on architecture 2201 (asc_load_image_to_cbuf:
// load_image_to_cbuf, MTE2): a GM image converted into L1 with the AIPP
// registers' pre-processing, the sizes and positions as the instruction
// takes them (sizes minus 1). The registers and the conversions:
// docs/cube.md, "AIPP".
#pragma once

#include "asctwin/capi/cube_forms.h"

#define ASCTWIN_CAPI_IMAGE(T)                                                                     \
  ASCTWIN_CAPI_AIC_SYNC(                                                                          \
      asc_load_image_to_cbuf,                                                                     \
      (__cbuf__ T * dst, uint16_t hor_size, uint16_t ver_size, uint16_t hor_start_pos,            \
       uint16_t ver_start_pos, uint16_t src_hor_size, uint8_t top_pad_size, uint8_t bot_pad_size, \
       uint16_t left_pad_size, uint16_t right_pad_size),                                          \
      (dst, hor_size, ver_size, hor_start_pos, ver_start_pos, src_hor_size, top_pad_size,         \
       bot_pad_size, left_pad_size, right_pad_size),                                              \
      load_image_to_cbuf(dst, hor_size, ver_size, hor_start_pos, ver_start_pos, src_hor_size,     \
                         top_pad_size, bot_pad_size, left_pad_size, right_pad_size, 0))
ASCTWIN_CAPI_IMAGE(half)
ASCTWIN_CAPI_IMAGE(int8_t)
#undef ASCTWIN_CAPI_IMAGE
