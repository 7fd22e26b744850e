// GM flag protocols (asctwin/kernel/runtime.h, SyncProtocol): cross-core
// synchronisation that real code builds from ordinary copies of flag words
// and polling. The instructions and their effects are the program's own;
// what this adds is what they mean to the checker: inside the protocol the
// GM side of the core's copies is a flag access (a write releases its
// pipe's issued work, src/checker/access_rules.cpp), and the GM bytes it
// read (copies out of GM, data-cache cleans of a line before a scalar poll)
// are acquired when the protocol ends, by then the polling has seen the
// value it waited for.
#include <algorithm>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

void noteRead(CoreState& c, uintptr_t lo, uintptr_t hi) {
  // A spin copies the same words again and again: keep each range once.
  for (const auto& r : c.syncProtocolReads)
    if (r.first <= lo && hi <= r.second) return;
  c.syncProtocolReads.emplace_back(lo, hi);
}

}  // namespace

// A copy to or from GM inside the protocol is a flag copy: its GM side is
// synchronisation, its local side the protocol's scratch (the checker still
// orders it and records what it writes, but does not ask that the library
// set every byte it copies into a flag line).
void markSyncProtocolAccesses(CoreState& c, Instr& in) {
  bool gm = false;
  for (uint8_t i = 0; i < in.accessCount; ++i) gm = gm || in.acc[i].space == Space::GM;
  if (!gm) return;
  for (uint8_t i = 0; i < in.accessCount; ++i) {
    Access& a = in.acc[i];
    a.syncFlag = true;
    if (a.space == Space::GM && !a.write && a.blockCount != 0)
      noteRead(c, a.addr, a.addr + a.extent());
  }
}

void noteSyncProtocolLine(CoreState& c, uintptr_t line, uintptr_t bytes) {
  if (c.syncProtocolDepth != 0) noteRead(c, line, line + bytes);
}

void syncProtocolBegin(SyncProtocol, const Site& site) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  if (c->syncProtocolDepth == UINT8_MAX)
    c->launch->raise(*c, site, "GM flag protocols nested more than 255 deep");
  c->syncProtocolDepth += 1;
}

void syncProtocolEnd(SyncProtocol protocol, const Site& site) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr || c->syncProtocolDepth == 0) return;
  if (--c->syncProtocolDepth != 0) return;
  std::vector<std::pair<uintptr_t, uintptr_t>> reads;
  reads.swap(c->syncProtocolReads);
  if (c->observer == nullptr) return;
  for (const auto& [lo, hi] : reads)
    observeSync(*c, SyncKind::FlagAcquire, site, PIPE_S, AscendC::HardEvent::MAX,
                static_cast<int64_t>(lo), static_cast<int64_t>(hi));
  // The waiting APIs order every pipe of the core after what they saw, as
  // the twin's own IBWait and WaitPreBlock do.
  switch (protocol) {
    case SyncProtocol::IBWait:
      observeSync(*c, SyncKind::IBWait, site);
      break;
    case SyncProtocol::WaitPreBlock:
      observeSync(*c, SyncKind::WaitPreBlock, site);
      break;
    case SyncProtocol::GroupWait:
      observeSync(*c, SyncKind::GroupWait, site);
      break;
    case SyncProtocol::IBSet:
    case SyncProtocol::InitDetermineCompute:
    case SyncProtocol::NotifyNextBlock:
    case SyncProtocol::GroupArrive:
      break;
  }
}

}  // namespace asctwin::kernel
