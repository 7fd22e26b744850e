#include "kernel/fiber.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "common/env.h"
#include "kernel/fault_signal.h"
#include "kernel/fault_stop.h"

#if defined(ASCTWIN_SANITIZED)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define ASCTWIN_FIBER_ASAN 1
#endif

namespace asctwin::kernel {
namespace {
thread_local Fiber* tlsCurrent = nullptr;
size_t pageSize() {
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
}
// The landing area above each stack (Fiber::landing and the launch's
// reporting run there).
#if defined(ASCTWIN_FIBER_ASAN)
constexpr size_t kLandingBytes = 1u << 20;
#else
constexpr size_t kLandingBytes = 256u << 10;
#endif
// The Itanium C++ ABI's per-thread exception state: {caughtExceptions,
// uncaughtExceptions}, 16 bytes on LP64.
void* ehGlobals() {
  return abi::__cxa_get_globals();
}

// Stacks of fibers that finished normally are kept for later fibers of the
// same size: mapping, guarding, first-touch faulting and unmapping 40 fresh
// stacks made up most of the ~0.8 ms of CPU an empty 40-block launch cost
// (asctwin-bench-kernel, BM_EmptyLaunch40Blocks). A kept stack holds its old
// frames: kernel code reading an uninitialised local sees garbage, as it may
// on the hardware. Abandoned fibers' stacks are unmapped as before.
constexpr size_t kStackPoolMax = 128;
std::mutex& stackPoolMutex() {
  static std::mutex m;
  return m;
}
std::vector<std::pair<size_t, void*>>& stackPool() {
  static auto* pool = new std::vector<std::pair<size_t, void*>>();
  return *pool;
}
void* takePooledStack(size_t bytes) {
  std::lock_guard lock(stackPoolMutex());
  auto& pool = stackPool();
  for (size_t i = pool.size(); i-- > 0;) {
    if (pool[i].first != bytes) continue;
    void* p = pool[i].second;
    pool[i] = pool.back();
    pool.pop_back();
    return p;
  }
  return nullptr;
}
bool poolStack(size_t bytes, void* p) {
  std::lock_guard lock(stackPoolMutex());
  if (stackPool().size() >= kStackPoolMax) return false;
  stackPool().emplace_back(bytes, p);
  return true;
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
  guardBytes_ = page;
  usableBytes_ = (stackBytes + page - 1) / page * page;
  stackBytes_ = guardBytes_ + usableBytes_ + kLandingBytes;
  stack_ = takePooledStack(stackBytes_);
  if (stack_ == nullptr) {
    // Address space only: pages are committed when touched (the landing area
    // only when a block is abandoned).
    stack_ = mmap(nullptr, stackBytes_, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack_ == MAP_FAILED) {
      stack_ = nullptr;
      throw std::bad_alloc();
    }
    mprotect(stack_, page, PROT_NONE);  // the stack grows down onto the guard page
  }
  getcontext(&ctx_);
  ctx_.uc_stack.ss_sp = static_cast<char*>(stack_) + page;
  ctx_.uc_stack.ss_size = usableBytes_;
  ctx_.uc_link = nullptr;
  const auto self = reinterpret_cast<uintptr_t>(this);
  makecontext(&ctx_, reinterpret_cast<void (*)()>(&Fiber::trampoline), 2,
              static_cast<unsigned>(self & 0xffffffffu), static_cast<unsigned>(self >> 32));
}

Fiber::~Fiber() {
  if (stack_ == nullptr) return;
#if defined(ASCTWIN_FIBER_ASAN)
  // An abandoned fiber's frames never returned: their red zones would stay
  // poisoned in the shadow of whatever reuses these pages.
  __asan_unpoison_memory_region(stack_, stackBytes_);
#endif
  if (!abandoned_ && !abandoning_.load() && poolStack(stackBytes_, stack_)) return;
  munmap(stack_, stackBytes_);
}

Fiber* Fiber::current() {
  return tlsCurrent;
}

void Fiber::attach(BlockSlot* slot) {
  slot_ = slot;
  if (slot_ != nullptr) {
    slot_->thread.store(static_cast<uint64_t>(pthread_self()), std::memory_order_relaxed);
    slot_->phase.store(BlockSlot::Running, std::memory_order_relaxed);
  }
}

bool Fiber::stackContains(uintptr_t addr) const {
  return addr >= guardLow() && addr < stackTop();
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

void Fiber::landing(Fiber* self) {
  // Ordinary context again, on the landing area above this fiber's stack, on
  // the thread that ran it; the block's frames are abandoned (left intact
  // for the report, never returned to).
#if defined(ASCTWIN_FIBER_ASAN)
  // Tell ASan that this area is the current stack now.
  __sanitizer_start_switch_fiber(nullptr, reinterpret_cast<void*>(self->stackTop()),
                                 self->landingTop() - self->stackTop());
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
  blockAbandoned(*self);
  self->abandoned_ = true;
  self->finished_ = true;
  self->switchOut(true);
  std::abort();  // never resumed
}

void Fiber::drop() {
  abandoned_ = true;
  finished_ = true;
  switchOut(true);
  std::abort();  // never resumed
}

void Fiber::resume() {
  if (finished_) return;
  ensureSignalStack();
  Fiber* previous = tlsCurrent;
  tlsCurrent = this;
  if (slot_ != nullptr) {
    slot_->thread.store(static_cast<uint64_t>(pthread_self()), std::memory_order_relaxed);
    slot_->switches.fetch_add(1, std::memory_order_relaxed);
    slot_->phase.store(BlockSlot::Running, std::memory_order_relaxed);
  }
  std::memcpy(ehGlobals_, ehGlobals(), sizeof ehGlobals_);
#if defined(ASCTWIN_FIBER_ASAN)
  void* fake = nullptr;
  __sanitizer_start_switch_fiber(&fake, reinterpret_cast<void*>(guardHigh()), usableBytes_);
#endif
  started_ = true;
  swapcontext(&caller_, &ctx_);
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
  if (abandoned_) std::memcpy(ehGlobals(), ehGlobals_, sizeof ehGlobals_);
  if (slot_ != nullptr)
    slot_->phase.store(finished_ ? BlockSlot::Finished : BlockSlot::Waiting,
                       std::memory_order_relaxed);
  tlsCurrent = previous;
}

void Fiber::yield() {
  switchOut(false);
}

void Fiber::switchOut(bool finishing) {
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_start_switch_fiber(finishing ? nullptr : &fakeStack_, callerStackBottom_,
                                 callerStackSize_);
#endif
  swapcontext(&ctx_, &caller_);
#if defined(ASCTWIN_FIBER_ASAN)
  __sanitizer_finish_switch_fiber(fakeStack_, &callerStackBottom_, &callerStackSize_);
#endif
  (void)finishing;
  // Back in the block after a wait: the watchdog may have asked it to stop.
  if (slot_ != nullptr && slot_->stop.load(std::memory_order_relaxed) != 0) stopAfterWait();
}

}  // namespace asctwin::kernel
