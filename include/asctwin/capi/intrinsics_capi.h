// Intrinsic forms the C API issues that the ISA core's intrinsic headers do
// not have, as adapters onto them: vcopy and vtranspose of signed lanes,
// vmrgsort4 with its fields as separate operands, the transposing 2-D loads
// with a bool decrement; and the registers the twin does not model (the
// physical stack base, the SMMU tag version, the system virtual base: 0).
// Used by the own C API (include/c_api) and by devkit mode for Huawei's
// (asctwin/devkit/c_api_contract.h).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/intrinsics_cube.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_sort.h"

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
