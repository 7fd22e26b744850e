// The launch entry points: synchronous, on a stream, and CANN's ICPU_RUN_KF.
#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>

#include "acl/runtime.h"
#include "asctwin/asctwin_check.h"
#include "common/env.h"
#include "common/error_message.h"
#include "device/allocator.h"
#include "kernel/core_state.h"
#include "kernel/device_debug_internal.h"
#include "kernel/observer.h"

namespace asctwin {
namespace {
// ICPU_RUN_KF's kernel mode before any AscendC::SetKernelMode: MIX, as CANN
// documents (SetKernelMode: "不调用该接口的情况下，默认为MIX模式").
std::atomic<uint8_t> gIcpuMode{static_cast<uint8_t>(AscendC::KernelMode::MIX_MODE)};
std::atomic<int> gIcpuStatus{0};
std::atomic<uint64_t> gIcpuTilingKey{0};

// The process setting of asctwinSetKernelMode.
std::mutex gModeMutex;
ExecMode gProcessMode = ExecMode::Default;
uint64_t gProcessSeed = 0;

// Fills in opt.mode/opt.seed when the launch left them to the process
// setting or the environment.
Status resolveMode(LaunchOptions* opt) {
  if (opt->mode != ExecMode::Default) return Status::ok();
  {
    std::lock_guard lock(gModeMutex);
    if (gProcessMode != ExecMode::Default) {
      opt->mode = gProcessMode;
      opt->seed = gProcessSeed;
      return Status::ok();
    }
  }
  ExecMode mode = ExecMode::Fast;
  if (auto m = envString("ASCTWIN_MODE")) {
    if (*m == "check") {
      mode = ExecMode::Check;
    } else if (*m != "fast" && !m->empty()) {
      return invalidParam("environment variable ASCTWIN_MODE must be 'fast' or 'check', got '" +
                          *m + "'");
    }
  }
  Status err;
  auto seed = envUnsigned("ASCTWIN_SEED", &err);
  if (!err) return err;
  opt->mode = mode;
  opt->seed = seed.value_or(0);
  return Status::ok();
}

// The kinds the front end and KERNEL_TASK_TYPE_DEFAULT give, as the twin runs
// them: a kernel with no kind runs on the vector cores; MIX 1:0 (hard sync on
// the AIC cores only) is a cube launch and MIX 0:1 a vector launch.
void normalizeSpec(LaunchOptions* opt) {
  KernelSpec& s = opt->spec;
  if (s.kind == KernelKind::AiCore) s = KernelSpec{KernelKind::Vector, 0, 0};
  if (s.kind == KernelKind::Mix && s.aiv == 0 && s.aic == 1) s = KernelSpec{KernelKind::Cube, 0, 0};
  if (s.kind == KernelKind::Mix && s.aic == 0 && s.aiv == 1)
    s = KernelSpec{KernelKind::Vector, 0, 0};
}

Status validate(const LaunchOptions& opt) {
  if (opt.numBlocks == 0)
    return Status(code::kInvalidParam, std::string("kernel '") + (opt.name ? opt.name : "kernel") +
                                           "': numBlocks must be at least 1, got 0");
  if (opt.numBlocks > 65535)
    return Status(code::kInvalidParam, std::string("kernel '") + (opt.name ? opt.name : "kernel") +
                                           "': numBlocks must be at most 65535, got " +
                                           std::to_string(opt.numBlocks));
  if (opt.spec.kind == KernelKind::Mix &&
      (opt.spec.aic > 1 || opt.spec.aiv > 2 || opt.spec.aiv == 0))
    return Status(code::kInvalidParam,
                  std::string("kernel '") + (opt.name ? opt.name : "kernel") +
                      "': the AIC:AIV ratio of a mix kernel must be __mix__(1, 2), __mix__(1, 1), "
                      "__mix__(0, 1..2) or __mix__(1, 0), got __mix__(" +
                      std::to_string(opt.spec.aic) + ", " + std::to_string(opt.spec.aiv) + ")");
  if (opt.spec.kind == KernelKind::AiCpu)
    return Status(code::kInvalidParam, std::string("kernel '") + (opt.name ? opt.name : "kernel") +
                                           "': an AI CPU kernel cannot run on AI Core blocks");
  return Status::ok();
}

// `observer`: the launch's own (runObservedLaunch), else the process observer.
Status runNow(LaunchOptions opt, std::function<void()> body,
              kernel::InstrObserver* observer = nullptr) {
  normalizeSpec(&opt);
  Status v = validate(opt);
  if (!v) return v;
  v = resolveMode(&opt);
  if (!v) return v;
  // ASCTWIN_CHECKER installs the checker as the process observer the first
  // time a launch runs without one.
  if (observer == nullptr && kernel::processObserver() == nullptr) kernel::environmentObserver();
  kernel::InstrObserver* obs = observer != nullptr ? observer : kernel::processObserver();
  if (obs != nullptr && obs->forcesCheckMode()) opt.mode = ExecMode::Check;
  // Only an observer (the checker) records a kernel's GM writes for initcheck.
  if (obs == nullptr) device::DeviceMemory::instance().noteUnrecordedLaunch();
  kernel::Launch launch(opt, obs, std::move(body));
  return launch.run();
}
}  // namespace

namespace kernel {

namespace {
// Constant-initialised: a source registered during static initialisation,
// in whatever order, is never overwritten.
std::atomic<EnvironmentObserverSource> gEnvironmentObserverSource{nullptr};
}  // namespace

void setEnvironmentObserverSource(EnvironmentObserverSource source) {
  gEnvironmentObserverSource.store(source, std::memory_order_release);
}

InstrObserver* environmentObserver() {
  const EnvironmentObserverSource source =
      gEnvironmentObserverSource.load(std::memory_order_acquire);
  return source != nullptr ? source() : nullptr;
}

constexpr int kAiCpuException = 507018;  // ACL_ERROR_RT_AICPU_EXCEPTION

int runLaunch(const LaunchOptions& opt, std::function<void()> body) {
  return reportStatus(runNow(opt, std::move(body)));
}

int runObservedLaunch(const LaunchOptions& opt, InstrObserver* observer,
                      std::function<void()> body) {
  return reportStatus(runNow(opt, std::move(body), observer));
}

int enqueueLaunch(void* stream, const LaunchOptions& opt, std::function<void()> body) {
  LaunchOptions copy = opt;
  normalizeSpec(&copy);
  Status v = validate(copy);
  if (!v) return reportStatus(v);
  device::Stream* s = nullptr;
  Status st = acl::resolveStream(stream, &s);
  if (!st) return reportStatus(st);
  // The mode is the one in force when the launch is made.
  st = resolveMode(&copy);
  if (!st) return reportStatus(st);
  auto name = std::make_shared<std::string>(opt.name ? opt.name : "kernel");
  s->enqueue(*name, [copy, name, body = std::move(body)]() mutable {
    LaunchOptions o = copy;
    o.name = name->c_str();
    return runNow(o, std::move(body));
  });
  return 0;
}

int enqueueAiCpuLaunch(void* stream, const LaunchOptions& opt, std::function<uint32_t()> body) {
  const std::string name = opt.name ? opt.name : "kernel";
  if (opt.spec.kind != KernelKind::AiCpu)
    return reportStatus(invalidParam("kernel '" + name +
                                     "' returns a value: only an AI CPU kernel (__aicpu__) does"));
  if (opt.numBlocks == 0 || opt.numBlocks > 65535)
    return reportStatus(invalidParam("AI CPU kernel '" + name +
                                     "': numBlocks must be 1..65535, got " +
                                     std::to_string(opt.numBlocks)));
  device::Stream* s = nullptr;
  Status st = acl::resolveStream(stream, &s);
  if (!st) return reportStatus(st);
  s->enqueue(name, [name, blocks = opt.numBlocks, body = std::move(body)]() {
    for (uint32_t b = 0; b < blocks; ++b) {
      uint32_t rc = 0;
      try {
        rc = body();
      } catch (const AiCpuAbort& abort) {
        return Status(kAiCpuException, "AI CPU kernel '" + name + "' block " + std::to_string(b) +
                                           ": " + abort.what);
      }
      if (rc != 0)
        return Status(kAiCpuException, "AI CPU kernel '" + name + "' block " + std::to_string(b) +
                                           " returned " + std::to_string(rc));
    }
    // Its writes go through plain pointers that no checker sees: initcheck
    // takes all device memory as written rather than report what it wrote.
    device::DeviceMemory::instance().assumeLiveWritten();
    return Status::ok();
  });
  return 0;
}

namespace {
struct KernelRegistry {
  std::shared_mutex mu;
  std::map<uintptr_t, KernelSpec> byAddress;
};
KernelRegistry& registry() {
  static auto* r = new KernelRegistry();  // used from static initialisers: never destroyed
  return *r;
}
}  // namespace

void registerKernel(uintptr_t address, KernelSpec spec) {
  KernelRegistry& r = registry();
  std::unique_lock lock(r.mu);
  r.byAddress[address] = spec;
}

bool findKernel(uintptr_t address, KernelSpec* spec) {
  KernelRegistry& r = registry();
  std::shared_lock lock(r.mu);
  const auto it = r.byAddress.find(address);
  if (it == r.byAddress.end()) return false;
  *spec = it->second;
  return true;
}

int unknownKernelLaunch(const char* callee, uintptr_t address) {
  char where[32];
  std::snprintf(where, sizeof where, "%#llx", static_cast<unsigned long long>(address));
  return reportStatus(invalidParam(
      std::string("launch of '") + (callee ? callee : "?") + "' (address " + where +
      "): not a kernel defined in an Ascend C source compiled by asctwin-asc; a launch through "
      "a pointer needs the kernel's definition in an ASC translation unit of the program"));
}

void processMode(ExecMode* mode, uint64_t* seed) {
  std::lock_guard lock(gModeMutex);
  *mode = gProcessMode;
  *seed = gProcessSeed;
}

void setProcessMode(ExecMode mode, uint64_t seed) {
  std::lock_guard lock(gModeMutex);
  gProcessMode = mode;
  gProcessSeed = seed;
}

}  // namespace kernel

KernelSpec icpuKernelSpec() {
  switch (static_cast<AscendC::KernelMode>(gIcpuMode.load())) {
    case AscendC::KernelMode::AIC_MODE:
      return KernelSpec{KernelKind::Cube, 0, 0};
    case AscendC::KernelMode::MIX_MODE:
      return KernelSpec{KernelKind::Mix, 1, 2};
    case AscendC::KernelMode::MIX_AIC_1_1:
      return KernelSpec{KernelKind::Mix, 1, 1};
    default:
      return KernelSpec{KernelKind::Vector, 0, 0};
  }
}

int icpuLastStatus() {
  return gIcpuStatus.load();
}

void icpuSetTilingKey(int64_t key) {
  if (key <= 0) {
    std::fprintf(
        stderr,
        "[WARNING] ICPU_SET_TILING_KEY(%lld): a tiling key should be a positive integer%s\n",
        static_cast<long long>(key),
        key < 0 ? " (a negative key is undefined behaviour on CANN; the twin uses it as "
                  "an unsigned 64-bit value)"
                : "; the branch of key 0 runs");
  }
  gIcpuTilingKey.store(static_cast<uint64_t>(key));
}

uint64_t icpuTilingKey() {
  return gIcpuTilingKey.load();
}

int icpuRun(const char* name, uint32_t numBlocks, std::function<void()> body) {
  LaunchOptions opt;
  opt.spec = icpuKernelSpec();
  opt.tilingKey = gIcpuTilingKey.load();
  opt.numBlocks = numBlocks;
  opt.name = name;
  Status st = runNow(opt, std::move(body));
  if (!st) std::fprintf(stderr, "[ERROR] ICPU_RUN_KF(%s): %s\n", name, st.message().c_str());
  gIcpuStatus.store(st.code());
  return reportStatus(st);
}

}  // namespace asctwin

extern "C" {

aclError asctwinSetKernelMode(int mode, uint64_t seed) {
  using asctwin::ExecMode;
  if (mode < ASCTWIN_MODE_DEFAULT || mode > ASCTWIN_MODE_CHECK)
    return asctwin::reportStatus(asctwin::invalidParam(
        "asctwinSetKernelMode: mode must be ASCTWIN_MODE_DEFAULT (0), ASCTWIN_MODE_FAST (1) or "
        "ASCTWIN_MODE_CHECK (2), got " +
        std::to_string(mode)));
  std::lock_guard lock(asctwin::gModeMutex);
  asctwin::gProcessMode = mode == ASCTWIN_MODE_CHECK  ? ExecMode::Check
                          : mode == ASCTWIN_MODE_FAST ? ExecMode::Fast
                                                      : ExecMode::Default;
  asctwin::gProcessSeed = seed;
  // Check mode guards the device allocations made from now on (allocator.h).
  asctwin::device::DeviceMemory::instance().setGuardPages(
      mode == ASCTWIN_MODE_CHECK ? std::optional<bool>(true) : std::nullopt);
  return ACL_SUCCESS;
}

aclError asctwinGetKernelMode(int* mode, uint64_t* seed) {
  asctwin::LaunchOptions opt;
  asctwin::Status st = asctwin::resolveMode(&opt);
  if (!st) return asctwin::reportStatus(st);
  if (mode != nullptr)
    *mode = opt.mode == asctwin::ExecMode::Check ? ASCTWIN_MODE_CHECK : ASCTWIN_MODE_FAST;
  if (seed != nullptr) *seed = opt.seed;
  return ACL_SUCCESS;
}

uint64_t asctwinLastScheduleHash(void) {
  return asctwin::kernel::lastScheduleHash();
}

uint64_t asctwinExecutedInstructions(void) {
  return asctwin::kernel::executedInstructions();
}

}  // extern "C"

namespace AscendC {

void SetKernelMode(KernelMode mode) {
  asctwin::gIcpuMode.store(static_cast<uint8_t>(mode));
}

void* GmAlloc(size_t size) {
  void* p = nullptr;
  int32_t dev = 0;
  if (!asctwin::acl::currentDevice(&dev).isOk()) dev = 0;
  asctwin::Status st = asctwin::device::DeviceMemory::instance().allocate(dev, size, &p);
  if (!st) {
    asctwin::setLastError(st.message());
    std::fprintf(stderr, "[ERROR] GmAlloc(%zu): %s\n", size, st.message().c_str());
    return nullptr;
  }
  // CPU-debug memory belongs to the host program, which fills it through
  // plain pointers (ReadFile, memcpy_s) that no API reports, so initcheck's
  // record cannot know which bytes it wrote: all of them count as written
  // (as after an aclrtMemcpy of the whole buffer), or every kernel read of
  // its inputs would be an uninit-gm-read.
  asctwin::device::DeviceMemory::instance().markWritten(p, size);
  return p;
}

void GmFree(void* ptr) {
  asctwin::Status st = asctwin::device::DeviceMemory::instance().free(ptr);
  if (!st) {
    asctwin::setLastError(st.message());
    std::fprintf(stderr, "[ERROR] GmFree: %s\n", st.message().c_str());
  }
}

}  // namespace AscendC
