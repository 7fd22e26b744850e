// Devkit mode: cpu_debug_launch.h, the CPU-debug launch support single-source
// programs include under ASCENDC_CPU_DEBUG: tikicpulib.h.
#pragma once

#include "tikicpulib.h"
