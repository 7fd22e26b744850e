// aicpu_api.h: the AI CPU kernel API (`__global__ __aicpu__` kernels in .aicpu
// sources). On asctwin an AI CPU kernel runs on a host thread as a task of
// its stream: AscendC::printf prints, AscendC::DataStoreBarrier orders this
// thread's stores before later ones (a release fence, the effect of
// `dsb st`), and a failed assert fails the task with the AI CPU exception
// code (the process goes on).
#pragma once

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <atomic>

#include "asctwin/kernel/qualifiers.h"
#include "asctwin/kernel/debug.h"
#include "asctwin/kernel/device_debug.h"

namespace AscendC {
inline void DataStoreBarrier(void) {
  std::atomic_thread_fence(std::memory_order_release);
}
}  // namespace AscendC

#ifdef assert
#undef assert
#endif
#define assert(condition)                                                          \
  do {                                                                             \
    if (!(condition)) {                                                            \
      AscendC::printf("[ASSERT] '" #condition "' at %s:%d\n", __FILE__, __LINE__); \
      ::asctwin::kernel::aiCpuAssertFail(#condition, __FILE__, __LINE__);          \
    }                                                                              \
  } while (0)
