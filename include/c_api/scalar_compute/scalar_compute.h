// Scalar bit operations of the C API on architecture 2201 (the scalar unit's
// sbitset0/1, sff0/1, clz, bcnt0/1, sflbits), as the C++ API's scalar
// utilities compute them.
#pragma once

#include <cstdint>

#include "asctwin/kernel/scalar.h"

// Bit idx (mod 64) of bits cleared / set.
inline uint64_t asc_clear_nthbit(uint64_t bits, int64_t idx) {
  return bits & ~(uint64_t{1} << (static_cast<uint64_t>(idx) & 63));
}
inline uint64_t asc_set_nthbit(uint64_t bits, int64_t idx) {
  return bits | (uint64_t{1} << (static_cast<uint64_t>(idx) & 63));
}
// Leading zeros (64 for 0).
inline int64_t asc_clz(uint64_t value_in) {
  return AscendC::CountLeadingZero(value_in);
}
// The position of the first 0 (1) bit from the least significant end, -1 if none.
inline int64_t asc_ffz(uint64_t value) {
  return AscendC::GetSFFValue<0>(value);
}
inline int64_t asc_ffs(uint64_t value) {
  return AscendC::GetSFFValue<1>(value);
}
// The number of 1 (0) bits.
inline int64_t asc_popc(uint64_t value) {
  return AscendC::GetBitCount<1>(value);
}
inline int64_t asc_zero_bits_cnt(uint64_t value) {
  return AscendC::GetBitCount<0>(value);
}
// The bits right below the sign bit that equal it.
inline int64_t asc_sflbits(int64_t value) {
  return AscendC::CountBitsCntSameAsSignBit(value);
}
