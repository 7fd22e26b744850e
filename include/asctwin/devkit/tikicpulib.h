// Devkit mode: CANN's CPU-debug launch header (tikicpulib.h) for programs
// compiled against Huawei's own kernel_operator.h: AscendC::GmAlloc/GmFree,
// AscendC::SetKernelMode, ICPU_SET_TILING_KEY and ICPU_RUN_KF, which runs the
// kernel on the twin (each block in a devkit block scope, devkit_prelude.h).
// The twin's library implements them (src/kernel/launch_api.cpp); these
// declarations match its own launch.h without naming asctwin's Ascend C API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "asctwin/devkit/devkit_prelude.h"
#include "kernel_operator.h"
#include "securec.h"

namespace AscendC {
enum class KernelMode : uint8_t { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };
void SetKernelMode(KernelMode mode);
void* GmAlloc(size_t size);
void GmFree(void* ptr);
}  // namespace AscendC

namespace asctwin {
int icpuRun(const char* name, uint32_t numBlocks, std::function<void()> body);
void icpuSetTilingKey(int64_t key);
namespace devkit {
inline std::function<void()> inBlockScope(std::function<void()> body) {
  return [body = std::move(body)]() {
    BlockScope scope;
    body();
  };
}
}  // namespace devkit
}  // namespace asctwin

using AscendC::KernelMode;

#define ICPU_RUN_KF(func, blockDim, ...)                     \
  ::asctwin::icpuRun(#func, static_cast<uint32_t>(blockDim), \
                     ::asctwin::devkit::inBlockScope(        \
                         ::asctwin::kernel::bindKernel(func __VA_OPT__(, ) __VA_ARGS__)))
#define ICPU_SET_TILING_KEY(key) ::asctwin::icpuSetTilingKey(static_cast<int64_t>(key))
