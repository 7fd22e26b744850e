// A fiber: a kernel block's own stack and context, so that many blocks can be
// resident on a few host threads (and, in check mode, on one). Built on
// ucontext; under ASan the stack switches are annotated.
//
// A fiber can be abandoned: when kernel code faults (or a timed-out block
// must be interrupted), the signal handler (fault_signal.cpp) records the
// facts in the fiber and makes the interrupted context continue in
// landing(), at the top of the fiber's own stack, in ordinary (non-signal)
// context. landing() reports to the launch and returns to the scheduler for
// good; the frames below are dropped without unwinding (no C++ exception ever
// crosses the signal frame).
#pragma once

#include <ucontext.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "kernel/block_slot.h"

namespace asctwin::kernel {

class Fiber {
 public:
  Fiber(std::function<void()> body, size_t stackBytes);
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Runs the fiber until it yields or finishes (called from the scheduler).
  void resume();
  // Returns to the scheduler (called from inside the fiber). When the
  // watchdog asked the block to stop meanwhile, it throws (KernelAbort) on
  // its way back into the block.
  void yield();
  // Ends the fiber from inside it, in ordinary context, without running the
  // rest of its frames (a block that must stop while it unwinds): its stack
  // is abandoned as after a fault, without a fault report.
  [[noreturn]] void drop();
  bool finished() const { return finished_; }
  bool started() const { return started_; }
  // Ended through landing(): its stack was abandoned.
  bool abandoned() const { return abandoned_; }

  // The fiber running on this thread, or null.
  static Fiber* current();

  static size_t defaultStackBytes();

  // Kernel blocks: the block's slot (phase, thread, stop request), attached
  // by the block when it starts.
  void attach(BlockSlot* slot);
  BlockSlot* slot() const { return slot_; }

  // --- for the signal handler (async-signal-safe) ---------------------------
  // The block's stack, its guard page included (not the landing area).
  bool stackContains(uintptr_t addr) const;
  uintptr_t guardLow() const { return reinterpret_cast<uintptr_t>(stack_); }
  uintptr_t guardHigh() const { return guardLow() + guardBytes_; }
  uintptr_t stackTop() const { return guardHigh() + usableBytes_; }
  // landing() runs on a separate area above the block's stack, so the
  // abandoned frames stay intact for the report.
  uintptr_t landingTop() const { return reinterpret_cast<uintptr_t>(stack_) + stackBytes_; }
  // True once; later signals on this fiber are not its own (a fault while
  // it is being abandoned goes to the default action).
  bool beginAbandon() { return !abandoning_.exchange(true); }
  FaultCapture& capture() { return capture_; }
  // Where the handler sends the interrupted context (argument: the fiber).
  [[noreturn]] static void landing(Fiber* self);

 private:
  static void trampoline(unsigned lo, unsigned hi);
  void switchIn();
  void switchOut(bool finishing);

  std::function<void()> body_;
  void* stack_ = nullptr;
  size_t stackBytes_ = 0;  // guard page + usable stack + landing area
  size_t guardBytes_ = 0;
  size_t usableBytes_ = 0;
  ucontext_t ctx_{};
  ucontext_t caller_{};
  bool finished_ = false;
  bool started_ = false;
  bool abandoned_ = false;
  std::atomic<bool> abandoning_{false};
  BlockSlot* slot_ = nullptr;
  FaultCapture capture_;
  // The thread's C++ exception state (__cxa_eh_globals) when resumed: put
  // back after an abandoned fiber, which may have been inside a catch block.
  unsigned char ehGlobals_[16] = {};
  // ASan bookkeeping for the switches.
  void* fakeStack_ = nullptr;
  const void* callerStackBottom_ = nullptr;
  size_t callerStackSize_ = 0;
};

}  // namespace asctwin::kernel
