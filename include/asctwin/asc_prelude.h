// Included by asctwin-asc at the top of every ASC translation unit: what the
// NPU compiler provides without an #include in an Ascend C source, i.e. the
// kernel qualifiers and types (GM_ADDR) and the launch that `<<<...>>>`
// becomes (the launch header is the twin's, the launched kernel's API comes
// from kernel_operator.h where the source includes it).
#pragma once

#include "asctwin/kernel/qualifiers.h"
#include "asctwin/kernel/launch.h"
