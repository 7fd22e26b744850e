// The debug forms of Ascend C kernel code and their failure paths:
//  - assert(expr) and assert(expr, fmt, args...), ascendc_assert(...) (as
//    utils/debug/asc_assert.h defines them; empty under NDEBUG or
//    ASCENDC_DUMP=0). asctwin-asc sends a device function's `__assert_fail`
//    to deviceAssertFail, so a failed assert in a kernel ends the launch with
//    a kernel error (block, expression, source line), not the process;
//  - ASCENDC_ASSERT(cond, behavior) and KERNEL_LOG(level, fmt, ...) with the
//    levels KERNEL_DEBUG/INFO/WARN/ERROR, as CANN's CPU debugging build has
//    them (on the NPU they compile to nothing): the log line is
//    "[ERROR][Block_<block_idx>][AIV_<sub_block_idx>][file:line][function][pid] ...";
//    a failed ASCENDC_ASSERT runs `behavior`, then fails the launch.
#pragma once

#include <cassert>
#include <cstdint>
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

namespace AscendC {
enum class LogLevel : uint8_t {
  KERNEL_DEBUG = 0,
  KERNEL_INFO = 1,
  KERNEL_WARN = 2,
  KERNEL_ERROR = 3,
};
}  // namespace AscendC

namespace asctwin::kernel {
// KERNEL_LOG's line head: "[LEVEL][Block_n][AIV_s][file:line][function][pid] ".
void kernelLogHead(AscendC::LogLevel level, const char* file, unsigned line, const char* function);
}  // namespace asctwin::kernel

#define ASC_INTERNAL_ASSERT_ARGC_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, \
                                  _15, _16, N, ...)                                            \
  N
#define ASC_INTERNAL_ASSERT_ARGC(...) \
  ASC_INTERNAL_ASSERT_ARGC_(__VA_ARGS__, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1)
#define ASC_INTERNAL_ASSERT_PICK_(n, ...) ASC_INTERNAL_ASSERT_##n(__VA_ARGS__)
#define ASC_INTERNAL_ASSERT_PICK(n, ...) ASC_INTERNAL_ASSERT_PICK_(n, __VA_ARGS__)
#define ASC_INTERNAL_ASSERT_1(expr)  \
  (static_cast<bool>(expr) ? void(0) \
                           : __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#define ASC_INTERNAL_ASSERT_2(expr, ...)                           \
  (static_cast<bool>(expr) ? void(0)                               \
                           : ::asctwin::kernel::assertFailMessage( \
                                 #expr, __FILE__, __LINE__, __PRETTY_FUNCTION__, __VA_ARGS__))
#undef assert
#undef ascendc_assert
#if !(defined(ASCENDC_DUMP) && ASCENDC_DUMP == 0) && !defined(NDEBUG)
#define assert(...) ASC_INTERNAL_ASSERT_PICK(ASC_INTERNAL_ASSERT_ARGC(__VA_ARGS__), __VA_ARGS__)
#define ascendc_assert(...) \
  ASC_INTERNAL_ASSERT_PICK(ASC_INTERNAL_ASSERT_ARGC(__VA_ARGS__), __VA_ARGS__)
#else
#define assert(...) static_cast<void>(0)
#define ascendc_assert(...) static_cast<void>(0)
#endif

#define KERNEL_LOG(level, format, ...)                                               \
  do {                                                                               \
    ::asctwin::kernel::kernelLogHead(::AscendC::LogLevel::level, __FILE__, __LINE__, \
                                     __FUNCTION__);                                  \
    std::printf(format "\n" __VA_OPT__(, ) __VA_ARGS__);                             \
  } while (0)
#define ASCENDC_ASSERT(cond, behavior)                                                     \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      behavior;                                                                            \
      ::asctwin::kernel::deviceAssertFail(#cond, __FILE__, __LINE__, __PRETTY_FUNCTION__); \
    }                                                                                      \
  } while (0)
#define ASCENDC_ASSERT_WARNING(cond, behavior) \
  do {                                         \
    if (!(cond)) {                             \
      behavior;                                \
    }                                          \
  } while (0)
