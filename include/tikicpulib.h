// tikicpulib.h: CANN's CPU-debug launch header (CPU孪生调试), on asctwin.
// A CPU-debug test program includes it instead of acl/acl.h, allocates
// global memory with AscendC::GmAlloc, selects the kernel mode with
// AscendC::SetKernelMode(KernelMode::...), optionally sets a tiling key with
// ICPU_SET_TILING_KEY and runs the kernel with ICPU_RUN_KF(kernel, numBlocks,
// args...), which here runs it on the twin (checked, in fast or check mode).
#pragma once

#include "kernel_operator.h"
#include "securec.h"

using AscendC::KernelMode;
