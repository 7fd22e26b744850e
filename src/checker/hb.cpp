// Happens-before: the clocks of every (core, pipe), computed when things are
// issued, in the program order of each block.
//
// Epochs: seg[p] is the current epoch of pipe p. An in-order pipe (V, S)
// gives every instruction a new epoch, and the pipe's clock always knows its
// own earlier ones (ordered() treats the same thread as ordered). A pipe that
// may reorder (MTE1/2/3, FIX, M) gives every instruction issued between two
// of its synchronisation points the same epoch and knows its own epochs only
// up to its last barrier, so two copies of one segment are unordered. A
// SetFlag from such a pipe releases the current epoch and starts a new one
// (later copies are not covered by that flag); a barrier makes the pipe know
// its current epoch and starts a new one.
#include <algorithm>
#include <utility>

#include "checker/launch_state.h"
#include "kernel/check_mode.h"
#include "kernel/ordering.h"

namespace asctwin::checker {

using kernel::SyncKind;

LaunchState::LaunchState(const kernel::Launch& launch, Tools tools, Report report)
    : tools_(tools), report_(std::move(report)), kernel_(launch.name()), seed_(launch.seed()) {
  auto& l = const_cast<kernel::Launch&>(launch);
  const uint32_t n = l.coreCount();
  dims_ = static_cast<size_t>(n) * PIPE_COUNT_;
  cores_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    for (auto& p : cores_[i].pipe) p = SharedClock(dims_);
    for (auto& s : cores_[i].seg) s = 1;
    cores_[i].protocolAcquired = VectorClock(dims_);
    identity_.emplace_back(l.core(i).blockIdx, l.core(i).kind);
  }
}

uint32_t LaunchState::siteId(uint32_t core, pipe_t pipe, const kernel::Site& s) {
  const SiteKey key{core, pipe, s.api, s.file, s.line};
  auto it = siteIndex_.find(key);
  if (it != siteIndex_.end()) return it->second;
  const auto id = static_cast<uint32_t>(sites_.size());
  sites_.push_back(SiteInfo{core, pipe, s.api, s.file, s.line});
  siteIndex_.emplace(key, id);
  return id;
}

ClockRef LaunchState::releaseOf(uint32_t core, pipe_t p) {
  CoreHb& k = cores_[core];
  auto r = std::make_shared<VectorClock>(*k.pipe[p]);
  r->set(tidOf(core, p), std::max((*r)[tidOf(core, p)], k.seg[p]));
  if (!inOrderPipe(p)) ++k.seg[p];
  return r;
}

void LaunchState::fullJoin(uint32_t core) {
  CoreHb& k = cores_[core];
  VectorClock j(dims_);
  for (int p = 0; p < PIPE_COUNT_; ++p) {
    if (p == PIPE_ALL) continue;
    j.join(*k.pipe[p]);
    const Tid t = tidOf(core, static_cast<pipe_t>(p));
    j.set(t, std::max(j[t], k.seg[p]));
  }
  for (int p = 0; p < PIPE_COUNT_; ++p) {
    if (p == PIPE_ALL) continue;
    k.pipe[p].join(j);
    if (!inOrderPipe(static_cast<pipe_t>(p))) ++k.seg[p];
  }
}

void LaunchState::acquireAll(uint32_t core, const VectorClock& vc) {
  for (auto& p : cores_[core].pipe) p.join(vc);
}

void LaunchState::issue(const kernel::CoreState& c, const kernel::Instr& in) {
  checkReleasedBuffers(c, in);
  CoreHb& k = cores_[c.index];
  const pipe_t p = in.pipe;
  IssuedInstr rec;
  rec.epoch.tid = tidOf(c.index, p);
  rec.epoch.clk = inOrderPipe(p) ? ++k.seg[p] : k.seg[p];
  rec.clock = k.pipe[p].get();
  if (in.unitFlag) {
    // The unit-flag wait (ordering.h) orders this instruction only; a flip
    // releases it (and what it waited for) and, like a SetFlag, starts a new
    // epoch of its pipe, so later instructions of the pipe are not covered.
    const kernel::UnitFlagUse& u = *in.unitFlag;
    std::shared_ptr<VectorClock> waited;
    k.unitFlags.waitFor(u.units, u.fixpipe, [&](const ClockRef& r) {
      if (!waited) waited = std::make_shared<VectorClock>(*rec.clock);
      waited->join(*r);
    });
    if (waited) rec.clock = waited;
    if (u.flag == 3) {
      auto r = std::make_shared<VectorClock>(*rec.clock);
      r->set(rec.epoch.tid, std::max((*r)[rec.epoch.tid], rec.epoch.clk));
      if (!inOrderPipe(p)) ++k.seg[p];
      k.unitFlags.flip(u.units, u.fixpipe, r);
    }
  }
  rec.site = siteId(c.index, p, in.site);
  // Only the access rules need the record (execute() looks it up).
  if (!(tools_ & (racecheck | detcheck | initcheck))) return;
  issued_[(static_cast<uint64_t>(c.index) << 40) | in.seq] = std::move(rec);
}

void LaunchState::sync(const kernel::CoreState& c, const kernel::SyncEvent& e) {
  const uint32_t core = c.index;
  CoreHb& k = cores_[core];
  // What the step does to this core comes from the shared ordering table;
  // the cross-core part (rounds, flags in GM) is this engine's own model.
  const kernel::SyncRule rule = kernel::syncRule(e.kind, e.pipe);
  switch (e.kind) {
    case SyncKind::PipeBarrier:
      if (rule.drainsCore) {
        fullJoin(core);
      } else if (e.pipe < PIPE_COUNT_ &&
                 kernel::pipeRule(e.pipe).order == kernel::PipeOrder::Reorderable) {
        k.pipe[e.pipe].raise(tidOf(core, e.pipe), k.seg[e.pipe]);
        ++k.seg[e.pipe];
      }
      break;
    case SyncKind::SetFlag: {
      const uint64_t key = kernel::hardFlagKey(e.event, static_cast<int32_t>(e.id));
      const pipe_t from = kernel::eventPipes(e.event).from;
      auto& q = k.hardFlags[key];
      const uint32_t site = siteId(core, from, e.site);
      if (!q.empty() && (tools_ & synccheck))
        report(Kind::DoubleSet,
               "SetFlag of an event that is already set and not yet waited for (the second set "
               "is lost on hardware)",
               q.back().site, &site);
      q.push_back(FlagInFlight{releaseOf(core, from), site});
      break;
    }
    case SyncKind::WaitFlag: {
      const uint64_t key = kernel::hardFlagKey(e.event, static_cast<int32_t>(e.id));
      auto it = k.hardFlags.find(key);
      if (it == k.hardFlags.end() || it->second.empty()) break;
      const pipe_t to = kernel::eventPipes(e.event).to;
      k.pipe[to].join(*it->second.front().release);
      it->second.pop_front();
      break;
    }
    case SyncKind::SyncAllArrive: {
      // The core's earlier work completes before it arrives.
      if (rule.drainsCore) fullJoin(core);
      const uint32_t round = ++k.syncAllArrivals;
      auto [it, fresh] = syncAllRounds_.try_emplace(round, dims_);
      it->second.join(*k.pipe[PIPE_S]);
      break;
    }
    case SyncKind::SyncAllLeave: {
      auto it = syncAllRounds_.find(k.syncAllArrivals);
      if (it != syncAllRounds_.end()) k.pipe[PIPE_S].join(it->second);
      if (rule.acquiresCore) {
        const VectorClock s = *k.pipe[PIPE_S];
        acquireAll(core, s);
      }
      break;
    }
    case SyncKind::IBSet:
    case SyncKind::NotifyNextBlock:
      // Waits for all of the core's work; the flag store that follows
      // releases it (scalarGm).
      if (rule.drainsCore) fullJoin(core);
      break;
    case SyncKind::FlagAcquire: {
      // A flag protocol's end: the scalar unit is ordered after what its
      // flag copies read (when they ran) and after the present releases of
      // the lines it polled through the data cache (loads the twin does not
      // see: the poll ended on what it waited for).
      k.pipe[PIPE_S].join(k.protocolAcquired);
      k.protocolAcquired = VectorClock(dims_);
      const auto lo = static_cast<uintptr_t>(e.id);
      const auto hi = static_cast<uintptr_t>(e.aux);
      for (uintptr_t w = lo & ~uintptr_t{3}; w < hi; w += 4) {
        auto it = flagWords_.find(w);
        if (it != flagWords_.end()) k.pipe[PIPE_S].join(*it->second);
      }
      break;
    }
    case SyncKind::IBWait:
    case SyncKind::WaitPreBlock:
    case SyncKind::GroupWait: {
      // The API orders every pipe of the core after what its flag read saw.
      if (rule.acquiresCore) {
        const VectorClock s = *k.pipe[PIPE_S];
        acquireAll(core, s);
      }
      break;
    }
    case SyncKind::DataCacheClean:
      publishCached(core);
      break;
    case SyncKind::SetAtomic:
      break;
    case SyncKind::BlockEnd:
      blockEnd(c);
      break;
    case SyncKind::CrossCoreSet:
      // The set waits for its pipe's earlier work; the counter store that
      // follows (scalarGm, bypass) releases it to the waiting cores.
      if (e.pipe < PIPE_COUNT_ && e.pipe != PIPE_ALL) k.pipe[PIPE_S].join(*releaseOf(core, e.pipe));
      break;
    case SyncKind::CrossCoreWait:
      if (rule.acquiresCore) {
        const VectorClock s = *k.pipe[PIPE_S];
        acquireAll(core, s);
      }
      break;
  }
}

void LaunchState::publishCached(uint32_t core) {
  CoreHb& k = cores_[core];
  if (k.cachedWrites.empty()) return;
  ClockRef r = releaseOf(core, PIPE_S);
  ++k.seg[PIPE_S];
  for (uintptr_t a : k.cachedWrites) flagWords_[a] = r;
  k.cachedWrites.clear();
}

void LaunchState::blockEnd(const kernel::CoreState& c) {
  CoreHb& k = cores_[c.index];
  publishCached(c.index);
  if (!(tools_ & synccheck)) return;
  for (auto& [key, q] : k.hardFlags)
    for (const FlagInFlight& f : q)
      report(Kind::UnmatchedSet, "SetFlag never consumed by a WaitFlag before the block ended",
             f.site, nullptr);
}

}  // namespace asctwin::checker
