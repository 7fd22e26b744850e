// The ISA core's entry points of the vector families beyond the element-wise
// arithmetic of runtime.h: unary math, fused operations, reductions, layout
// (broadcast, transpose, gather/scatter, sort) and the special registers they
// use. Same rules as runtime.h: each acts on the calling core, resolves raw
// UB pointers and issues at most one record on PIPE_V (registers on PIPE_S).
#pragma once

#include <cstdint>

#include "asctwin/isa/runtime.h"

namespace asctwin::isa {

// --- unary math (vrelu, vexp, vln, vabs, vrec, vrsqrt, vsqrt, vnot) -------------------
enum class VUn : uint8_t { Relu, Exp, Ln, Abs, Rec, Rsqrt, Sqrt, Not };
void vunary(VUn op, Elem t, void* dst, const void* src, uint8_t repeat, VStride dstS, VStride srcS,
            const char* name);

// --- fused operations ------------------------------------------------------------------
// Two sources (vaddrelu, vsubrelu), two sources and dst (vmla: a*b+dst,
// vmadd: a*dst+b, vmaddrelu), one source and a scalar (vlrelu), one source,
// a scalar and dst (vaxpy; dst may be float with a half source). An iteration
// covers 256 bytes of the wider operand. src1 is null for the scalar forms.
enum class VFused : uint8_t {
  AddRelu,
  SubRelu,
  MulAddDst,
  FusedMulAdd,
  FusedMulAddRelu,
  LeakyRelu,
  Axpy
};
void vfused(VFused op, Elem dt, void* dst, Elem st, const void* src0, const void* src1,
            uint64_t scalar, uint8_t repeat, VStride dstS, VStride src0S, VStride src1S,
            const char* name);
// The same followed by a conversion of the result to dt (vaddreluconv_*,
// vsubreluconv_*, vmulconv_*: AddRelu, SubRelu or Mul in st, then rounded to
// nearest even and saturated into dt).
enum class VFusedConv : uint8_t { AddRelu, SubRelu, Mul };
void vfusedConv(VFusedConv op, Elem dt, void* dst, Elem st, const void* src0, const void* src1,
                uint8_t repeat, VStride dstS, VStride src0S, VStride src1S, const char* name);

// vconv_deq: int32 -> half scaled by the half in DEQSCALE (read at issue).
void vconvDeq(void* dst, const void* src, uint8_t repeat, VStride dstS, VStride srcS,
              const char* name);
// vconv_deqs162b8h/l (vector false) and vconv_vdeqs162b8h/l (vector true):
// int16 -> 8 bits, 128 lanes per iteration; the 16 results of a source
// block go to the high (`high`) or low 16 bytes of the destination block.
// The parameters (float scale, 9-bit offset, sign mode, packed as
// SetDeqScale packs them) are DEQSCALE itself, or the 16 uint64 sets at the
// UB address DEQSCALE holds, set j for lane j of every block.
void vconvDeqB8(bool vector, bool high, void* dst, const void* src, uint8_t repeat, VStride dstS,
                VStride srcS, const char* name);
// DEQSCALE as the API reads it (AddDeqRelu's half scale in bits 0..15).
uint64_t deqScaleRegister();

// --- reductions ----------------------------------------------------------------------------
// vcadd / vcmax / vcmin: each iteration reduces its enabled lanes to one
// result (the max/min with its lane index, in the order of `order`), written
// at dst + r * dstRepStride results; vcadd with `accumulate` also puts the
// last result in the ACC_VAL register, vcmax/vcmin put value and index in
// the MAX_MIN_CNT register.
enum class VRed : uint8_t { Sum, Max, Min };
// Order_t of vcmax/vcmin: value then index, index then value, value, index.
enum class VOrder : uint8_t { ValueIndex = 0, IndexValue, OnlyValue, OnlyIndex };
void vreduce(VRed op, Elem t, void* dst, const void* src, uint8_t repeat, uint16_t dstRepStride,
             uint16_t srcBlkStride, uint16_t srcRepStride, VOrder order, bool accumulate,
             const char* name);
// vcgadd / vcgmax / vcgmin: every 32-byte block of an iteration to one result
// (8 results per iteration, dstRepStride in 32-byte blocks).
void vreduceBlock(VRed op, Elem t, void* dst, const void* src, uint8_t repeat,
                  uint16_t dstRepStride, uint16_t srcBlkStride, uint16_t srcRepStride,
                  const char* name);
// vcpadd: adjacent pairs of an iteration to one result each.
void vreducePair(Elem t, void* dst, const void* src, uint8_t repeat, uint16_t dstRepStride,
                 uint16_t srcBlkStride, uint16_t srcRepStride, const char* name);

// --- layout -------------------------------------------------------------------------------
// vcopy: element copy with block/repeat strides under the mask (16/32-bit).
void vcopy(uint32_t elemBytes, void* dst, const void* src, uint8_t repeat, VStride dstS,
           VStride srcS, const char* name);
// vbrcb: each of the 8 source elements of an iteration (src advances 8
// elements per iteration) fills one 32-byte block of dst; ignores MASK.
void vbrcb(uint32_t elemBytes, void* dst, const void* src, uint16_t dstBlkStride,
           uint16_t dstRepStride, uint8_t repeat, const char* name);
// vgatherb: block b of iteration r of dst is the 32 bytes at UB byte address
// baseAddr + offsets[r * 8 + b]; ignores MASK.
void vgatherb(void* dst, const void* offsets, uint32_t baseAddr, uint16_t dstRepStride,
              uint8_t dstBlkStride, uint8_t repeat, const char* name);
// vreducev2 (GatherMask): the lanes of src0 whose pattern bit is set, packed
// into dst over all iterations. pattern 1..7 is fixed; 0 takes the bits at
// src1 (consumed continuously inside an iteration, src1RepStride blocks
// between iterations). Normal mode: every lane of `repeat` iterations; counter
// mode: the first MASK-count lanes of each of `repeat` iterations. The kept
// count goes to RSVD_CNT.
void vreducev2(uint32_t elemBytes, void* dst, const void* src0, const void* src1, uint16_t repeat,
               uint8_t src0BlkStride, uint8_t pattern, uint16_t src0RepStride,
               uint8_t src1RepStride, const char* name);
// vtranspose: one 16x16 matrix of 16-bit elements (512 contiguous bytes).
void vtranspose(void* dst, const void* src, const char* name);
// set_va_reg_sb: VA register `reg` takes 8 addresses; vld_va_reg loads them
// from UB (the first 8 or, `high`, the next 8 uint64 at src).
void setVaReg(uint8_t reg, const uint64_t addrs[8]);
void loadVaReg(uint8_t reg, const void* src, bool high, const char* name);
// scatter_vnchwconv_b8/b16/b32: 16 source blocks (srcReg, srcReg + 1) to 16
// destination blocks (dstReg, dstReg + 1), transposed: b16 block i = element i of
// every source block; b32 blocks 2c and 2c+1 = element c of source blocks
// 0..7 and 8..15; b8: half a block (dstHigh: the upper half) = byte i (+16
// with srcHigh) of every source block. Iteration r moves every address by
// r repeat strides (one stride when repeat is 1, as the reference says).
// dstReg/srcReg name the first of the two VA registers of each list.
void vnchwconv(uint32_t elemBytes, uint8_t dstReg, uint8_t srcReg, uint8_t repeat,
               uint16_t dstRepStride, uint16_t srcRepStride, bool dstHigh, bool srcHigh,
               const char* name);
// vbitsort (Sort32): each iteration sorts 32 (value, index) pairs by value,
// descending (equal values keep their order), into 8-byte regions of dst
// (value in the low bytes, the uint32 index in the high 4).
void vbitsort(Elem t, void* dst, const void* values, const void* indices, uint8_t repeat,
              const char* name);
// vmrgsort4 (MrgSort): merges the sorted region lists at src[i] (lens[i]
// regions; validMask bit i says whether list i takes part) into dst,
// descending, earlier lists first on equal values; `exhausted`: stop when a
// list runs out. Repeats take 4 consecutive lists of equal length each. The
// regions taken per list go to VMS4_SR.
void vmrgsort4(Elem t, void* dst, void* const src[4], const uint16_t lens[4], uint8_t validMask,
               bool exhausted, uint8_t repeat, const char* name);
uint64_t vms4Result();

// --- system registers ------------------------------------------------------------------------
// SYS_CNT as the twin keeps it: the number of instructions the calling core
// has issued, a clock that runs the same in every mode and seed.
uint64_t systemCycle();

}  // namespace asctwin::isa
