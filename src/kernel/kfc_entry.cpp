// A `__kfc_workspace__` argument becomes the calling core's system
// workspace (asctwin/kernel/kfc_entry.h).
#include "asctwin/kernel/kfc_entry.h"

#include <cstdint>

#include "kernel/core_state.h"

namespace asctwin::kernel {

void kfcWorkspaceEntry(void* workspace) {
  currentCore().regs.sysWorkspace = static_cast<uint8_t*>(workspace);
}

}  // namespace asctwin::kernel
