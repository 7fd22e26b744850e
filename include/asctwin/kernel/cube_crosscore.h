// Cross-core synchronisation inside a mix kernel and across the cores of a
// launch: CrossCoreSetFlag / CrossCoreWaitFlag (FFTS modes 0, 1 and 2 of
// A2/A3), lowered to ffts_cross_core_sync / wait_flag_dev as the real
// implementation does (dav_c220 kernel_operator_sync_impl.h).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/runtime.h"

namespace AscendC {

// The FFTS message: 1 + (mode << 4) + (flag << 8).
inline uint16_t GetffstMsg(uint16_t mode, uint16_t flagId) {
  return static_cast<uint16_t>(0x1 + ((mode & 0x3) << 4) + ((flagId & 0xf) << 8));
}

template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("CrossCoreSetFlag", loc);
  ffts_cross_core_sync(pipe, GetffstMsg(modeId, flagId));
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId,
                       std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("CrossCoreWaitFlag", loc);
  wait_flag_dev(flagId);
}

}  // namespace AscendC
