// assert in device code (include/asctwin/kernel/device_debug.h).
#include "asctwin/kernel/device_debug.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "asctwin/kernel/builtins.h"
#include "asctwin/kernel/runtime.h"
#include "kernel/core_state.h"
#include "kernel/device_debug_internal.h"

namespace asctwin::kernel {

void deviceAssertFailText(const char* expr, const char* file, unsigned line, const char* function,
                          const char* message) {
  if (currentCoreOrNull() == nullptr) {
    // Device code outside a launch (an AI CPU task, a helper called from host code).
    aiCpuAssertFail(expr, file, static_cast<int>(line));
  }
  const Site site{"assert", file, line};
  if (message != nullptr && *message != '\0') {
    fail(site, "assertion '%s' failed in %s: %s", expr, function, message);
  }
  fail(site, "assertion '%s' failed in %s", expr, function);
}

void deviceAssertFail(const char* expr, const char* file, unsigned line, const char* function) {
  deviceAssertFailText(expr, file, line, function, nullptr);
}

void aiCpuAssertFail(const char* expr, const char* file, int line) {
  throw AiCpuAbort{std::string("assertion '") + expr + "' failed at " + file + ":" +
                   std::to_string(line)};
}

}  // namespace asctwin::kernel

namespace asctwin::kernel {

void kernelLogHead(AscendC::LogLevel level, const char* file, unsigned line, const char* function) {
  static constexpr const char* kNames[] = {"DEBUG", "INFO", "WARN", "ERROR"};
  const auto index = static_cast<unsigned>(level);
  const char* name = index < 4 ? kNames[index] : "LOG";
  const CoreState* c = currentCoreOrNull();
  const char* kind = c == nullptr ? "MIX_" : c->kind == CoreKind::AIV ? "AIV_" : "AIC_";
  std::fflush(stdout);
  std::printf("[%s][Block_%lld][%s%lld][%s:%u][%s][%u] ", name, static_cast<long long>(block_idx),
              kind, static_cast<long long>(sub_block_idx), file, line, function,
              static_cast<unsigned>(::getpid()));
}

}  // namespace asctwin::kernel
