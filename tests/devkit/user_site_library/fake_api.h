// A stand-in for a library whose API calls the intrinsics without reporting
// its call sites (Huawei's asc-devkit in devkit mode): two levels of inline
// functions over copy_gm_to_ubuf / set_flag. user_site_test.cpp registers
// this directory as library code.
#pragma once

#include <cstdint>

#include "kernel_operator.h"

namespace fake_api {

inline void CopyIn(__ubuf__ void* dst, __gm__ void* src, uint16_t blocks) {
  copy_gm_to_ubuf(dst, src, 0, 1, blocks, 0, 0);
}

// Two calls deep, as an API that checks its arguments and then copies.
inline void DataCopyBlocks(__ubuf__ void* dst, __gm__ void* src, uint16_t blocks) {
  if (blocks != 0) CopyIn(dst, src, blocks);
}

inline void Signal() {
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
}

}  // namespace fake_api
