// The L0C unit flags of Mmad and Fixpipe (unitFlag 2 / 3) in the ISA core:
// the bits in program order, the refusal of a wait nothing earlier can end,
// and the use the record carries to check mode and the checker
// (kernel/ordering.h, UnitFlagLinks). docs/cube.md states the rules.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "isa/operand.h"
#include "kernel/instr.h"

namespace asctwin::isa {

// The fractals (kernel::kUnitFlagBytes each) of the L0C byte runs
// [offset, offset + bytes) an instruction touches, as ascending indices.
class UnitSet {
 public:
  void add(uint64_t offset, uint64_t bytes);
  std::vector<uint32_t> take();

 private:
  std::vector<uint32_t> units_;
};

// Checks unitFlag (0, 2 or 3) and, when it is 2 or 3, waits on the bits of
// `units` in program order (a Mmad needs them clear, a Fixpipe set; the
// launch fails naming the fractal otherwise: the hardware would wait for an
// instruction that never comes), flips them for 3 and returns the use for
// the record (null for 0).
std::shared_ptr<const kernel::UnitFlagUse> unitFlagIssue(Ctx& x, uint8_t unitFlag, bool fixpipe,
                                                         std::vector<uint32_t> units,
                                                         const char* api);

// FPC[63] written: every unit flag of L0C clear (SetFixPipeConfig's isUnitFlag).
void unitFlagReset(Ctx& x);

}  // namespace asctwin::isa
