// Half roundings for the isa tests' oracles, from the table oracle of
// tests/kernel/vec (no code shared with asctwin::numeric).
#pragma once

#include <cstdint>

#include "kernel/vec/oracle.h"

namespace asctwin::isatest {

// x (any arithmetic type, exactly as given) rounded to half, nearest even.
template <typename X>
uint16_t halfRint(X x) {
  return vectest::halfTable().round(static_cast<long double>(x), vectest::Mode::Rint);
}
// The value of half bits.
inline double halfValue(uint16_t bits) {
  return vectest::value16(bits, 5, 10);
}

}  // namespace asctwin::isatest
