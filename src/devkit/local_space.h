// Devkit mode: which local memory of the calling core a host address is in.
#pragma once

#include <cstdint>

#include "asctwin/kernel/runtime.h"

namespace asctwin::devkit {
// Fills `out` (space, pointer, offset, bytes) when [addr, addr + bytes) lies
// inside one local-memory image of the calling core.
bool localRefOf(uint64_t addr, uint32_t bytes, kernel::LocalRef* out);
// Whether [addr, addr + bytes) lies in the stand-in of a local memory the
// calling core does not have (hardwareBase: an AIC's UB, an AIV's L1/L0/BT/FB).
bool inAbsentMemory(uint64_t addr, uint32_t bytes);
}  // namespace asctwin::devkit
