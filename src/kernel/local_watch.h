// CheckLocalMemoryIA's watches (the DATA_EXP_0..3 registers of
// MachineState): an enabled watch raises an exception at the first UB access
// of a watched kind (scalar, vector or MTE; read or write) that touches its
// range, before the access happens. The core leaves the zero-overhead path
// (kHookLocalWatch) only while a watch is enabled.
#pragma once

#include <cstdint>

#include "kernel/core_state.h"

namespace asctwin::kernel {

struct Instr;

// Sets or clears kHookLocalWatch after a DATA_EXP register changed.
void updateLocalWatch(CoreState& c);
// Fails the launch when one of the record's UB accesses hits an enabled watch.
void checkLocalWatch(CoreState& c, const Instr& in);
// The same for a scalar access of `bytes` at host address `addr` of `space`.
void checkScalarLocalWatch(CoreState& c, Space space, uintptr_t addr, uint32_t bytes, bool write,
                           const Site& site);

}  // namespace asctwin::kernel
