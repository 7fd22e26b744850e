// The launch entry points: synchronous, on a stream, and CANN's ICPU_RUN_KF.
#include <atomic>
#include <cstdio>
#include <memory>

#include "acl/runtime.h"
#include "common/error_message.h"
#include "device/allocator.h"
#include "kernel/core_state.h"

namespace asctwin {
namespace {
std::atomic<uint8_t> gIcpuMode{static_cast<uint8_t>(AscendC::KernelMode::AIV_MODE)};
std::atomic<int> gIcpuStatus{0};

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
                  "kernel mix ratio must be __mix__(1, 2), (1, 1) or (0, 1..2)");
  return Status::ok();
}

Status runNow(const LaunchOptions& opt, std::function<void()> body) {
  Status v = validate(opt);
  if (!v) return v;
  kernel::Launch launch(opt, std::move(body));
  return launch.run();
}
}  // namespace

namespace kernel {

int runLaunch(const LaunchOptions& opt, std::function<void()> body) {
  return reportStatus(runNow(opt, std::move(body)));
}

int enqueueLaunch(void* stream, const LaunchOptions& opt, std::function<void()> body) {
  Status v = validate(opt);
  if (!v) return reportStatus(v);
  device::Stream* s = nullptr;
  Status st = acl::resolveStream(stream, &s);
  if (!st) return reportStatus(st);
  LaunchOptions copy = opt;
  auto name = std::make_shared<std::string>(opt.name ? opt.name : "kernel");
  s->enqueue(*name, [copy, name, body = std::move(body)]() mutable {
    LaunchOptions o = copy;
    o.name = name->c_str();
    return runNow(o, std::move(body));
  });
  return 0;
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

int icpuRun(const char* name, uint32_t numBlocks, std::function<void()> body) {
  LaunchOptions opt;
  opt.spec = icpuKernelSpec();
  opt.numBlocks = numBlocks;
  opt.name = name;
  Status st = runNow(opt, std::move(body));
  if (!st) std::fprintf(stderr, "[ERROR] ICPU_RUN_KF(%s): %s\n", name, st.message().c_str());
  gIcpuStatus.store(st.code());
  return reportStatus(st);
}

}  // namespace asctwin

namespace AscendC {

void SetKernelMode(KernelMode mode) {
  asctwin::gIcpuMode.store(static_cast<uint8_t>(mode));
}

uint8_t* GmAlloc(size_t size) {
  void* p = nullptr;
  int32_t dev = 0;
  if (!asctwin::acl::currentDevice(&dev).isOk()) dev = 0;
  asctwin::Status st = asctwin::device::DeviceMemory::instance().allocate(dev, size, &p);
  if (!st) {
    asctwin::setLastError(st.message());
    std::fprintf(stderr, "[ERROR] GmAlloc(%zu): %s\n", size, st.message().c_str());
    return nullptr;
  }
  return static_cast<uint8_t*>(p);
}

void GmFree(void* ptr) {
  asctwin::Status st = asctwin::device::DeviceMemory::instance().free(ptr);
  if (!st) {
    asctwin::setLastError(st.message());
    std::fprintf(stderr, "[ERROR] GmFree: %s\n", st.message().c_str());
  }
}

}  // namespace AscendC
