// The built-in variables of include/asctwin/kernel/builtins.h, and how the
// scheduler fills them for the block it switches to.
#include "asctwin/kernel/builtins.h"

#include "kernel/core_state.h"

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

// Tiling data is read the way a kernel reads any scalar from global memory
// (through the data cache, bounds- and initialisation-checked), in naturally
// aligned pieces of up to 8 bytes.
void loadTiling(void* dst, const void* src, size_t bytes, const Site& site) {
  auto* out = static_cast<uint8_t*>(dst);
  uintptr_t addr = reinterpret_cast<uintptr_t>(src);
  while (bytes > 0) {
    uint32_t piece = 8;
    while (piece > 1 && (addr % piece != 0 || piece > bytes)) piece /= 2;
    gmScalarRead(GmRef{addr, UINT64_MAX}, out, piece, site);
    out += piece;
    addr += piece;
    bytes -= piece;
  }
}

}  // namespace asctwin::kernel
