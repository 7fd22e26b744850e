// Intrinsic forms the C API issues that the ISA core's intrinsic headers do
// not have, as adapters onto them: vcopy and vtranspose of signed lanes,
// vmrgsort4 with its fields as separate operands, the transposing 2-D loads
// with a bool decrement; the cube forms of the C API (mad / mad_s4 with the
// weight-offset operands, FPC read back, the int4 2-D loads from GM, the
// fills whose value is not as wide as the buffer's elements); and the
// registers the twin does not model (the physical stack base, the SMMU tag
// version, the system virtual base: 0).
// Used by the own C API (include/c_api) and by devkit mode for Huawei's
// (asctwin/devkit/c_api_contract.h).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/intrinsics_cube.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_sort.h"

// asctwin/kernel/runtime.h's failApi, declared alone: runtime.h brings the
// own API's types (AscendC::TPosition, AIC, ...), which devkit mode takes
// from Huawei's headers instead (c_api_contract.h includes this header).
namespace asctwin::kernel {
[[noreturn]] void failApi(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
}  // namespace asctwin::kernel

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

// --- cube --------------------------------------------------------------------------------
// mad with the weight-offset operands (the C API's 13-parameter asc_mmad):
// featOffset is reserved and smaskOffset only matters with isWeightOffset,
// whose effect the reference does not describe: the twin refuses it and is
// the 10-operand mad otherwise.
namespace asctwin::capi {
inline void requireNoWeightOffset(bool isWeightOffset, const char* name) {
  if (isWeightOffset)
    kernel::failApi(
        "%s: is_weight_offset (the weight matrix offset) is not described by the "
        "reference, so the twin does not model it; pass false",
        name);
}
}  // namespace asctwin::capi
#define ASCTWIN_CAPI_MAD_WO(C, AB)                                                             \
  inline void mad(__cc__ C* c, __ca__ AB* a, __cb__ AB* b, uint16_t m, uint16_t k, uint16_t n, \
                  uint8_t /*featOffset*/, uint8_t /*smaskOffset*/, uint8_t unitFlag,           \
                  bool kDirectionAlign, bool isWeightOffset, bool cmatrixSource,               \
                  bool cmatrixInitVal) {                                                       \
    asctwin::capi::requireNoWeightOffset(isWeightOffset, "mad");                               \
    mad(c, a, b, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal);           \
  }
ASCTWIN_CAPI_MAD_WO(float, half)
ASCTWIN_CAPI_MAD_WO(float, bfloat16_t)
ASCTWIN_CAPI_MAD_WO(float, float)
ASCTWIN_CAPI_MAD_WO(int32_t, int8_t)
#undef ASCTWIN_CAPI_MAD_WO
inline void mad_s4(__cc__ int32_t* c, __ca__ void* a, __cb__ void* b, uint16_t m, uint16_t k,
                   uint16_t n, uint8_t /*featOffset*/, uint8_t /*smaskOffset*/, uint8_t unitFlag,
                   bool kDirectionAlign, bool isWeightOffset, bool cmatrixSource,
                   bool cmatrixInitVal) {
  asctwin::capi::requireNoWeightOffset(isWeightOffset, "mad_s4");
  mad_s4(c, a, b, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal);
}
// FPC read back (asc_get_l0c2gm_*): a register read, no instruction.
inline uint64_t get_fpc() {
  return asctwin::isa::cubeRegister(asctwin::isa::CubeReg::Fpc);
}
// int4 2-D loads from GM: 512-byte fractal copies as for every type (no
// transpose on this path), as load_cbuf_to_ca_s4 / cb_s4 from L1.
#define ASCTWIN_CAPI_LOAD_GM_S4(NAME, DSTQ, BUF)                                                 \
  inline void NAME(DSTQ void* dst, __gm__ void* src, uint16_t baseIdx, uint8_t repeat,           \
                   uint16_t srcStride, uint16_t dstGap, uint8_t /*sid*/, addr_cal_mode_t mode) { \
    asctwin::isa::load2d(asctwin::isa::CubeBuf::BUF, dst, asctwin::isa::CubeBuf::GM, src, 0,     \
                         baseIdx, repeat, srcStride, dstGap, false, mode == dec, #NAME);         \
  }
ASCTWIN_CAPI_LOAD_GM_S4(load_gm_to_ca_s4, __ca__, L0A)
ASCTWIN_CAPI_LOAD_GM_S4(load_gm_to_cb_s4, __cb__, L0B)
#undef ASCTWIN_CAPI_LOAD_GM_S4
// Fills whose value is not as wide as the buffer's elements (asc_fill_* of
// half dst with a uint32_t value, float dst with a half value, ...): the
// value's width is the pattern's, as the instruction's two forms (a b16 and
// a b32 value) name it; the destination's type only types the address. The
// _h / _ui forms fill a bfloat16_t buffer with a half or a uint32_t value.
#define ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, D, V, BYTES, SUFFIX)                 \
  inline void NAME##SUFFIX(DSTQ D* dst, int64_t repeatBit, V v) {                  \
    asctwin::isa::createMatrix(asctwin::isa::CubeBuf::BUF, dst, repeatBit, BYTES,  \
                               asctwin::isa::detail::valueBits(v), #NAME #SUFFIX); \
  }
#define ASCTWIN_CAPI_FILL_MIXED(NAME, DSTQ, BUF)                 \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, half, uint32_t, 4, )     \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, int16_t, uint32_t, 4, )  \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, uint16_t, uint32_t, 4, ) \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, float, half, 2, )        \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, int32_t, half, 2, )      \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, uint32_t, half, 2, )     \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, bfloat16_t, half, 2, _h) \
  ASCTWIN_CAPI_FILL_OF(NAME, DSTQ, BUF, bfloat16_t, uint32_t, 4, _ui)
ASCTWIN_CAPI_FILL_MIXED(create_ca_matrix, __ca__, L0A)
ASCTWIN_CAPI_FILL_MIXED(create_cb_matrix, __cb__, L0B)
ASCTWIN_CAPI_FILL_MIXED(create_cbuf_matrix, __cbuf__, L1)
#undef ASCTWIN_CAPI_FILL_MIXED
#undef ASCTWIN_CAPI_FILL_OF

inline int64_t get_stack_phy_base() {
  return 0;
}
inline int64_t get_smmu_tag_ver() {
  return 0;
}
inline int64_t get_sys_va_base() {
  return 0;
}
