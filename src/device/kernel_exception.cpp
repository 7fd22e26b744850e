#include "device/kernel_exception.h"

#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <optional>

#include "common/env.h"

namespace asctwin::device {
namespace {

struct Record {
  std::mutex mu;
  bool any = false;
  KernelException last;
  uint64_t sequence = 0;
  std::function<void(const KernelException&)> listener;
  std::optional<std::chrono::microseconds> timeoutOverride;
};

Record& record() {
  static auto* r = new Record();  // used until process exit
  return *r;
}

thread_local std::optional<KernelException> tlsPending;

}  // namespace

void publishKernelException(KernelException e) {
  std::function<void(const KernelException&)> listener;
  {
    Record& r = record();
    std::lock_guard lock(r.mu);
    e.sequence = ++r.sequence;
    r.last = e;
    r.any = true;
    listener = r.listener;
  }
  tlsPending = e;
  if (listener) listener(e);
}

bool lastKernelException(KernelException* out) {
  Record& r = record();
  std::lock_guard lock(r.mu);
  if (!r.any) return false;
  if (out != nullptr) *out = r.last;
  return true;
}

bool takeThreadKernelException(KernelException* out) {
  if (!tlsPending) return false;
  if (out != nullptr) *out = std::move(*tlsPending);
  tlsPending.reset();
  return true;
}

void setKernelExceptionListener(std::function<void(const KernelException&)> listener) {
  Record& r = record();
  std::lock_guard lock(r.mu);
  r.listener = std::move(listener);
}

bool parseDuration(const std::string& text, std::chrono::microseconds* out) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0) return false;
  const std::string unit(end);
  uint64_t scale = 0;
  if (unit.empty() || unit == "s") {
    scale = 1000000;
  } else if (unit == "ms") {
    scale = 1000;
  } else if (unit == "us") {
    scale = 1;
  } else if (unit == "min") {
    scale = 60000000;
  } else {
    return false;
  }
  if (n > UINT64_MAX / 2 / scale) return false;
  *out = std::chrono::microseconds(static_cast<int64_t>(n * scale));
  return true;
}

Status kernelTimeout(std::chrono::microseconds* out) {
  {
    Record& r = record();
    std::lock_guard lock(r.mu);
    if (r.timeoutOverride) {
      *out = *r.timeoutOverride;
      return Status::ok();
    }
  }
  if (auto v = envString("ASCTWIN_KERNEL_TIMEOUT"); v && !v->empty()) {
    if (!parseDuration(*v, out))
      return invalidParam(
          "environment variable ASCTWIN_KERNEL_TIMEOUT must be a number with an optional unit "
          "us, ms, s or min (no unit: seconds; 0: no limit), got '" +
          *v + "'");
    return Status::ok();
  }
  *out = kDefaultKernelTimeout;
  return Status::ok();
}

void setKernelTimeout(std::chrono::microseconds limit) {
  Record& r = record();
  std::lock_guard lock(r.mu);
  r.timeoutOverride = limit;
}

void resetKernelTimeout() {
  Record& r = record();
  std::lock_guard lock(r.mu);
  r.timeoutOverride.reset();
}

}  // namespace asctwin::device
