// Devkit mode (issue 15): the CPU-mode contract's definitions header. Huawei's
// asc-devkit headers, compiled with ASCENDC_CPU_DEBUG=1 for __NPU_ARCH__ 2201,
// include "stub_def.h" for what the NPU compiler would otherwise provide: the
// qualifiers, the scalar types, the pipe/event/mode enums of the intrinsics,
// the built-in variables and the CPU-debug hooks. This is asctwin's own
// implementation of that contract, learnt from the headers' calls; the
// intrinsics are asctwin's ISA core (asctwin/isa), the hooks go to the kernel
// twin (src/devkit), so check mode and the checker see everything.
//
// Nothing here names asctwin's own Ascend C API (asctwin/kernel/types.h ...):
// in devkit mode the AscendC namespace is Huawei's.
#pragma once

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "asctwin/devkit/cpu_types.h"
#include "asctwin/devkit/hooks.h"
#include "asctwin/devkit/block_local.h"
#include "asctwin/devkit/hardware_map.h"

// The intrinsics: the ISA core's (vector, data movement, flags; the cube
// unit's when present) and the system/scalar/cache ones of src/devkit.
#include "asctwin/isa/intrinsics.h"
#if __has_include("asctwin/isa/intrinsics_cube.h")
#include "asctwin/isa/intrinsics_cube.h"
#endif
#include "asctwin/devkit/intrinsics_sys.h"
#include "asctwin/devkit/pending_intrinsics.h"
#include "asctwin/devkit/c_api_contract.h"
