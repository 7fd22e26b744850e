// The ISA core's system registers behind the intrinsics of intrinsics_sys.h
// (src/isa/registers.cpp), shared by the own front end and devkit mode: one
// register image per core in its MachineState.
#pragma once

#include <cstdint>

namespace asctwin::isa {

// CTRL, the core's control register (get_ctrl / set_ctrl).
uint64_t ctrlRegister();
void setCtrlRegister(uint64_t value);
// The store-atomic configuration (get_st_atomic_cfg / set_st_atomic_cfg):
// the atomic type in bits [2:0] (0 none, 1 float, 2 half, 3 int16, 4 int32,
// 5 int8, 6 bfloat16) and the operation in bits [4:3] (0 add, 1 max,
// 2 min); a view of the same atomic mode set_atomic_* set.
uint64_t storeAtomicConfig();
void setStoreAtomicConfig(uint64_t value);
// DATA_EXP_0..3 (set_data_exp_N): the local-memory access watches of
// CheckLocalMemoryIA.
void setDataException(uint8_t which, uint64_t config);
// An address in the calling code (get_pc): the return address of this call.
int64_t programCounter();
// Instruction-cache preload of `len` 2 KiB units from `pc` (preload), and
// its status (get_icache_prl_st): 0 done, 1 in progress.
void icachePreload(const void* pc, int64_t len);
int64_t icachePreloadStatus();

}  // namespace asctwin::isa
