// Launching kernels on the twin: a typed C++ launch on a stream, the call the
// .asc build step generates for kernel<<<blocks, ub, stream>>>(args), and
// CANN's CPU-debug ICPU_RUN_KF.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "asctwin/kernel/types.h"

namespace asctwin {

enum class KernelKind : uint8_t { Vector, Cube, Mix };

// A kernel's kind; for Mix, the AIC:AIV ratio of one block (1:2 on A2/A3).
struct KernelSpec {
  KernelKind kind = KernelKind::Vector;
  uint32_t aic = 0;
  uint32_t aiv = 0;
};

// How a launch runs (architecture page, "Two ways to run a kernel"):
//  - Fast: every instruction runs when it is issued, blocks in parallel on the
//    worker pool (the default);
//  - Check: a deterministic seeded simulation on one host thread: one block's
//    scalar code at a time, issued pipe instructions deferred into a per-core
//    graph of the hardware's ordering guarantees and carried out in a seeded
//    order. The same seed gives the same schedule and the same result.
//  - Default: the process setting (asctwinSetKernelMode, asctwin_check.h),
//    else the environment (ASCTWIN_MODE=fast|check, ASCTWIN_SEED=n), else Fast.
enum class ExecMode : uint8_t { Default, Fast, Check };

namespace kernel {
class InstrObserver;  // src/kernel/observer.h

// What a launch reports back when LaunchOptions::stats is set.
struct LaunchStats {
  ExecMode mode = ExecMode::Fast;  // the mode the launch ran in
  uint64_t seed = 0;               // check mode: the scheduler's seed
  uint64_t instructions = 0;       // instruction records carried out
  uint64_t steps = 0;              // check mode: scheduling decisions taken
  uint64_t scheduleHash = 0;       // check mode: hash of every decision, in order
};
}  // namespace kernel

struct LaunchOptions {
  KernelSpec spec{};
  uint32_t numBlocks = 1;
  uint64_t ubBytes = 0;  // UB the kernel may use per AIV (0 = the SoC's whole UB)
  const char* name = "kernel";
  ExecMode mode = ExecMode::Default;  // Default: process setting, then ASCTWIN_MODE, then Fast
  uint64_t seed = 0;                  // check mode seed when `mode` is Check
  kernel::InstrObserver* observer = nullptr;  // else the process observer (if any)
  kernel::LaunchStats* stats = nullptr;       // filled when the launch has run
};

namespace kernel {
// Runs the launch now on the calling thread (blocks on the worker pool) and
// returns 0 or an aclError code; the message is in aclGetRecentErrMsg().
int runLaunch(const LaunchOptions& opt, std::function<void()> body);
// Queues the launch on a stream (aclrtStream; null = the current device's
// default stream). Errors of the kernel surface at aclrtSynchronizeStream.
int enqueueLaunch(void* stream, const LaunchOptions& opt, std::function<void()> body);

template <typename P, typename A>
P convertArg(A&& a) {
  using D = std::decay_t<A>;
  if constexpr (std::is_pointer_v<P> && std::is_pointer_v<D>) {
    return reinterpret_cast<P>(const_cast<std::remove_const_t<std::remove_pointer_t<D>>*>(a));
  } else if constexpr (std::is_pointer_v<P> && std::is_null_pointer_v<D>) {
    return nullptr;
  } else {
    return static_cast<P>(std::forward<A>(a));
  }
}

template <typename... P, typename... A>
std::function<void()> bindKernel(void (*k)(P...), A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "kernel launched with the wrong number of arguments");
  auto bound =
      std::tuple<std::decay_t<P>...>(convertArg<std::decay_t<P>>(std::forward<A>(args))...);
  return [k, bound]() { std::apply(k, bound); };
}

inline uint64_t ubArg(std::nullptr_t) {
  return 0;
}
template <typename U>
uint64_t ubArg(U v) {
  if constexpr (std::is_pointer_v<U>) {
    return 0;  // an l2ctrl pointer (reserved on hardware)
  } else {
    return static_cast<uint64_t>(v);
  }
}
}  // namespace kernel

// Typed launch on a stream: launch(kernel, options, stream, args...).
template <typename... P, typename... A>
int launch(void (*k)(P...), const LaunchOptions& opt, void* stream, A&&... args) {
  return kernel::enqueueLaunch(stream, opt, kernel::bindKernel(k, std::forward<A>(args)...));
}
// Synchronous launch (no stream).
template <typename... P, typename... A>
int run(void (*k)(P...), const LaunchOptions& opt, A&&... args) {
  return kernel::runLaunch(opt, kernel::bindKernel(k, std::forward<A>(args)...));
}

// What the .asc build step generates for NAME<<<blocks, ub, stream>>>(args).
template <typename... P, typename Blocks, typename Ub, typename Stream, typename... A>
int ascLaunch(KernelSpec spec, const char* name, void (*k)(P...), Blocks blocks, Ub ub,
              Stream stream, A&&... args) {
  LaunchOptions opt;
  opt.spec = spec;
  opt.numBlocks = static_cast<uint32_t>(blocks);
  opt.ubBytes = kernel::ubArg(ub);
  opt.name = name;
  void* handle = nullptr;  // a literal nullptr stream is the default stream
  if constexpr (!std::is_null_pointer_v<Stream>) handle = reinterpret_cast<void*>(stream);
  return kernel::enqueueLaunch(handle, opt, kernel::bindKernel(k, std::forward<A>(args)...));
}

// ICPU_RUN_KF support: the kernel mode set by AscendC::SetKernelMode, and the
// status of the last ICPU_RUN_KF (0 or an aclError code).
KernelSpec icpuKernelSpec();
int icpuLastStatus();
int icpuRun(const char* name, uint32_t numBlocks, std::function<void()> body);

}  // namespace asctwin

namespace AscendC {
void SetKernelMode(KernelMode mode);
// CPU-debug GM allocation (device memory of the twin), as in CANN's tikicpulib.
uint8_t* GmAlloc(size_t size);
void GmFree(void* ptr);
}  // namespace AscendC

#define ICPU_RUN_KF(func, blockDim, ...)                     \
  ::asctwin::icpuRun(#func, static_cast<uint32_t>(blockDim), \
                     ::asctwin::kernel::bindKernel(func, __VA_ARGS__))
#define ICPU_SET_TILING_KEY(key) ((void)(key))
