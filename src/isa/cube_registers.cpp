// The cube unit's registers (set_fpc, set_nd_para, set_quant_pre,
// set_fmatrix(_b), set_padding, set_l1_3d_size, set_l3d_rpt: PIPE_S,
// carried out when issued; the instructions that use them read them when
// they are issued) and the FFTS cross-core flags between the cores of a
// launch (ffts_cross_core_sync / wait_flag_dev).
//
// Cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag, modes 0, 1, 2 of
// A2/A3): every core has 16 flag counters. A set in mode 0 counts once all
// cores of the setter's kind in the launch set the flag; mode 1 once all
// AIVs of the setter's AIC:AIV group did; mode 2 goes from the AIC to each
// AIV of its group, and from the group's AIVs (all of them) to the AIC. A
// wait blocks the core until its counter is non-zero, then takes one.
// Each core keeps how often it set each (mode, flag) and how often it
// passed each wait; a waiter derives its counter from them.
#include <string>

#include "isa/cube_common.h"
#include "isa/cube_unit_flag.h"
#include "kernel/ordering.h"

namespace asctwin::isa {
namespace {

uint64_t* regOf(kernel::MachineState& r, CubeReg which) {
  switch (which) {
    case CubeReg::Fpc:
      return &r.fpc;
    case CubeReg::NdPara:
      return &r.ndPara;
    case CubeReg::QuantPre:
      return &r.quantPre;
    case CubeReg::Fmatrix:
      return &r.fmatrix;
    case CubeReg::FmatrixB:
      return &r.fmatrixB;
    case CubeReg::Padding:
      return &r.padding;
    case CubeReg::L13dSize:
      return &r.l13dSize;
    default:
      return &r.l3dRpt;
  }
}

// The group (block of a mix launch) a core belongs to.
int64_t groupOf(const CoreState& c) {
  return c.kind == kernel::CoreKind::AIC ? c.blockIdx : c.blockIdx / c.taskRation;
}

uint32_t loadSets(const CoreState& k, uint32_t mode, uint32_t flag) {
  return __atomic_load_n(&k.fftsSets[mode][flag], __ATOMIC_SEQ_CST);
}

// How many sets of `flag` have reached core `c` so far, and the counters it
// read to know (for the checker).
uint64_t delivered(Ctx& x, uint32_t flag, std::vector<const uint32_t*>* read) {
  CoreState& c = x.c;
  kernel::Launch& l = *c.launch;
  const int64_t group = groupOf(c);
  uint32_t min0 = UINT32_MAX;
  uint32_t min1 = UINT32_MAX;
  uint32_t from2 = UINT32_MAX;
  for (uint32_t i = 0; i < l.coreCount(); ++i) {
    const CoreState& k = l.core(i);
    if (k.kind == c.kind) {
      min0 = std::min(min0, loadSets(k, 0, flag));
      if (read != nullptr) read->push_back(&k.fftsSets[0][flag]);
    }
    if (groupOf(k) != group) continue;
    if (c.kind == kernel::CoreKind::AIV && k.kind == kernel::CoreKind::AIV) {
      min1 = std::min(min1, loadSets(k, 1, flag));
      if (read != nullptr) read->push_back(&k.fftsSets[1][flag]);
    }
    if (k.kind != c.kind) {  // the other side of the group for mode 2
      from2 = std::min(from2, loadSets(k, 2, flag));
      if (read != nullptr) read->push_back(&k.fftsSets[2][flag]);
    }
  }
  return uint64_t{min0 == UINT32_MAX ? 0 : min0} + (min1 == UINT32_MAX ? 0 : min1) +
         (from2 == UINT32_MAX ? 0 : from2);
}

bool groupHasOtherKind(Ctx& x) {
  kernel::Launch& l = *x.c.launch;
  for (uint32_t i = 0; i < l.coreCount(); ++i) {
    const CoreState& k = l.core(i);
    if (k.kind != x.c.kind && groupOf(k) == groupOf(x.c)) return true;
  }
  return false;
}

}  // namespace

void setCubeRegister(CubeReg r, uint64_t value, const char* name) {
  Ctx x = enter(name);
  *regOf(x.c.regs, r) = value;
  if (r == CubeReg::Fpc && (value >> 63) != 0) unitFlagReset(x);  // FPC[63]: clear them all
}

uint64_t cubeRegister(CubeReg r) {
  Ctx x = enter("get_cube_register");
  return *regOf(x.c.regs, r);
}

void crossCoreSet(pipe_t pipe, uint64_t config, const char* name) {
  Ctx x = enter(name);
  const uint32_t mode = (config >> 4) & 0x3;
  const uint32_t flag = (config >> 8) & 0xF;
  if (pipe == PIPE_S || pipe == PIPE_ALL || pipe >= PIPE_COUNT_)
    cubeFail(x, std::string("CrossCoreSetFlag: pipe ") +
                    (pipe < PIPE_COUNT_ ? kernel::pipeName(pipe) : "?") +
                    " is not one of PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX");
  if (mode == 3) cubeFail(x, "CrossCoreSetFlag: modeId 3 does not exist (A2/A3 have 0, 1, 2)");
  if (mode == 1 && x.c.kind != kernel::CoreKind::AIV)
    cubeFail(x, "CrossCoreSetFlag mode 1 synchronises the AIVs of a group: called on an AIC");
  if (mode == 2 && !groupHasOtherKind(x))
    cubeFail(x,
             "CrossCoreSetFlag mode 2 needs an AIC:AIV group (a __mix__(1, 1) or __mix__(1, 2) "
             "kernel)");
  x.c.launch->requireResident(x.c, x.site);
  // The set waits for its pipe's earlier work. Check mode carries out all
  // of the core's earlier work first (a superset); the checker releases only
  // the pipe's (SyncKind::CrossCoreSet).
  x.c.launch->schedPoint(x.c);
  if (x.c.hooks & kernel::kHookCheck) kernel::checkDrainAll(x.c);
  kernel::observeSync(x.c, kernel::SyncKind::CrossCoreSet, x.site, pipe, AscendC::HardEvent::MAX,
                      flag, mode);
  uint32_t* counter = &x.c.fftsSets[mode][flag];
  kernel::observeScalarGm(x.c, reinterpret_cast<uintptr_t>(counter), 4, true, true, x.site);
  __atomic_add_fetch(counter, 1u, __ATOMIC_SEQ_CST);
  x.c.launch->noteProgress();
}

void crossCoreWait(int64_t flagId, const char* name) {
  Ctx x = enter(name);
  const auto flag = static_cast<uint32_t>(flagId) & 0xF;  // the low 4 bits count (reference)
  x.c.launch->requireResident(x.c, x.site);
  const auto* self = &x.c.fftsWaits[flag];
  while (delivered(x, flag, nullptr) <= x.c.fftsWaits[flag])
    x.c.launch->pollPoint(x.c, x.site, reinterpret_cast<uintptr_t>(self));
  std::vector<const uint32_t*> read;
  delivered(x, flag, &read);
  for (const uint32_t* p : read)
    kernel::observeScalarGm(x.c, reinterpret_cast<uintptr_t>(p), 4, false, true, x.site);
  x.c.fftsWaits[flag] += 1;
  kernel::observeSync(x.c, kernel::SyncKind::CrossCoreWait, x.site, PIPE_S, AscendC::HardEvent::MAX,
                      flag);
}

}  // namespace asctwin::isa
