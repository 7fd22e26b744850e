// The C API's loads into L0A / L0B on architecture 2201 (cube_datamove):
// 2-D fractal copies from GM (asc_copy_gm2l0a/b: load_gm_to_ca/cb, MTE2) and
// from L1 (asc_copy_l12l0a/b: load_cbuf_to_ca/cb, MTE1), the transposing
// loads (asc_copy_l12l0a/b_trans), img2col (the 17-parameter
// asc_copy_l12l0a/b: img2colv2_cbuf_to_ca/cb), the sparse B load
// (asc_copy_l12l0b_sparse), and the 3-D load registers (asc_set_l13d_*:
// FMATRIX, FMATRIX_B, PADDING, L3D_RPT, L1_3D_SIZE). int4b_t operands reach
// the _s4 instructions as raw bytes. Layouts and units: docs/cube.md.
#pragma once

#include "asctwin/capi/cube_forms.h"
#include "c_api/utils_intf.h"

// --- 2-D: GM -> L0A/L0B and L1 -> L0A/L0B -------------------------------------------------
#define ASCTWIN_CAPI_GM2L0(NAME, DSTQ, INTRIN, T, DST, SRC)                               \
  ASCTWIN_CAPI_AIC_SYNC(NAME,                                                             \
                        (DSTQ T * dst, __gm__ T * src, uint16_t base_idx, uint8_t repeat, \
                         uint16_t src_stride, uint16_t dst_gap),                          \
                        (dst, src, base_idx, repeat, src_stride, dst_gap),                \
                        INTRIN(DST, SRC, base_idx, repeat, src_stride, dst_gap, 0, inc))
#define ASCTWIN_CAPI_L12L0(NAME, DSTQ, INTRIN, T, DST, SRC)                                    \
  ASCTWIN_CAPI_AIC_SYNC(NAME,                                                                  \
                        (DSTQ T * dst, __cbuf__ T * src, uint16_t start_index, uint8_t repeat, \
                         uint16_t src_stride, uint16_t dst_gap),                               \
                        (dst, src, start_index, repeat, src_stride, dst_gap),                  \
                        INTRIN(DST, SRC, start_index, repeat, src_stride, dst_gap, 0, false, inc))
#define ASCTWIN_CAPI_2D(T)                                                  \
  ASCTWIN_CAPI_GM2L0(asc_copy_gm2l0a, __ca__, load_gm_to_ca, T, dst, src)   \
  ASCTWIN_CAPI_GM2L0(asc_copy_gm2l0b, __cb__, load_gm_to_cb, T, dst, src)   \
  ASCTWIN_CAPI_L12L0(asc_copy_l12l0a, __ca__, load_cbuf_to_ca, T, dst, src) \
  ASCTWIN_CAPI_L12L0(asc_copy_l12l0b, __cb__, load_cbuf_to_cb, T, dst, src)
ASCTWIN_CAPI_2D(bfloat16_t)
ASCTWIN_CAPI_2D(half)
ASCTWIN_CAPI_2D(float)
ASCTWIN_CAPI_2D(int32_t)
ASCTWIN_CAPI_2D(uint32_t)
ASCTWIN_CAPI_2D(int8_t)
ASCTWIN_CAPI_2D(uint8_t)
#undef ASCTWIN_CAPI_2D
#define ASCTWIN_CAPI_VOID(P) static_cast<void*>(P)
ASCTWIN_CAPI_GM2L0(asc_copy_gm2l0a, __ca__, load_gm_to_ca_s4, int4b_t, ASCTWIN_CAPI_VOID(dst),
                   ASCTWIN_CAPI_VOID(src))
ASCTWIN_CAPI_GM2L0(asc_copy_gm2l0b, __cb__, load_gm_to_cb_s4, int4b_t, ASCTWIN_CAPI_VOID(dst),
                   ASCTWIN_CAPI_VOID(src))
ASCTWIN_CAPI_L12L0(asc_copy_l12l0a, __ca__, load_cbuf_to_ca_s4, int4b_t, ASCTWIN_CAPI_VOID(dst),
                   ASCTWIN_CAPI_VOID(src))
ASCTWIN_CAPI_L12L0(asc_copy_l12l0b, __cb__, load_cbuf_to_cb_s4, int4b_t, ASCTWIN_CAPI_VOID(dst),
                   ASCTWIN_CAPI_VOID(src))
#undef ASCTWIN_CAPI_GM2L0
#undef ASCTWIN_CAPI_L12L0

// --- transposing 2-D loads ----------------------------------------------------------------
#define ASCTWIN_CAPI_TRANS(NAME, DSTQ, INTRIN, T)                                              \
  ASCTWIN_CAPI_AIC_SYNC(                                                                       \
      NAME,                                                                                    \
      (DSTQ T * dst, __cbuf__ T * src, uint16_t index_id, uint8_t repeat, uint16_t src_stride, \
       uint16_t dst_gap, bool enable_addr_decrement, uint16_t dst_frac_gap),                   \
      (dst, src, index_id, repeat, src_stride, dst_gap, enable_addr_decrement, dst_frac_gap),  \
      INTRIN(dst, src, index_id, repeat, src_stride, dst_gap, enable_addr_decrement,           \
             dst_frac_gap))
#define ASCTWIN_CAPI_TRANS_AB(T)                                                  \
  ASCTWIN_CAPI_TRANS(asc_copy_l12l0a_trans, __ca__, load_cbuf_to_ca_transpose, T) \
  ASCTWIN_CAPI_TRANS(asc_copy_l12l0b_trans, __cb__, load_cbuf_to_cb_transpose, T)
ASCTWIN_CAPI_TRANS_AB(bfloat16_t)
ASCTWIN_CAPI_TRANS_AB(half)
ASCTWIN_CAPI_TRANS_AB(float)
ASCTWIN_CAPI_TRANS_AB(int32_t)
ASCTWIN_CAPI_TRANS_AB(uint32_t)
ASCTWIN_CAPI_TRANS_AB(int8_t)
ASCTWIN_CAPI_TRANS_AB(uint8_t)
#undef ASCTWIN_CAPI_TRANS_AB
#undef ASCTWIN_CAPI_TRANS

// --- img2col (LoadData 3-D v2) ------------------------------------------------------------
#define ASCTWIN_CAPI_3D(NAME, DSTQ, INTRIN, T, DST, SRC)                                         \
  ASCTWIN_CAPI_AIC_SYNC(                                                                         \
      NAME,                                                                                      \
      (DSTQ T * dst, __cbuf__ T * src, uint16_t k_extension, uint16_t m_extension,               \
       uint16_t k_start_pt, uint16_t m_start_pt, uint8_t stride_w, uint8_t stride_h,             \
       uint8_t filter_w, uint8_t filter_h, uint8_t dilation_filter_w, uint8_t dilation_filter_h, \
       bool filter_size_w, bool filter_size_h, bool transpose, bool f_matrix_ctrl,               \
       uint16_t channel_size),                                                                   \
      (dst, src, k_extension, m_extension, k_start_pt, m_start_pt, stride_w, stride_h, filter_w, \
       filter_h, dilation_filter_w, dilation_filter_h, filter_size_w, filter_size_h, transpose,  \
       f_matrix_ctrl, channel_size),                                                             \
      INTRIN(DST, SRC, k_extension, m_extension, k_start_pt, m_start_pt, stride_w, stride_h,     \
             filter_w, filter_h, dilation_filter_w, dilation_filter_h, filter_size_w,            \
             filter_size_h, transpose, f_matrix_ctrl, channel_size))
#define ASCTWIN_CAPI_3D_A(T) \
  ASCTWIN_CAPI_3D(asc_copy_l12l0a, __ca__, img2colv2_cbuf_to_ca, T, dst, src)
#define ASCTWIN_CAPI_3D_AB(T) \
  ASCTWIN_CAPI_3D_A(T)        \
  ASCTWIN_CAPI_3D(asc_copy_l12l0b, __cb__, img2colv2_cbuf_to_cb, T, dst, src)
ASCTWIN_CAPI_3D_AB(bfloat16_t)
ASCTWIN_CAPI_3D_AB(half)
ASCTWIN_CAPI_3D_AB(float)
ASCTWIN_CAPI_3D_AB(int32_t)
ASCTWIN_CAPI_3D_AB(uint32_t)
ASCTWIN_CAPI_3D_A(int8_t)
ASCTWIN_CAPI_3D_A(uint8_t)
ASCTWIN_CAPI_3D(asc_copy_l12l0a, __ca__, img2colv2_cbuf_to_ca_s4, int4b_t, ASCTWIN_CAPI_VOID(dst),
                ASCTWIN_CAPI_VOID(src))
#undef ASCTWIN_CAPI_3D_AB
#undef ASCTWIN_CAPI_3D_A
#undef ASCTWIN_CAPI_3D
#undef ASCTWIN_CAPI_VOID

// --- sparse B -----------------------------------------------------------------------------
// The index matrix's L1 address reaches the instruction as in CANN's CPU
// mode (SetIndexMatrix); the NPU code packs it into src[63:32] instead.
ASCTWIN_CAPI_AIC_SYNC(asc_copy_l12l0b_sparse,
                      (__cb__ int8_t * dst, __cbuf__ int8_t* src, __cbuf__ int8_t* index,
                       uint16_t start_index, uint8_t repeat),
                      (dst, src, index, start_index, repeat),
                      asctwin::isa::setSparseIndexSource(index, "asc_copy_l12l0b_sparse");
                      load_cbuf_to_cb_sp(dst, src, start_index, repeat))

// --- 3-D load registers -------------------------------------------------------------------
namespace asctwin::capi {
// The register write of a setter, on an AIC only.
template <typename F>
inline void onAic(const char* name, const std::source_location& loc, F&& write) {
  kernel::ApiCall call(name, loc);
  if (ASC_IS_AIC) write();
}
template <typename T>
inline uint64_t bitsOf16(T v) {
  uint16_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}
}  // namespace asctwin::capi
// FMATRIX / FMATRIX_B: the union's bits as they are (the reference's union
// holds l1_height at [15:0], where the register keeps l1W: docs/capi.md).
inline void asc_set_l13d_fmatrix(asc_l13d_fmatrix_config& config, ASCTWIN_CAPI_LOC) {
  asctwin::capi::onAic("asc_set_l13d_fmatrix", asctwin_loc, [&] { set_fmatrix(config.config); });
}
inline void asc_set_l13d_fmatrix_b(asc_l13d_fmatrix_config& config, ASCTWIN_CAPI_LOC) {
  asctwin::capi::onAic("asc_set_l13d_fmatrix_b", asctwin_loc,
                       [&] { set_fmatrix_b(config.config); });
}
// PADDING: an 8-bit value in both bytes of the low half, or the bits of a
// 16-bit one.
inline void asc_set_l13d_padding(uint64_t config, ASCTWIN_CAPI_LOC) {
  asctwin::capi::onAic("asc_set_l13d_padding", asctwin_loc,
                       [&] { set_padding((config << 8) | (config & 0xFF)); });
}
#define ASCTWIN_CAPI_PADDING16(T)                                                \
  inline void asc_set_l13d_padding(T config, ASCTWIN_CAPI_LOC) {                 \
    asctwin::capi::onAic("asc_set_l13d_padding", asctwin_loc,                    \
                         [&] { set_padding(asctwin::capi::bitsOf16(config)); }); \
  }
ASCTWIN_CAPI_PADDING16(half)
ASCTWIN_CAPI_PADDING16(int16_t)
ASCTWIN_CAPI_PADDING16(uint16_t)
#undef ASCTWIN_CAPI_PADDING16
inline void asc_set_l13d_rpt(asc_load3d_v2_config& config, ASCTWIN_CAPI_LOC) {
  asctwin::capi::onAic("asc_set_l13d_rpt", asctwin_loc, [&] { set_l3d_rpt(config.config); });
}
inline void asc_set_l13d_size(uint64_t value, ASCTWIN_CAPI_LOC) {
  asctwin::capi::onAic("asc_set_l13d_size", asctwin_loc, [&] { set_l1_3d_size(value); });
}
