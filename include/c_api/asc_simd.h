// asctwin's C API (own front end): `#include "c_api/asc_simd.h"` in an
// Ascend C program gets every function Huawei's C API documents for Atlas
// A2/A3 (architecture 2201), each lowered to the intrinsics of the twin's
// ISA core as the reference implementation (impl/c_api/instr_impl/
// npu_arch_2201) lowers it. Functions the reference provides only on other
// architectures (the reg_* family, the Ascend 950 forms) are not declared:
// a program that calls one fails to compile naming it, where Huawei's
// toolchain fails to link. The built-in block_idx, block_num and
// sub_block_idx come with it, as the NPU compiler provides them. docs/capi.md.
#pragma once

#include "asctwin/kernel/builtins.h"
#include "c_api/utils_intf.h"

#include "c_api/atomic/atomic.h"
#include "c_api/cache_ctrl/cache_ctrl.h"
#include "c_api/cube_compute/cube_compute.h"
#include "c_api/cube_datamove/cube_datamove.h"
#include "c_api/misc/misc.h"
#include "c_api/scalar_compute/scalar_compute.h"
#include "c_api/sync/sync.h"
#include "c_api/sys_var/sys_var.h"
#include "c_api/vector_compute/vector_compute.h"
#include "c_api/vector_datamove/vector_datamove.h"
