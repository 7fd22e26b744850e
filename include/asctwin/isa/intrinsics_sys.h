// The system-register intrinsics of architecture 2201 with the names and
// parameters Huawei's dav_c220 implementation calls: CTRL, the store-atomic
// configuration, the data-exception watches, the program counter and the
// instruction-cache preload. Both front ends use them (the own
// kernel_operator.h and devkit mode through stub_def.h), so a register has
// one image per core (asctwin/isa/runtime_sys.h).
#pragma once

#include <cstdint>

#include "asctwin/isa/runtime_sys.h"

inline int64_t get_ctrl() {
  return static_cast<int64_t>(asctwin::isa::ctrlRegister());
}
inline void set_ctrl(uint64_t v) {
  asctwin::isa::setCtrlRegister(v);
}
inline int64_t get_st_atomic_cfg() {
  return static_cast<int64_t>(asctwin::isa::storeAtomicConfig());
}
inline void set_st_atomic_cfg(uint64_t v) {
  asctwin::isa::setStoreAtomicConfig(v);
}
inline void set_data_exp_0(uint64_t config) {
  asctwin::isa::setDataException(0, config);
}
inline void set_data_exp_1(uint64_t config) {
  asctwin::isa::setDataException(1, config);
}
inline void set_data_exp_2(uint64_t config) {
  asctwin::isa::setDataException(2, config);
}
inline void set_data_exp_3(uint64_t config) {
  asctwin::isa::setDataException(3, config);
}
inline int64_t get_pc() {
  return asctwin::isa::programCounter();
}
inline void preload(const void* pc, int64_t len) {
  asctwin::isa::icachePreload(pc, len);
}
inline int64_t get_icache_prl_st() {
  return asctwin::isa::icachePreloadStatus();
}
