// Intrinsics of the layout instructions (architecture 2201) with the names
// and parameters dav_c220 calls: vcopy, vbrcb, vgatherb, vreducev2
// (GatherMask) and vreduce (the C API's asc_squeeze), vtranspose, the VA address registers
// (set_va_reg_sb, vld_va_reg) and scatter_vnchwconv_b8/b16/b32 (TransDataTo5HD).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/runtime_vector.h"

// The VA registers and the halves vld_va_reg loads.
enum ub_addr8_t : uint8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
enum vpart_t : uint8_t { L128 = 0, H128 };

#define ASCTWIN_ISA_LAYOUT16_32(T)                                                                 \
  inline void vcopy(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstStride,          \
                    uint16_t srcStride, uint16_t dstRepeatSize, uint16_t srcRepeatSize) {          \
    asctwin::isa::vcopy(sizeof(T), dst, src, repeat, {dstStride, dstRepeatSize},                   \
                        {srcStride, srcRepeatSize}, "vcopy");                                      \
  }                                                                                                \
  inline void vbrcb(__ubuf__ T* dst, __ubuf__ T* src, uint16_t dstBlkStride,                       \
                    uint16_t dstRepStride, uint8_t repeat) {                                       \
    asctwin::isa::vbrcb(sizeof(T), dst, src, dstBlkStride, dstRepStride, repeat, "vbrcb");         \
  }                                                                                                \
  inline void vgatherb(__ubuf__ T* dst, __ubuf__ uint32_t* offset, uint32_t baseAddr,              \
                       uint16_t dstRepStride, uint8_t dstBlkStride, uint8_t repeat) {              \
    asctwin::isa::vgatherb(dst, offset, baseAddr, dstRepStride, dstBlkStride, repeat, "vgatherb"); \
  }                                                                                                \
  inline void vreducev2(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint16_t repeat,      \
                        uint8_t src0BlkStride, uint8_t patternMode, uint16_t src0RepStride,        \
                        uint8_t src1RepStride) {                                                   \
    asctwin::isa::vreducev2(sizeof(T), dst, src0, src1, repeat, src0BlkStride, patternMode,        \
                            src0RepStride, src1RepStride, "vreducev2");                            \
  }
ASCTWIN_ISA_LAYOUT16_32(uint16_t)
ASCTWIN_ISA_LAYOUT16_32(uint32_t)
#undef ASCTWIN_ISA_LAYOUT16_32

// vreduce (the C API's asc_squeeze): GatherMask's instruction with every
// operand's strides. Its seventh operand is the pattern mode (0: the bits at
// src1, 1..7 the fixed patterns), as the reference's other lowering of
// GatherMask to it (dav_m200) passes it; the result is packed, so the dst
// strides have no effect (that lowering passes 1 and 8).
#define ASCTWIN_ISA_VREDUCE(T)                                                                   \
  inline void vreduce(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint16_t repeat,      \
                      uint8_t /*dstBlkStride*/, uint8_t src0BlkStride, uint8_t patternMode,      \
                      uint8_t /*dstRepStride*/, uint16_t src0RepStride, uint8_t src1RepStride) { \
    asctwin::isa::vreducev2(sizeof(T), dst, src0, src1, repeat, src0BlkStride, patternMode,      \
                            src0RepStride, src1RepStride, "vreduce");                            \
  }
ASCTWIN_ISA_VREDUCE(uint16_t)
ASCTWIN_ISA_VREDUCE(uint32_t)
#undef ASCTWIN_ISA_VREDUCE

inline void vtranspose(__ubuf__ uint16_t* dst, __ubuf__ uint16_t* src) {
  asctwin::isa::vtranspose(dst, src, "vtranspose");
}

inline void set_va_reg_sb(ub_addr8_t reg, uint64_t* addrs) {
  asctwin::isa::setVaReg(reg, addrs);
}
// Eight addresses from UB: the first eight (L128) or the next eight (H128).
inline void vld_va_reg(ub_addr8_t reg, __ubuf__ uint64_t* src, vpart_t part) {
  asctwin::isa::loadVaReg(reg, src, part == H128, "vld_va_reg");
}

inline void scatter_vnchwconv_b16(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,
                                  uint16_t dstRepStride, uint16_t srcRepStride) {
  asctwin::isa::vnchwconv(2, dst, src, repeat, dstRepStride, srcRepStride, false, false,
                          "scatter_vnchwconv_b16");
}
inline void scatter_vnchwconv_b32(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,
                                  uint16_t dstRepStride, uint16_t srcRepStride) {
  asctwin::isa::vnchwconv(4, dst, src, repeat, dstRepStride, srcRepStride, false, false,
                          "scatter_vnchwconv_b32");
}
inline void scatter_vnchwconv_b8(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,
                                 uint16_t dstRepStride, uint16_t srcRepStride, bool dstHigh,
                                 bool srcHigh) {
  asctwin::isa::vnchwconv(1, dst, src, repeat, dstRepStride, srcRepStride, dstHigh, srcHigh,
                          "scatter_vnchwconv_b8");
}
