// Check mode: the pending graph (check_mode.h) and the seeded scheduling loop.
//
// The loop runs on the launch's own thread; every block is a fiber. At each
// step the scheduler collects the choices (each block whose scalar code can
// continue, each ready pending instruction of any core), picks one uniformly
// with the seeded generator, and either resumes that block until its next
// scheduling point or carries out that instruction. The decisions are folded
// into the schedule hash, so equal seeds give equal hashes.
#include "kernel/check_mode.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "kernel/observer.h"

namespace asctwin::kernel {
namespace {

std::atomic<InstrObserver*> gObserver{nullptr};
std::atomic<uint64_t> gExecuted{0};
std::atomic<uint64_t> gLastScheduleHash{0};

// A core with this many pending nodes lets the scheduler run (bounds memory).
constexpr size_t kMaxPending = 1024;

bool touches(const Access& a, uintptr_t lo, uintptr_t hi) {
  if (a.blockCount == 0 || a.blockBytes == 0) return false;
  const uintptr_t end = a.addr + a.extent();
  if (hi <= a.addr || lo >= end) return false;
  if (a.blockCount == 1 || a.strideBytes <= a.blockBytes) return true;
  if (hi - lo >= a.strideBytes - a.blockBytes) return true;
  // [lo, hi) is shorter than a gap: it can meet block k or block k+1 only.
  const uint64_t k = lo >= a.addr ? (lo - a.addr) / a.strideBytes : 0;
  for (uint64_t b = k; b <= k + 1 && b < a.blockCount; ++b) {
    const uintptr_t s = a.addr + b * a.strideBytes;
    if (lo < s + a.blockBytes && hi > s) return true;
  }
  return false;
}

}  // namespace

void CoreCheckDeleter::operator()(CoreCheck* p) const {
  delete p;
}
void CheckSchedulerDeleter::operator()(CheckScheduler* p) const {
  delete p;
}

void setProcessObserver(InstrObserver* observer) {
  gObserver.store(observer);
}
InstrObserver* processObserver() {
  return gObserver.load();
}
uint64_t executedInstructions() {
  return gExecuted.load();
}
uint64_t lastScheduleHash() {
  return gLastScheduleHash.load();
}

// --- the pending graph ---------------------------------------------------------

NodeRef CheckScheduler::makeNode(CoreState& c, PendingNode::Kind kind, pipe_t pipe) {
  auto n = std::make_shared<PendingNode>();
  n->kind = kind;
  n->core = &c;
  n->in.pipe = pipe;
  n->id = ++nextId_;
  return n;
}

void CheckScheduler::addDep(const NodeRef& pred, const NodeRef& succ) {
  if (!pred || pred->done) return;
  pred->succs.push_back(succ);
  ++succ->predsLeft;
}

void CheckScheduler::depOnGate(CoreCheck& k, const NodeRef& n, pipe_t pipe) {
  auto& g = k.gate[pipe];
  size_t w = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    if (g[i]->done) continue;
    addDep(g[i], n);
    if (w != i) g[w] = std::move(g[i]);
    ++w;
  }
  g.resize(w);
}

void CheckScheduler::addToPipe(CoreState& c, const NodeRef& n, pipe_t pipe) {
  CoreCheck& k = *c.check;
  auto& v = k.pend[pipe];
  n->pendIdx = static_cast<uint32_t>(v.size());
  n->inPend = true;
  v.push_back(n);
  ++k.pending;
  if (!inOrderPipe(pipe)) {
    auto& s = k.since[pipe];
    s.push_back(n);
    if (s.size() >= k.sincePruneAt[pipe]) {
      std::erase_if(s, [](const NodeRef& x) { return x->done; });
      k.sincePruneAt[pipe] = std::max<size_t>(64, 2 * s.size());
    }
  }
}

void CheckScheduler::schedule(const NodeRef& n) {
  if (n->predsLeft != 0) return;
  if (n->kind == PendingNode::Kind::Work) {
    ready_.push_back(n.get());
  } else if (n->kind == PendingNode::Kind::Sync) {
    complete(n.get());
  }
}

void CheckScheduler::complete(PendingNode* n) {
  NodeRef hold;
  n->done = true;
  if (n->inPend) {
    CoreCheck& k = *n->core->check;
    auto& v = k.pend[n->in.pipe];
    const uint32_t i = n->pendIdx;
    hold = std::move(v[i]);
    if (i + 1 != v.size()) {
      v[i] = std::move(v.back());
      v[i]->pendIdx = i;
    }
    v.pop_back();
    n->inPend = false;
    --k.pending;
  }
  std::vector<NodeRef> succs = std::move(n->succs);
  n->succs.clear();
  for (auto& s : succs) {
    if (--s->predsLeft != 0) continue;
    if (s->kind == PendingNode::Kind::Work) {
      ready_.push_back(s.get());
    } else if (s->kind == PendingNode::Kind::Sync) {
      complete(s.get());
    }
  }
}

void CheckScheduler::defer(CoreState& c, const Instr& in, std::function<void()> work) {
  CoreCheck& k = *c.check;
  const pipe_t p = in.pipe;
  NodeRef n = makeNode(c, PendingNode::Kind::Work, p);
  n->in = in;
  n->work = std::move(work);
  const bool ordered = inOrderPipe(p);
  if (ordered) addDep(k.last[p], n);
  depOnGate(k, n, p);
  if (in.unitFlag) {  // the unit-flag wait (ordering.h)
    const UnitFlagUse& u = *in.unitFlag;
    k.unitFlags.waitFor(u.units, u.fixpipe, [&](const NodeRef& pred) { addDep(pred, n); });
    if (u.flag == 3) k.unitFlags.flip(u.units, u.fixpipe, n);
  }
  if (ordered) {
    k.gate[p].clear();  // n carries them; later nodes of the pipe depend on n
    k.last[p] = n;
  }
  addToPipe(c, n, p);
  schedule(n);
  if (k.pending > kMaxPending) c.launch->schedPoint(c);
}

void CheckScheduler::pipeBarrier(CoreState& c, pipe_t pipe, const Site& site) {
  if (syncRule(SyncKind::PipeBarrier, pipe).drainsCore) {
    drainAll(c);
    return;
  }
  if (pipeRule(pipe).order != PipeOrder::Reorderable) return;  // in order already
  CoreCheck& k = *c.check;
  NodeRef b = makeNode(c, PendingNode::Kind::Sync, pipe);
  b->in.site = site;
  for (auto& x : k.since[pipe]) addDep(x, b);
  depOnGate(k, b, pipe);
  k.gate[pipe].clear();
  addToPipe(c, b, pipe);
  k.since[pipe].clear();  // the barrier stands for everything before it
  schedule(b);
  if (!b->done) k.gate[pipe].push_back(b);
}

void CheckScheduler::setFlag(CoreState& c, uint64_t key, pipe_t from, const Site& site) {
  CoreCheck& k = *c.check;
  NodeRef f = makeNode(c, PendingNode::Kind::Sync, from);
  f->in.site = site;
  if (from != PIPE_S && from != PIPE_ALL) {
    if (inOrderPipe(from)) {
      addDep(k.last[from], f);
    } else {
      for (auto& x : k.since[from]) addDep(x, f);
    }
    depOnGate(k, f, from);
    addToPipe(c, f, from);
  }
  schedule(f);
  k.flags[key].push_back(std::move(f));
}

bool CheckScheduler::waitFlag(CoreState& c, uint64_t key, pipe_t to) {
  CoreCheck& k = *c.check;
  auto it = k.flags.find(key);
  if (it == k.flags.end() || it->second.empty()) return false;
  NodeRef f = std::move(it->second.front());
  it->second.pop_front();
  if (f->done) return true;
  if (to == PIPE_S || to == PIPE_ALL) {
    NodeRef j = makeNode(c, PendingNode::Kind::Join, PIPE_S);
    addDep(f, j);
    joinOn(c, j);
  } else {
    k.gate[to].push_back(std::move(f));
  }
  return true;
}

void CheckScheduler::joinOn(CoreState& c, const NodeRef& j) {
  if (j->predsLeft == 0) return;
  c.check->join = j;
  c.launch->yieldToScheduler(c, BlockState::Joining);
  c.check->join.reset();
}

bool CheckScheduler::joinSatisfied(const CoreState& c) const {
  return !c.check->join || c.check->join->predsLeft == 0;
}

void CheckScheduler::drainAll(CoreState& c) {
  CoreCheck& k = *c.check;
  if (k.pending == 0) return;
  NodeRef j = makeNode(c, PendingNode::Kind::Join, PIPE_S);
  for (auto& v : k.pend)
    for (auto& x : v) addDep(x, j);
  joinOn(c, j);
}

void CheckScheduler::drainLocal(CoreState& c, uintptr_t addr, uint64_t bytes, bool write) {
  CoreCheck& k = *c.check;
  if (k.pending == 0 || bytes == 0) return;
  NodeRef j;
  for (auto& v : k.pend) {
    for (auto& x : v) {
      if (x->kind != PendingNode::Kind::Work) continue;
      for (uint8_t i = 0; i < x->in.accessCount; ++i) {
        const Access& a = x->in.acc[i];
        if (a.space == Space::GM || (!write && !a.write)) continue;
        if (!touches(a, addr, addr + bytes)) continue;
        if (!j) j = makeNode(c, PendingNode::Kind::Join, PIPE_S);
        addDep(x, j);
        break;
      }
    }
  }
  if (j) joinOn(c, j);
}

void CheckScheduler::execute(size_t i) {
  PendingNode* n = ready_[i];
  ready_[i] = ready_.back();
  ready_.pop_back();
  CoreState& c = *n->core;
  setCurrentCore(&c);
  if (c.observer != nullptr) c.observer->onExecute(c, n->in);
  ++executed_;
  n->work();
  n->work = nullptr;
  complete(n);
}

void CheckScheduler::clear(CoreState& c) {
  if (!c.check) return;
  CoreCheck& k = *c.check;
  for (auto& v : k.pend) {
    for (auto& x : v) x->succs.clear();
    v.clear();
  }
  for (auto& g : k.gate) g.clear();
  for (auto& s : k.since) s.clear();
  k.flags.clear();
  for (auto& l : k.last) l.reset();
  k.unitFlags.clear();
  k.join.reset();
  k.pending = 0;
  ready_.clear();
}

// --- entry points used by the API implementations -------------------------------

void deferInstr(CoreState& c, const Instr& in, std::function<void()> work) {
  if (c.observer != nullptr) c.observer->onIssue(c, in);
  c.launch->scheduler().defer(c, in, std::move(work));
}
void checkDrainLocal(CoreState& c, uintptr_t addr, uint64_t bytes, bool write) {
  if (c.hooks & kHookCheck) c.launch->scheduler().drainLocal(c, addr, bytes, write);
}
void checkDrainAll(CoreState& c) {
  if (c.hooks & kHookCheck) c.launch->scheduler().drainAll(c);
}

// --- the scheduling loop -------------------------------------------------------

void Launch::yieldToScheduler(CoreState& c, BlockState state) {
  c.state = state;
  c.fiber->yield();
  checkAbort();
}

bool Launch::checkRunnable(const CoreState& c) const {
  switch (c.state) {
    case BlockState::Ready:
      return true;
    case BlockState::Joining:
      return sched_->joinSatisfied(c);
    case BlockState::Polling:
      return progress() != c.pollProgress;
    default:
      return false;
  }
}

Status Launch::runCheck() {
  const size_t stack = Fiber::defaultStackBytes();
  for (auto& c : cores_) {
    CoreState* core = c.get();
    core->fiber = std::make_unique<Fiber>([this, core] { blockMain(*core); }, stack);
    core->state = BlockState::Ready;
  }
  CheckScheduler& s = *sched_;
  CoreState* const previous = currentCoreOrNull();
  auto resume = [&](CoreState* c) {
    c->state = BlockState::Running;
    setCurrentCore(c);
    c->fiber->resume();
    setCurrentCore(nullptr);
    if (c->fiber->finished()) {
      c->state = BlockState::Done;
      ++done_;
    }
  };
  auto fail = [&](const std::string& message) {
    std::lock_guard lock(mu_);
    abortLocked(message);
  };
  std::vector<CoreState*> runnable, idle;
  while (!aborted_.load(std::memory_order_relaxed)) {
    runnable.clear();
    idle.clear();
    bool allDone = true;
    for (auto& cp : cores_) {
      CoreState* c = cp.get();
      if (c->state == BlockState::Done) continue;
      allDone = false;
      if (checkRunnable(*c)) {
        runnable.push_back(c);
      } else if (c->state == BlockState::Polling) {
        idle.push_back(c);
      }
    }
    const uint64_t total = runnable.size() + s.readyCount();
    if (total == 0) {
      if (allDone) break;
      // Only blocks re-reading unchanged GM are left: let them go on until each
      // has re-read long enough, then report the deadlock.
      std::erase_if(idle, [](CoreState* c) { return c->pollsWithoutProgress >= kDeadlockPolls; });
      if (idle.empty()) {
        std::lock_guard lock(mu_);
        observeDeadlockLocked();
        abortLocked(deadlockReportLocked());
        break;
      }
      CoreState* c = idle[s.pick(idle.size())];
      s.record(c->index + 1);
      resume(c);
      continue;
    }
    const uint64_t r = s.pick(total);
    if (r < runnable.size()) {
      CoreState* c = runnable[r];
      s.record(c->index + 1);
      resume(c);
    } else {
      s.record(s.readyId(r - runnable.size()) | (1ull << 63));
      try {
        s.execute(r - runnable.size());
      } catch (const KernelAbort&) {
      } catch (const std::exception& e) {
        fail("kernel '" + name_ + "': " + e.what());
      }
      setCurrentCore(nullptr);
    }
  }
  if (aborted_) {
    // Unwind every block that has started (its destructors run); the pending
    // work is dropped.
    for (auto& cp : cores_) s.clear(*cp);
    for (auto& cp : cores_) {
      CoreState* c = cp.get();
      while (c->state != BlockState::Done && c->fiber->started()) resume(c);
    }
  }
  setCurrentCore(previous);
  for (auto& c : cores_) c->fiber.reset();
  if (aborted_) return Status(code::kRtFailure, error_);
  return Status::ok();
}

void Launch::finish(bool failed) {
  uint64_t executed = 0;
  if (check_) {
    executed = sched_->executed();
    gLastScheduleHash.store(sched_->hash());
  } else {
    for (auto& c : cores_) executed += c->issued;
  }
  gExecuted.fetch_add(executed);
  if (opt_.stats != nullptr) {
    opt_.stats->mode = mode();
    opt_.stats->seed = seed_;
    opt_.stats->instructions = executed;
    opt_.stats->steps = check_ ? sched_->steps() : 0;
    opt_.stats->scheduleHash = check_ ? sched_->hash() : 0;
  }
  if (observer_ != nullptr) observer_->onLaunchEnd(*this, failed);
}

}  // namespace asctwin::kernel
