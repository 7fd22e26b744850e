// A launch's watch over faults and timeouts (Launch::run holds one):
//   begin(): installs the signal handlers (once per process), reads the
//            timeout and registers the launch with the watchdog;
//   end():   when the launch failed because a block faulted or timed out,
//            turns its status into the runtime's code (AI Core exception
//            507015 / AI Core timeout 507014) with a message naming kernel,
//            block, core kind, address and its nearest device allocation,
//            and source line; publishes the facts to the device layer
//            (device/kernel_exception.h) for the runtime's exception calls.
#pragma once

#include "common/status.h"
#include "device/kernel_exception.h"
#include "kernel/timeout_watch.h"

namespace asctwin::kernel {

class Launch;
struct CoreState;

class LaunchWatch {
 public:
  explicit LaunchWatch(Launch& launch);
  ~LaunchWatch();
  LaunchWatch(const LaunchWatch&) = delete;
  LaunchWatch& operator=(const LaunchWatch&) = delete;

  Status begin();
  Status end(Status status);

 private:
  bool exceptionFor(const Status& status, device::KernelException* out);
  bool timeoutFor(const Status& status, device::KernelException* out);

  Launch& launch_;
  LaunchDeadline deadline_;
  bool watching_ = false;
};

}  // namespace asctwin::kernel
