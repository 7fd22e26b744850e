// Synchronisation inside a core (barriers, flags, queue flags) and across
// cores (SyncAll, IBSet/IBWait, the determine-compute turn-taking).
#include <cstring>

#include "kernel/check_mode.h"
#include "kernel/instr.h"
#include "kernel/ordering.h"

namespace asctwin::kernel {
namespace {

[[noreturn, gnu::noinline, gnu::cold]] void badEvent(CoreState& c, AscendC::HardEvent e, int32_t id,
                                                     const Site& site) {
  if (static_cast<int>(e) >= static_cast<int>(AscendC::HardEvent::MAX))
    c.launch->raise(c, site, "unknown HardEvent");
  c.launch->raise(c, site,
                  std::string("event id must be in [0, 7], got ") + std::to_string(id) + " (" +
                      eventName(e) + ")");
}

inline void checkEvent(CoreState& c, AscendC::HardEvent e, int32_t id, const Site& site) {
  if (__builtin_expect(
          static_cast<int>(e) >= static_cast<int>(AscendC::HardEvent::MAX) || id < 0 || id > 7, 0))
    badEvent(c, e, id, site);
}

int32_t* slotPtr(CoreState& c, const GmRef& gm, uint64_t intIndex, const Site& site,
                 const char* what) {
  GmRef r = gm;
  r.addr += intIndex * 4;
  r.declaredBytes = gm.declaredBytes == UINT64_MAX
                        ? UINT64_MAX
                        : (intIndex * 4 < gm.declaredBytes ? gm.declaredBytes - intIndex * 4 : 0);
  checkGm(c, r, 4, site, what);
  return reinterpret_cast<int32_t*>(r.addr);
}

int32_t loadSlot(CoreState& c, int32_t* p, const Site& site) {
  c.launch->pollPoint(c, site, reinterpret_cast<uintptr_t>(p));
  observeScalarGm(c, reinterpret_cast<uintptr_t>(p), 4, false, true, site);
  return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}
void storeSlot(CoreState& c, int32_t* p, int32_t v, const Site& site) {
  c.launch->schedPoint(c);
  observeScalarGm(c, reinterpret_cast<uintptr_t>(p), 4, true, true, site);
  __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
  c.launch->noteProgress();
}

bool checking(const CoreState& c) {
  return (c.hooks & kHookCheck) != 0;
}

void requirePipe(CoreState& c, const Site& site) {
  if (c.pipes == 0)
    c.launch->raise(c, site, "needs a TPipe on this core (create one before the call)");
}

}  // namespace

void pipeBarrier(pipe_t pipe, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (pipe >= PIPE_COUNT_) c.launch->raise(c, site, "unknown pipe");
  observeSync(c, SyncKind::PipeBarrier, site, pipe);
  if (checking(c)) {
    c.launch->schedPoint(c);
    c.launch->scheduler().pipeBarrier(c, pipe, site);
  }
}

void setFlag(AscendC::HardEvent e, int32_t id, const Site& site) {
  CoreState& c = gCore != nullptr ? *gCore : currentCore();
  c.launch->checkAbort();
  checkEvent(c, e, id, site);
  observeSync(c, SyncKind::SetFlag, site, PIPE_S, e, id);
  if (checking(c)) {
    c.launch->schedPoint(c);
    c.launch->scheduler().setFlag(c, hardFlagKey(e, id), eventPipes(e).from, site);
  }
  c.flags[static_cast<int>(e)][id] += 1;
}

void waitFlag(AscendC::HardEvent e, int32_t id, const Site& site) {
  CoreState& c = gCore != nullptr ? *gCore : currentCore();
  c.launch->checkAbort();
  checkEvent(c, e, id, site);
  int32_t& f = c.flags[static_cast<int>(e)][id];
  if (f == 0)
    c.launch->raise(c, site,
                    std::string("WaitFlag<") + eventName(e) + ">(" + std::to_string(id) +
                        ") has no SetFlag issued before it; this would hang on hardware",
                    Problem::WaitWithoutSet);
  f -= 1;
  observeSync(c, SyncKind::WaitFlag, site, PIPE_S, e, id);
  if (checking(c)) {
    c.launch->schedPoint(c);
    c.launch->scheduler().waitFlag(c, hardFlagKey(e, id), eventPipes(e).to);
  }
}

void syncAllHard(bool aivOnly, const Site& site) {
  CoreState& c = currentCore();
  c.launch->schedPoint(c);
  observeSync(c, SyncKind::SyncAllArrive, site);
  c.launch->barrier(c, aivOnly, site);
  observeSync(c, SyncKind::SyncAllLeave, site);
}

void syncAllSoft(const GmRef& gm, const LocalRef&, int32_t usedCores, const Site& site) {
  CoreState& c = currentCore();
  c.launch->requireResident(c, site);
  const int64_t n = usedCores > 0 ? usedCores : c.blockNum;
  if (c.blockIdx >= n)
    c.launch->raise(c, site,
                    "SyncAll(gm, ub, " + std::to_string(usedCores) + ") called by block " +
                        std::to_string(c.blockIdx) + ", which is not among the used cores");
  c.syncAllCalls += 1;
  const int32_t round = static_cast<int32_t>(c.syncAllCalls);
  observeSync(c, SyncKind::SyncAllArrive, site);
  if (syncRule(SyncKind::SyncAllArrive).drainsCore) checkDrainAll(c);
  storeSlot(c, slotPtr(c, gm, static_cast<uint64_t>(c.blockIdx) * 8, site, "SyncAll workspace"),
            round, site);
  for (int64_t b = 0; b < n; ++b) {
    int32_t* p = slotPtr(c, gm, static_cast<uint64_t>(b) * 8, site, "SyncAll workspace");
    while (loadSlot(c, p, site) < round) {
    }
  }
  observeSync(c, SyncKind::SyncAllLeave, site);
}

void ibSet(const GmRef& gm, const LocalRef&, int32_t block, int32_t eventId, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  requirePipe(c, site);
  c.launch->requireResident(c, site);
  if (block < 0 || block >= c.blockNum || eventId < 0)
    c.launch->raise(c, site,
                    "IBSet(blockIdx " + std::to_string(block) + ", eventID " +
                        std::to_string(eventId) + "): blockIdx must be in [0, " +
                        std::to_string(c.blockNum) + ") and eventID >= 0");
  const uint64_t slot =
      static_cast<uint64_t>(c.blockNum) * 8 * eventId + static_cast<uint64_t>(block) * 8;
  int32_t* p = slotPtr(c, gm, slot, site, "IBSet workspace");
  // IBSet waits for all of its core's earlier work, then sets the flag.
  c.launch->schedPoint(c);
  if (syncRule(SyncKind::IBSet).drainsCore) checkDrainAll(c);
  observeSync(c, SyncKind::IBSet, site, PIPE_S, AscendC::HardEvent::MAX, block, eventId);
  storeSlot(c, p, 1, site);
}

void ibWait(const GmRef& gm, const LocalRef&, int32_t block, int32_t eventId, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  requirePipe(c, site);
  c.launch->requireResident(c, site);
  if (block < 0 || block >= c.blockNum || eventId < 0)
    c.launch->raise(c, site,
                    "IBWait(blockIdx " + std::to_string(block) + ", eventID " +
                        std::to_string(eventId) + "): blockIdx must be in [0, " +
                        std::to_string(c.blockNum) + ") and eventID >= 0");
  const uint64_t slot =
      static_cast<uint64_t>(c.blockNum) * 8 * eventId + static_cast<uint64_t>(block) * 8;
  int32_t* p = slotPtr(c, gm, slot, site, "IBWait workspace");
  while (loadSlot(c, p, site) != 1) {
  }
  observeSync(c, SyncKind::IBWait, site, PIPE_S, AscendC::HardEvent::MAX, block, eventId);
  storeSlot(c, p, 0, site);
}

void initDetermineCompute(const GmRef& gm, const LocalRef&, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.kind != CoreKind::AIV)
    c.launch->raise(c, site, "InitDetermineComputeWorkspace runs on AIV cores only");
  storeSlot(
      c, slotPtr(c, gm, static_cast<uint64_t>(c.blockIdx) * 8, site, "determine-compute workspace"),
      0, site);
  c.determineCalls = 0;
  // Its barrier orders the cores like a SyncAll (the checker sees it as one).
  observeSync(c, SyncKind::SyncAllArrive, site);
  c.launch->barrier(c, true, site);
  observeSync(c, SyncKind::SyncAllLeave, site);
}

void waitPreBlock(const GmRef& gm, const LocalRef&, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  const int64_t n = c.blockNum * c.taskRation;
  const int64_t b = c.blockIdx;
  const int32_t k = static_cast<int32_t>(c.determineCalls);
  if (b == 0) {
    if (k == 0) return;
    int32_t* p =
        slotPtr(c, gm, static_cast<uint64_t>(n - 1) * 8, site, "determine-compute workspace");
    while (loadSlot(c, p, site) < k) {
    }
  } else {
    int32_t* p =
        slotPtr(c, gm, static_cast<uint64_t>(b - 1) * 8, site, "determine-compute workspace");
    while (loadSlot(c, p, site) < k + 1) {
    }
  }
  observeSync(c, SyncKind::WaitPreBlock, site, PIPE_S, AscendC::HardEvent::MAX, b, k);
}

void notifyNextBlock(const GmRef& gm, const LocalRef&, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  c.determineCalls += 1;
  int32_t* p =
      slotPtr(c, gm, static_cast<uint64_t>(c.blockIdx) * 8, site, "determine-compute workspace");
  // The next block's turn starts once this core's earlier work has completed.
  c.launch->schedPoint(c);
  if (syncRule(SyncKind::NotifyNextBlock).drainsCore) checkDrainAll(c);
  observeSync(c, SyncKind::NotifyNextBlock, site, PIPE_S, AscendC::HardEvent::MAX, c.blockIdx,
              c.determineCalls);
  storeSlot(c, p, static_cast<int32_t>(c.determineCalls), site);
}

}  // namespace asctwin::kernel
