// The C API's data-rearranging vector functions on architecture 2201:
// gathers by byte offsets (vgather per element, vgatherb per 32-byte
// block), GatherMask (asc_reduce: vreducev2; asc_squeeze: vreduce), broadcast of elements to
// blocks (vbrcb), the 16x16 transpose (vtranspose), TransDataTo5HD
// (scatter_vnchwconv_b8/b16/b32 with the VA registers asc_set_va_reg
// loads), and sorting (vbitsort, vmrgsort4, VMS4_SR).
#pragma once

#include "asctwin/capi/intrinsics_capi.h"
#include "asctwin/capi/vector_forms.h"
#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/isa/intrinsics_sort.h"

namespace asctwin::capi {
// A UB address as the 32-bit base operand of the gathers.
inline uint32_t ubBase(const void* p) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p));
}
// The lanes of a 16- or 32-bit type as the unsigned type of its width.
template <typename T>
using LaneOf = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
template <typename T>
inline __ubuf__ LaneOf<T>* lanes(__ubuf__ T* p) {
  return reinterpret_cast<__ubuf__ LaneOf<T>*>(p);
}
}  // namespace asctwin::capi

// dst[i] = the element at byte offset src_offset[i] from src.
#define ASCTWIN_CAPI_GATHER(T)                                                                 \
  inline void asc_gather(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* src_offset,      \
                         uint16_t dst_repeat_stride, uint8_t repeat, ASCTWIN_CAPI_LOC) {       \
    ASCTWIN_CAPI_CALL("asc_gather");                                                           \
    if (ASC_IS_AIV)                                                                            \
      vgather(asctwin::capi::lanes(dst), src_offset, asctwin::capi::ubBase(src),               \
              dst_repeat_stride, repeat);                                                      \
  }                                                                                            \
  inline void asc_gather(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* src_offset,      \
                         uint32_t count, ASCTWIN_CAPI_LOC) {                                   \
    ASCTWIN_CAPI_CALL("asc_gather");                                                           \
    asctwin::capi::maskCountBegin(count);                                                      \
    if (ASC_IS_AIV)                                                                            \
      vgather(asctwin::capi::lanes(dst), src_offset, asctwin::capi::ubBase(src), 8, 1);        \
    asctwin::capi::maskCountEnd();                                                             \
  }                                                                                            \
  inline void asc_gather_sync(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* src_offset, \
                              uint32_t count, ASCTWIN_CAPI_LOC) {                              \
    ASCTWIN_CAPI_CALL("asc_gather_sync");                                                      \
    asc_gather(dst, src, src_offset, count, asctwin_loc);                                      \
    asctwin::capi::syncPost();                                                                 \
  }
ASCTWIN_CAPI_GATHER(int16_t)
ASCTWIN_CAPI_GATHER(uint16_t)
ASCTWIN_CAPI_GATHER(half)
ASCTWIN_CAPI_GATHER(bfloat16_t)
ASCTWIN_CAPI_GATHER(int32_t)
ASCTWIN_CAPI_GATHER(uint32_t)
ASCTWIN_CAPI_GATHER(float)
#undef ASCTWIN_CAPI_GATHER

namespace asctwin::capi {
template <typename T>
inline void vgatherbOf(__ubuf__ T* dst, __ubuf__ T* src, __ubuf__ uint32_t* offset,
                       uint16_t dstRepStride, uint8_t dstBlkStride, uint8_t repeat) {
  vgatherb(dst, offset, ubBase(src), dstRepStride, dstBlkStride, repeat);
}
}  // namespace asctwin::capi
// Block i of each iteration = the 32 bytes at byte offset src_offset[i] from src.
#define ASCTWIN_CAPI_GATHER_BLOCK(T)                                          \
  ASCTWIN_CAPI_REPEAT_SYNC_FORMS(                                             \
      asc_gather_datablock, asctwin::capi::vgatherbOf,                        \
      (__ubuf__ T * dst, __ubuf__ T * src, __ubuf__ uint32_t * src_offset),   \
      (dst, src, src_offset),                                                 \
      (uint16_t dst_repeat_stride, uint8_t dst_block_stride, uint8_t repeat), \
      (dst_repeat_stride, dst_block_stride, repeat))
ASCTWIN_CAPI_GATHER_BLOCK(uint16_t)
ASCTWIN_CAPI_GATHER_BLOCK(uint32_t)
#undef ASCTWIN_CAPI_GATHER_BLOCK

// GatherMask: the lanes of src0 that src1's bits (or pattern_mode's fixed
// pattern) keep, packed at dst; in the count form one iteration of `count`
// lanes with pattern 0 (src1's bits).
#define ASCTWIN_CAPI_GATHER_MASK(T)                                                            \
  inline void asc_reduce(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint16_t repeat, \
                         uint8_t src0_block_stride, uint8_t pattern_mode,                      \
                         uint16_t src0_repeat_stride, uint8_t src1_repeat_stride,              \
                         ASCTWIN_CAPI_LOC) {                                                   \
    ASCTWIN_CAPI_CALL("asc_reduce");                                                           \
    if (ASC_IS_AIV)                                                                            \
      vreducev2(dst, src0, src1, repeat, src0_block_stride, pattern_mode, src0_repeat_stride,  \
                src1_repeat_stride);                                                           \
  }                                                                                            \
  ASCTWIN_CAPI_COUNT_FORMS(asc_reduce, vreducev2,                                              \
                           (__ubuf__ T * dst, __ubuf__ T * src0, __ubuf__ T * src1),           \
                           (dst, src0, src1), (1, 1, 0, 8, 8))
ASCTWIN_CAPI_GATHER_MASK(uint16_t)
ASCTWIN_CAPI_GATHER_MASK(uint32_t)
#undef ASCTWIN_CAPI_GATHER_MASK

// asc_squeeze: src0's lanes whose bit is set, packed into dst (vreduce, the
// seventh operand its pattern mode: 0 takes the bits at src1).
#define ASCTWIN_CAPI_SQUEEZE(T)                                                       \
  ASCTWIN_CAPI_REPEAT_FORM(                                                           \
      asc_squeeze, vreduce, (__ubuf__ T * dst, __ubuf__ T * src0, __ubuf__ T * src1), \
      (dst, src0, src1), ASCTWIN_CAPI_BINARY_REP, (ASCTWIN_CAPI_BINARY_REP_ARGS))
ASCTWIN_CAPI_SQUEEZE(uint16_t)
ASCTWIN_CAPI_SQUEEZE(uint32_t)
#undef ASCTWIN_CAPI_SQUEEZE

// Each of `repeat` x 8 elements of src broadcast to a 32-byte block of dst.
#define ASCTWIN_CAPI_BRCB(T)                                                   \
  ASCTWIN_CAPI_REPEAT_SYNC_FORMS(                                              \
      asc_brcb, vbrcb, (__ubuf__ T * dst, __ubuf__ T * src), (dst, src),       \
      (uint16_t dst_block_stride, uint16_t dst_repeat_stride, uint8_t repeat), \
      (dst_block_stride, dst_repeat_stride, repeat))
ASCTWIN_CAPI_BRCB(uint16_t)
ASCTWIN_CAPI_BRCB(uint32_t)
#undef ASCTWIN_CAPI_BRCB

// The 16 x 16 matrix of 16-bit elements transposed.
#define ASCTWIN_CAPI_TRANSPOSE(T)                                                      \
  inline void asc_transpose(__ubuf__ T* dst, __ubuf__ T* src, ASCTWIN_CAPI_LOC) {      \
    ASCTWIN_CAPI_CALL("asc_transpose");                                                \
    if (ASC_IS_AIV) vtranspose(dst, src);                                              \
  }                                                                                    \
  inline void asc_transpose_sync(__ubuf__ T* dst, __ubuf__ T* src, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_transpose_sync");                                           \
    asc_transpose(dst, src, asctwin_loc);                                              \
    asctwin::capi::syncPost();                                                         \
  }
ASCTWIN_CAPI_TRANSPOSE(int16_t)
ASCTWIN_CAPI_TRANSPOSE(uint16_t)
#undef ASCTWIN_CAPI_TRANSPOSE

// TransDataTo5HD: 16 source rows (the addresses in VA register src..src+1)
// scattered to 16 destination rows (dst..dst+1); the b8 form moves the
// high or low half of each 32-byte block.
inline void asc_transto5hd_b8(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat, uint16_t dst_stride,
                              uint16_t src_stride, bool dst_high_half, bool src_high_half,
                              ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_transto5hd_b8");
  if (ASC_IS_AIV)
    scatter_vnchwconv_b8(dst, src, repeat, dst_stride, src_stride, dst_high_half, src_high_half);
}
inline void asc_transto5hd_b8_sync(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,
                                   uint16_t dst_stride, uint16_t src_stride, bool dst_high_half,
                                   bool src_high_half, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_transto5hd_b8_sync");
  asc_transto5hd_b8(dst, src, repeat, dst_stride, src_stride, dst_high_half, src_high_half,
                    asctwin_loc);
  asctwin::capi::syncPost();
}
#define ASCTWIN_CAPI_TRANSTO5HD(BITS)                                                              \
  inline void asc_transto5hd_b##BITS(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,               \
                                     uint16_t dst_stride, uint16_t src_stride, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_transto5hd_b" #BITS);                                                   \
    if (ASC_IS_AIV) scatter_vnchwconv_b##BITS(dst, src, repeat, dst_stride, src_stride);           \
  }                                                                                                \
  inline void asc_transto5hd_b##BITS##_sync(ub_addr8_t dst, ub_addr8_t src, uint8_t repeat,        \
                                            uint16_t dst_stride, uint16_t src_stride,              \
                                            ASCTWIN_CAPI_LOC) {                                    \
    ASCTWIN_CAPI_CALL("asc_transto5hd_b" #BITS "_sync");                                           \
    asc_transto5hd_b##BITS(dst, src, repeat, dst_stride, src_stride, asctwin_loc);                 \
    asctwin::capi::syncPost();                                                                     \
  }
ASCTWIN_CAPI_TRANSTO5HD(16)
ASCTWIN_CAPI_TRANSTO5HD(32)
#undef ASCTWIN_CAPI_TRANSTO5HD

// VA register `addr` <- the 8 UB addresses of src_array.
#define ASCTWIN_CAPI_SET_VA_REG(T)                                                        \
  inline void asc_set_va_reg(ub_addr8_t addr, __ubuf__ T** src_array, ASCTWIN_CAPI_LOC) { \
    ASCTWIN_CAPI_CALL("asc_set_va_reg");                                                  \
    if (ASC_IS_AIV) {                                                                     \
      uint64_t regs[8];                                                                   \
      for (int i = 0; i < 8; ++i) regs[i] = reinterpret_cast<uintptr_t>(src_array[i]);    \
      set_va_reg_sb(addr, regs);                                                          \
    }                                                                                     \
  }
ASCTWIN_CAPI_SET_VA_REG(int8_t)
ASCTWIN_CAPI_SET_VA_REG(uint8_t)
ASCTWIN_CAPI_SET_VA_REG(int16_t)
ASCTWIN_CAPI_SET_VA_REG(uint16_t)
ASCTWIN_CAPI_SET_VA_REG(half)
ASCTWIN_CAPI_SET_VA_REG(int32_t)
ASCTWIN_CAPI_SET_VA_REG(uint32_t)
ASCTWIN_CAPI_SET_VA_REG(float)
#undef ASCTWIN_CAPI_SET_VA_REG

// Sorting: 32 (score, index) regions per iteration sorted by score
// (vbitsort); up to four sorted lists merged (vmrgsort4); VMS4_SR: how many regions of each list
// the last merge took.
#define ASCTWIN_CAPI_SORT(T)                                                                     \
  inline void asc_bitsort(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ uint32_t* src1,            \
                          int32_t repeat, ASCTWIN_CAPI_LOC) {                                    \
    ASCTWIN_CAPI_CALL("asc_bitsort");                                                            \
    if (ASC_IS_AIV) vbitsort(dst, src0, src1, static_cast<uint8_t>(repeat));                     \
  }                                                                                              \
  inline void asc_bitsort_sync(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ uint32_t* src1,       \
                               int32_t repeat, ASCTWIN_CAPI_LOC) {                               \
    ASCTWIN_CAPI_CALL("asc_bitsort_sync");                                                       \
    asc_bitsort(dst, src0, src1, repeat, asctwin_loc);                                           \
    asctwin::capi::syncPost();                                                                   \
  }                                                                                              \
  inline void asc_mrgsort4(__ubuf__ T* dst, __ubuf__ T* src[ASC_C_API_MRGSORT_ELEMENT_LEN],      \
                           uint8_t repeat, uint16_t element_length_0, uint16_t element_length_1, \
                           uint16_t element_length_2, uint16_t element_length_3,                 \
                           bool if_exhausted_suspension, uint8_t valid_bit, ASCTWIN_CAPI_LOC) {  \
    ASCTWIN_CAPI_CALL("asc_mrgsort4");                                                           \
    if (ASC_IS_AIV)                                                                              \
      vmrgsort4(dst, src, repeat, element_length_0, element_length_1, element_length_2,          \
                element_length_3, if_exhausted_suspension, valid_bit);                           \
  }                                                                                              \
  inline void asc_mrgsort4_sync(__ubuf__ T* dst, __ubuf__ T* src[ASC_C_API_MRGSORT_ELEMENT_LEN], \
                                uint8_t repeat, uint16_t element_length_0,                       \
                                uint16_t element_length_1, uint16_t element_length_2,            \
                                uint16_t element_length_3, bool if_exhausted_suspension,         \
                                uint8_t valid_bit, ASCTWIN_CAPI_LOC) {                           \
    ASCTWIN_CAPI_CALL("asc_mrgsort4_sync");                                                      \
    asc_mrgsort4(dst, src, repeat, element_length_0, element_length_1, element_length_2,         \
                 element_length_3, if_exhausted_suspension, valid_bit, asctwin_loc);             \
    asctwin::capi::syncPost();                                                                   \
  }
ASCTWIN_CAPI_SORT(half)
ASCTWIN_CAPI_SORT(float)
#undef ASCTWIN_CAPI_SORT

inline void asc_get_vms4_sr(uint16_t sorted_num[ASC_C_API_MRGSORT_ELEMENT_LEN]) {
  if (ASC_IS_AIV) {
    const auto sr = static_cast<uint64_t>(get_vms4_sr());
    for (int i = 0; i < 4; ++i) sorted_num[i] = static_cast<uint16_t>(sr >> (16 * i));
  }
}
