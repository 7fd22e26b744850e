// The start of a kernel with a `__kfc_workspace__` parameter (the front
// end, tools/asc-rewrite/translate.cpp, puts the call first in its body):
// as on the NPU, where CANN's compiler loads that argument into the system
// workspace register, the core's GetSysWorkSpacePtr() returns it from then
// on (null stays null: the kernels test for it).
#pragma once

namespace asctwin::kernel {
void kfcWorkspaceEntry(void* workspace);
}  // namespace asctwin::kernel
