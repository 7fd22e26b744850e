// The hardware's ordering guarantees, as one table that both engines read:
// the check-mode pending graph (check_mode.cpp, sync_ops.cpp), which lets
// pipes run ahead as far as these rules allow, and the checker's
// happens-before clocks (checker/hb.cpp), which decide what is ordered.
//
// Inside a core:
//  - pipes: PIPE_V and PIPE_S carry out their instructions in issue order
//    (PIPE_V by the compiler's automatic PIPE_V barrier); MTE1, MTE2, MTE3,
//    FIX and M may reorder their own instructions, which only
//    PipeBarrier<pipe> (or PIPE_ALL) orders;
//  - events: SetFlag<A_B> releases what pipe A issued before it; the WaitFlag
//    that consumes it orders every later instruction of pipe B after it;
//  - the synchronisation steps below either wait for all of the core's
//    earlier work (drain) or order all of its later work (acquire).
// Across cores the ordering comes from global memory (SyncAll rounds, IBSet
// flags, scalar flag words): each engine models the values itself; this
// table only says what the core does around them.
#pragma once

#include <cstdint>
#include <vector>

#include "asctwin/kernel/types.h"
#include "kernel/observer.h"

namespace asctwin::kernel {

enum class PipeOrder : uint8_t {
  InOrder,      // each instruction after the previous one of its pipe
  Reorderable,  // only a PipeBarrier of the pipe orders its instructions
  None,         // PIPE_ALL: not a pipe instructions run on
};

struct PipeRule {
  pipe_t pipe;
  const char* name;
  PipeOrder order;
};
const PipeRule& pipeRule(pipe_t p);
inline bool inOrderPipe(pipe_t p) {
  return pipeRule(p).order == PipeOrder::InOrder;
}
const char* pipeName(pipe_t p);

// The two pipes of an event (A_B: A sets, B waits).
struct EventPipes {
  pipe_t from;
  pipe_t to;
};
EventPipes eventPipes(AscendC::HardEvent e);
const char* eventName(AscendC::HardEvent e);

// What a synchronisation step does to its own core.
struct SyncRule {
  SyncKind kind;
  // Every instruction the core issued before it completes first (the step
  // releases all of them): PipeBarrier<PIPE_ALL>, SyncAll, IBSet, ...
  bool drainsCore;
  // Every instruction of every pipe the core issues after it is ordered
  // after it (and after what it acquired from other cores).
  bool acquiresCore;
};
// The rule of `kind`; a PipeBarrier's depends on its pipe (PIPE_ALL drains
// and acquires, a reorderable pipe's orders that pipe only, an in-order
// pipe's does nothing).
SyncRule syncRule(SyncKind kind, pipe_t pipe = PIPE_S);

// The L0C unit flags of the cube (Mmad / Fixpipe unitFlag 2 or 3,
// docs/cube.md): one bit per 16 x 16 fractal of L0C (kUnitFlagBytes). A
// Mmad using them waits until the bit of every fractal it writes is 0, a
// Fixpipe until the bit of every fractal it reads is 1; with unitFlag 3 the
// instruction flips those bits when it completes (a Mmad sets them, a
// Fixpipe clears them), with 2 it leaves them. The ISA core follows the bits
// in program order and refuses a wait that nothing issued earlier can end
// (src/isa/cube_unit_flag.cpp), so a wait always ends with the last flip of
// the other side: both engines order a waiting instruction after, per
// fractal, the instruction of the other side that flipped it last (check
// mode with pending nodes, the checker with release clocks).
inline constexpr uint32_t kUnitFlagBytes = 1024;

template <class Ref>
class UnitFlagLinks {
 public:
  // Calls dep(ref) for the flips the instruction waits for (`units`: the
  // fractal indices it touches, ascending; `fixpipe`: a reader).
  template <class Dep>
  void waitFor(const std::vector<uint32_t>& units, bool fixpipe, Dep&& dep) const {
    const Ref* previous = nullptr;
    for (uint32_t u : units) {
      if (u >= last_.size()) break;
      const Slot& s = last_[u];
      if (!s.ref || s.byFixpipe == fixpipe) continue;
      if (previous != nullptr && *previous == s.ref) continue;
      dep(s.ref);
      previous = &s.ref;
    }
  }
  // A unitFlag 3 instruction: the last flip of its fractals.
  void flip(const std::vector<uint32_t>& units, bool fixpipe, const Ref& self) {
    if (!units.empty() && units.back() >= last_.size()) last_.resize(units.back() + 1);
    for (uint32_t u : units) last_[u] = Slot{self, fixpipe};
  }
  void clear() { last_.clear(); }

 private:
  struct Slot {
    Ref ref{};
    bool byFixpipe = false;
  };
  std::vector<Slot> last_;
};

}  // namespace asctwin::kernel
