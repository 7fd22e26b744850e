// A fiber: a kernel block's own stack and context, so that many blocks can be
// resident on a few host threads (and, in check mode, on one). Built on
// ucontext; under ASan the stack switches are annotated.
#pragma once

#include <ucontext.h>

#include <cstddef>
#include <functional>

namespace asctwin::kernel {

class Fiber {
 public:
  Fiber(std::function<void()> body, size_t stackBytes);
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Runs the fiber until it yields or finishes (called from the scheduler).
  void resume();
  // Returns to the scheduler (called from inside the fiber).
  void yield();
  bool finished() const { return finished_; }
  bool started() const { return started_; }

  // The fiber running on this thread, or null.
  static Fiber* current();

  static size_t defaultStackBytes();

 private:
  static void trampoline(unsigned lo, unsigned hi);
  void switchIn();
  void switchOut(bool finishing);

  std::function<void()> body_;
  void* stack_ = nullptr;
  size_t stackBytes_ = 0;
  ucontext_t ctx_{};
  ucontext_t caller_{};
  bool finished_ = false;
  bool started_ = false;
  // ASan bookkeeping for the switches.
  void* fakeStack_ = nullptr;
  const void* callerStackBottom_ = nullptr;
  size_t callerStackSize_ = 0;
};

}  // namespace asctwin::kernel
