// Devkit mode: which local memory of the calling core a host address is in.
#pragma once

#include <cstdint>

#include "asctwin/kernel/runtime.h"

namespace asctwin::devkit {
// Fills `out` (space, pointer, offset, bytes) when [addr, addr + bytes) lies
// inside one local-memory image of the calling core.
bool localRefOf(uint64_t addr, uint32_t bytes, kernel::LocalRef* out);
}  // namespace asctwin::devkit
