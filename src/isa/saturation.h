// CTRL[48] on Atlas A2/A3 (SetSaturationFlag<SaturationMode::FLOAT>,
// SetCtrlSpr<48, 48>): 0 makes the half and bfloat16_t results of
// floating-point vector computations and conversions saturate, +-inf to
// +-MAX and NaN to 0; 1 (the INF/NaN mode a kernel starts in) keeps them.
// Instructions read the bit when they are issued, as they read MASK.
#pragma once

#include <cstdint>
#include <cstring>

#include "kernel/machine_state.h"
#include "kernel/vec/vec.h"

namespace asctwin::isa {

// Whether an instruction issued now saturates its results of type `t`.
inline bool saturatesFloat(const kernel::MachineState& regs, vec::DType t) {
  return (regs.ctrl & kernel::kCtrlFloatNoSat) == 0 &&
         (t == vec::DType::F16 || t == vec::DType::BF16);
}

// Saturates n packed half or bfloat16_t values in place.
inline void saturateFloat(vec::DType t, uint8_t* p, uint64_t n) {
  const bool f16 = t == vec::DType::F16;
  const uint16_t expMask = f16 ? 0x7C00 : 0x7F80;
  const uint16_t manMask = f16 ? 0x03FF : 0x007F;
  const uint16_t maxBits = f16 ? 0x7BFF : 0x7F7F;  // the largest finite value
  for (uint64_t i = 0; i < n; ++i) {
    uint16_t b;
    std::memcpy(&b, p + i * 2, 2);
    if ((b & expMask) != expMask) continue;
    b = (b & manMask) != 0 ? uint16_t{0} : static_cast<uint16_t>((b & 0x8000u) | maxBits);
    std::memcpy(p + i * 2, &b, 2);
  }
}

}  // namespace asctwin::isa
