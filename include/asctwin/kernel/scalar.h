// Scalar utilities of the kernel API (basic_api/kernel_operator_scalar_intf.h
// and the system-variable helpers): bit counts, leading zeros, the count of
// bits equal to the sign bit, the first set/clear bit, the data block size,
// the sub-block count, Trap and the profiling markers.
#pragma once

#include <cstdint>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/source_location.h"

namespace AscendC {

// The number of bits equal to countValue (0 or 1) in valueIn.
template <int countValue>
int64_t GetBitCount(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "countValue must be 1 or 0");
  const int64_t ones = __builtin_popcountll(valueIn);
  return countValue == 1 ? ones : 64 - ones;
}
// ScalarGetCountOfValue has been updated, please use GetBitCount instead.
template <int countValue>
int64_t ScalarGetCountOfValue(uint64_t valueIn) {
  return GetBitCount<countValue>(valueIn);
}

// Leading zeros of valueIn (64 for 0).
inline int64_t CountLeadingZero(uint64_t valueIn) {
  return valueIn == 0 ? 64 : __builtin_clzll(valueIn);
}
// ScalarCountLeadingZero has been updated, please use CountLeadingZero instead.
inline int64_t ScalarCountLeadingZero(uint64_t valueIn) {
  return CountLeadingZero(valueIn);
}

// The run of bits right below the sign bit that equal it (0..63).
inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
  const auto u = static_cast<uint64_t>(valueIn);
  const uint64_t sign = u >> 63;
  int64_t n = 0;
  for (int b = 62; b >= 0 && ((u >> b) & 1u) == sign; --b) ++n;
  return n;
}

// The position of the first bit equal to countValue from the least
// significant end, -1 when there is none.
template <int countValue>
int64_t GetSFFValue(uint64_t valueIn) {
  static_assert(countValue == 0 || countValue == 1, "countValue must be 1 or 0");
  const uint64_t v = countValue == 1 ? valueIn : ~valueIn;
  return v == 0 ? -1 : __builtin_ctzll(v);
}
// ScalarGetSFFValue has been updated, please use GetSFFValue instead.
template <int countValue>
int64_t ScalarGetSFFValue(uint64_t valueIn) {
  return GetSFFValue<countValue>(valueIn);
}

inline constexpr int16_t GetDataBlockSizeInBytes() {
  return ONE_BLK_SIZE;
}

// Vector cores per cube core of the launch (1 or 2 on A2/A3).
inline int64_t GetSubBlockNum() {
  return asctwin::kernel::taskRation();
}

// Trap: the kernel stops with an error (an AI Core exception on hardware).
[[noreturn]] inline void Trap(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::fail(asctwin::kernel::Site::at("Trap", loc), "the kernel executed Trap()");
}

// Profiling markers of the hardware profiler: the twin has no profiler to
// start, the program's results are unaffected.
inline void MetricsProfStart() {}
inline void MetricsProfStop() {}

}  // namespace AscendC
