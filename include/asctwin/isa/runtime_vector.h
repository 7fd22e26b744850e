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

}  // namespace asctwin::isa
