// cpu_debug_launch.h: the CPU-debug launch support that Ascend C single-source
// programs include under ASCENDC_CPU_DEBUG. On asctwin every build runs on
// the CPU twin, so it is tikicpulib.h.
#pragma once

#include "tikicpulib.h"
