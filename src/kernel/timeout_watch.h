// The kernel timeout (ASCTWIN_KERNEL_TIMEOUT): one watchdog thread for the
// process watches every running launch. At a launch's deadline it asks each
// unfinished block to stop (BlockSlot::stop): a block stops at its next
// instruction or when it comes back from a wait, unwinding normally; a block
// that reaches neither (a compute loop, a blocking call) is interrupted by a
// signal and abandoned (fault_signal.h), but never inside a system library
// where it may hold a lock, unless it waits in a system call there. A block
// that cannot be stopped is reported on stderr while the launch waits.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace asctwin::kernel {

class Launch;

// One launch's deadline and what the watchdog saw (owned by LaunchWatch).
struct LaunchDeadline {
  Launch* launch = nullptr;
  std::chrono::steady_clock::time_point deadline;
  std::chrono::microseconds limit{0};
  // Written by the watchdog under its lock; read by the launch after it
  // unregistered.
  bool expired = false;
  std::chrono::steady_clock::time_point expiredAt;
  std::vector<uint8_t> phaseAtDeadline;  // BlockSlot::Phase per core
  std::vector<uint64_t> seenIssued;      // progress at the previous tick
  std::vector<uint64_t> seenSwitches;
  bool warned = false;
};

// Registers / unregisters a launch with the watchdog (started on first use).
// After unwatch() returns the watchdog no longer touches `d` or its launch.
void watchDeadline(LaunchDeadline* d);
void unwatchDeadline(LaunchDeadline* d);

}  // namespace asctwin::kernel
