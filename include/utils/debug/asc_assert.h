// utils/debug/asc_assert.h: assert in kernel code: assert(expr),
// assert(expr, fmt, args...) and ascendc_assert(...); see
// asctwin/kernel/device_debug.h (a failed assert in device code ends the
// launch with a kernel error naming the block, the expression and the line).
#pragma once

#include "kernel_operator.h"
