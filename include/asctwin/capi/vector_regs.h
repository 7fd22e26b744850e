// The C API's vector registers on architecture 2201: MASK and its mode, and
// DEQSCALE (the dequantisation parameters: a half scale, one (scale, offset,
// sign mode) set, or the UB address of 16 sets).
#pragma once

#include <cstring>

#include "asctwin/capi/common.h"
#include "asctwin/isa/intrinsics_unary.h"

inline void asc_set_mask_count(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_mask_count");
  if (ASC_IS_AIV) set_mask_count();
}
inline void asc_set_mask_norm(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_mask_norm");
  if (ASC_IS_AIV) set_mask_norm();
}
// mask1: lanes 64..127, mask0: lanes 0..63 (counter mode: mask0 is the count).
inline void asc_set_vector_mask(uint64_t mask1, uint64_t mask0, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_vector_mask");
  if (ASC_IS_AIV) set_vector_mask(mask1, mask0);
}

namespace asctwin::capi {
// One dequantisation set: the float scale's bits [31:0], the 9-bit offset at
// [45:37], the sign mode at [46].
inline uint64_t deqScaleConfig(float scale, int16_t offset, bool sign_mode) {
  uint32_t bits;
  std::memcpy(&bits, &scale, sizeof bits);
  return (uint64_t{sign_mode} << 46) | ((static_cast<uint64_t>(offset) & 0x1ff) << 37) | bits;
}
}  // namespace asctwin::capi

inline void asc_set_deq_scale(half scale, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_deq_scale");
  if (ASC_IS_AIV) set_deqscale(scale);
}
inline void asc_set_deq_scale(float scale, int16_t offset, bool sign_mode, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_deq_scale");
  if (ASC_IS_AIV) set_deqscale(asctwin::capi::deqScaleConfig(scale, offset, sign_mode));
}
// The 16 sets written to tmp (scalar stores into UB), DEQSCALE <- tmp's
// address in 32-byte units (the register's unit on the NPU, which the ISA
// core reads). The unit drops an address's low bits, so tmp must be 32-byte
// aligned: the twin refuses another one instead of reading the sets from
// the block below it.
inline void asc_set_deq_scale(__ubuf__ uint64_t* tmp, float scale_arr[ASC_VDEQ_SIZE],
                              int16_t offset_arr[ASC_VDEQ_SIZE], bool sign_mode_arr[ASC_VDEQ_SIZE],
                              ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_deq_scale");
  if (!ASC_IS_AIV) return;
  if (reinterpret_cast<uintptr_t>(tmp) % 32 != 0)
    asctwin::kernel::fail(asctwin::kernel::Site::at("asc_set_deq_scale", asctwin_loc),
                          "tmp must be 32-byte aligned: DEQSCALE holds its address in 32-byte "
                          "units");
  for (uint32_t i = 0; i < ASC_VDEQ_SIZE; ++i) {
    asctwin::capi::storeLocal(
        tmp, i, asctwin::capi::deqScaleConfig(scale_arr[i], offset_arr[i], sign_mode_arr[i]),
        "asc_set_deq_scale");
  }
  set_deqscale(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(tmp)) >> 5);
}
