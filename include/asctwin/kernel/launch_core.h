// Launching kernels on the twin, the part every ASC translation unit gets
// (asctwin-asc force-includes it through asctwin/asc_prelude.h, also in
// devkit mode, so it names no Ascend C API type): kernel kinds, launch
// options, the typed launch on a stream, the calls the front end makes of
// kernel<<<blocks, dynUbBytes[, stream]>>>(args) and the kernel registry.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace asctwin {

// A kernel's kind: where its blocks run.
//  - Vector, Cube: AIV or AIC cores only (__vector__, __cube__, KERNEL_TYPE_AIV_ONLY/AIC_ONLY);
//  - Mix: groups of `aic` AIC and `aiv` AIV cores per block (__mix__(1, 2), KERNEL_TYPE_MIX_*);
//  - AiCore: `__global__ __aicore__` with no kind chosen; the twin runs it on the vector cores;
//  - AiCpu: `__global__ __aicpu__`, a kernel of the device's AI CPU (a host task on the twin).
enum class KernelKind : uint8_t { Vector, Cube, Mix, AiCore, AiCpu };

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
  ExecMode mode = ExecMode::Default;     // Default: process setting, then ASCTWIN_MODE, then Fast
  uint64_t seed = 0;                     // check mode seed when `mode` is Check
  kernel::LaunchStats* stats = nullptr;  // filled when the launch has run
  uint64_t tilingKey = 0;                // what TILING_KEY_IS compares with (ICPU_SET_TILING_KEY)
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

namespace kernel {
// AI CPU kernels (KernelKind::AiCpu): queued on the stream as a host task that
// calls `body` once per block; a non-zero return value fails the task.
int enqueueAiCpuLaunch(void* stream, const LaunchOptions& opt, std::function<uint32_t()> body);

// The kernel registry: every kernel defined in a translated ASC source
// registers its address and kind at program start (kernelRegistration below),
// so a launch through a pointer knows what it launches.
void registerKernel(uintptr_t address, KernelSpec spec);
bool findKernel(uintptr_t address, KernelSpec* spec);
// The launch of something that is not a registered kernel: an error (0 never).
int unknownKernelLaunch(const char* callee, uintptr_t address);

template <typename R, typename... P, typename... A>
std::function<R()> bindCall(R (*k)(P...), A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A), "kernel launched with the wrong number of arguments");
  auto bound =
      std::tuple<std::decay_t<P>...>(convertArg<std::decay_t<P>>(std::forward<A>(args))...);
  return [k, bound]() -> R { return std::apply(k, bound); };
}

template <typename Stream>
void* streamHandle(Stream stream) {
  if constexpr (std::is_null_pointer_v<Stream>) {
    return nullptr;  // a literal nullptr stream is the default stream
  } else if constexpr (std::is_integral_v<Stream>) {
    return stream == 0 ? nullptr : reinterpret_cast<void*>(static_cast<uintptr_t>(stream));
  } else {
    return reinterpret_cast<void*>(stream);
  }
}
}  // namespace kernel

// Placed by the front end at the start of every kernel definition: its
// instantiation registers the kernel's address and kind before main().
template <auto Kernel, KernelSpec Spec>
inline const bool kernelRegistration =
    (kernel::registerKernel(reinterpret_cast<uintptr_t>(Kernel), Spec), true);

// What the front end makes of NAME<<<blocks, dynUbBytes[, stream]>>>(args)
// when NAME is a kernel of the translation unit. The launch's value is 0 or
// the error code of the launch (kernel errors surface at synchronisation).
template <typename R, typename... P, typename Blocks, typename Ub, typename Stream, typename... A>
int ascLaunch(KernelSpec spec, const char* name, R (*k)(P...), Blocks blocks, Ub ub, Stream stream,
              A&&... args) {
  // A unit that only declares the kernel without a kind (`__global__ __aicore__`)
  // launches it with the kind of its definition, which registered it.
  if (spec.kind == KernelKind::AiCore) {
    KernelSpec defined;
    if (kernel::findKernel(reinterpret_cast<uintptr_t>(k), &defined)) spec = defined;
  }
  LaunchOptions opt;
  opt.spec = spec;
  opt.numBlocks = static_cast<uint32_t>(blocks);
  opt.ubBytes = kernel::ubArg(ub);
  opt.name = name;
  void* handle = kernel::streamHandle(stream);
  if constexpr (std::is_void_v<R>) {
    return kernel::enqueueLaunch(handle, opt, kernel::bindCall(k, std::forward<A>(args)...));
  } else {
    static_assert(std::is_integral_v<R>, "a kernel returns void (an AI CPU kernel: an integer)");
    auto call = kernel::bindCall(k, std::forward<A>(args)...);
    return kernel::enqueueAiCpuLaunch(handle, opt,
                                      [call]() { return static_cast<uint32_t>(call()); });
  }
}

// ... and when the callee is any other expression (a pointer, a kernel chosen
// by a lambda or `?:`): its kind comes from the kernel registry.
template <typename R, typename... P, typename Blocks, typename Ub, typename Stream, typename... A>
int ascLaunchPtr(const char* callee, R (*k)(P...), Blocks blocks, Ub ub, Stream stream,
                 A&&... args) {
  KernelSpec spec;
  if (!kernel::findKernel(reinterpret_cast<uintptr_t>(k), &spec)) {
    return kernel::unknownKernelLaunch(callee, reinterpret_cast<uintptr_t>(k));
  }
  return ascLaunch(spec, callee, k, blocks, ub, stream, std::forward<A>(args)...);
}

}  // namespace asctwin
