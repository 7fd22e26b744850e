// Launching kernels on the twin: everything of launch_core.h (kinds,
// options, typed launches, <<<>>>), plus CANN's CPU-debug launch: ICPU_RUN_KF,
// ICPU_SET_TILING_KEY, AscendC::SetKernelMode, GmAlloc/GmFree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "asctwin/kernel/launch_core.h"
#include "asctwin/kernel/types.h"

namespace asctwin {

// ICPU_RUN_KF support: the kernel mode set by AscendC::SetKernelMode, the
// tiling key set by ICPU_SET_TILING_KEY, and the status of the last
// ICPU_RUN_KF (0 or an aclError code).
KernelSpec icpuKernelSpec();
int icpuLastStatus();
int icpuRun(const char* name, uint32_t numBlocks, std::function<void()> body);
// ICPU_SET_TILING_KEY: keys of 0 or below are warned about, as by CANN.
void icpuSetTilingKey(int64_t key);
uint64_t icpuTilingKey();

}  // namespace asctwin

namespace AscendC {
void SetKernelMode(KernelMode mode);
// CPU-debug GM allocation (device memory of the twin), as in CANN's tikicpulib.
void* GmAlloc(size_t size);
void GmFree(void* ptr);
}  // namespace AscendC

#define ICPU_RUN_KF(func, blockDim, ...)                     \
  ::asctwin::icpuRun(#func, static_cast<uint32_t>(blockDim), \
                     ::asctwin::kernel::bindKernel(func __VA_OPT__(, ) __VA_ARGS__))
#define ICPU_SET_TILING_KEY(key) ::asctwin::icpuSetTilingKey(static_cast<int64_t>(key))
