// The intrinsics of the Atlas A2/A3 AI Core (architecture 2201) with the
// names and parameters that Ascend C's own implementation calls in CPU mode
// (asc-devkit impl/basic_api/dav_c220): one C++ function per hardware
// instruction, in the global namespace. Each issues one record on its pipe
// through the ISA core (asctwin/isa/runtime.h). Overloads exist only for the
// element types the hardware supports, so a call the NPU compiler rejects is
// rejected here too.
//
// Strides and repeats take the widest integer types the real call sites pass
// (uint8_t values convert without loss).
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/isa_types.h"
#include "asctwin/isa/runtime.h"

namespace asctwin::isa::detail {
template <typename T>
constexpr Elem elemOf();
template <>
constexpr Elem elemOf<half>() {
  return Elem::F16;
}
template <>
constexpr Elem elemOf<bfloat16_t>() {
  return Elem::BF16;
}
template <>
constexpr Elem elemOf<float>() {
  return Elem::F32;
}
template <>
constexpr Elem elemOf<int8_t>() {
  return Elem::S8;
}
template <>
constexpr Elem elemOf<uint8_t>() {
  return Elem::U8;
}
template <>
constexpr Elem elemOf<int16_t>() {
  return Elem::S16;
}
template <>
constexpr Elem elemOf<uint16_t>() {
  return Elem::U16;
}
template <>
constexpr Elem elemOf<int32_t>() {
  return Elem::S32;
}
template <>
constexpr Elem elemOf<uint32_t>() {
  return Elem::U32;
}
template <>
constexpr Elem elemOf<int64_t>() {
  return Elem::S64;
}
template <>
constexpr Elem elemOf<uint64_t>() {
  return Elem::U64;
}
}  // namespace asctwin::isa::detail

// --- mask and special registers ------------------------------------------------
inline void set_vector_mask(uint64_t maskHigh, uint64_t maskLow) {
  asctwin::isa::setVectorMask(maskHigh, maskLow);
}
inline void set_mask_norm() {
  asctwin::isa::setMaskMode(false);
}
inline void set_mask_count() {
  asctwin::isa::setMaskMode(true);
}
inline void set_mov_pad_val(uint64_t value) {
  asctwin::isa::setMovPadVal(value);
}
inline void set_cmpmask(__ubuf__ void* src) {
  asctwin::isa::setCmpMask(src, "set_cmpmask");
}
inline void get_cmpmask(__ubuf__ void* dst) {
  asctwin::isa::getCmpMask(dst, "get_cmpmask");
}

// --- atomic mode of the transfers into GM ---------------------------------------
inline void set_atomic_none() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::None);
}
inline void set_atomic_add() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::Add);
}
inline void set_atomic_max() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::Max);
}
inline void set_atomic_min() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::Min);
}
inline void set_atomic_f32() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::F32);
}
inline void set_atomic_f16() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::F16);
}
inline void set_atomic_bf16() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::BF16);
}
inline void set_atomic_s32() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::S32);
}
inline void set_atomic_s16() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::S16);
}
inline void set_atomic_s8() {
  asctwin::isa::setAtomic(asctwin::isa::AtomicSet::S8);
}

// --- synchronisation inside a core ------------------------------------------------
inline void set_flag(pipe_t pipe, pipe_t tpipe, event_t id) {
  asctwin::isa::setFlag(pipe, tpipe, id);
}
inline void set_flag(pipe_t pipe, pipe_t tpipe, int id) {
  asctwin::isa::setFlag(pipe, tpipe, id);
}
inline void wait_flag(pipe_t pipe, pipe_t tpipe, event_t id) {
  asctwin::isa::waitFlag(pipe, tpipe, id);
}
inline void wait_flag(pipe_t pipe, pipe_t tpipe, int id) {
  asctwin::isa::waitFlag(pipe, tpipe, id);
}
inline void pipe_barrier(pipe_t pipe) {
  asctwin::isa::pipeBarrier(pipe);
}

// --- data movement (bursts of 32-byte blocks) ---------------------------------------
inline void copy_gm_to_ubuf(__ubuf__ void* dst, __gm__ void* src, uint8_t /*sid*/, uint16_t nBurst,
                            uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride) {
  asctwin::isa::copyBlocks(asctwin::isa::Mem::UB, dst, asctwin::isa::Mem::GM, src, nBurst, lenBurst,
                           srcStride, dstStride, "copy_gm_to_ubuf");
}
inline void copy_ubuf_to_gm(__gm__ void* dst, __ubuf__ void* src, uint8_t /*sid*/, uint16_t nBurst,
                            uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride) {
  asctwin::isa::copyBlocks(asctwin::isa::Mem::GM, dst, asctwin::isa::Mem::UB, src, nBurst, lenBurst,
                           srcStride, dstStride, "copy_ubuf_to_gm");
}
inline void copy_ubuf_to_ubuf(__ubuf__ void* dst, __ubuf__ void* src, uint8_t /*sid*/,
                              uint16_t nBurst, uint16_t lenBurst, uint16_t srcStride,
                              uint16_t dstStride) {
  asctwin::isa::copyBlocks(asctwin::isa::Mem::UB, dst, asctwin::isa::Mem::UB, src, nBurst, lenBurst,
                           srcStride, dstStride, "copy_ubuf_to_ubuf");
}
inline void copy_gm_to_cbuf(__cbuf__ void* dst, __gm__ void* src, uint8_t /*sid*/, uint16_t nBurst,
                            uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride,
                            pad_t /*padMode*/ = PAD_NONE) {
  asctwin::isa::copyBlocks(asctwin::isa::Mem::L1, dst, asctwin::isa::Mem::GM, src, nBurst, lenBurst,
                           srcStride, dstStride, "copy_gm_to_cbuf");
}
inline void copy_cbuf_to_gm(__gm__ void* dst, __cbuf__ void* src, uint8_t /*sid*/, uint16_t nBurst,
                            uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride) {
  asctwin::isa::copyBlocks(asctwin::isa::Mem::GM, dst, asctwin::isa::Mem::L1, src, nBurst, lenBurst,
                           srcStride, dstStride, "copy_cbuf_to_gm");
}

#define ASCTWIN_ISA_COPY_ALIGN(BITS, T)                                                           \
  inline void copy_gm_to_ubuf_align_b##BITS(__ubuf__ void* dst, __gm__ void* src, uint8_t,        \
                                            uint16_t nBurst, uint32_t lenBurst, uint8_t leftPad,  \
                                            uint8_t rightPad, uint32_t srcGap, uint32_t dstGap) { \
    asctwin::isa::copyGmToUbAlign(dst, src, sizeof(T), nBurst, lenBurst, leftPad, rightPad,       \
                                  srcGap, dstGap, "copy_gm_to_ubuf_align_b" #BITS);               \
  }                                                                                               \
  inline void copy_ubuf_to_gm_align_b##BITS(__gm__ void* dst, __ubuf__ void* src, uint8_t,        \
                                            uint16_t nBurst, uint32_t lenBurst, uint8_t, uint8_t, \
                                            uint32_t srcGap, uint32_t dstGap) {                   \
    asctwin::isa::copyUbToGmAlign(dst, src, sizeof(T), nBurst, lenBurst, srcGap, dstGap,          \
                                  "copy_ubuf_to_gm_align_b" #BITS);                               \
  }
ASCTWIN_ISA_COPY_ALIGN(8, uint8_t)
ASCTWIN_ISA_COPY_ALIGN(16, uint16_t)
ASCTWIN_ISA_COPY_ALIGN(32, uint32_t)
#undef ASCTWIN_ISA_COPY_ALIGN

// --- vector: two tensors -----------------------------------------------------------
#define ASCTWIN_ISA_VBIN(NAME, OP, T)                                                             \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,           \
                   uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,          \
                   uint16_t src0Rep, uint16_t src1Rep) {                                          \
    asctwin::isa::vbinary(asctwin::isa::VBin::OP, asctwin::isa::detail::elemOf<T>(), dst, src0,   \
                          src1, repeat, {dstBlk, dstRep}, {src0Blk, src0Rep}, {src1Blk, src1Rep}, \
                          #NAME);                                                                 \
  }
#define ASCTWIN_ISA_VBIN_ARITH(NAME, OP) \
  ASCTWIN_ISA_VBIN(NAME, OP, half)       \
  ASCTWIN_ISA_VBIN(NAME, OP, float)      \
  ASCTWIN_ISA_VBIN(NAME, OP, int16_t)    \
  ASCTWIN_ISA_VBIN(NAME, OP, int32_t)
ASCTWIN_ISA_VBIN_ARITH(vadd, Add)
ASCTWIN_ISA_VBIN_ARITH(vsub, Sub)
ASCTWIN_ISA_VBIN_ARITH(vmul, Mul)
ASCTWIN_ISA_VBIN_ARITH(vmax, Max)
ASCTWIN_ISA_VBIN_ARITH(vmin, Min)
ASCTWIN_ISA_VBIN(vdiv, Div, half)
ASCTWIN_ISA_VBIN(vdiv, Div, float)
ASCTWIN_ISA_VBIN(vand, And, int16_t)
ASCTWIN_ISA_VBIN(vand, And, uint16_t)
ASCTWIN_ISA_VBIN(vor, Or, int16_t)
ASCTWIN_ISA_VBIN(vor, Or, uint16_t)
#undef ASCTWIN_ISA_VBIN_ARITH
#undef ASCTWIN_ISA_VBIN

// --- vector: a tensor and a scalar ---------------------------------------------------
#define ASCTWIN_ISA_VSCALAR(NAME, OP, T, S)                                                       \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src, S scalar, uint8_t repeat, uint16_t dstBlk,   \
                   uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep, bool = false,               \
                   bool = false) {                                                                \
    asctwin::isa::vscalar(asctwin::isa::VScalar::OP, asctwin::isa::detail::elemOf<T>(), dst, src, \
                          asctwin::isa::scalarBits(static_cast<T>(scalar)), repeat,               \
                          {dstBlk, dstRep}, {srcBlk, srcRep}, #NAME);                             \
  }
#define ASCTWIN_ISA_VSCALAR_ARITH(NAME, OP)       \
  ASCTWIN_ISA_VSCALAR(NAME, OP, half, half)       \
  ASCTWIN_ISA_VSCALAR(NAME, OP, float, float)     \
  ASCTWIN_ISA_VSCALAR(NAME, OP, int16_t, int16_t) \
  ASCTWIN_ISA_VSCALAR(NAME, OP, int32_t, int32_t)
ASCTWIN_ISA_VSCALAR_ARITH(vadds, Adds)
ASCTWIN_ISA_VSCALAR_ARITH(vmuls, Muls)
ASCTWIN_ISA_VSCALAR_ARITH(vmaxs, Maxs)
ASCTWIN_ISA_VSCALAR_ARITH(vmins, Mins)
ASCTWIN_ISA_VSCALAR(vshl, Shl, int16_t, int32_t)
ASCTWIN_ISA_VSCALAR(vshl, Shl, uint16_t, int32_t)
ASCTWIN_ISA_VSCALAR(vshl, Shl, int32_t, int32_t)
ASCTWIN_ISA_VSCALAR(vshl, Shl, uint32_t, int32_t)
#undef ASCTWIN_ISA_VSCALAR_ARITH
#undef ASCTWIN_ISA_VSCALAR
// vshr's ninth operand rounds (src / 2^n half up); it has effect on signed
// lanes only, as the ShiftRight page says of roundEn.
#define ASCTWIN_ISA_VSHR(T)                                                                \
  inline void vshr(__ubuf__ T* dst, __ubuf__ T* src, int32_t scalar, uint8_t repeat,       \
                   uint16_t dstBlk, uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep,     \
                   bool round = false, bool = false) {                                     \
    asctwin::isa::vscalar((round && std::is_signed_v<T>) ? asctwin::isa::VScalar::ShrRound \
                                                         : asctwin::isa::VScalar::Shr,     \
                          asctwin::isa::detail::elemOf<T>(), dst, src,                     \
                          asctwin::isa::scalarBits(static_cast<T>(scalar)), repeat,        \
                          {dstBlk, dstRep}, {srcBlk, srcRep}, "vshr");                     \
  }
ASCTWIN_ISA_VSHR(int16_t)
ASCTWIN_ISA_VSHR(uint16_t)
ASCTWIN_ISA_VSHR(int32_t)
ASCTWIN_ISA_VSHR(uint32_t)
#undef ASCTWIN_ISA_VSHR

// --- vector: duplicate a scalar ---------------------------------------------------------
#define ASCTWIN_ISA_VDUP(T)                                                                      \
  inline void vector_dup(__ubuf__ T* dst, T scalar, uint8_t repeat, uint16_t dstBlk,             \
                         uint16_t /*srcBlk*/, uint16_t dstRep, uint16_t /*srcRep*/) {            \
    asctwin::isa::vdup(asctwin::isa::detail::elemOf<T>(), dst, asctwin::isa::scalarBits(scalar), \
                       repeat, {dstBlk, dstRep}, "vector_dup");                                  \
  }
ASCTWIN_ISA_VDUP(half)
ASCTWIN_ISA_VDUP(bfloat16_t)
ASCTWIN_ISA_VDUP(float)
ASCTWIN_ISA_VDUP(int16_t)
ASCTWIN_ISA_VDUP(uint16_t)
ASCTWIN_ISA_VDUP(int32_t)
ASCTWIN_ISA_VDUP(uint32_t)
#undef ASCTWIN_ISA_VDUP

// --- vector: conversions (vconv_<src><dst><round>) ---------------------------------------
#define ASCTWIN_ISA_VCONV(NAME, D, S, MODE)                                                        \
  inline void NAME(__ubuf__ D* dst, __ubuf__ S* src, uint8_t repeat, uint16_t dstBlk,              \
                   uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                            \
    asctwin::isa::vconv(asctwin::isa::detail::elemOf<D>(), dst, asctwin::isa::detail::elemOf<S>(), \
                        src, asctwin::isa::Rnd::MODE, repeat, {dstBlk, dstRep}, {srcBlk, srcRep},  \
                        #NAME);                                                                    \
  }
// One rounding per mode suffix: r (Rint), f (Floor), c (Ceil), a (Away), z (Trunc).
#define ASCTWIN_ISA_VCONV_RFCAZ(PREFIX, D, S) \
  ASCTWIN_ISA_VCONV(PREFIX##r, D, S, Rint)    \
  ASCTWIN_ISA_VCONV(PREFIX##f, D, S, Floor)   \
  ASCTWIN_ISA_VCONV(PREFIX##c, D, S, Ceil)    \
  ASCTWIN_ISA_VCONV(PREFIX##a, D, S, Away)    \
  ASCTWIN_ISA_VCONV(PREFIX##z, D, S, Trunc)
ASCTWIN_ISA_VCONV(vconv_f162f32, float, half, None)
ASCTWIN_ISA_VCONV(vconv_bf162f32, float, bfloat16_t, None)
ASCTWIN_ISA_VCONV(vconv_s82f16, half, int8_t, None)
ASCTWIN_ISA_VCONV(vconv_u82f16, half, uint8_t, None)
ASCTWIN_ISA_VCONV(vconv_s162f32, float, int16_t, None)
ASCTWIN_ISA_VCONV(vconv_s322s16, int16_t, int32_t, None)
ASCTWIN_ISA_VCONV(vconv_s322s64, int64_t, int32_t, None)
ASCTWIN_ISA_VCONV(vconv_s642s32, int32_t, int64_t, None)
ASCTWIN_ISA_VCONV(vconv_f322f16, half, float, None)
ASCTWIN_ISA_VCONV(vconv_f322f16o, half, float, Odd)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322f16, half, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322bf16, bfloat16_t, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322f32, float, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322s32, int32_t, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322s16, int16_t, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f322s64, int64_t, float)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f162s32, int32_t, half)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f162s16, int16_t, half)
ASCTWIN_ISA_VCONV(vconv_f162s8, int8_t, half, None)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f162s8, int8_t, half)
ASCTWIN_ISA_VCONV(vconv_f162u8, uint8_t, half, None)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_f162u8, uint8_t, half)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_bf162s32, int32_t, bfloat16_t)
ASCTWIN_ISA_VCONV(vconv_s162f16, half, int16_t, None)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_s162f16, half, int16_t)
ASCTWIN_ISA_VCONV(vconv_s322f32, float, int32_t, None)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_s322f32, float, int32_t)
ASCTWIN_ISA_VCONV_RFCAZ(vconv_s642f32, float, int64_t)
// int4: the int4b_t operand as raw bytes (two lanes per byte, lane 2i in
// the low nibble), as the reference passes it; 128 half lanes per iteration.
#define ASCTWIN_ISA_VCONV_S4(NAME, MODE)                                                     \
  inline void NAME(__ubuf__ void* dst, __ubuf__ half* src, uint8_t repeat, uint16_t dstBlk,  \
                   uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                      \
    asctwin::isa::vconvS4(true, asctwin::isa::Rnd::MODE, dst, src, repeat, {dstBlk, dstRep}, \
                          {srcBlk, srcRep}, #NAME);                                          \
  }
ASCTWIN_ISA_VCONV_S4(vconv_f162s4, None)
ASCTWIN_ISA_VCONV_S4(vconv_f162s4r, Rint)
ASCTWIN_ISA_VCONV_S4(vconv_f162s4f, Floor)
ASCTWIN_ISA_VCONV_S4(vconv_f162s4c, Ceil)
ASCTWIN_ISA_VCONV_S4(vconv_f162s4a, Away)
ASCTWIN_ISA_VCONV_S4(vconv_f162s4z, Trunc)
#undef ASCTWIN_ISA_VCONV_S4
inline void vconv_s42f16(__ubuf__ half* dst, __ubuf__ void* src, uint8_t repeat, uint16_t dstBlk,
                         uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {
  asctwin::isa::vconvS4(false, asctwin::isa::Rnd::None, dst, src, repeat, {dstBlk, dstRep},
                        {srcBlk, srcRep}, "vconv_s42f16");
}
#undef ASCTWIN_ISA_VCONV_RFCAZ
#undef ASCTWIN_ISA_VCONV

// --- vector: compare and select ------------------------------------------------------------
#define ASCTWIN_ISA_VCMPV(SUFFIX, OP, T)                                                           \
  inline void vcmpv_##SUFFIX(__ubuf__ uint8_t* dst, __ubuf__ T* src0, __ubuf__ T* src1,            \
                             uint8_t repeat, uint16_t /*dstBlk*/, uint16_t src0Blk,                \
                             uint16_t src1Blk, uint16_t /*dstRep*/, uint16_t src0Rep,              \
                             uint16_t src1Rep) {                                                   \
    asctwin::isa::vcmpv(asctwin::isa::Cmp::OP, asctwin::isa::detail::elemOf<T>(), dst, src0, src1, \
                        repeat, {src0Blk, src0Rep}, {src1Blk, src1Rep}, "vcmpv_" #SUFFIX);         \
  }                                                                                                \
  inline void vcmp_##SUFFIX(__ubuf__ T* src0, __ubuf__ T* src1, uint8_t /*repeat*/,                \
                            uint16_t /*dstBlk*/, uint16_t src0Blk, uint16_t src1Blk,               \
                            uint16_t /*dstRep*/, uint16_t src0Rep, uint16_t src1Rep) {             \
    asctwin::isa::vcmp(asctwin::isa::Cmp::OP, asctwin::isa::detail::elemOf<T>(), src0, src1,       \
                       {src0Blk, src0Rep}, {src1Blk, src1Rep}, "vcmp_" #SUFFIX);                   \
  }                                                                                                \
  inline void vcmpvs_##SUFFIX(__ubuf__ uint8_t* dst, __ubuf__ T* src, T scalar, uint8_t repeat,    \
                              uint16_t /*dstBlk*/, uint16_t srcBlk, uint16_t /*dstRep*/,           \
                              uint16_t srcRep) {                                                   \
    asctwin::isa::vcmpvs(asctwin::isa::Cmp::OP, asctwin::isa::detail::elemOf<T>(), dst, src,       \
                         asctwin::isa::scalarBits(scalar), repeat, {srcBlk, srcRep},               \
                         "vcmpvs_" #SUFFIX);                                                       \
  }
#define ASCTWIN_ISA_VCMP_FLOAT(SUFFIX, OP) \
  ASCTWIN_ISA_VCMPV(SUFFIX, OP, half)      \
  ASCTWIN_ISA_VCMPV(SUFFIX, OP, float)
ASCTWIN_ISA_VCMP_FLOAT(lt, LT)
ASCTWIN_ISA_VCMP_FLOAT(gt, GT)
ASCTWIN_ISA_VCMP_FLOAT(eq, EQ)
ASCTWIN_ISA_VCMP_FLOAT(le, LE)
ASCTWIN_ISA_VCMP_FLOAT(ge, GE)
ASCTWIN_ISA_VCMP_FLOAT(ne, NE)
ASCTWIN_ISA_VCMPV(eq, EQ, int32_t)
#undef ASCTWIN_ISA_VCMP_FLOAT
#undef ASCTWIN_ISA_VCMPV

#define ASCTWIN_ISA_VSEL(T)                                                                     \
  inline void vsel(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,         \
                   uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,        \
                   uint16_t src0Rep, uint16_t src1Rep, uint8_t mode = 0) {                      \
    asctwin::isa::vsel(asctwin::isa::detail::elemOf<T>(), dst, src0, src1, repeat,              \
                       {dstBlk, dstRep}, {src0Blk, src0Rep}, {src1Blk, src1Rep}, mode, "vsel"); \
  }                                                                                             \
  template <typename U>                                                                         \
  inline void vsel(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ U* sel, uint8_t repeat,          \
                   uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,        \
                   uint16_t src0Rep, uint16_t src1Rep, uint8_t mode) {                          \
    asctwin::isa::vsel(asctwin::isa::detail::elemOf<T>(), dst, src0, sel, repeat,               \
                       {dstBlk, dstRep}, {src0Blk, src0Rep}, {src1Blk, src1Rep}, mode, "vsel"); \
  }
ASCTWIN_ISA_VSEL(half)
ASCTWIN_ISA_VSEL(float)
#undef ASCTWIN_ISA_VSEL

// --- vector: gather by byte offsets ----------------------------------------------------------
inline void vgather(__ubuf__ uint16_t* dst, __ubuf__ uint32_t* offsets, uint32_t baseAddr,
                    uint16_t dstRepStride, uint8_t repeat) {
  asctwin::isa::vgather(asctwin::isa::Elem::U16, dst, offsets, baseAddr, dstRepStride, repeat,
                        "vgather");
}
inline void vgather(__ubuf__ uint32_t* dst, __ubuf__ uint32_t* offsets, uint32_t baseAddr,
                    uint16_t dstRepStride, uint8_t repeat) {
  asctwin::isa::vgather(asctwin::isa::Elem::U32, dst, offsets, baseAddr, dstRepStride, repeat,
                        "vgather");
}

// --- the other vector families (each header includes this one first) ------------------------
#include "asctwin/isa/intrinsics_unary.h"
#include "asctwin/isa/intrinsics_reduce.h"
#include "asctwin/isa/intrinsics_cube.h"
#include "asctwin/isa/intrinsics_l1_to_l0c.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_sort.h"
