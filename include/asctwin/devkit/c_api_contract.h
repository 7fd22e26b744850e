// Devkit mode: what Huawei's C API headers (include/c_api/asc_simd.h and its
// impl/c_api/instr_impl/npu_arch_2201) need from the CPU-mode contract
// beyond what Huawei's C++ API needs (docs/capi.md).
//
// - Adapters: intrinsic forms the C API calls with other operand types than
//   the C++ API (signed lanes of vcopy and vtranspose, vmrgsort4 with its
//   fields as separate operands, the transposing 2-D loads with a bool
//   decrement) forwarded to the ISA core's intrinsics; the registers the
//   twin does not model (physical stack base, SMMU tag version, system
//   virtual base) read 0, as in own mode.
// - Pending: intrinsics no ISA family implements yet, declared C-variadic
//   and never defined (the pattern of pending_intrinsics.h): Huawei's inline
//   functions that name them compile, a kernel that really issues one fails
//   to link naming it. The fills of a local buffer with a value of another
//   width than its elements are declared the same way (the ISA core's fill
//   takes equal widths only), so they are chosen over its template.
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/intrinsics_cube.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_sort.h"

// --- adapters -----------------------------------------------------------------------------
inline void vcopy(__ubuf__ int16_t* dst, __ubuf__ int16_t* src, uint8_t repeat, uint16_t dstStride,
                  uint16_t srcStride, uint16_t dstRepeatSize, uint16_t srcRepeatSize) {
  vcopy(reinterpret_cast<__ubuf__ uint16_t*>(dst), reinterpret_cast<__ubuf__ uint16_t*>(src),
        repeat, dstStride, srcStride, dstRepeatSize, srcRepeatSize);
}
inline void vcopy(__ubuf__ int32_t* dst, __ubuf__ int32_t* src, uint8_t repeat, uint16_t dstStride,
                  uint16_t srcStride, uint16_t dstRepeatSize, uint16_t srcRepeatSize) {
  vcopy(reinterpret_cast<__ubuf__ uint32_t*>(dst), reinterpret_cast<__ubuf__ uint32_t*>(src),
        repeat, dstStride, srcStride, dstRepeatSize, srcRepeatSize);
}
inline void vtranspose(__ubuf__ int16_t* dst, __ubuf__ int16_t* src) {
  vtranspose(reinterpret_cast<__ubuf__ uint16_t*>(dst), reinterpret_cast<__ubuf__ uint16_t*>(src));
}
// The lengths of the four lists, the repeat count, the valid lists and the
// stop-at-exhaustion flag as the packed operands of the instruction.
#define ASCTWIN_DEVKIT_MRGSORT4(T)                                                                \
  inline void vmrgsort4(__ubuf__ T* dst, __ubuf__ T* src[4], uint8_t repeat, uint16_t length0,    \
                        uint16_t length1, uint16_t length2, uint16_t length3, bool exhaustedStop, \
                        uint8_t validBits) {                                                      \
    vmrgsort4(                                                                                    \
        dst, src,                                                                                 \
        uint64_t{length0} | (uint64_t{length1} << 16) | (uint64_t{length2} << 32) |               \
            (uint64_t{length3} << 48),                                                            \
        uint64_t{repeat} | ((uint64_t{validBits} & 0xF) << 8) | (uint64_t{exhaustedStop} << 12)); \
  }
ASCTWIN_DEVKIT_MRGSORT4(half)
ASCTWIN_DEVKIT_MRGSORT4(float)
#undef ASCTWIN_DEVKIT_MRGSORT4
#define ASCTWIN_DEVKIT_LOAD2D_T(NAME, DSTQ)                                                    \
  template <typename T>                                                                        \
  inline void NAME(DSTQ T* dst, __cbuf__ T* src, uint16_t indexID, uint8_t repeat,             \
                   uint16_t srcStride, uint16_t dstGap, bool decrement, uint16_t dstFracGap) { \
    NAME(dst, src, indexID, repeat, srcStride, dstGap, decrement ? dec : inc, dstFracGap);     \
  }
ASCTWIN_DEVKIT_LOAD2D_T(load_cbuf_to_ca_transpose, __ca__)
ASCTWIN_DEVKIT_LOAD2D_T(load_cbuf_to_cb_transpose, __cb__)
#undef ASCTWIN_DEVKIT_LOAD2D_T
inline int64_t get_stack_phy_base() {
  return 0;
}
inline int64_t get_smmu_tag_ver() {
  return 0;
}
inline int64_t get_sys_va_base() {
  return 0;
}

// --- pending ---------------------------------------------------------------------------------
// GM -> L1 with the padding modes 6..8 (copy_gm_to_cbuf's pad_t has 0..5).
constexpr pad_t PAD_MODE6 = static_cast<pad_t>(6);
constexpr pad_t PAD_MODE7 = static_cast<pad_t>(7);
constexpr pad_t PAD_MODE8 = static_cast<pad_t>(8);
void vreduce(...);                    // asc_squeeze
void mad(...);                        // the sparse form with feature and mask offsets
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
