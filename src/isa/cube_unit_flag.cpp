// The L0C unit flags (cube_unit_flag.h). The reference's UnitFlag page
// speaks of one bit per 512-byte block; the twin keeps one per 16 x 16
// fractal of C (1024 bytes of fp32 / int32), the unit the cube computes and
// Fixpipe moves: Huawei's Matmul moves out fewer rows than a padded Mmad
// computed (mSize below the Mmad's m, in the same fractal), which with
// 512-byte bits would leave a bit set for ever and stop the next Mmad.
#include "isa/cube_unit_flag.h"

#include <algorithm>
#include <string>

#include "isa/cube_common.h"
#include "kernel/ordering.h"

namespace asctwin::isa {

void UnitSet::add(uint64_t offset, uint64_t bytes) {
  if (bytes == 0) return;
  const uint64_t first = offset / kernel::kUnitFlagBytes;
  const uint64_t last = (offset + bytes - 1) / kernel::kUnitFlagBytes;
  for (uint64_t u = first; u <= last; ++u) units_.push_back(static_cast<uint32_t>(u));
}

std::vector<uint32_t> UnitSet::take() {
  std::sort(units_.begin(), units_.end());
  units_.erase(std::unique(units_.begin(), units_.end()), units_.end());
  return std::move(units_);
}

namespace {

std::string fractalText(uint32_t u) {
  const uint64_t lo = uint64_t{u} * kernel::kUnitFlagBytes;
  return "L0C fractal " + std::to_string(u) + " (bytes " + std::to_string(lo) + " to " +
         std::to_string(lo + kernel::kUnitFlagBytes - 1) + ")";
}

}  // namespace

std::shared_ptr<const kernel::UnitFlagUse> unitFlagIssue(Ctx& x, uint8_t unitFlag, bool fixpipe,
                                                         std::vector<uint32_t> units,
                                                         const char* api) {
  if (unitFlag == 1 || unitFlag > 3)
    cubeFail(x, std::string(api) + ": unitFlag must be 0, 2 or 3, got " + std::to_string(unitFlag));
  if (unitFlag == 0) return nullptr;
  auto& bits = x.c.regs.l0cUnitFlags;
  if (bits.empty())
    bits.assign((x.c.l0cBytes + kernel::kUnitFlagBytes - 1) / kernel::kUnitFlagBytes, 0);
  // A Mmad waits for clear bits, a Fixpipe for set ones. What the program
  // issued so far decides the bit: if it is not the awaited value, only an
  // instruction issued later could change it, which the twin refuses (on the
  // hardware the pipe waits, for ever when none comes).
  const uint8_t awaited = fixpipe ? 1 : 0;
  for (uint32_t u : units) {
    if (u >= bits.size()) continue;  // outside L0C: the operand check reports it
    if (bits[u] == awaited) continue;
    if (fixpipe)
      cubeFail(x, std::string(api) + " with unitFlag " + std::to_string(unitFlag) + " reads " +
                      fractalText(u) +
                      " whose unit flag is clear: no Mmad with unitFlag 3 wrote it since the "
                      "launch, the last Fixpipe with unitFlag 3 that read it or the last "
                      "SetFixPipeConfig(..., isUnitFlag = true); the hardware would wait for one "
                      "for ever (set the Mmad's unitFlag to 3, or leave both at 0 and order them "
                      "with an M_FIX flag)");
    cubeFail(x, std::string(api) + " with unitFlag " + std::to_string(unitFlag) + " writes " +
                    fractalText(u) +
                    " whose unit flag a Mmad with unitFlag 3 set and no Fixpipe with unitFlag 3 "
                    "has cleared since: the hardware would wait for one for ever (move the result "
                    "out with unitFlag 3 first, use unitFlag 2 on the earlier Mmads of the "
                    "accumulation, or clear the flags with SetFixPipeConfig(..., isUnitFlag = "
                    "true))");
  }
  if (unitFlag == 3)
    for (uint32_t u : units)
      if (u < bits.size()) bits[u] = fixpipe ? 0 : 1;
  auto use = std::make_shared<kernel::UnitFlagUse>();
  use->flag = unitFlag;
  use->fixpipe = fixpipe;
  use->units = std::move(units);
  return use;
}

void unitFlagReset(Ctx& x) {
  std::fill(x.c.regs.l0cUnitFlags.begin(), x.c.regs.l0cUnitFlags.end(), 0);
}

}  // namespace asctwin::isa
