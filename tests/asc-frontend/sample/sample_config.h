// Included by add_custom.asc as "sample_config.h": the .asc file's directory
// is on the include path of an asctwin_add_asc_executable() target.
#pragma once

#include <cstdint>

constexpr uint32_t kSampleBlocks = 8;
