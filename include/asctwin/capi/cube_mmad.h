// The C API's matrix computation on architecture 2201 (cube_compute):
// asc_mmad (mad; the 13-parameter form with the weight-offset operands),
// asc_mmad_s4 (mad_s4, int4 operands as raw bytes), asc_mmad_sparse
// (mad_sp), the CTRL bits of HF32 (46), its rounding (47) and the Mmad
// direction (51), and FPC, the L0C -> GM configuration (ReLU address [7:0],
// quantisation address [15:8], unit flag [63]). Layouts, numerics and
// units: docs/cube.md.
#pragma once

#include "asctwin/capi/cube_forms.h"
#include "asctwin/isa/intrinsics_sys.h"

#define ASCTWIN_CAPI_MMAD(NAME, INTRIN, C, AB, CAST)                                               \
  ASCTWIN_CAPI_AIC_SYNC(                                                                           \
      NAME,                                                                                        \
      (__cc__ C * c_matrix, __ca__ AB * a_matrix, __cb__ AB * b_matrix, uint16_t left_height,      \
       uint16_t n_dim, uint16_t right_width, uint8_t unit_flag, bool k_direction_align,            \
       bool c_matrix_source, bool c_matrix_init_val),                                              \
      (c_matrix, a_matrix, b_matrix, left_height, n_dim, right_width, unit_flag,                   \
       k_direction_align, c_matrix_source, c_matrix_init_val),                                     \
      INTRIN(c_matrix, CAST(a_matrix), CAST(b_matrix), left_height, n_dim, right_width, unit_flag, \
             k_direction_align, c_matrix_source, c_matrix_init_val))                               \
  ASCTWIN_CAPI_AIC_SYNC(                                                                           \
      NAME,                                                                                        \
      (__cc__ C * c_matrix, __ca__ AB * a_matrix, __cb__ AB * b_matrix, uint16_t left_height,      \
       uint16_t n_dim, uint16_t right_width, uint8_t feat_offset, uint8_t smask_offset,            \
       uint8_t unit_flag, bool k_direction_align, bool is_weight_offset, bool c_matrix_source,     \
       bool c_matrix_init_val),                                                                    \
      (c_matrix, a_matrix, b_matrix, left_height, n_dim, right_width, feat_offset, smask_offset,   \
       unit_flag, k_direction_align, is_weight_offset, c_matrix_source, c_matrix_init_val),        \
      INTRIN(c_matrix, CAST(a_matrix), CAST(b_matrix), left_height, n_dim, right_width,            \
             feat_offset, smask_offset, unit_flag, k_direction_align, is_weight_offset,            \
             c_matrix_source, c_matrix_init_val))

namespace asctwin::capi {
template <typename T>
T* same(T* p) {
  return p;
}
// int4b_t operands reach mad_s4 as raw bytes, as the reference passes them.
inline void* rawBytes(int4b_t* p) {
  return p;
}
}  // namespace asctwin::capi

ASCTWIN_CAPI_MMAD(asc_mmad, mad, float, bfloat16_t, asctwin::capi::same)
ASCTWIN_CAPI_MMAD(asc_mmad, mad, float, half, asctwin::capi::same)
ASCTWIN_CAPI_MMAD(asc_mmad, mad, float, float, asctwin::capi::same)
ASCTWIN_CAPI_MMAD(asc_mmad, mad, int32_t, int8_t, asctwin::capi::same)
ASCTWIN_CAPI_MMAD(asc_mmad_s4, mad_s4, int32_t, int4b_t, asctwin::capi::rawBytes)
#undef ASCTWIN_CAPI_MMAD

// int8 A with a 4:2-densified B (its index matrix loaded by
// asc_copy_l12l0b_sparse); k is A's K.
ASCTWIN_CAPI_AIC_SYNC(asc_mmad_sparse,
                      (__cc__ int32_t * c, __ca__ int8_t* a, __cb__ int8_t* b, uint16_t m,
                       uint16_t k, uint16_t n, uint8_t unit_flag, bool c_matrix_source,
                       bool c_matrix_init_val),
                      (c, a, b, m, k, n, unit_flag, c_matrix_source, c_matrix_init_val),
                      mad_sp(c, a, b, m, k, n, unit_flag, c_matrix_source, c_matrix_init_val))

// --- CTRL ---------------------------------------------------------------------------------
namespace asctwin::capi {
inline void setCtrlBit(int bit, bool on) {
  const auto v = static_cast<uint64_t>(get_ctrl());
  set_ctrl(on ? v | (uint64_t{1} << bit) : v & ~(uint64_t{1} << bit));
}
constexpr int kHf32ModeBit = 46;
constexpr int kHf32TransModeBit = 47;
constexpr int kMmLayoutModeBit = 51;
}  // namespace asctwin::capi

// HF32 on (fp32 operands rounded to HF32 before an Mmad's products).
inline void asc_enable_hf32(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_enable_hf32");
  asctwin::capi::setCtrlBit(asctwin::capi::kHf32ModeBit, true);
}
// HF32's rounding: mode != 0 ties away from zero, 0 ties to even.
inline void asc_enable_hf32_trans(uint32_t mode, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_enable_hf32_trans");
  asctwin::capi::setCtrlBit(asctwin::capi::kHf32TransModeBit, mode != 0);
}
// HF32 off: plain fp32 products.
inline void asc_set_fp32_mode(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_fp32_mode");
  asctwin::capi::setCtrlBit(asctwin::capi::kHf32ModeBit, false);
}
inline void asc_set_mmad_direction_m(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_mmad_direction_m");
  asctwin::capi::setCtrlBit(asctwin::capi::kMmLayoutModeBit, false);
}
inline void asc_set_mmad_direction_n(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_mmad_direction_n");
  asctwin::capi::setCtrlBit(asctwin::capi::kMmLayoutModeBit, true);
}

// --- FPC ----------------------------------------------------------------------------------
inline void asc_set_l0c2gm_config(uint64_t relu_pre, uint64_t quant_pre, bool enable_unit_flag,
                                  ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_l0c2gm_config");
  if (ASC_IS_AIC)
    set_fpc((relu_pre & 0xFF) | ((quant_pre & 0xFF) << 8) | (uint64_t{enable_unit_flag} << 63));
}
inline uint64_t asc_get_l0c2gm_relu(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_get_l0c2gm_relu");
  return ASC_IS_AIC ? get_fpc() & 0xFF : 0;
}
inline uint64_t asc_get_l0c2gm_prequant(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_get_l0c2gm_prequant");
  return ASC_IS_AIC ? (get_fpc() >> 8) & 0xFF : 0;
}
inline uint64_t asc_get_l0c2gm_unitflag(ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_get_l0c2gm_unitflag");
  return ASC_IS_AIC ? get_fpc() >> 63 : 0;
}
