// Devkit mode: what asctwin-asc force-includes into every ASC unit after
// asctwin/asc_prelude.h when it compiles Huawei's headers (--asctwin-devkit).
//
// A launch of a devkit kernel runs each block inside a devkit block scope:
// the block starts with a fresh record of the CPU-mode runtime's per-core
// globals (block_local.h) and the record is dropped when it ends, as CANN's
// CPU mode gives every block a fresh process. The overload below is chosen over the general
// ascLaunch of launch_core.h for every kernel returning void (it is more specialised), and forwards
// to the same launch.
#pragma once

#include <type_traits>
#include <utility>

#include "asctwin/kernel/launch_core.h"

namespace asctwin {
namespace kernel {
// A failed assert in device code (asctwin-asc sends __assert_fail here):
// the launch ends with a kernel error naming block, expression and line.
[[noreturn]] void deviceAssertFail(const char* expr, const char* file, unsigned line,
                                   const char* function);
}  // namespace kernel
namespace devkit {
// printf in device code, as the NPU prints it (block prefix); asctwin-asc
// sends device printf calls here in devkit mode, since Huawei's headers
// declare their own AscendC::printf only in some units and after first use.
void kernelPrintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
// Files under these ':'-separated directories are library code: a record of
// an instruction they issue names the first line of the user's code on the
// calling stack instead (asctwin-asc defines ASCTWIN_DEVKIT_LIBRARY_DIRS).
bool addLibraryDirs(const char* dirs);
#ifdef ASCTWIN_DEVKIT_LIBRARY_DIRS
// Once per unit (an unused inline variable may never be emitted, its
// initialiser never run); registering the same directories again is free.
[[maybe_unused]] static const bool kLibraryDirsAdded = addLibraryDirs(ASCTWIN_DEVKIT_LIBRARY_DIRS);
#endif
// Called on the block's fiber when it starts and when it ends.
void beginDevkitBlock();
void finishDevkitBlock();
struct BlockScope {
  BlockScope() { beginDevkitBlock(); }
  ~BlockScope() { finishDevkitBlock(); }
  BlockScope(const BlockScope&) = delete;
  BlockScope& operator=(const BlockScope&) = delete;
};
}  // namespace devkit

template <typename... P, typename Blocks, typename Ub, typename Stream, typename... A>
int ascLaunch(KernelSpec spec, const char* name, void (*k)(P...), Blocks blocks, Ub ub,
              Stream stream, A&&... args) {
  if (spec.kind == KernelKind::AiCore) {
    KernelSpec defined;
    if (kernel::findKernel(reinterpret_cast<uintptr_t>(k), &defined)) spec = defined;
  }
  LaunchOptions opt;
  opt.spec = spec;
  opt.numBlocks = static_cast<uint32_t>(blocks);
  opt.ubBytes = kernel::ubArg(ub);
  opt.name = name;
  auto call = kernel::bindCall(k, std::forward<A>(args)...);
  return kernel::enqueueLaunch(kernel::streamHandle(stream), opt, [call]() {
    devkit::BlockScope scope;
    call();
  });
}
}  // namespace asctwin
