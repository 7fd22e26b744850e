// The calls through which the kernel core, the fibers and the signal handler
// end a block early: a fault (AI Core exception) or the watchdog's stop
// request (AI Core timeout). See block_slot.h for the shared record.
#pragma once

#include <cstdint>

#include "kernel/core_state.h"

namespace asctwin::kernel {

// The watchdog asked this block to stop: it fails the launch (if nothing else
// did first) and unwinds the block (throws KernelAbort).
[[noreturn]] void stopAtInstruction(CoreState& c, const Site& site);
// The same when the current block comes back from a wait (Fiber::yield).
void stopAfterWait();
// Fiber::landing: the current block's fiber was abandoned after a fault or
// a forced stop; records it in the block's slot and fails the launch.
void blockAbandoned(Fiber& fiber);

// The core calls this for every instruction it issues (issue() in instr.h),
// before the instruction runs or is deferred: the slot keeps the last one
// for a timeout report, and a pending stop request takes effect here.
inline void trackIssue(CoreState& c, const Site& site, uint64_t seq) {
  BlockSlot& s = c.slot;
  s.api.store(site.api, std::memory_order_relaxed);
  s.file.store(site.file, std::memory_order_relaxed);
  s.line.store(site.line, std::memory_order_relaxed);
  s.issued.store(seq, std::memory_order_relaxed);
  if (__builtin_expect(s.stop.load(std::memory_order_relaxed) != 0, 0)) stopAtInstruction(c, site);
}

}  // namespace asctwin::kernel
