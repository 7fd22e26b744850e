#include "kernel/fault_report.h"

#include <signal.h>

#include <cstdio>
#include <cstring>
#include <sstream>

#include "acl/runtime.h"
#include "device/allocator.h"
#include "kernel/core_state.h"
#include "kernel/fault_signal.h"
#include "kernel/fault_stop.h"
#include "kernel/fault_symbols.h"

#if defined(ASCTWIN_SANITIZED)
#include <sanitizer/asan_interface.h>
#endif

namespace asctwin::kernel {
namespace {

constexpr const char* kExceptionMarker = "AI Core exception";
constexpr const char* kTimeoutMarker = "AI Core timeout";
constexpr unsigned kMaxFrames = 16;
constexpr unsigned kFramesInMessage = 8;
constexpr uintptr_t kNullPage = 64u << 10;  // addresses this low are a null pointer plus an offset

const char* kindName(CoreKind k) {
  return k == CoreKind::AIV ? "AIV" : "AIC";
}

std::string hexText(uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

std::string baseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string siteText(const char* api, const char* file, uint32_t line) {
  return std::string(api) + " at " + baseName(file != nullptr ? file : "") + ":" +
         std::to_string(line);
}

std::string durationText(std::chrono::microseconds d) {
  const auto us = d.count();
  if (us % 1000000 == 0) return std::to_string(us / 1000000) + " s";
  if (us % 1000 == 0) return std::to_string(us / 1000) + " ms";
  return std::to_string(us) + " us";
}

// "kernel 'k' block 3 (AIV): " as Launch::raise starts its message.
std::string blockPrefix(const Launch& l, const CoreState& c) {
  return "kernel '" + l.name() + "' block " + std::to_string(c.blockIdx) + " (" + kindName(c.kind) +
         "): ";
}

// What happened, in words: the signal, the access and where the address lies.
std::string faultText(const FaultCapture& cap, device::KernelException& e) {
  std::ostringstream os;
  os << signalName(cap.signal) << ", ";
  switch (cap.signal) {
    case SIGSEGV:
    case SIGBUS: {
      os << (cap.signal == SIGBUS ? "bus error on " : "");
      os << (cap.access == 1   ? "write of address "
             : cap.access == 0 ? "read of address "
                               : "address ")
         << hexText(cap.address) << " (";
      if (cap.address >= cap.stackGuardLow && cap.address < cap.stackGuardHigh) {
        e.placeText =
            "the guard page of the block's stack: a stack overflow; ASCTWIN_FIBER_STACK "
            "sets the stack size";
      } else if (cap.address < kNullPage) {
        e.placeText =
            cap.address == 0 ? "a null pointer" : "a null pointer + " + std::to_string(cap.address);
      } else {
        e.place = device::DeviceMemory::instance().locate(cap.address);
        e.placeText = device::DeviceMemory::instance().describeAddress(cap.address);
      }
      os << e.placeText << ")";
      break;
    }
    case SIGFPE:
      switch (cap.code) {
        case FPE_INTDIV:
          os << "integer divide by zero";
          break;
        case FPE_INTOVF:
          os << "integer overflow";
          break;
        case FPE_FLTDIV:
          os << "floating-point divide by zero";
          break;
        default:
          os << "arithmetic exception";
      }
      break;
    case SIGILL:
      os << "illegal instruction (a trap such as __builtin_trap, or unreachable code)";
      break;
    default:
      os << "signal " << cap.signal;
  }
  return os.str();
}

// The kernel's frames, innermost first; a frame repeated (a recursion)
// is shown once with its count.
void addFrames(std::ostringstream& os, const std::vector<SourceFrame>& frames) {
  size_t shown = 0;
  for (size_t i = 0; i < frames.size() && shown < kFramesInMessage; ++shown) {
    const std::string text = frames[i].text();
    size_t same = 1;
    while (i + same < frames.size() && frames[i + same].text() == text) ++same;
    os << "\n    #" << i << " " << text;
    if (same > 1)
      os << " (repeated "
         << (i + same == frames.size() && frames.size() >= kMaxFrames ? "at least " : "")
         << same - 1 << " more times below)";
    i += same;
  }
}

// The abandoned block's frames up to the launcher that called the kernel.
std::vector<SourceFrame> framesOf(const BlockSlot& s) {
  std::vector<SourceFrame> all =
      unwindAbandoned(s.capture, s.stackCopy, s.stackCopyBase, kMaxFrames);
  std::vector<SourceFrame> mine = kernelFrames(all);
  return mine.empty() ? all : mine;
}

}  // namespace

// --- Fiber::landing -------------------------------------------------------------

void blockAbandoned(Fiber& fiber) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  BlockSlot& s = c->slot;
  const FaultCapture& cap = fiber.capture();
  s.capture = cap;
  // The stack from the interrupted sp up (all of it after an overflow), for
  // unwinding once the launch has ended and the fiber is gone.
  uintptr_t from = cap.sp;
  if (from < fiber.guardHigh() || from >= fiber.stackTop()) from = fiber.guardHigh();
#if defined(ASCTWIN_SANITIZED)
  // The abandoned frames' red zones are still poisoned.
  __asan_unpoison_memory_region(reinterpret_cast<void*>(fiber.guardHigh()),
                                fiber.stackTop() - fiber.guardHigh());
#endif
  try {
    s.stackCopy.assign(reinterpret_cast<const uint8_t*>(from),
                       reinterpret_cast<const uint8_t*>(fiber.stackTop()));
    s.stackCopyBase = from;
  } catch (...) {
    s.stackCopy.clear();
  }
  const bool fault = cap.reason == FaultCapture::Reason::Fault;
  s.outcome.store(fault ? BlockSlot::Faulted : BlockSlot::Abandoned, std::memory_order_relaxed);
  // Fail the launch (unless something else did first); the message is
  // completed by LaunchWatch::end.
  const Site site{fault ? kExceptionMarker : kTimeoutMarker, "(kernel code)", 0};
  const std::string problem =
      fault ? std::string(kExceptionMarker) + ": " + signalName(cap.signal) + " at pc " +
                  hexText(cap.pc)
            : std::string(kTimeoutMarker) + ": interrupted at pc " + hexText(cap.pc);
  try {
    c->launch->checkAbort();
    c->launch->raise(*c, site, problem);
  } catch (...) {
  }
}

// --- LaunchWatch -----------------------------------------------------------------

LaunchWatch::LaunchWatch(Launch& launch) : launch_(launch) {}

LaunchWatch::~LaunchWatch() {
  if (watching_) unwatchDeadline(&deadline_);
}

Status LaunchWatch::begin() {
  installFaultHandlers();
  std::chrono::microseconds limit{0};
  Status st = device::kernelTimeout(&limit);
  if (!st) return Status(st.code(), "kernel '" + launch_.name() + "': " + st.message());
  if (limit.count() > 0) {
    deadline_.launch = &launch_;
    deadline_.limit = limit;
    deadline_.deadline = std::chrono::steady_clock::now() + limit;
    watchDeadline(&deadline_);
    watching_ = true;
  }
  return Status::ok();
}

Status LaunchWatch::end(Status status) {
  if (watching_) {
    unwatchDeadline(&deadline_);
    watching_ = false;
  }
  if (status.isOk()) return status;
  device::KernelException e;
  if (!exceptionFor(status, &e) && !timeoutFor(status, &e)) return status;
  e.kernel = launch_.name();
  int32_t dev = 0;
  if (!acl::currentDevice(&dev).isOk()) dev = 0;
  e.device = dev;
  Status out(e.code, e.message);
  device::publishKernelException(std::move(e));
  return out;
}

// The launch's first error is a block's fault: the full report of it.
bool LaunchWatch::exceptionFor(const Status& status, device::KernelException* out) {
  const std::string& first = status.message();
  if (first.find(kExceptionMarker) == std::string::npos) return false;
  for (uint32_t i = 0; i < launch_.coreCount(); ++i) {
    CoreState& c = launch_.core(i);
    const BlockSlot& s = c.slot;
    if (s.outcome.load(std::memory_order_relaxed) != BlockSlot::Faulted) continue;
    const std::string prefix = blockPrefix(launch_, c);
    if (first.compare(0, prefix.size(), prefix) != 0) continue;
    device::KernelException& e = *out;
    e.code = device::kAicoreException;
    e.block = c.blockIdx;
    e.coreKind = kindName(c.kind);
    e.signal = s.capture.signal;
    e.signalCode = s.capture.code;
    e.signalName = signalName(s.capture.signal);
    e.access = s.capture.access == 1 ? "write" : s.capture.access == 0 ? "read" : "";
    e.address = s.capture.address;
    e.pc = s.capture.pc;
    const std::string what = faultText(s.capture, e);
    const std::vector<SourceFrame> frames = framesOf(s);
    for (const auto& f : frames) e.backtrace.push_back(f.text());
    std::ostringstream os;
    os << prefix << kExceptionMarker << ": " << what;
    if (const SourceFrame* k = kernelFrame(frames)) {
      e.file = k->file;
      e.line = k->line;
      e.function = k->function;
      if (k->line != 0) {
        os << " at " << baseName(k->file) << ":" << k->line;
        if (!k->function.empty()) os << " in " << shortFunction(k->function);
      } else {
        os << " in " << k->text();
      }
      if (&frames.front() != k)
        os << " (the faulting instruction is in " << frames.front().text() << ")";
    }
    addFrames(os, frames);
    e.message = os.str();
    return true;
  }
  return false;
}

// The launch's first error is the timeout: every block that had not finished
// at the deadline, what it was doing and how it ended.
bool LaunchWatch::timeoutFor(const Status& status, device::KernelException* out) {
  if (!deadline_.expired || status.message().find(kTimeoutMarker) == std::string::npos)
    return false;
  device::KernelException& e = *out;
  e.code = device::kAicoreTimeout;
  e.timeout = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_.limit);
  std::ostringstream blocks;
  uint32_t unfinished = 0;
  for (uint32_t i = 0; i < launch_.coreCount(); ++i) {
    CoreState& c = launch_.core(i);
    const BlockSlot& s = c.slot;
    const uint8_t phase = deadline_.phaseAtDeadline[i];
    if (phase == BlockSlot::Finished) continue;
    ++unfinished;
    device::HungBlock h;
    h.block = c.blockIdx;
    h.coreKind = kindName(c.kind);
    switch (phase) {
      case BlockSlot::NotStarted:
        h.state = "had not started";
        break;
      case BlockSlot::Waiting:
        h.state =
            c.waitSite.api[0] != '\0'
                ? "waiting (" + siteText(c.waitSite.api, c.waitSite.file, c.waitSite.line) + ")"
                : "waiting";
        break;
      default:
        h.state = "running";
    }
    if (const char* api = s.api.load(std::memory_order_relaxed)) {
      h.lastApi = api;
      const char* file = s.file.load(std::memory_order_relaxed);
      h.lastFile = file != nullptr ? file : "";
      h.lastLine = s.line.load(std::memory_order_relaxed);
    }
    switch (s.outcome.load(std::memory_order_relaxed)) {
      case BlockSlot::Stopped:
        h.outcome = "stopped at its next instruction";
        break;
      case BlockSlot::Unwound:
        h.outcome = "stopped when it came back from its wait";
        break;
      case BlockSlot::Abandoned: {
        const std::vector<SourceFrame> frames = framesOf(s);
        if (const SourceFrame* k = kernelFrame(frames)) {
          h.pcFile = k->file;
          h.pcLine = k->line;
          h.pcFunction = k->function;
        }
        h.outcome = "abandoned (its stack was dropped: destructors did not run)";
        break;
      }
      case BlockSlot::Faulted:
        h.outcome = "ended by a fault";
        break;
      default:
        h.outcome = "finished after the deadline";
    }
    blocks << "\n  block " << h.block << " (" << h.coreKind << ") " << h.state;
    if (h.pcLine != 0) {
      blocks << ", executing " << baseName(h.pcFile) << ":" << h.pcLine;
      if (!h.pcFunction.empty()) blocks << " in " << shortFunction(h.pcFunction);
    }
    blocks << "; last issued instruction: "
           << (h.lastApi.empty() ? std::string("none")
                                 : siteText(h.lastApi.c_str(), h.lastFile.c_str(), h.lastLine))
           << "; " << h.outcome;
    e.hung.push_back(std::move(h));
  }
  std::ostringstream os;
  os << "kernel '" << launch_.name() << "': " << kTimeoutMarker << ": still running after "
     << durationText(deadline_.limit)
     << " (ASCTWIN_KERNEL_TIMEOUT; the hardware's default operator timeout is "
     << device::kDefaultKernelTimeout.count() << " s); " << unfinished << " of "
     << launch_.coreCount() << " blocks had not finished:" << blocks.str();
  e.message = os.str();
  return true;
}

}  // namespace asctwin::kernel
