// int4b_t operands of mad_s4 (cube_s4.cpp).
#pragma once

#include <cstdint>

#include "isa/cube_mad_kernels.h"

namespace asctwin::isa {

// Writes the int4 operand `src` (A in Zz or B in Zn, K counted in bytes in
// `s4`) as int8 in the layout `s8` (K in elements), sign-extended.
void widenS4Operand(const madk::Shape& s4, const madk::Shape& s8, const uint8_t* src, bool isA,
                    uint8_t* dst);

}  // namespace asctwin::isa
