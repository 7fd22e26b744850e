// The C API's copies into and out of the cube's buffers on architecture
// 2201 (cube_datamove): GM -> L1 in bursts (asc_copy_gm2l1: copy_gm_to_cbuf,
// no padding), in 2-D fractals (load_gm_to_cbuf) and ND -> NZ
// (asc_copy_gm2l1_nd2nz: copy_gm_to_cbuf_multi_nd2nz_b8/b16/b32s by the
// element's width), L1 -> GM (asc_copy_l12gm), L1 -> BT / FB
// (copy_cbuf_to_bt / fbuf), L1 -> L0C (asc_copy_l12l0c:
// copy_matrix_cbuf_to_cc), and L0C -> GM / L1 through the Fixpipe
// (asc_copy_l0c2gm / l0c2l1: copy_matrix_cc_to_gm / cbuf) with its ND_PARA
// and QUANT_PRE setters. The `size` forms move size / 32 blocks in one
// burst. Layouts, units and conversions: docs/cube.md.
#pragma once

#include "asctwin/capi/cube_forms.h"

// --- GM -> L1 -----------------------------------------------------------------------------
ASCTWIN_CAPI_AIC(asc_copy_gm2l1,
                 (__cbuf__ void* dst, __gm__ void* src, uint16_t n_burst, uint16_t len_burst,
                  uint16_t src_gap, uint16_t dst_gap),
                 copy_gm_to_cbuf(dst, src, 0, n_burst, len_burst, src_gap, dst_gap, PAD_NONE))
inline void asc_copy_gm2l1(__cbuf__ void* dst, __gm__ void* src, uint32_t size, ASCTWIN_CAPI_LOC) {
  asc_copy_gm2l1(dst, src, 1, static_cast<uint16_t>(size / 32), 0, 0, asctwin_loc);
}
ASCTWIN_CAPI_SYNC_OF(asc_copy_gm2l1, (__cbuf__ void* dst, __gm__ void* src, uint32_t size),
                     (dst, src, size))
#define ASCTWIN_CAPI_GM2L1_2D(T)                                                              \
  ASCTWIN_CAPI_AIC_SYNC(asc_copy_gm2l1,                                                       \
                        (__cbuf__ T * dst, __gm__ T * src, uint16_t base_idx, uint8_t repeat, \
                         uint16_t src_stride, uint16_t dst_gap),                              \
                        (dst, src, base_idx, repeat, src_stride, dst_gap),                    \
                        load_gm_to_cbuf(dst, src, base_idx, repeat, src_stride, dst_gap, 0, inc))
ASCTWIN_CAPI_GM2L1_2D(bfloat16_t)
ASCTWIN_CAPI_GM2L1_2D(half)
ASCTWIN_CAPI_GM2L1_2D(float)
ASCTWIN_CAPI_GM2L1_2D(int32_t)
ASCTWIN_CAPI_GM2L1_2D(uint32_t)
ASCTWIN_CAPI_GM2L1_2D(int8_t)
ASCTWIN_CAPI_GM2L1_2D(uint8_t)
#undef ASCTWIN_CAPI_GM2L1_2D

#define ASCTWIN_CAPI_ND2NZ(T, SUFFIX)                                                           \
  ASCTWIN_CAPI_AIC_SYNC(                                                                        \
      asc_copy_gm2l1_nd2nz,                                                                     \
      (__cbuf__ T * dst, __gm__ T * src, uint16_t nd_num, uint16_t n_value, uint16_t d_value,   \
       uint16_t src_nd_matrix_stride, uint16_t src_d_value, uint16_t dst_nz_c0_stride,          \
       uint16_t dst_nz_n_stride, uint16_t dst_nz_matrix_stride),                                \
      (dst, src, nd_num, n_value, d_value, src_nd_matrix_stride, src_d_value, dst_nz_c0_stride, \
       dst_nz_n_stride, dst_nz_matrix_stride),                                                  \
      copy_gm_to_cbuf_multi_nd2nz_##SUFFIX(dst, src, 0, nd_num, n_value, d_value,               \
                                           src_nd_matrix_stride, src_d_value, dst_nz_c0_stride, \
                                           dst_nz_n_stride, dst_nz_matrix_stride))
ASCTWIN_CAPI_ND2NZ(int8_t, b8)
ASCTWIN_CAPI_ND2NZ(uint8_t, b8)
ASCTWIN_CAPI_ND2NZ(bfloat16_t, b16)
ASCTWIN_CAPI_ND2NZ(half, b16)
ASCTWIN_CAPI_ND2NZ(int16_t, b16)
ASCTWIN_CAPI_ND2NZ(float, b32s)
ASCTWIN_CAPI_ND2NZ(int32_t, b32s)
ASCTWIN_CAPI_ND2NZ(uint32_t, b32s)
#undef ASCTWIN_CAPI_ND2NZ

// --- L1 -> GM / BT / FB -------------------------------------------------------------------
ASCTWIN_CAPI_AIC_SYNC(asc_copy_l12gm,
                      (__gm__ void* dst, __cbuf__ void* src, uint16_t n_burst, uint16_t len_burst,
                       uint16_t src_gap, uint16_t dst_gap),
                      (dst, src, n_burst, len_burst, src_gap, dst_gap),
                      copy_cbuf_to_gm(dst, src, 0, n_burst, len_burst, src_gap, dst_gap))
// BT: conv_control 1 converts half in L1 to float in BT.
ASCTWIN_CAPI_AIC(asc_copy_l12bt,
                 (uint64_t dst, __cbuf__ void* src, uint16_t conv_control, uint16_t n_burst,
                  uint16_t len_burst, uint16_t source_gap, uint16_t dst_gap),
                 copy_cbuf_to_bt(dst, src, conv_control, n_burst, len_burst, source_gap, dst_gap))
inline void asc_copy_l12bt(uint64_t dst, __cbuf__ void* src, uint32_t size, ASCTWIN_CAPI_LOC) {
  asc_copy_l12bt(dst, src, 0, 1, static_cast<uint16_t>(size / 32), 0, 0, asctwin_loc);
}
ASCTWIN_CAPI_SYNC_OF(asc_copy_l12bt, (uint64_t dst, __cbuf__ void* src, uint32_t size),
                     (dst, src, size))
ASCTWIN_CAPI_AIC(asc_copy_l12fb,
                 (__fbuf__ void* dst, __cbuf__ void* src, uint16_t n_burst, uint16_t len_burst,
                  uint16_t src_gap_size, uint16_t dst_gap_size),
                 copy_cbuf_to_fbuf(dst, src, n_burst, len_burst, src_gap_size, dst_gap_size))
inline void asc_copy_l12fb(__fbuf__ void* dst, __cbuf__ void* src, uint32_t size,
                           ASCTWIN_CAPI_LOC) {
  asc_copy_l12fb(dst, src, 1, static_cast<uint16_t>(size / 32), 0, 0, asctwin_loc);
}
ASCTWIN_CAPI_SYNC_OF(asc_copy_l12fb, (__fbuf__ void* dst, __cbuf__ void* src, uint32_t size),
                     (dst, src, size))

// --- L1 -> L0C ----------------------------------------------------------------------------
// The pairs of equal element sizes; float -> half / bfloat16_t have no
// conversion rule in the reference (docs/capi.md).
#define ASCTWIN_CAPI_L12L0C(T)                                                                   \
  ASCTWIN_CAPI_AIC_SYNC(asc_copy_l12l0c,                                                         \
                        (__cc__ T * dst, __cbuf__ T * src, uint16_t n_burst, uint16_t len_burst, \
                         uint16_t src_gap, uint16_t dst_gap),                                    \
                        (dst, src, n_burst, len_burst, src_gap, dst_gap),                        \
                        copy_matrix_cbuf_to_cc(dst, src, n_burst, len_burst, src_gap, dst_gap))
ASCTWIN_CAPI_L12L0C(bfloat16_t)
ASCTWIN_CAPI_L12L0C(half)
ASCTWIN_CAPI_L12L0C(float)
ASCTWIN_CAPI_L12L0C(int32_t)
ASCTWIN_CAPI_L12L0C(uint32_t)
#undef ASCTWIN_CAPI_L12L0C

// --- L0C -> GM / L1 (Fixpipe) ---------------------------------------------------------------
#define ASCTWIN_CAPI_L0C_OUT(NAME, DSTQ, INTRIN, D, S)                                        \
  ASCTWIN_CAPI_AIC_SYNC(                                                                      \
      NAME,                                                                                   \
      (DSTQ D * dst, __cc__ S * src, uint16_t n_size, uint16_t m_size, uint32_t dst_stride,   \
       uint16_t src_stride, uint8_t unit_flag_mode, uint64_t quant_pre, uint8_t relu_pre,     \
       bool channel_split, bool nz2nd_en),                                                    \
      (dst, src, n_size, m_size, dst_stride, src_stride, unit_flag_mode, quant_pre, relu_pre, \
       channel_split, nz2nd_en),                                                              \
      INTRIN(dst, src, 0, n_size, m_size, dst_stride, src_stride, unit_flag_mode,             \
             static_cast<QuantMode_t>(quant_pre), relu_pre, channel_split, nz2nd_en))
#define ASCTWIN_CAPI_L0C2GM(D, S) \
  ASCTWIN_CAPI_L0C_OUT(asc_copy_l0c2gm, __gm__, copy_matrix_cc_to_gm, D, S)
#define ASCTWIN_CAPI_L0C2L1(D, S) \
  ASCTWIN_CAPI_L0C_OUT(asc_copy_l0c2l1, __cbuf__, copy_matrix_cc_to_cbuf, D, S)
ASCTWIN_CAPI_L0C2GM(half, float)
ASCTWIN_CAPI_L0C2GM(bfloat16_t, float)
ASCTWIN_CAPI_L0C2GM(int8_t, float)
ASCTWIN_CAPI_L0C2GM(uint8_t, float)
ASCTWIN_CAPI_L0C2GM(float, float)
ASCTWIN_CAPI_L0C2GM(half, int32_t)
ASCTWIN_CAPI_L0C2GM(int16_t, int32_t)
ASCTWIN_CAPI_L0C2GM(int8_t, int32_t)
ASCTWIN_CAPI_L0C2GM(int32_t, int32_t)
ASCTWIN_CAPI_L0C2L1(half, float)
ASCTWIN_CAPI_L0C2L1(bfloat16_t, float)
ASCTWIN_CAPI_L0C2L1(int8_t, float)
ASCTWIN_CAPI_L0C2L1(half, int32_t)
ASCTWIN_CAPI_L0C2L1(int16_t, int32_t)
ASCTWIN_CAPI_L0C2L1(int8_t, int32_t)
ASCTWIN_CAPI_L0C2L1(uint8_t, int32_t)
#undef ASCTWIN_CAPI_L0C2GM
#undef ASCTWIN_CAPI_L0C2L1
#undef ASCTWIN_CAPI_L0C_OUT

// ND_PARA: nd_num [15:0], src_nd_stride [31:16], dst_nd_stride [47:32].
inline void asc_set_l0c_copy_params(uint16_t nd_num, uint16_t src_nd_stride, uint16_t dst_nd_stride,
                                    ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_l0c_copy_params");
  if (ASC_IS_AIC)
    set_nd_para(uint64_t{nd_num} | (uint64_t{src_nd_stride} << 16) |
                (uint64_t{dst_nd_stride} << 32));
}
// QUANT_PRE: the scalar quantisation parameter of the Fixpipe.
inline void asc_set_l0c_copy_prequant(uint64_t config, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_l0c_copy_prequant");
  if (ASC_IS_AIC) set_quant_pre(config);
}
