// The built-in variables of include/asctwin/kernel/builtins.h, and how the
// scheduler fills them for the block it switches to.
#include "asctwin/kernel/builtins.h"

#include <algorithm>
#include <cstring>

#include "kernel/core_state.h"
#include "kernel/instr.h"

extern "C" {
__thread int64_t block_idx __attribute__((tls_model("initial-exec"))) = 0;
__thread int64_t block_num __attribute__((tls_model("initial-exec"))) = 0;
__thread int64_t sub_block_idx __attribute__((tls_model("initial-exec"))) = 0;
}

namespace asctwin::kernel {

void publishBuiltins(const CoreState* c) {
  if (c == nullptr) {
    block_idx = 0;
    block_num = 0;
    sub_block_idx = 0;
    return;
  }
  // GetBlockIdx() of an AIV core in a group is group * ratio + sub-index; the
  // register block_idx is the group.
  const int64_t ratio = c->kind == CoreKind::AIV && c->taskRation > 0 ? c->taskRation : 1;
  block_idx = (c->blockIdx - (c->kind == CoreKind::AIV ? c->subBlockIdx : 0)) / ratio;
  block_num = c->blockNum;
  sub_block_idx = c->kind == CoreKind::AIV ? c->subBlockIdx : 0;
}

}  // namespace asctwin::kernel

// --- entry conventions (include/asctwin/kernel/entry.h) ------------------------
namespace asctwin::kernel {

uint64_t tilingKey() {
  return currentCore().launch->options().tilingKey;
}

// Tiling data is read as scalar loads from global memory: bounds-checked
// against the live allocations and seen by the checker like any scalar read,
// but not a poll (a kernel reads its tiling many times; that is no spin).
void loadTiling(void* dst, const void* src, size_t bytes, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  const auto addr = reinterpret_cast<uintptr_t>(src);
  checkGm(c, GmRef{addr, UINT64_MAX}, bytes, site, "tiling data");
  for (size_t done = 0; done < bytes;) {
    const auto piece = static_cast<uint32_t>(std::min<size_t>(bytes - done, 64));
    observeScalarGm(c, addr + done, piece, false, false, site);
    done += piece;
  }
  std::memcpy(dst, src, bytes);
}

}  // namespace asctwin::kernel
