// utils/debug/asc_printf.h: printf in kernel code. In a function of device
// code (`__global__` or `__aicore__`) compiled by asctwin-asc, `printf` is
// AscendC::printf, which prefixes each line with the block, as on the NPU
// ("[AIV Block 3/8] ..."); host code's printf stays the C library's.
#pragma once

#include "kernel_operator.h"
