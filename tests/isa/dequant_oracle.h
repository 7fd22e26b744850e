// The int16 -> 8-bit dequantisation of one parameter set, from the
// SetDeqScale / CastDequant reference: saturate(RINT(src * scale + offset)),
// the float scale taken as (1, 8, 10) (its low 13 mantissa bits dropped),
// the offset a signed 9-bit integer, int8 for sign mode 1 and uint8 for 0.
// Shared by the C++ API's and the C API's tests; no code shared with the ISA
// core.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernel/vec/oracle.h"

namespace asctwin::isatest {

// One parameter set as the reference defines it.
struct Deq {
  float scale;
  int16_t offset;
  bool sign;
};

inline uint8_t dequantOracle(int16_t v, const Deq& p) {
  uint32_t bits = vectest::bitsOf(p.scale) & 0xFFFFE000u;  // (1, 8, 10)
  const long double x =
      static_cast<long double>(v) * static_cast<long double>(vectest::floatOf(bits)) +
      ((p.offset & 0x100) ? (p.offset & 0x1FF) - 512 : (p.offset & 0x1FF));
  const long double fl = std::floor(x), fr = x - fl;
  long double r = fr < 0.5L ? fl : fr > 0.5L ? fl + 1 : (std::fmod(fl, 2.0L) == 0 ? fl : fl + 1);
  const long double lo = p.sign ? -128 : 0, hi = p.sign ? 127 : 255;
  r = std::min(std::max(r, lo), hi);
  return p.sign ? static_cast<uint8_t>(static_cast<int8_t>(r)) : static_cast<uint8_t>(r);
}

}  // namespace asctwin::isatest
