// The built-in variables of Ascend C kernels, as the NPU compiler provides
// them: `block_idx` (the block's index, 0 .. block_num-1; on an AIV core of a
// mix kernel the index of its AIC:AIV group), `block_num` (the launch's
// numBlocks) and `sub_block_idx` (the AIV's index inside its group), plus the
// system-variable calls that read the same registers.
//
// On the twin they are thread-local and the scheduler sets them whenever it
// switches to a block's fiber. The initial-exec TLS model keeps every read a
// direct %fs-relative load (never a cached __tls_get_addr result), so a block
// that moves to another host thread at a barrier still reads its own values.
#pragma once

#include <cstdint>

#include "asctwin/kernel/runtime.h"

extern "C" {
extern __thread int64_t block_idx __attribute__((tls_model("initial-exec")));
extern __thread int64_t block_num __attribute__((tls_model("initial-exec")));
extern __thread int64_t sub_block_idx __attribute__((tls_model("initial-exec")));
}

namespace AscendC {
// AIV cores per AIC:AIV group of the running kernel (1 on an AIC core).
inline int64_t GetTaskRatio() {
  return asctwin::kernel::taskRation();
}
}  // namespace AscendC
