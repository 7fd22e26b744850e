// Failure paths of assert in device code (utils/debug/asc_assert.h,
// aicpu_api.h). asctwin-asc sends a device function's `__assert_fail` here, so
// a failed assert in a kernel ends the launch with a kernel error (block,
// expression, source line) instead of aborting the process.
#pragma once

#include <cstdio>

namespace asctwin::kernel {

[[noreturn]] void deviceAssertFail(const char* expr, const char* file, unsigned line,
                                   const char* function);
[[noreturn]] void deviceAssertFailText(const char* expr, const char* file, unsigned line,
                                       const char* function, const char* message);

template <typename... A>
[[noreturn]] void assertFailMessage(const char* expr, const char* file, unsigned line,
                                    const char* function, const char* fmt, A... args) {
  char message[1024];
  if constexpr (sizeof...(A) == 0) {
    std::snprintf(message, sizeof message, "%s", fmt);
  } else {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
    std::snprintf(message, sizeof message, fmt, args...);
#pragma GCC diagnostic pop
  }
  deviceAssertFailText(expr, file, line, function, message);
}

// Ends the running AI CPU task with ACL_ERROR_RT_AICPU_EXCEPTION.
[[noreturn]] void aiCpuAssertFail(const char* expr, const char* file, int line);

}  // namespace asctwin::kernel
