// The system workspace of the calling core (asctwin/kernel/workspace.h): the
// GM address in its machine state, shared by the own front end and devkit
// mode (g_sysWorkspaceReserved, src/devkit/block_local.cpp).
#include <string>

#include "asctwin/kernel/workspace.h"
#include "kernel/core_state.h"
#include "kernel/instr.h"

namespace asctwin::kernel {

uint8_t* sysWorkspace() {
  return currentCore().regs.sysWorkspace;
}

void setSysWorkspace(uint8_t* workspace, bool force, const Site& site) {
  CoreState& c = currentCore();
  if (workspace == nullptr)
    c.launch->raise(c, site, std::string(site.api) + ": workspace can not be nullptr");
  // SetSysWorkspace keeps a workspace already set (the real code's
  // `if (g_sysWorkspaceReserved == nullptr)`); the Force form replaces it.
  if (force || c.regs.sysWorkspace == nullptr) c.regs.sysWorkspace = workspace;
}

uint8_t* userWorkspace(uint8_t* workspace, const Site& site) {
  CoreState& c = currentCore();
  if (workspace == nullptr)
    c.launch->raise(c, site, "GetUserWorkspace: workspace can not be nullptr");
  // On the NPU the user's part follows the system's 16 MiB, whatever the
  // argument: without a system workspace the address would be 16 MiB.
  if (c.regs.sysWorkspace == nullptr)
    c.launch->raise(c, site,
                    "GetUserWorkspace: no system workspace is set on this core (call "
                    "SetSysWorkspace(workspace) first; the user's workspace starts " +
                        std::to_string(AscendC::RESERVED_WORKSPACE) + " bytes after it)");
  return c.regs.sysWorkspace + AscendC::RESERVED_WORKSPACE;
}

}  // namespace asctwin::kernel

uint8_t* GetSysWorkSpacePtr() {
  return asctwin::kernel::currentCore().regs.sysWorkspace;
}

void SetSysWorkSpacePtr(uint8_t* workspace) {
  asctwin::kernel::currentCore().regs.sysWorkspace = workspace;
}
