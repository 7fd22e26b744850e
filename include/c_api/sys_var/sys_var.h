// System variables and registers of the C API on architecture 2201: the
// core's identity, the system counter, CTRL, the FFTS base, the program
// counter and the status registers.
#pragma once

#include "asctwin/capi/common.h"
#include "asctwin/capi/intrinsics_capi.h"
#include "asctwin/capi/sys_entry.h"
#include "asctwin/isa/intrinsics_sys.h"
#include "asctwin/isa/runtime_vector.h"

// The core's index in the launch, and the launch's block count.
inline int64_t asc_get_block_idx() {
  return asctwin::kernel::blockIdx();
}
inline int64_t asc_get_block_num() {
  return asctwin::kernel::blockNum();
}
// The AIV's index in its AIC:AIV group, and the group's AIV count (0 and 1
// on an AIC).
inline int64_t asc_get_sub_block_id() {
  return ASC_IS_AIV ? asctwin::kernel::subBlockIdx() : 0;
}
inline int64_t asc_get_sub_block_num() {
  return ASC_IS_AIV ? asctwin::kernel::taskRation() : 1;
}
// A number distinct for every core of the launch.
inline int64_t asc_get_core_id() {
  return asctwin::devkit::coreId();
}
// The system counter: the core's issued instructions, as the C++ API's
// GetSystemCycle (the same in every run and check-mode seed).
inline int64_t asc_get_system_cycle() {
  return static_cast<int64_t>(asctwin::isa::systemCycle());
}
inline int64_t asc_get_ctrl() {
  return get_ctrl();
}
inline void asc_set_ctrl(uint64_t config, ASCTWIN_CAPI_LOC) {
  ASCTWIN_CAPI_CALL("asc_set_ctrl");
  set_ctrl(config);
}
inline int64_t asc_get_ffts_base_addr() {
  return static_cast<int64_t>(asctwin::devkit::readSysReg(asctwin::capi::kFftsBaseRegister));
}
inline void asc_set_ffts_base_addr(uint64_t config) {
  asctwin::devkit::writeSysReg(asctwin::capi::kFftsBaseRegister, config);
}
inline int64_t asc_get_program_counter() {
  return get_pc();
}
// The status registers: the twin stops the launch at an error instead of
// raising a status bit, so they read 0.
inline int64_t asc_get_status() {
  return 0;
}
inline uint64_t asc_get_overflow_status() {
  return 0;
}
// The AI Core version field of the architecture register: 0x220 on 2201.
inline void asc_get_arch_ver(uint32_t& core_version) {
  core_version = 0x220;
}
// A local-memory address from its offset: on the NPU the address is the
// offset itself (an NPU-style address, which every operand accepts).
inline uint64_t asc_get_phy_buf_addr(uint64_t offset) {
  return offset;
}
// The twin has no physical stack in local memory, no SMMU and no system
// virtual base: these registers read 0 (asctwin/capi/intrinsics_capi.h).
inline int64_t asc_get_phy_stack_base() {
  return get_stack_phy_base();
}
inline int64_t asc_get_smmu_tag_version() {
  return get_smmu_tag_ver();
}
inline int64_t asc_get_sys_virtual_base() {
  return get_sys_va_base();
}
