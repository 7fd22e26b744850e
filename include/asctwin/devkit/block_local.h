// Devkit mode: the per-block variables of Huawei's headers.
//
// On an NPU every AI Core has its own copy of a `__BLOCK_LOCAL__` variable
// (the current TPipe, the system workspace, ...), and CANN's CPU mode gets
// the same by running each block in a process of its own. The twin runs all
// blocks of a launch in one process, as fibers that the scheduler switches
// (in check mode at every DMA and synchronisation step). So every such
// variable, and every per-core global the CPU-mode runtime defines
// (g_coreType, g_taskRation ...), is redirected by name to the calling
// core's own storage: `g_tPipePtr` reads as `(*asctwin_dk_g_tPipePtr())`,
// which returns this core's slot (src/devkit/block_local.cpp).
//
// At the header's declaration `__BLOCK_LOCAL__ __inline__ T g_x;` the
// redirection turns the variable into the declaration of that C-linkage
// accessor (`extern "C" inline T (*asctwin_dk_g_x());`), which the twin's
// library defines; a slot starts zeroed for every block, as the NPU's
// uninitialised block-local storage starts in CANN's CPU mode (static
// storage of a fresh process).
#pragma once

#include <cstdint>

#define __BLOCK_LOCAL__ extern "C"

// The block-local variables architecture 2201 declares without an
// initializer (kernel_common.h, kernel_operator_swap_mem_intf.h, the
// matmul and KFC headers).
#define g_tPipePtr (*asctwin_dk_g_tPipePtr())
#define g_vecTPipePtr (*asctwin_dk_g_vecTPipePtr())
#define g_cubeTPipePtr (*asctwin_dk_g_cubeTPipePtr())
#define g_sysWorkspaceReserved (*asctwin_dk_g_sysWorkspaceReserved())
#define g_super_kernel_early_start_config (*asctwin_dk_g_super_kernel_early_start_config())
#define g_dumpWorkspaceReserved (*asctwin_dk_g_dumpWorkspaceReserved())
#define g_hcclContextReserved (*asctwin_dk_g_hcclContextReserved())
#define g_kfcClient (*asctwin_dk_g_kfcClient())
#define gL1Cache (*asctwin_dk_gL1Cache())
#define gA2B2DBFlag_ (*asctwin_dk_gA2B2DBFlag_())
#define gCO1Que (*asctwin_dk_gCO1Que())
#define g_deqValue (*asctwin_dk_g_deqValue())

// The per-core globals the CPU-mode runtime defines (declared `extern` by the
// headers): which core kind runs, the AIV count per AIC:AIV group, the
// atomic mode of DMA to GM and the tiling key.
int32_t* asctwin_dk_g_coreType();
int64_t* asctwin_dk_g_taskRation();
uint64_t* asctwin_dk_g_tilingKey();
int32_t* asctwin_dk_g_matmulCount();
uint64_t* asctwin_dk_g_fixpipeNdNzParam();
#define g_coreType (*asctwin_dk_g_coreType())
#define g_taskRation (*asctwin_dk_g_taskRation())
#define g_isAtomic (*asctwin_dk_g_isAtomic())
#define g_atomicType (*asctwin_dk_g_atomicType())
#define g_tilingKey (*asctwin_dk_g_tilingKey())
#define g_matmulCount (*asctwin_dk_g_matmulCount())
// The ND-to-NZ parameter register as Fixpipe's CPU-mode check reads it.
#define g_fixpipeNdNzParam (*asctwin_dk_g_fixpipeNdNzParam())

// The deq-scale vector flag of Cast with deq (named AscendC::g_isVdeq, so a
// variable): set and read within one API call, per host thread.
namespace AscendC {
inline thread_local bool g_isVdeq = false;
}
