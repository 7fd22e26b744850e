// Intrinsics of the reduction instructions (architecture 2201) with the names
// and parameters dav_c220 calls: vcadd, vcmax, vcmin (one result per
// iteration), vcgadd, vcgmax, vcgmin (per 32-byte block), vcpadd (per pair),
// and the registers they leave: get_acc_val, get_max_min_cnt, get_rsvd_cnt.
// vcmax/vcmin's order is the compiler's Order_t (VALUE_INDEX, INDEX_VALUE,
// ONLY_VALUE, ONLY_INDEX); it is taken as any enum of those values, since the
// own API and devkit mode each declare Order_t themselves.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/runtime_vector.h"

#define ASCTWIN_ISA_VCADD(T)                                                                    \
  inline void vcadd(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstRepStride,    \
                    uint16_t srcBlkStride, uint16_t srcRepStride, uint8_t mode) {               \
    asctwin::isa::vreduce(asctwin::isa::VRed::Sum, asctwin::isa::detail::elemOf<T>(), dst, src, \
                          repeat, dstRepStride, srcBlkStride, srcRepStride,                     \
                          asctwin::isa::VOrder::OnlyValue, mode != 0, "vcadd");                 \
  }
ASCTWIN_ISA_VCADD(half)
ASCTWIN_ISA_VCADD(float)
#undef ASCTWIN_ISA_VCADD

#define ASCTWIN_ISA_VCMAXMIN(NAME, OP, T)                                                        \
  template <typename Order, std::enable_if_t<std::is_enum_v<Order>, int> = 0>                    \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstRepStride,      \
                   uint16_t srcBlkStride, uint16_t srcRepStride, Order order) {                  \
    asctwin::isa::vreduce(asctwin::isa::VRed::OP, asctwin::isa::detail::elemOf<T>(), dst, src,   \
                          repeat, dstRepStride, srcBlkStride, srcRepStride,                      \
                          static_cast<asctwin::isa::VOrder>(static_cast<uint8_t>(order)), false, \
                          #NAME);                                                                \
  }
ASCTWIN_ISA_VCMAXMIN(vcmax, Max, half)
ASCTWIN_ISA_VCMAXMIN(vcmax, Max, float)
ASCTWIN_ISA_VCMAXMIN(vcmin, Min, half)
ASCTWIN_ISA_VCMAXMIN(vcmin, Min, float)
#undef ASCTWIN_ISA_VCMAXMIN

#define ASCTWIN_ISA_VCG(NAME, OP, T)                                                           \
  inline void NAME(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstRepStride,    \
                   uint16_t srcBlkStride, uint16_t srcRepStride) {                             \
    asctwin::isa::vreduceBlock(asctwin::isa::VRed::OP, asctwin::isa::detail::elemOf<T>(), dst, \
                               src, repeat, dstRepStride, srcBlkStride, srcRepStride, #NAME);  \
  }
ASCTWIN_ISA_VCG(vcgadd, Sum, half)
ASCTWIN_ISA_VCG(vcgadd, Sum, float)
ASCTWIN_ISA_VCG(vcgmax, Max, half)
ASCTWIN_ISA_VCG(vcgmax, Max, float)
ASCTWIN_ISA_VCG(vcgmin, Min, half)
ASCTWIN_ISA_VCG(vcgmin, Min, float)
#undef ASCTWIN_ISA_VCG

#define ASCTWIN_ISA_VCPADD(T)                                                                    \
  inline void vcpadd(__ubuf__ T* dst, __ubuf__ T* src, uint8_t repeat, uint16_t dstRepStride,    \
                     uint16_t srcBlkStride, uint16_t srcRepStride) {                             \
    asctwin::isa::vreducePair(asctwin::isa::detail::elemOf<T>(), dst, src, repeat, dstRepStride, \
                              srcBlkStride, srcRepStride, "vcpadd");                             \
  }
ASCTWIN_ISA_VCPADD(half)
ASCTWIN_ISA_VCPADD(float)
#undef ASCTWIN_ISA_VCPADD

// The reduction registers (read on PIPE_S after the vector work completes).
inline int64_t get_max_min_cnt() {
  return static_cast<int64_t>(asctwin::isa::reduceResult(0));
}
inline int64_t get_acc_val() {
  return static_cast<int64_t>(asctwin::isa::reduceResult(1));
}
inline int64_t get_rsvd_cnt() {
  return static_cast<int64_t>(asctwin::isa::reduceResult(2));
}
