// Devkit mode: the per-block variables of Huawei's headers.
//
// On an NPU every AI Core has its own copy of a `__BLOCK_LOCAL__` variable
// (the current TPipe, the KFC client, the CO1 queue of Matmul, ...), and
// CANN's CPU mode gets the same by running each block in a process of its
// own. The twin runs all blocks of a launch in one process, as fibers on a
// few host threads. So a block-local variable stays a real variable,
// `thread_local` (two workers run blocks at once), and the scheduler saves
// a block's values when its fiber leaves the thread and restores them when
// it comes back (src/kernel/block_locals.h); a block starts with the
// variable's initial value, as in a fresh process of CANN's CPU mode.
//
// `__BLOCK_LOCAL__` is a marker that asctwin-asc replaces in the
// preprocessed unit (tools/asc-compiler/devkit_block_local.h): by
// `thread_local`, and after the declaration's `;` a registration of the
// variable (registerBlockLocal below). A unit that reaches the marker
// without the driver fails to compile instead of sharing the variables
// between blocks.
#pragma once

#include <cstddef>
#include <cstdint>

#define __BLOCK_LOCAL__ __asctwin_block_local__

namespace asctwin::devkit {
// One block-local variable: `address` returns the calling thread's instance,
// of `bytes` bytes. Returns true when the variable is new to the program.
bool registerBlockLocal(void* (*address)(), std::size_t bytes);
}  // namespace asctwin::devkit

// The exception: the system workspace pointer is the core's register, shared
// with the own front end (GetSysWorkSpacePtr and SetSysWorkspace,
// src/kernel/sys_ops.cpp). Its declaration `__BLOCK_LOCAL__ __inline__
// __gm__ uint8_t* g_sysWorkspaceReserved;` becomes the declaration of a
// C-linkage accessor returning that register (the driver gives a
// declaration whose declarator is a function `extern "C"` instead of
// `thread_local`).
#define g_sysWorkspaceReserved (*asctwin_dk_g_sysWorkspaceReserved())

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
