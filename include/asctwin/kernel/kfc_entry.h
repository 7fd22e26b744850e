// The start of a kernel with a `__kfc_workspace__` parameter (the front
// end, tools/asc-rewrite/translate.cpp, puts `p = kfcWorkspaceEntry(p);`
// first in its body): as on the NPU, the argument (system and user
// workspace, in that order) becomes the core's system workspace register
// (GetSysWorkSpacePtr) and the kernel's parameter the user's part, 16 MiB
// on (RESERVED_WORKSPACE, GetUserWorkspace), as CANN's launch stub hands a
// kernel its workspace (the reference's
// cmake/asc/legacy_modules/util/extract_host_stub.py: SetSysWorkspaceForce,
// then the parameter becomes GetUserWorkspace's). The Matmul examples pass
// GetSysWorkSpacePtr() to REGIST_MATMUL_OBJ for the KFC messages and keep
// their own data in the parameter, which must not overlap them. Null stays
// null (the kernels test for it).
#pragma once

namespace asctwin::kernel {
void* kfcWorkspaceStart(void* workspace);
template <class T>
T* kfcWorkspaceEntry(T* workspace) {
  return static_cast<T*>(kfcWorkspaceStart(workspace));
}
}  // namespace asctwin::kernel
