// Data movement between GM and UB (and UB to UB) of the C API on
// architecture 2201: bursts of 32-byte blocks (copy_gm_to_ubuf,
// copy_ubuf_to_gm, copy_ubuf_to_ubuf; the `size` forms move size / 32 whole
// blocks in one burst) and the byte-exact aligned copies of DataCopyPad
// (copy_*_align_b8/b16/b32, by the element width the reference picks per
// type; the `size` forms are one burst of `size` bytes without padding).
// The pad value of the aligned GM -> UB copies is MOV_PAD_VAL
// (asc_set_copy_pad_val).
#pragma once

#include "asctwin/capi/common.h"

// --- blocks ----------------------------------------------------------------------------
#define ASCTWIN_CAPI_COPY_BLOCKS(NAME, DSTQ, SRCQ, INTRIN)                                   \
  inline void NAME(DSTQ void* dst, SRCQ void* src, uint16_t n_burst, uint16_t len_burst,     \
                   uint16_t src_gap, uint16_t dst_gap, ASCTWIN_CAPI_LOC) {                   \
    ASCTWIN_CAPI_CALL(#NAME);                                                                \
    if (ASC_IS_AIV) INTRIN(dst, src, 0, n_burst, len_burst, src_gap, dst_gap);               \
  }                                                                                          \
  inline void NAME(DSTQ void* dst, SRCQ void* src, uint32_t size, ASCTWIN_CAPI_LOC) {        \
    NAME(dst, src, 1, static_cast<uint16_t>(size / 32), 0, 0, asctwin_loc);                  \
  }                                                                                          \
  inline void NAME##_sync(DSTQ void* dst, SRCQ void* src, uint32_t size, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL(#NAME "_sync");                                                        \
    NAME(dst, src, size, asctwin_loc);                                                       \
    asctwin::capi::syncPost();                                                               \
  }
ASCTWIN_CAPI_COPY_BLOCKS(asc_copy_gm2ub, __ubuf__, __gm__, copy_gm_to_ubuf)
ASCTWIN_CAPI_COPY_BLOCKS(asc_copy_ub2gm, __gm__, __ubuf__, copy_ubuf_to_gm)
ASCTWIN_CAPI_COPY_BLOCKS(asc_copy_ub2ub, __ubuf__, __ubuf__, copy_ubuf_to_ubuf)
#undef ASCTWIN_CAPI_COPY_BLOCKS

// --- aligned (byte-exact) copies ----------------------------------------------------------
#define ASCTWIN_CAPI_COPY_ALIGN(NAME, DSTQ, SRCQ, T, INTRIN)                                \
  inline void NAME(DSTQ T* dst, SRCQ T* src, uint16_t n_burst, uint32_t len_burst,          \
                   uint8_t left_padding_num, uint8_t right_padding_num, uint32_t src_gap,   \
                   uint32_t dst_gap, ASCTWIN_CAPI_LOC) {                                    \
    ASCTWIN_CAPI_CALL(#NAME);                                                               \
    if (ASC_IS_AIV)                                                                         \
      INTRIN(dst, src, 0, n_burst, len_burst, left_padding_num, right_padding_num, src_gap, \
             dst_gap);                                                                      \
  }                                                                                         \
  inline void NAME(DSTQ T* dst, SRCQ T* src, uint32_t size, ASCTWIN_CAPI_LOC) {             \
    NAME(dst, src, 1, size, 0, 0, 0, 0, asctwin_loc);                                       \
  }                                                                                         \
  inline void NAME##_sync(DSTQ T* dst, SRCQ T* src, uint32_t size, ASCTWIN_CAPI_LOC) {      \
    ASCTWIN_CAPI_CALL(#NAME "_sync");                                                       \
    NAME(dst, src, size, asctwin_loc);                                                      \
    asctwin::capi::syncPost();                                                              \
  }
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, uint8_t, copy_gm_to_ubuf_align_b8)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, int8_t, copy_gm_to_ubuf_align_b8)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, half, copy_gm_to_ubuf_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, bfloat16_t,
                        copy_gm_to_ubuf_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, int16_t, copy_gm_to_ubuf_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, uint16_t, copy_gm_to_ubuf_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, uint32_t, copy_gm_to_ubuf_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, int32_t, copy_gm_to_ubuf_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_gm2ub_align, __ubuf__, __gm__, float, copy_gm_to_ubuf_align_b32)
// The widths the reference picks for UB -> GM: half as bytes, the 64-bit types
// as 32-bit words (the same bytes move).
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, uint8_t, copy_ubuf_to_gm_align_b8)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, int8_t, copy_ubuf_to_gm_align_b8)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, half, copy_ubuf_to_gm_align_b8)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, uint16_t, copy_ubuf_to_gm_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, int16_t, copy_ubuf_to_gm_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, bfloat16_t,
                        copy_ubuf_to_gm_align_b16)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, uint32_t, copy_ubuf_to_gm_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, float, copy_ubuf_to_gm_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, int32_t, copy_ubuf_to_gm_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, double, copy_ubuf_to_gm_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, int64_t, copy_ubuf_to_gm_align_b32)
ASCTWIN_CAPI_COPY_ALIGN(asc_copy_ub2gm_align, __gm__, __ubuf__, uint64_t, copy_ubuf_to_gm_align_b32)
#undef ASCTWIN_CAPI_COPY_ALIGN

// --- the pad value of the aligned GM -> UB copies (MOV_PAD_VAL) -----------------------------
#define ASCTWIN_CAPI_PAD_VAL(T, BITS)                               \
  inline void asc_set_copy_pad_val(T pad_value, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_set_copy_pad_val");                      \
    BITS bits;                                                      \
    __builtin_memcpy(&bits, &pad_value, sizeof bits);               \
    if (ASC_IS_AIV) set_mov_pad_val(bits);                          \
  }
ASCTWIN_CAPI_PAD_VAL(int8_t, uint8_t)
ASCTWIN_CAPI_PAD_VAL(uint8_t, uint8_t)
ASCTWIN_CAPI_PAD_VAL(int16_t, uint16_t)
ASCTWIN_CAPI_PAD_VAL(uint16_t, uint16_t)
ASCTWIN_CAPI_PAD_VAL(half, uint16_t)
ASCTWIN_CAPI_PAD_VAL(bfloat16_t, uint16_t)
ASCTWIN_CAPI_PAD_VAL(int32_t, uint32_t)
ASCTWIN_CAPI_PAD_VAL(uint32_t, uint32_t)
ASCTWIN_CAPI_PAD_VAL(float, uint32_t)
#undef ASCTWIN_CAPI_PAD_VAL
