// Devkit mode: what Huawei's C API headers (include/c_api/asc_simd.h and its
// impl/c_api/instr_impl/npu_arch_2201) need from the CPU-mode contract
// beyond what Huawei's C++ API needs (docs/capi.md).
//
// - Adapters: the intrinsic forms the C API calls with other operands than
//   the C++ API, shared with the own C API (asctwin/capi/intrinsics_capi.h).
// - Pending: intrinsics no ISA family implements yet, declared C-variadic
//   and never defined (the pattern of pending_intrinsics.h): Huawei's inline
//   functions that name them compile, a kernel that really issues one fails
//   to link naming it. The fills of a local buffer with a value of another
//   width than its elements are declared the same way (the ISA core's fill
//   takes equal widths only), so they are chosen over its template.
#pragma once

#include <cstdint>

#include "asctwin/capi/intrinsics_capi.h"
#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/intrinsics_cube.h"

// --- pending ---------------------------------------------------------------------------------
// GM -> L1 with the padding modes 6..8 (copy_gm_to_cbuf's pad_t has 0..5).
constexpr pad_t PAD_MODE6 = static_cast<pad_t>(6);
constexpr pad_t PAD_MODE7 = static_cast<pad_t>(7);
constexpr pad_t PAD_MODE8 = static_cast<pad_t>(8);
void mad(...);                        // the sparse form with feature and mask offsets
void mad_s4(...);                     // int4 with feature and mask offsets
uint64_t get_fpc(...);                // FPC read back (asc_get_l0c2gm_*)
void set_lrelu_alpha(...);            // Fixpipe's leaky-ReLU alpha
void load_image_to_cbuf(...);         // AIPP
void copy_matrix_cbuf_to_cc(...);     // L1 -> L0C
void copy_matrix_cc_to_cbuf_b4(...);  // L0C -> L1 as int4
void load_gm_to_ca_s4(...);           // int4 2-D loads from GM
void load_gm_to_cb_s4(...);
void create_ca_matrix_h(...);  // bfloat16 fills from a half or uint32_t value
void create_ca_matrix_ui(...);
void create_cb_matrix_h(...);
void create_cb_matrix_ui(...);
void create_cbuf_matrix_h(...);
void create_cbuf_matrix_ui(...);
#define ASCTWIN_DEVKIT_FILL_MIXED(NAME, DSTQ)                   \
  void NAME(DSTQ half* dst, int64_t repeatBit, uint32_t v);     \
  void NAME(DSTQ int16_t* dst, int64_t repeatBit, uint32_t v);  \
  void NAME(DSTQ uint16_t* dst, int64_t repeatBit, uint32_t v); \
  void NAME(DSTQ float* dst, int64_t repeatBit, half v);        \
  void NAME(DSTQ int32_t* dst, int64_t repeatBit, half v);      \
  void NAME(DSTQ uint32_t* dst, int64_t repeatBit, half v);
ASCTWIN_DEVKIT_FILL_MIXED(create_ca_matrix, __ca__)
ASCTWIN_DEVKIT_FILL_MIXED(create_cb_matrix, __cb__)
ASCTWIN_DEVKIT_FILL_MIXED(create_cbuf_matrix, __cbuf__)
#undef ASCTWIN_DEVKIT_FILL_MIXED
