// What the device reports when a kernel launch ends in an AI Core exception
// (a fault of kernel code: SIGSEGV, SIGBUS, SIGFPE, SIGILL on a block) or an
// AI Core timeout, and the operator execution timeout itself. On hardware the
// device hands these facts to the runtime, which returns the error code at
// synchronisation and passes them to the exception callbacks; here the kernel
// twin publishes them and the ACL layer reads them (this header is below both).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "device/allocator.h"

namespace asctwin::device {

// The real runtime's codes (acl/error_codes/rt_error_codes.h). The A2/A3
// runtime reports vector (AIV) and cube (AIC) blocks of an AI Core kernel
// with the AI Core codes; 507034/507035 are the separate Vector Core of the
// inference products.
inline constexpr int kAicoreTimeout = 507014;    // ACL_ERROR_RT_AICORE_TIMEOUT
inline constexpr int kAicoreException = 507015;  // ACL_ERROR_RT_AICORE_EXCEPTION

// The hardware's default operator execution timeout on A2/A3
// (aclrtSetOpExecuteTimeOut: "默认超时时间为1091秒").
inline constexpr std::chrono::seconds kDefaultKernelTimeout{1091};

// One block that was still running when a launch timed out.
struct HungBlock {
  int64_t block = 0;
  std::string coreKind;  // "AIV" or "AIC"
  // "running", "waiting in SyncAll at f.cpp:12", "not started", ...
  std::string state;
  // The last instruction the block issued (empty api: none).
  std::string lastApi;
  std::string lastFile;
  uint32_t lastLine = 0;
  // Where the block was executing when it was stopped (resolved from the
  // program counter; empty when it stopped at an API call).
  std::string pcFile;
  uint32_t pcLine = 0;
  std::string pcFunction;
  // How it ended: "stopped at its next instruction", "unwound from its wait",
  // "abandoned (its stack was dropped, destructors did not run)", "finished".
  std::string outcome;
};

struct KernelException {
  int code = 0;  // kAicoreException or kAicoreTimeout
  std::string kernel;
  int32_t device = 0;
  std::string message;    // the same text the launch's Status carries
  uint64_t sequence = 0;  // 1, 2, ... in the process

  // kAicoreException: the faulting block.
  int64_t block = -1;
  std::string coreKind;
  int signal = 0;          // SIGSEGV, SIGBUS, SIGFPE, SIGILL
  int signalCode = 0;      // siginfo si_code (SEGV_MAPERR, FPE_INTDIV, ...)
  std::string signalName;  // "SIGSEGV"
  std::string access;      // "read", "write" or "" (unknown)
  uintptr_t address = 0;   // the faulting data address (SIGSEGV/SIGBUS)
  uintptr_t pc = 0;        // the faulting instruction
  AddressPlace place;      // the address relative to device memory
  std::string placeText;   // the same, as a sentence
  std::string file;        // the source line of the fault ("" when unresolved)
  uint32_t line = 0;
  std::string function;
  std::vector<std::string> backtrace;  // "function at file:line" per frame, innermost first

  // kAicoreTimeout: the limit and every block still running at it.
  std::chrono::milliseconds timeout{0};
  std::vector<HungBlock> hung;
};

// Called by the kernel twin when a launch ended in an exception or timeout, on
// the thread that ran the launch (a stream's worker for queued launches):
// records it and calls the listener.
void publishKernelException(KernelException e);

// The most recent exception of the process (false: none yet).
bool lastKernelException(KernelException* out);
// The exception published on the calling thread since the last take (false:
// none); the stream task that ran the launch reads it right after it failed.
bool takeThreadKernelException(KernelException* out);

// One listener (the runtime's exception callbacks), called synchronously by
// publishKernelException; null removes it.
void setKernelExceptionListener(std::function<void(const KernelException&)> listener);

// The limit for one launch: ASCTWIN_KERNEL_TIMEOUT (a number with an optional
// unit us, ms, s or min; no unit = seconds; 0 = no limit), unless set here
// (aclrtSetOpExecuteTimeOut*); default kDefaultKernelTimeout. A malformed
// variable is an error naming it.
Status kernelTimeout(std::chrono::microseconds* out);
// Overrides the environment (a zero duration = no limit); reset() returns to it.
void setKernelTimeout(std::chrono::microseconds limit);
void resetKernelTimeout();

// Parses "<number>[us|ms|s|min]" (no unit = seconds) into microseconds.
bool parseDuration(const std::string& text, std::chrono::microseconds* out);

}  // namespace asctwin::device
