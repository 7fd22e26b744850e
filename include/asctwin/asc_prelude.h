// Included by asctwin-asc at the top of every ASC translation unit: what the
// NPU compiler provides without an #include in an Ascend C source, i.e. the
// kernel qualifiers and types (GM_ADDR), the launch that `<<<...>>>`
// becomes, what local-memory arrays (`__ubuf__ float x[N];`) become
// (asctwin/capi/local_array.h), and the system workspace a
// `__kfc_workspace__` parameter sets (asctwin/kernel/kfc_entry.h). It names
// no Ascend C API type, so that in devkit mode Huawei's own
// kernel_operator.h brings the API (in own mode asctwin's does).
#pragma once

#include "asctwin/kernel/qualifiers.h"
#include "asctwin/kernel/launch_core.h"
#include "asctwin/capi/local_array.h"
#include "asctwin/kernel/kfc_entry.h"
