// Devkit mode: the CPU-mode contract's bfloat16_t: the ISA core's type, and
// the `bfloat16` namespace Huawei's tensor printing names it by.
#pragma once

#include "asctwin/devkit/cpu_types.h"

namespace bfloat16 {
using Bf16T = ::bfloat16_t;
}
