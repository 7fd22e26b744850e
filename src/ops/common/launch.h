// Launching an operator's kernel from inside a stream task: now, on the
// calling thread, waiting for the kernel, its error returned as a Status.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "asctwin/kernel/launch.h"
#include "common/status.h"

namespace asctwin::ops {

// The SoC's AIV cores (at least 1): the most blocks a vector launch uses.
uint32_t vectorCoreCount();

// A vector kernel of `blocks` blocks (at least 1) named `name` in messages,
// findings and traces.
LaunchOptions vectorLaunch(const char* name, uint32_t blocks);

// The result of a launch (0 or an aclError code with the message in the
// thread's recent error) as a Status; `prefix`, when given, comes first in
// the message ("Cast: ...").
Status launchStatus(int rc, std::string_view prefix = {});

// Runs `kernel(args...)` now as a vector launch (vectorLaunch) and returns
// its rc (see launchStatus).
template <typename... P, typename... A>
int runVectorKernel(const char* name, uint32_t blocks, void (*kernel)(P...), A&&... args) {
  return asctwin::run(kernel, vectorLaunch(name, blocks), std::forward<A>(args)...);
}

}  // namespace asctwin::ops
