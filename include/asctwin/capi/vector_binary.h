// The C API's two-source vector functions on architecture 2201: arithmetic
// and logic (vadd ... vor), the fused ones (vaddrelu, vsubrelu, vmla,
// vmadd, vmaddrelu), the converting ones (vaddreluconv_*, vsubreluconv_*,
// vmulconv_*: the narrower destination's count-form repeat stride is 4) and
// asc_select (vsel in mode 0: the bits of CMPMASK).
#pragma once

#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_unary.h"

#define ASCTWIN_CAPI_BINARY_ARITH(NAME, INTRIN) \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, half)       \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, float)      \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, int16_t)    \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, int32_t)
ASCTWIN_CAPI_BINARY_ARITH(asc_add, vadd)
ASCTWIN_CAPI_BINARY_ARITH(asc_sub, vsub)
ASCTWIN_CAPI_BINARY_ARITH(asc_mul, vmul)
ASCTWIN_CAPI_BINARY_ARITH(asc_max, vmax)
ASCTWIN_CAPI_BINARY_ARITH(asc_min, vmin)
#undef ASCTWIN_CAPI_BINARY_ARITH
ASCTWIN_CAPI_BINARY(asc_div, vdiv, half)
ASCTWIN_CAPI_BINARY(asc_div, vdiv, float)
ASCTWIN_CAPI_BINARY(asc_and, vand, int16_t)
ASCTWIN_CAPI_BINARY(asc_and, vand, uint16_t)
ASCTWIN_CAPI_BINARY(asc_or, vor, int16_t)
ASCTWIN_CAPI_BINARY(asc_or, vor, uint16_t)

// (src0 + src1) and (src0 - src1), then Relu; the converting forms narrow
// the result (the reference's h2f/deq flags: false).
#define ASCTWIN_CAPI_BINARY_RELU(NAME, INTRIN, CONV)                          \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, half)                                     \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, float)                                    \
  ASCTWIN_CAPI_BINARY(NAME, INTRIN, int16_t)                                  \
  ASCTWIN_CAPI_BINARY_EX(NAME, CONV##_f162s8, int8_t, half, 4, 8, 8, , false) \
  ASCTWIN_CAPI_BINARY_EX(NAME, CONV##_f322f16, half, float, 4, 8, 8, , false) \
  ASCTWIN_CAPI_BINARY_EX(NAME, CONV##_s162s8, int8_t, int16_t, 4, 8, 8, , false)
ASCTWIN_CAPI_BINARY_RELU(asc_add_relu, vaddrelu, vaddreluconv)
ASCTWIN_CAPI_BINARY_RELU(asc_sub_relu, vsubrelu, vsubreluconv)
#undef ASCTWIN_CAPI_BINARY_RELU

// asc_fma: dst = src0 * src1 + dst (vmla; the float <- half form reads
// halves at half the repeat stride); asc_mul_add: dst = src0 * dst + src1
// (vmadd); asc_mul_add_relu: its Relu (vmaddrelu).
ASCTWIN_CAPI_BINARY(asc_fma, vmla, half)
ASCTWIN_CAPI_BINARY(asc_fma, vmla, float)
ASCTWIN_CAPI_BINARY_EX(asc_fma, vmla, float, half, 8, 4, 4)
ASCTWIN_CAPI_BINARY(asc_mul_add, vmadd, half)
ASCTWIN_CAPI_BINARY(asc_mul_add, vmadd, float)
ASCTWIN_CAPI_BINARY(asc_mul_add_relu, vmaddrelu, half)
ASCTWIN_CAPI_BINARY(asc_mul_add_relu, vmaddrelu, float)

// half * half narrowed to int8_t / uint8_t.
ASCTWIN_CAPI_BINARY_EX(asc_mul_cast_half2int8, vmulconv_f162s8, int8_t, half, 4, 8, 8)
ASCTWIN_CAPI_BINARY_EX(asc_mul_cast_half2uint8, vmulconv_f162u8, uint8_t, half, 4, 8, 8)

// dst = CMPMASK bit ? src0 : src1, lane by lane.
ASCTWIN_CAPI_BINARY(asc_select, vsel, half)
ASCTWIN_CAPI_BINARY(asc_select, vsel, float)
