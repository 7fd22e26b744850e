// The C API's reductions on architecture 2201: per 32-byte block (vcgadd,
// vcgmax, vcgmin), per iteration (vcadd; vcmax/vcmin with the order of value
// and index the name gives), per pair (vcpadd); and the registers they
// leave (ACC_VAL, MAX_MIN_CNT: the extreme's bits low, its index << 32).
#pragma once

#include <bit>

#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_reduce.h"

#define ASCTWIN_CAPI_REDUCE_FLOAT(NAME, INTRIN, ...)   \
  ASCTWIN_CAPI_REDUCE(NAME, INTRIN, half, __VA_ARGS__) \
  ASCTWIN_CAPI_REDUCE(NAME, INTRIN, float, __VA_ARGS__)
ASCTWIN_CAPI_REDUCE_FLOAT(asc_datablock_reduce_sum, vcgadd)
ASCTWIN_CAPI_REDUCE_FLOAT(asc_datablock_reduce_max, vcgmax)
ASCTWIN_CAPI_REDUCE_FLOAT(asc_datablock_reduce_min, vcgmin)
ASCTWIN_CAPI_REDUCE_FLOAT(asc_pair_reduce_sum, vcpadd)
// Each iteration's sum at dst with dst_repeat_stride (vcadd's mode 0).
ASCTWIN_CAPI_REDUCE_FLOAT(asc_repeat_reduce_sum, vcadd, , 0)

// The order operand of vcmax/vcmin (the compiler's Order_t).
#define ASCTWIN_CAPI_ORDER_VALUE_INDEX asctwin::isa::VOrder::ValueIndex
#define ASCTWIN_CAPI_ORDER_INDEX_VALUE asctwin::isa::VOrder::IndexValue
#define ASCTWIN_CAPI_ORDER_ONLY_VALUE asctwin::isa::VOrder::OnlyValue
#define ASCTWIN_CAPI_ORDER_ONLY_INDEX asctwin::isa::VOrder::OnlyIndex
#define ASCTWIN_CAPI_REPEAT_EXTREME(OP, INTRIN)                             \
  ASCTWIN_CAPI_REDUCE_FLOAT(asc_repeat_reduce_##OP##_value_index, INTRIN, , \
                            ASCTWIN_CAPI_ORDER_VALUE_INDEX)                 \
  ASCTWIN_CAPI_REDUCE_FLOAT(asc_repeat_reduce_##OP##_index_value, INTRIN, , \
                            ASCTWIN_CAPI_ORDER_INDEX_VALUE)                 \
  ASCTWIN_CAPI_REDUCE_FLOAT(asc_repeat_reduce_##OP##_only_value, INTRIN, ,  \
                            ASCTWIN_CAPI_ORDER_ONLY_VALUE)                  \
  ASCTWIN_CAPI_REDUCE_FLOAT(asc_repeat_reduce_##OP##_only_index, INTRIN, ,  \
                            ASCTWIN_CAPI_ORDER_ONLY_INDEX)
ASCTWIN_CAPI_REPEAT_EXTREME(max, vcmax)
ASCTWIN_CAPI_REPEAT_EXTREME(min, vcmin)
#undef ASCTWIN_CAPI_REPEAT_EXTREME
#undef ASCTWIN_CAPI_REDUCE_FLOAT

// The sum vcadd accumulated (0 on an AIC).
inline int64_t asc_get_acc_val() {
  return ASC_IS_AIV ? get_acc_val() : 0;
}
// The lanes the last GatherMask (asc_reduce) kept (0 on an AIC).
inline int64_t asc_get_rsvd_count() {
  return ASC_IS_AIV ? get_rsvd_cnt() : 0;
}
// The extreme of the last vcmax/vcmin over all its iterations, and its index.
#define ASCTWIN_CAPI_EXTREME_CNT(OP, T, BITS)                      \
  inline void asc_get_reduce_##OP##_cnt(T& val, uint32_t& index) { \
    if (ASC_IS_AIV) {                                              \
      const auto cnt = static_cast<uint64_t>(get_max_min_cnt());   \
      const auto bits = static_cast<BITS>(cnt);                    \
      val = std::bit_cast<T>(bits);                                \
      index = static_cast<uint32_t>(cnt >> 32);                    \
    }                                                              \
  }
ASCTWIN_CAPI_EXTREME_CNT(max, half, uint16_t)
ASCTWIN_CAPI_EXTREME_CNT(max, float, uint32_t)
ASCTWIN_CAPI_EXTREME_CNT(min, half, uint16_t)
ASCTWIN_CAPI_EXTREME_CNT(min, float, uint32_t)
#undef ASCTWIN_CAPI_EXTREME_CNT
