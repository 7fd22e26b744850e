// Thrown by a failed assert in an AI CPU kernel; the AI CPU task that runs
// the kernel (launch_api.cpp) catches it and fails with the AI CPU exception code.
#pragma once

#include <string>

namespace asctwin::kernel {

struct AiCpuAbort {
  std::string what;
};

}  // namespace asctwin::kernel
