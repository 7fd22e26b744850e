// Intrinsics of the unary and fused vector instructions (architecture 2201),
// with the names and parameters dav_c220 calls: vrelu, vexp, vln, vabs,
// vrec, vrsqrt, vsqrt, vnot; vlrelu, vaxpy; vaddrelu, vsubrelu, vmla, vmadd,
// vmaddrelu; vaddreluconv_*, vsubreluconv_*, vmulconv_*; vconv_deq and the
// int16 -> b8 vconv_deqs162b8h/l, vconv_vdeqs162b8h/l. One overload per
// element type the hardware has.
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/runtime_vector.h"

#define ASCTWIN_ISA_VUN(NAME, OP, T)                                                         \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstBlk,        \
                   uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                      \
    asctwin::isa::vunary(asctwin::isa::VUn::OP, asctwin::isa::detail::elemOf<T>(), dst, src, \
                         repeat, {dstBlk, dstRep}, {srcBlk, srcRep}, #NAME);                 \
  }
#define ASCTWIN_ISA_VUN_FLOAT(NAME, OP) \
  ASCTWIN_ISA_VUN(NAME, OP, half)       \
  ASCTWIN_ISA_VUN(NAME, OP, float)
ASCTWIN_ISA_VUN_FLOAT(vrelu, Relu)
ASCTWIN_ISA_VUN(vrelu, Relu, int32_t)
ASCTWIN_ISA_VUN_FLOAT(vexp, Exp)
ASCTWIN_ISA_VUN_FLOAT(vln, Ln)
ASCTWIN_ISA_VUN_FLOAT(vabs, Abs)
ASCTWIN_ISA_VUN_FLOAT(vrec, Rec)
ASCTWIN_ISA_VUN_FLOAT(vrsqrt, Rsqrt)
ASCTWIN_ISA_VUN_FLOAT(vsqrt, Sqrt)
ASCTWIN_ISA_VUN(vnot, Not, int16_t)
ASCTWIN_ISA_VUN(vnot, Not, uint16_t)
#undef ASCTWIN_ISA_VUN_FLOAT
#undef ASCTWIN_ISA_VUN

// --- one source and a scalar ------------------------------------------------------------
#define ASCTWIN_ISA_VLRELU(T)                                                                     \
  inline void vlrelu(__ubuf__ T* dst, __ubuf__ T* src, T scalar, uint8_t repeat, uint16_t dstBlk, \
                     uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                         \
    const auto e = asctwin::isa::detail::elemOf<T>();                                             \
    asctwin::isa::vfused(asctwin::isa::VFused::LeakyRelu, e, dst, e, src, nullptr,                \
                         asctwin::isa::scalarBits(scalar), repeat, {dstBlk, dstRep},              \
                         {srcBlk, srcRep}, {}, "vlrelu");                                         \
  }
ASCTWIN_ISA_VLRELU(half)
ASCTWIN_ISA_VLRELU(float)
#undef ASCTWIN_ISA_VLRELU

#define ASCTWIN_ISA_VAXPY(D, S)                                                                  \
  inline void vaxpy(__ubuf__ D* dst, __ubuf__ S* src, S scalar, uint8_t repeat, uint16_t dstBlk, \
                    uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                         \
    asctwin::isa::vfused(asctwin::isa::VFused::Axpy, asctwin::isa::detail::elemOf<D>(), dst,     \
                         asctwin::isa::detail::elemOf<S>(), src, nullptr,                        \
                         asctwin::isa::scalarBits(scalar), repeat, {dstBlk, dstRep},             \
                         {srcBlk, srcRep}, {}, "vaxpy");                                         \
  }
ASCTWIN_ISA_VAXPY(half, half)
ASCTWIN_ISA_VAXPY(float, float)
ASCTWIN_ISA_VAXPY(float, half)
#undef ASCTWIN_ISA_VAXPY

// --- two sources (and the destination) ------------------------------------------------------
#define ASCTWIN_ISA_VFUSED(NAME, OP, T)                                                    \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat,    \
                   uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,   \
                   uint16_t src0Rep, uint16_t src1Rep) {                                   \
    const auto e = asctwin::isa::detail::elemOf<T>();                                      \
    asctwin::isa::vfused(asctwin::isa::VFused::OP, e, dst, e, src0, src1, 0, repeat,       \
                         {dstBlk, dstRep}, {src0Blk, src0Rep}, {src1Blk, src1Rep}, #NAME); \
  }
#define ASCTWIN_ISA_VFUSED_FLOAT(NAME, OP) \
  ASCTWIN_ISA_VFUSED(NAME, OP, half)       \
  ASCTWIN_ISA_VFUSED(NAME, OP, float)
ASCTWIN_ISA_VFUSED_FLOAT(vaddrelu, AddRelu)
ASCTWIN_ISA_VFUSED(vaddrelu, AddRelu, int16_t)
ASCTWIN_ISA_VFUSED_FLOAT(vsubrelu, SubRelu)
ASCTWIN_ISA_VFUSED(vsubrelu, SubRelu, int16_t)
ASCTWIN_ISA_VFUSED_FLOAT(vmla, MulAddDst)
ASCTWIN_ISA_VFUSED_FLOAT(vmadd, FusedMulAdd)
ASCTWIN_ISA_VFUSED_FLOAT(vmaddrelu, FusedMulAddRelu)
#undef ASCTWIN_ISA_VFUSED_FLOAT
#undef ASCTWIN_ISA_VFUSED

// vmla with a float destination and half sources (MulAddDst<float, half>).
inline void vmla(__ubuf__ float* dst, __ubuf__ half* src0, __ubuf__ half* src1, uint8_t repeat,
                 uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,
                 uint16_t src0Rep, uint16_t src1Rep) {
  asctwin::isa::vfused(asctwin::isa::VFused::MulAddDst, asctwin::isa::Elem::F32, dst,
                       asctwin::isa::Elem::F16, src0, src1, 0, repeat, {dstBlk, dstRep},
                       {src0Blk, src0Rep}, {src1Blk, src1Rep}, "vmla");
}

// --- two sources, the result converted -----------------------------------------------------------
#define ASCTWIN_ISA_VFCONV(NAME, OP, D, S)                                                         \
  inline void NAME(__ubuf__ D* dst, __ubuf__ S* src0, __ubuf__ S* src1, uint8_t repeat,            \
                   uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,           \
                   uint16_t src0Rep, uint16_t src1Rep, bool = false, bool = false) {               \
    asctwin::isa::vfusedConv(asctwin::isa::VFusedConv::OP, asctwin::isa::detail::elemOf<D>(), dst, \
                             asctwin::isa::detail::elemOf<S>(), src0, src1, repeat,                \
                             {dstBlk, dstRep}, {src0Blk, src0Rep}, {src1Blk, src1Rep}, #NAME);     \
  }
ASCTWIN_ISA_VFCONV(vaddreluconv_f322f16, AddRelu, half, float)
ASCTWIN_ISA_VFCONV(vaddreluconv_f162s8, AddRelu, int8_t, half)
ASCTWIN_ISA_VFCONV(vaddreluconv_s162s8, AddRelu, int8_t, int16_t)
ASCTWIN_ISA_VFCONV(vsubreluconv_f322f16, SubRelu, half, float)
ASCTWIN_ISA_VFCONV(vsubreluconv_f162s8, SubRelu, int8_t, half)
ASCTWIN_ISA_VFCONV(vsubreluconv_s162s8, SubRelu, int8_t, int16_t)
ASCTWIN_ISA_VFCONV(vmulconv_f162s8, Mul, int8_t, half)
ASCTWIN_ISA_VFCONV(vmulconv_f162u8, Mul, uint8_t, half)
#undef ASCTWIN_ISA_VFCONV

// --- dequantisation -------------------------------------------------------------------------
// DEQSCALE: a half scale (SetDeqScale(half)) or the packed float scale,
// offset and sign mode of SetDeqScale(float, int16_t, bool).
inline void set_deqscale(half scale) {
  asctwin::isa::setDeqScale(asctwin::isa::scalarBits(scale));
}
inline void set_deqscale(uint64_t config) {
  asctwin::isa::setDeqScale(config);
}
inline void vconv_deq(__ubuf__ half* dst, __ubuf__ int32_t* src, uint8_t repeat, uint16_t dstBlk,
                      uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {
  asctwin::isa::vconvDeq(dst, src, repeat, {dstBlk, dstRep}, {srcBlk, srcRep}, "vconv_deq");
}
#define ASCTWIN_ISA_VDEQB8(NAME, VECTOR, HIGH, D)                                                \
  inline void NAME(__ubuf__ D* dst, __ubuf__ int16_t* src, uint8_t repeat, uint16_t dstBlk,      \
                   uint16_t srcBlk, uint16_t dstRep, uint16_t srcRep) {                          \
    asctwin::isa::vconvDeqB8(VECTOR, HIGH, dst, src, repeat, {dstBlk, dstRep}, {srcBlk, srcRep}, \
                             #NAME);                                                             \
  }
#define ASCTWIN_ISA_VDEQB8_BOTH(NAME, VECTOR, HIGH) \
  ASCTWIN_ISA_VDEQB8(NAME, VECTOR, HIGH, int8_t)    \
  ASCTWIN_ISA_VDEQB8(NAME, VECTOR, HIGH, uint8_t)
ASCTWIN_ISA_VDEQB8_BOTH(vconv_deqs162b8h, false, true)
ASCTWIN_ISA_VDEQB8_BOTH(vconv_deqs162b8l, false, false)
ASCTWIN_ISA_VDEQB8_BOTH(vconv_vdeqs162b8h, true, true)
ASCTWIN_ISA_VDEQB8_BOTH(vconv_vdeqs162b8l, true, false)
#undef ASCTWIN_ISA_VDEQB8_BOTH
#undef ASCTWIN_ISA_VDEQB8
