// The byte fresh local memory (UB, L1, L0A/B/C, BT, FB) holds at a launch's
// start: garbage until the kernel writes it, 0xA7 unless ASCTWIN_LOCAL_FILL
// names another byte. Changing it shows which output bytes a kernel copied
// out of local memory it never wrote (tests/corpus/compare_front_ends.py).
#pragma once

#include <cstdint>

#include "common/status.h"

namespace asctwin::kernel {

inline constexpr uint8_t kDefaultLocalFill = 0xA7;

// The fill byte; a malformed ASCTWIN_LOCAL_FILL (not an integer in 0..255)
// is reported in `error` (once per process reading; the default is used).
uint8_t localFill(Status* error);

}  // namespace asctwin::kernel
