// Intrinsics of the sort instructions (architecture 2201) with the names and
// parameters dav_c220 calls: vbitsort (Sort32), vmrgsort4 (MrgSort; the list
// lengths and the configuration packed as the real code packs them) and the
// VMS4_SR register (get_vms4_sr).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/isa/runtime_vector.h"

#define ASCTWIN_ISA_SORT(T)                                                                       \
  inline void vbitsort(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ uint32_t* src1,                \
                       uint8_t repeat) {                                                          \
    asctwin::isa::vbitsort(asctwin::isa::detail::elemOf<T>(), dst, src0, src1, repeat,            \
                           "vbitsort");                                                           \
  }                                                                                               \
  /* src1: the 4 list lengths (16 bits each, list 0 lowest); config: repeat [7:0], */             \
  /* valid lists [11:8], stop when a list is exhausted [12]. */                                   \
  inline void vmrgsort4(__ubuf__ T* dst, __ubuf__ T* addrArray[4], uint64_t src1,                 \
                        uint64_t config) {                                                        \
    const uint16_t lens[4] = {static_cast<uint16_t>(src1), static_cast<uint16_t>(src1 >> 16),     \
                              static_cast<uint16_t>(src1 >> 32),                                  \
                              static_cast<uint16_t>(src1 >> 48)};                                 \
    void* const lists[4] = {addrArray[0], addrArray[1], addrArray[2], addrArray[3]};              \
    asctwin::isa::vmrgsort4(asctwin::isa::detail::elemOf<T>(), dst, lists, lens,                  \
                            static_cast<uint8_t>((config >> 8) & 0xF), ((config >> 12) & 1) != 0, \
                            static_cast<uint8_t>(config & 0xFF), "vmrgsort4");                    \
  }
ASCTWIN_ISA_SORT(half)
ASCTWIN_ISA_SORT(float)
#undef ASCTWIN_ISA_SORT

inline int64_t get_vms4_sr() {
  return static_cast<int64_t>(asctwin::isa::vms4Result());
}
