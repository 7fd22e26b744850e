// Devkit mode: the CPU-mode contract's `half` (IEEE binary16): the ISA
// core's type, so the intrinsics take the tensors' elements as they are.
#pragma once

#include "asctwin/devkit/cpu_types.h"
