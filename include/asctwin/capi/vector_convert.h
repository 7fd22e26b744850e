// The C API's conversions on architecture 2201 (vconv_*): one intrinsic per
// pair of types and rounding (_rn nearest even, _rna nearest away from zero,
// _rd down, _ru up, _rz toward zero, _ro odd; no suffix: the instruction's
// own mode). In the count forms the narrower operand's repeat stride is 4
// (or 2 for a quarter): 64 lanes of the wider type per iteration. The
// dequantising forms: vconv_deq (int32 * DEQSCALE -> half) and the int16 ->
// int8/uint8 ones into the high or low half of each destination block
// (vconv_deqs162b8h/l with DEQSCALE's parameters, vconv_vdeqs162b8h/l with
// the 16 sets asc_set_deq_scale wrote to UB).
#pragma once

#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_unary.h"

ASCTWIN_CAPI_UNARY_EX(asc_bfloat162float, vconv_bf162f32, float, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_bfloat162int32_rn, vconv_bf162s32r, int32_t, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_bfloat162int32_rna, vconv_bf162s32a, int32_t, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_bfloat162int32_rd, vconv_bf162s32f, int32_t, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_bfloat162int32_ru, vconv_bf162s32c, int32_t, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_bfloat162int32_rz, vconv_bf162s32z, int32_t, bfloat16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2float, vconv_f162f32, float, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int16_rn, vconv_f162s16r, int16_t, half, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int16_rna, vconv_f162s16a, int16_t, half, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int16_rd, vconv_f162s16f, int16_t, half, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int16_ru, vconv_f162s16c, int16_t, half, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int16_rz, vconv_f162s16z, int16_t, half, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int32_rn, vconv_f162s32r, int32_t, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int32_rna, vconv_f162s32a, int32_t, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int32_rd, vconv_f162s32f, int32_t, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int32_ru, vconv_f162s32c, int32_t, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int32_rz, vconv_f162s32z, int32_t, half, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8, vconv_f162s8, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8_rn, vconv_f162s8r, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8_rna, vconv_f162s8a, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8_rd, vconv_f162s8f, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8_ru, vconv_f162s8c, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int8_rz, vconv_f162s8z, int8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8, vconv_f162u8, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8_rn, vconv_f162u8r, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8_rna, vconv_f162u8a, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8_rd, vconv_f162u8f, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8_ru, vconv_f162u8c, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2uint8_rz, vconv_f162u8z, uint8_t, half, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half, vconv_f322f16, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_rn, vconv_f322f16r, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_rna, vconv_f322f16a, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_rd, vconv_f322f16f, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_ru, vconv_f322f16c, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_rz, vconv_f322f16z, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2half_ro, vconv_f322f16o, half, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2float_rn, vconv_f322f32r, float, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2float_rna, vconv_f322f32a, float, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2float_rd, vconv_f322f32f, float, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2float_ru, vconv_f322f32c, float, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2float_rz, vconv_f322f32z, float, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int16_rn, vconv_f322s16r, int16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int16_rna, vconv_f322s16a, int16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int16_rd, vconv_f322s16f, int16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int16_ru, vconv_f322s16c, int16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int16_rz, vconv_f322s16z, int16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int32_rn, vconv_f322s32r, int32_t, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int32_rna, vconv_f322s32a, int32_t, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int32_rd, vconv_f322s32f, int32_t, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int32_ru, vconv_f322s32c, int32_t, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int32_rz, vconv_f322s32z, int32_t, float, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2int64_rn, vconv_f322s64r, int64_t, float, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_float2int64_rna, vconv_f322s64a, int64_t, float, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_float2int64_rd, vconv_f322s64f, int64_t, float, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_float2int64_ru, vconv_f322s64c, int64_t, float, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_float2int64_rz, vconv_f322s64z, int64_t, float, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_float2bfloat16_rn, vconv_f322bf16r, bfloat16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2bfloat16_rna, vconv_f322bf16a, bfloat16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2bfloat16_rd, vconv_f322bf16f, bfloat16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2bfloat16_ru, vconv_f322bf16c, bfloat16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_float2bfloat16_rz, vconv_f322bf16z, bfloat16_t, float, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int82half, vconv_s82f16, half, int8_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_uint82half, vconv_u82f16, half, uint8_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_int162half, vconv_s162f16, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162half_rn, vconv_s162f16r, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162half_rna, vconv_s162f16a, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162half_rd, vconv_s162f16f, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162half_ru, vconv_s162f16c, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162half_rz, vconv_s162f16z, half, int16_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int162float, vconv_s162f32, float, int16_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_int322float, vconv_s322f32, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322float_rn, vconv_s322f32r, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322float_rna, vconv_s322f32a, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322float_rd, vconv_s322f32f, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322float_ru, vconv_s322f32c, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322float_rz, vconv_s322f32z, float, int32_t, 8, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322int16, vconv_s322s16, int16_t, int32_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int322int64, vconv_s322s64, int64_t, int32_t, 8, 4)
ASCTWIN_CAPI_UNARY_EX(asc_int642int32, vconv_s642s32, int32_t, int64_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int642float_rn, vconv_s642f32r, float, int64_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int642float_rna, vconv_s642f32a, float, int64_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int642float_rd, vconv_s642f32f, float, int64_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int642float_ru, vconv_s642f32c, float, int64_t, 4, 8)
ASCTWIN_CAPI_UNARY_EX(asc_int642float_rz, vconv_s642f32z, float, int64_t, 4, 8)

// int4: the int4b_t operand holds two lanes per byte (lane 2i in the low
// nibble); in the count form it advances 2 blocks per iteration.
ASCTWIN_CAPI_UNARY_EX(asc_half2int4, vconv_f162s4, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int4_rn, vconv_f162s4r, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int4_rna, vconv_f162s4a, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int4_rd, vconv_f162s4f, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int4_ru, vconv_f162s4c, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_EX(asc_half2int4_rz, vconv_f162s4z, int4b_t, half, 2, 8)
ASCTWIN_CAPI_UNARY_Q(asc_int42half, vconv_s42f16, half, int4b_t, 8, 2, uint8_t)

ASCTWIN_CAPI_UNARY_Q(asc_deq_int322half, vconv_deq, half, int32_t, 8, 8, uint8_t)
#define ASCTWIN_CAPI_DEQ_B8(D)                                                            \
  ASCTWIN_CAPI_UNARY_Q(asc_deq_int162b8_h, vconv_deqs162b8h, D, int16_t, 8, 8, uint8_t)   \
  ASCTWIN_CAPI_UNARY_Q(asc_deq_int162b8_l, vconv_deqs162b8l, D, int16_t, 8, 8, uint8_t)   \
  ASCTWIN_CAPI_UNARY_Q(asc_vdeq_int162b8_h, vconv_vdeqs162b8h, D, int16_t, 8, 8, uint8_t) \
  ASCTWIN_CAPI_UNARY_Q(asc_vdeq_int162b8_l, vconv_vdeqs162b8l, D, int16_t, 8, 8, uint8_t)
ASCTWIN_CAPI_DEQ_B8(int8_t)
ASCTWIN_CAPI_DEQ_B8(uint8_t)
#undef ASCTWIN_CAPI_DEQ_B8
