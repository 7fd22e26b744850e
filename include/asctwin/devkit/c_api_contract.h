// Devkit mode: what Huawei's C API headers (include/c_api/asc_simd.h and its
// impl/c_api/instr_impl/npu_arch_2201) need from the CPU-mode contract
// beyond what Huawei's C++ API needs (docs/capi.md).
//
// - Adapters: the intrinsic forms the C API calls with other operands than
//   the C++ API, shared with the own C API (asctwin/capi/intrinsics_capi.h:
//   signed vcopy/vtranspose, vmrgsort4's fields, the mad forms with weight
//   offsets, get_fpc, the int4 loads from GM, the mixed-width fills).
// - Pending: intrinsics no ISA family implements yet, declared C-variadic
//   and never defined (the pattern of pending_intrinsics.h): Huawei's inline
//   functions that name them compile, a kernel that really issues one fails
//   to link naming it.
#pragma once

#include <cstdint>

#include "asctwin/capi/intrinsics_capi.h"
#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/intrinsics_cube.h"

// --- pending ---------------------------------------------------------------------------------
// GM -> L1 with the padding modes 6..8 (copy_gm_to_cbuf's pad_t has 0..5;
// the ISA core does not model the modes, docs/capi.md).
constexpr pad_t PAD_MODE6 = static_cast<pad_t>(6);
constexpr pad_t PAD_MODE7 = static_cast<pad_t>(7);
constexpr pad_t PAD_MODE8 = static_cast<pad_t>(8);
void set_lrelu_alpha(...);            // Fixpipe's leaky-ReLU alpha
void copy_matrix_cc_to_cbuf_b4(...);  // L0C -> L1 as int4
