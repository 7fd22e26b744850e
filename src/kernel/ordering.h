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

}  // namespace asctwin::kernel
