// The L1 -> L0C copy of the cube unit (architecture 2201):
// copy_matrix_cbuf_to_cc, which the C API's asc_copy_l12l0c and dav_c220's
// DataCopy from L1 (A1/B1) to CO1 issue. MTE1: nBurst bursts of lenBurst
// 32-byte blocks, srcGap / dstGap blocks between the end of a burst and the
// start of the next (the asc_copy_l12l0c page). Pairs of equal element
// sizes move bytes; the float -> half / bfloat16_t pairs the page lists
// have no conversion rule in the reference and fail at run time.
#pragma once

#include <cstdint>

#include "asctwin/isa/isa_types.h"

namespace asctwin::isa {
void copyL1ToL0c(void* dst, uint32_t dstElemBytes, const void* src, uint32_t srcElemBytes,
                 uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap,
                 const char* name);
}  // namespace asctwin::isa

template <typename T, typename U>
inline void copy_matrix_cbuf_to_cc(__cc__ T* dst, __cbuf__ U* src, uint16_t nBurst,
                                   uint16_t lenBurst, uint16_t srcGap, uint16_t dstGap) {
  asctwin::isa::copyL1ToL0c(dst, sizeof(T), src, sizeof(U), nBurst, lenBurst, srcGap, dstGap,
                            "copy_matrix_cbuf_to_cc");
}
