// A `__kfc_workspace__` argument becomes the calling core's system
// workspace, and the kernel's parameter its user part
// (asctwin/kernel/kfc_entry.h).
#include "asctwin/kernel/kfc_entry.h"

#include <cstdint>

#include "asctwin/kernel/workspace.h"
#include "kernel/core_state.h"

namespace asctwin::kernel {

void* kfcWorkspaceStart(void* workspace) {
  auto* w = static_cast<uint8_t*>(workspace);
  currentCore().regs.sysWorkspace = w;
  return w != nullptr ? w + AscendC::RESERVED_WORKSPACE : nullptr;
}

}  // namespace asctwin::kernel
