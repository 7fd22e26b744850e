// The registration of Huawei's block-local variables (block_local.h) and of
// the devkit's source directories (devkit_prelude.h), and the accessors of the per-core globals of
// CANN's CPU-mode runtime: each returns the calling core's storage.
#include <cstdint>
#include <string>

#include "asctwin/devkit/block_local.h"
#include "asctwin/devkit/devkit_prelude.h"
#include "asctwin/isa/intrinsics_cube.h"
#include "devkit/core_store.h"
#include "kernel/block_locals.h"
#include "kernel/core_state.h"
#include "kernel/user_site.h"

namespace asctwin::devkit {
bool registerBlockLocal(void* (*address)(), std::size_t bytes) {
  return kernel::addBlockLocal(address, bytes);
}

bool addLibraryDirs(const char* dirs) {
  const std::string list = dirs != nullptr ? dirs : "";
  for (size_t from = 0; from <= list.size();) {
    size_t end = list.find(':', from);
    if (end == std::string::npos) end = list.size();
    kernel::addLibraryRoot(list.substr(from, end - from));
    from = end + 1;
  }
  return true;
}
}  // namespace asctwin::devkit

// The system workspace is the core's register, shared with the own front end
// (GetSysWorkSpacePtr and SetSysWorkspace, src/kernel/sys_ops.cpp).
extern "C" void* asctwin_dk_g_sysWorkspaceReserved() {
  return &asctwin::kernel::currentCore().regs.sysWorkspace;
}

// The per-core globals (C++ linkage, declared by block_local.h and, for the
// ones in namespace AscendC, by Huawei's own `extern` declarations).
int32_t* asctwin_dk_g_coreType() {
  return &asctwin::devkit::currentDevkitCore().coreType;
}
int64_t* asctwin_dk_g_taskRation() {
  return &asctwin::devkit::currentDevkitCore().taskRation;
}
uint64_t* asctwin_dk_g_tilingKey() {
  return &asctwin::devkit::currentDevkitCore().tilingKey;
}
int32_t* asctwin_dk_g_matmulCount() {
  return &asctwin::devkit::currentDevkitCore().matmulCount;
}
// What CANN's set_nd_para also stores for Fixpipe's CPU-mode check: the
// calling core's ND_PARA register (read each time; the check only reads it).
uint64_t* asctwin_dk_g_fixpipeNdNzParam() {
  uint64_t& slot = asctwin::devkit::currentDevkitCore().fixpipeNdNz;
  slot = asctwin::isa::cubeRegister(asctwin::isa::CubeReg::NdPara);
  return &slot;
}
namespace AscendC {
bool* asctwin_dk_g_isAtomic() {
  return &asctwin::devkit::currentDevkitCore().isAtomic;
}
// AscendC::AtomicType, an int-sized enum of Huawei's header.
int32_t* asctwin_dk_g_atomicType() {
  return &asctwin::devkit::currentDevkitCore().atomicType;
}
}  // namespace AscendC
