// Check mode (architecture page, "Two ways to run a kernel"): the per-core
// pending graph of issued pipe instructions and the seeded scheduler.
//
// Edges of the pending graph: the hardware guarantees of ordering.h, read
// from its table (pipes in order or reorderable between barriers, events
// from their source to their destination pipe, steps that drain the core):
//  - an in-order pipe's instruction depends on the pipe's previous one;
//  - a PipeBarrier<X> node of a reorderable pipe depends on every pending X
//    node and every later X node depends on it;
//  - SetFlag<A_B>(id) is a node on pipe A depending on every pending A node;
//    the WaitFlag<A_B>(id) that consumes it makes it a gate of pipe B: every B
//    node issued after the WaitFlag depends on it. When B is PIPE_S, the
//    scalar code itself waits for it (the queues' flags are such flags too);
//  - a step that drains the core (PipeBarrier<PIPE_ALL>, SyncAll, IBSet,
//    NotifyNextBlock): the scalar code waits until every pending node of its
//    core has completed; the cross-core ordering then comes from GM values;
//  - scalar accesses to local memory wait for the pending nodes that access
//    the same bytes (a read waits for writers, a write for readers and
//    writers); scalar accesses to GM wait for nothing.
//
// Nodes that carry no work (barrier and flag nodes) complete as soon as their
// predecessors have; "join" nodes are what a waiting scalar code waits on.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "kernel/instr.h"
#include "kernel/ordering.h"

namespace asctwin::kernel {

struct PendingNode;
using NodeRef = std::shared_ptr<PendingNode>;

struct PendingNode {
  enum class Kind : uint8_t { Work, Sync, Join };
  Kind kind = Kind::Work;
  bool done = false;
  bool inPend = false;  // in its core's pending list
  CoreState* core = nullptr;
  Instr in;                    // Work: the record; Sync: pipe and site
  std::function<void()> work;  // Work only
  uint32_t predsLeft = 0;
  uint32_t pendIdx = 0;  // position in the core's pending list of its pipe
  uint64_t id = 0;       // launch-wide creation number (schedule hash, traces)
  std::vector<NodeRef> succs;
};

// A core's check-mode state (allocated only in check mode).
struct CoreCheck {
  std::vector<NodeRef> pend[PIPE_COUNT_];  // uncompleted Work and Sync nodes per pipe
  std::vector<NodeRef> gate[PIPE_COUNT_];  // every later node of the pipe depends on these
  // Unordered pipes: the nodes issued since the pipe's last barrier (the
  // barrier, in the gate, stands for everything before it). Done nodes are
  // pruned now and then.
  std::vector<NodeRef> since[PIPE_COUNT_];
  size_t sincePruneAt[PIPE_COUNT_] = {64, 64, 64, 64, 64, 64, 64, 64};
  NodeRef last[PIPE_COUNT_];  // in-order pipes (ordering.h): the pipe's last node
  std::unordered_map<uint64_t, std::deque<NodeRef>> flags;  // SetFlag nodes not yet waited for
  NodeRef join;                                             // what the scalar code waits for
  UnitFlagLinks<NodeRef> unitFlags;  // per L0C fractal: the node that flipped its unit flag last
  size_t pending = 0;
};

// The seeded scheduler's random source: splitmix64 (well mixed from any
// seed, so consecutive seeds give unrelated schedules).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0 (rejection of the incomplete last range).
  uint64_t below(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do {
      x = next();
    } while (x >= limit);
    return x % n;
  }

 private:
  uint64_t s_;
};

class CheckScheduler {
 public:
  explicit CheckScheduler(uint64_t seed) : rng_(seed) {}

  // --- called from a block (its own core) ------------------------------------
  void defer(CoreState& c, const Instr& in, std::function<void()> work);
  void pipeBarrier(CoreState& c, pipe_t pipe, const Site& site);
  void setFlag(CoreState& c, uint64_t key, pipe_t from, const Site& site);
  // Returns false when no SetFlag is waiting under `key`.
  bool waitFlag(CoreState& c, uint64_t key, pipe_t to);
  // The scalar code waits until every pending node of the core completed.
  void drainAll(CoreState& c);
  // The scalar code waits for the pending nodes touching [addr, addr+bytes).
  void drainLocal(CoreState& c, uintptr_t addr, uint64_t bytes, bool write);

  // --- called by the scheduling loop ----------------------------------------
  size_t readyCount() const { return ready_.size(); }
  uint64_t readyId(size_t i) const { return ready_[i]->id; }
  // Carries out ready node i (removing it from the ready list).
  void execute(size_t i);
  bool joinSatisfied(const CoreState& c) const;
  uint64_t pick(uint64_t n) { return rng_.below(n); }
  void record(uint64_t what) {
    hash_ = (hash_ ^ what) * 0x100000001B3ull;
    hash_ ^= hash_ >> 29;
    ++steps_;
  }
  uint64_t hash() const { return hash_; }
  uint64_t steps() const { return steps_; }
  uint64_t executed() const { return executed_; }
  // Drops every node (after an abort).
  void clear(CoreState& c);

 private:
  NodeRef makeNode(CoreState& c, PendingNode::Kind kind, pipe_t pipe);
  static void addDep(const NodeRef& pred, const NodeRef& succ);
  void addToPipe(CoreState& c, const NodeRef& n, pipe_t pipe);
  void depOnGate(CoreCheck& k, const NodeRef& n, pipe_t pipe);
  void schedule(const NodeRef& n);  // ready or auto-complete once predsLeft hits 0
  void complete(PendingNode* n);
  void joinOn(CoreState& c, const NodeRef& j);

  SplitMix64 rng_;
  std::vector<PendingNode*> ready_;
  uint64_t nextId_ = 0;
  uint64_t hash_ = 0xCBF29CE484222325ull;
  uint64_t steps_ = 0;
  uint64_t executed_ = 0;
};

// Key of the flag table: one hardware flag (event, id).
inline uint64_t hardFlagKey(AscendC::HardEvent e, int32_t id) {
  return static_cast<uint64_t>(e) * 8 + static_cast<uint64_t>(id);
}

}  // namespace asctwin::kernel
