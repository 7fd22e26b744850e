#include "kernel/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>

#include "common/env.h"

#if defined(ASCTWIN_SANITIZED)
#include <sanitizer/common_interface_defs.h>
#define ASCTWIN_FIBER_ASAN 1
#endif

namespace asctwin::kernel {
namespace {
thread_local Fiber* tlsCurrent = nullptr;
size_t pageSize() {
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
}
}  // namespace

size_t Fiber::defaultStackBytes() {
  Status err;
  if (auto v = envUnsigned("ASCTWIN_FIBER_STACK", &err); v && *v >= (64u << 10)) return *v;
#if defined(ASCTWIN_FIBER_ASAN)
  return 4u << 20;
#else
  return 1u << 20;
#endif
}

Fiber::Fiber(std::function<void()> body, size_t stackBytes) : body_(std::move(body)) {
  const size_t page = pageSize();
  stackBytes_ = (stackBytes + page - 1) / page * page + page;  // + a guard page
  stack_ = mmap(nullptr, stackBytes_, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stack_ == MAP_FAILED) {
    stack_ = nullptr;
    throw std::bad_alloc();
  }
  mprotect(stack_, page, PROT_NONE);  // the stack grows down onto the guard page
  getcontext(&ctx_);
  ctx_.uc_stack.ss_sp = static_cast<char*>(stack_) + page;
  ctx_.uc_stack.ss_size = stackBytes_ - page;
  ctx_.uc_link = nullptr;
  const auto self = reinterpret_cast<uintptr_t>(this);
  makecontext(&ctx_, reinterpret_cast<void (*)()>(&Fiber::trampoline), 2,
              static_cast<unsigned>(self & 0xffffffffu), static_cast<unsigned>(self >> 32));
}

Fiber::~Fiber() {
  if (stack_ != nullptr) munmap(stack_, stackBytes_);
}

Fiber* Fiber::current() {
  return tlsCurrent;
}

void Fiber::trampoline(unsigned lo, unsigned hi) {
  auto* self =
      reinterpret_cast<Fiber*>(static_cast<uintptr_t>(lo) | (static_cast<uintptr_t>(hi) << 32));
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_finish_switch_fiber(nullptr, &self->callerStackBottom_, &self->callerStackSize_);
#endif
  self->body_();  // the body never lets an exception escape
  self->finished_ = true;
  self->switchOut(true);
}

void Fiber::resume() {
  if (finished_) return;
  Fiber* previous = tlsCurrent;
  tlsCurrent = this;
#if defined(ASCTWIN_FIBER_ASAN)
  void* fake = nullptr;
  __sanitizer_start_switch_fiber(&fake, static_cast<char*>(stack_) + pageSize(),
                                 stackBytes_ - pageSize());
#endif
  started_ = true;
  swapcontext(&caller_, &ctx_);
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
  tlsCurrent = previous;
}

void Fiber::yield() {
  switchOut(false);
}

void Fiber::switchOut(bool finishing) {
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_start_switch_fiber(finishing ? nullptr : &fakeStack_, callerStackBottom_,
                                 callerStackSize_);
#else
  (void)finishing;
#endif
  swapcontext(&ctx_, &caller_);
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_finish_switch_fiber(fakeStack_, &callerStackBottom_, &callerStackSize_);
#endif
}

}  // namespace asctwin::kernel
