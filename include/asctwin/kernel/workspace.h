// The system workspace of architecture 2201 (kernel_operator_swap_mem_intf.h
// and dav_c220's common implementation): a GM address per core, held in the
// core's machine state (the register __set_kfc_workspace_addr writes on the
// NPU) and shared with devkit mode's g_sysWorkspaceReserved. SetSysWorkspace
// stores the kernel's workspace argument there, GetSysWorkSpacePtr returns
// it (null until set, unless the kernel has a `__kfc_workspace__` parameter:
// asctwin/kernel/kfc_entry.h), and
// GetUserWorkspace skips the 16 MiB the system reserves at its start
// (RESERVED_WORKSPACE, what the host's GetLibApiWorkSpaceSize reports).
#pragma once

#include <cstddef>
#include <cstdint>

#include "asctwin/kernel/qualifiers.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/source_location.h"

namespace asctwin::kernel {
// The calling core's system workspace (null: none set).
uint8_t* sysWorkspace();
// Stores `workspace` (not null) as the core's system workspace; `force`
// false keeps one already set (SetSysWorkspace), true replaces it.
void setSysWorkspace(uint8_t* workspace, bool force, const Site& site);
// The user's part of `workspace`: the system workspace + RESERVED_WORKSPACE.
uint8_t* userWorkspace(uint8_t* workspace, const Site& site);
}  // namespace asctwin::kernel

// Global functions, as in the real API (libasctwin defines them once for
// both front ends).
__gm__ uint8_t* __gm__ GetSysWorkSpacePtr();
[[deprecated(
    "NOTICE: SetSysWorkSpacePtr has been deprecated and will be removed in the next "
    "version.")]] void
SetSysWorkSpacePtr(__gm__ uint8_t* workspace);

namespace AscendC {

// The system's share at the start of the workspace on 2201: 16 MiB.
constexpr size_t RESERVED_WORKSPACE = 16 * 1024 * 1024;

[[deprecated(
    "NOTICE: SetSysWorkSpace has been deprecated and will be removed in the next "
    "version.")]] inline void
SetSysWorkspace(GM_ADDR workspace, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setSysWorkspace(workspace, false,
                                   asctwin::kernel::Site::at("SetSysWorkspace", loc));
}
inline void SetSysWorkspaceForce(GM_ADDR workspace,
                                 std::source_location loc = std::source_location::current()) {
  asctwin::kernel::setSysWorkspace(workspace, true,
                                   asctwin::kernel::Site::at("SetSysWorkspaceForce", loc));
}
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace,
                                std::source_location loc = std::source_location::current()) {
  return asctwin::kernel::userWorkspace(workspace,
                                        asctwin::kernel::Site::at("GetUserWorkspace", loc));
}

}  // namespace AscendC
