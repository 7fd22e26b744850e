// Devkit mode, host side: the NPU architecture numbers of CANN's platform
// description (platform/soc_spec.h), as platform_ascendc.h names them.
#pragma once

#include <cstdint>

enum class NpuArch : uint32_t {
  DAV_RESV = 0,
  DAV_1001 = 1001,
  DAV_2002 = 2002,
  DAV_2201 = 2201,
  DAV_3002 = 3002,
  DAV_3003 = 3003,
  DAV_3102 = 3102,
  DAV_3113 = 3113,
  DAV_3510 = 3510,
  DAV_5102 = 5102,
};
