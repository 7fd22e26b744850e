// The accessors block_local.h redirects Huawei's block-local variables and
// per-core CPU-mode globals to: each returns the calling core's storage.
#include <cstdint>

#include "asctwin/isa/intrinsics_cube.h"
#include "devkit/core_store.h"
#include "kernel/core_state.h"

namespace asctwin::devkit {
namespace {
enum Slot : uint32_t {
  kTPipePtr,
  kVecTPipePtr,
  kCubeTPipePtr,
  kSuperKernelEarlyStart,
  kDumpWorkspace,
  kHcclContext,  // two pointers
  kKfcClient,
  kL1Cache,
  kA2B2DBFlag,
  kCO1Que,
  kDeqValue,
  kSlotsUsed
};
static_assert(kSlotsUsed <= kSlotCount);

void* slot(Slot s) {
  return currentDevkitCore().slots[s].data();
}
}  // namespace
}  // namespace asctwin::devkit

// The block-local variables: C linkage, as the redirected declarations in
// Huawei's headers have (`extern "C" inline T (*asctwin_dk_X());`); each
// returns a pointer to the variable's storage in the calling core's record.
#define ASCTWIN_DK_SLOT(NAME, SLOT)                      \
  extern "C" void* asctwin_dk_##NAME() {                 \
    return asctwin::devkit::slot(asctwin::devkit::SLOT); \
  }
ASCTWIN_DK_SLOT(g_tPipePtr, kTPipePtr)
ASCTWIN_DK_SLOT(g_vecTPipePtr, kVecTPipePtr)
ASCTWIN_DK_SLOT(g_cubeTPipePtr, kCubeTPipePtr)
ASCTWIN_DK_SLOT(g_super_kernel_early_start_config, kSuperKernelEarlyStart)
ASCTWIN_DK_SLOT(g_dumpWorkspaceReserved, kDumpWorkspace)
ASCTWIN_DK_SLOT(g_hcclContextReserved, kHcclContext)
ASCTWIN_DK_SLOT(g_kfcClient, kKfcClient)
ASCTWIN_DK_SLOT(gL1Cache, kL1Cache)
ASCTWIN_DK_SLOT(gA2B2DBFlag_, kA2B2DBFlag)
ASCTWIN_DK_SLOT(gCO1Que, kCO1Que)
ASCTWIN_DK_SLOT(g_deqValue, kDeqValue)
#undef ASCTWIN_DK_SLOT
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
