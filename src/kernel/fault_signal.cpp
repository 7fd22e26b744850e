#include "kernel/fault_signal.h"

#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

#include "common/env.h"
#include "kernel/fiber.h"

namespace asctwin::kernel {
namespace {

#if defined(__x86_64__) || defined(__aarch64__)
constexpr bool kSupported = true;
#else
constexpr bool kSupported = false;  // faults keep the default action
#endif

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

struct sigaction gPrevious[NSIG];
std::atomic<bool> gCatchFaults{false};
int gInterruptSignal = 0;

// Executable ranges of the system libraries (and a shared libasctwin): a
// block interrupted there may hold one of their locks (malloc's, stdio's,
// the loader's), so it is not abandoned there; the watchdog tries again.
struct Range {
  uintptr_t lo, hi;
};
constexpr int kMaxRanges = 128;
Range gUnsafe[kMaxRanges];
std::atomic<int> gUnsafeCount{0};

bool systemLibrary(const char* path) {
  static const char* const kNames[] = {
      "/libc.so",     "/libc-",     "/libstdc++", "/libgcc_s", "/libm.so",    "/ld-linux",
      "/libasan",     "/libubsan",  "/liblsan",   "/libtsan",  "/libdw",      "/libelf",
      "/libz.so",     "/libzstd",   "/liblzma",   "/libbz2",   "/libpthread", "/libasctwin",
      "/libclang_rt", "linux-vdso", "/libdl.so",  "/librt.so"};
  for (const char* n : kNames)
    if (std::strstr(path, n) != nullptr) return true;
  return false;
}

int collectRange(struct dl_phdr_info* info, size_t, void*) {
  if (info->dlpi_name == nullptr || !systemLibrary(info->dlpi_name)) return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || (ph.p_flags & PF_X) == 0) continue;
    const int n = gUnsafeCount.load(std::memory_order_relaxed);
    if (n >= kMaxRanges) return 1;
    gUnsafe[n] = Range{info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz};
    gUnsafeCount.store(n + 1, std::memory_order_release);
  }
  return 0;
}

bool inSystemLibrary(uintptr_t pc) {
  const int n = gUnsafeCount.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i)
    if (pc >= gUnsafe[i].lo && pc < gUnsafe[i].hi) return true;
  return false;
}

// The block was interrupted in a system call (it waits in the kernel: a
// futex of a lock it does not hold, a read): the saved pc is the system call
// instruction itself (to be restarted) or the one after it.
bool atSyscall(uintptr_t pc) {
#if defined(__x86_64__)
  auto isSyscall = [](uintptr_t at) {
    const auto* p = reinterpret_cast<const unsigned char*>(at);
    return p[0] == 0x0f && p[1] == 0x05;
  };
  return isSyscall(pc) || isSyscall(pc - 2);
#elif defined(__aarch64__)
  auto isSvc = [](uintptr_t at) {
    uint32_t insn;
    std::memcpy(&insn, reinterpret_cast<const void*>(at), 4);
    return insn == 0xd4000001u;
  };
  return isSvc(pc) || isSvc(pc - 4);
#else
  (void)pc;
  return false;
#endif
}

uintptr_t contextPc(const ucontext_t* uc) {
#if defined(__x86_64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return 0;
#endif
}

uintptr_t contextSp(const ucontext_t* uc) {
#if defined(__x86_64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
  return static_cast<uintptr_t>(uc->uc_mcontext.sp);
#else
  (void)uc;
  return 0;
#endif
}

void captureRegisters(const ucontext_t* uc, FaultCapture& cap) {
#if defined(__x86_64__)
  // DWARF numbering: rax rdx rcx rbx rsi rdi rbp rsp r8..r15 rip.
  static constexpr int kOrder[17] = {REG_RAX, REG_RDX, REG_RCX, REG_RBX, REG_RSI, REG_RDI,
                                     REG_RBP, REG_RSP, REG_R8,  REG_R9,  REG_R10, REG_R11,
                                     REG_R12, REG_R13, REG_R14, REG_R15, REG_RIP};
  for (int i = 0; i < 17; ++i)
    cap.regs[i] = static_cast<uint64_t>(uc->uc_mcontext.gregs[kOrder[i]]);
  cap.regCount = 17;
  // Page faults: bit 1 of the error code is set for a write.
  if (cap.signal == SIGSEGV) cap.access = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? 1 : 0;
#elif defined(__aarch64__)
  for (int i = 0; i < 31; ++i) cap.regs[i] = uc->uc_mcontext.regs[i];
  cap.regs[31] = uc->uc_mcontext.sp;
  cap.regs[32] = uc->uc_mcontext.pc;
  cap.regCount = 33;
#else
  (void)uc;
  (void)cap;
#endif
}

// The interrupted context continues in Fiber::landing(self) on the fiber's
// landing area, with a clean floating-point state.
void redirect(ucontext_t* uc, Fiber* self) {
  const uintptr_t top = (self->landingTop() & ~uintptr_t{15}) - 64;
#if defined(__x86_64__)
  // As after a call: rsp + 8 is 16-byte aligned, the return address is 0.
  const uintptr_t sp = top - 8;
  *reinterpret_cast<uintptr_t*>(sp) = 0;
  uc->uc_mcontext.gregs[REG_RSP] = static_cast<greg_t>(sp);
  uc->uc_mcontext.gregs[REG_RBP] = 0;
  uc->uc_mcontext.gregs[REG_RIP] = reinterpret_cast<greg_t>(&Fiber::landing);
  uc->uc_mcontext.gregs[REG_RDI] = reinterpret_cast<greg_t>(self);
  uc->uc_mcontext.gregs[REG_EFL] &= ~static_cast<greg_t>(1 << 10);  // direction flag
  if (uc->uc_mcontext.fpregs != nullptr) {
    uc->uc_mcontext.fpregs->cwd = 0x037f;    // x87 default control word
    uc->uc_mcontext.fpregs->ftw = 0;         // all x87 registers empty
    uc->uc_mcontext.fpregs->mxcsr = 0x1f80;  // SSE default
  }
#elif defined(__aarch64__)
  uc->uc_mcontext.sp = top;
  uc->uc_mcontext.pc = reinterpret_cast<uintptr_t>(&Fiber::landing);
  uc->uc_mcontext.regs[0] = reinterpret_cast<uintptr_t>(self);
  uc->uc_mcontext.regs[29] = 0;
  uc->uc_mcontext.regs[30] = 0;
#else
  (void)uc;
  (void)self;
#endif
}

// Not ours: whatever was installed before decides. The default action is
// restored and the fault happens again when the handler returns (or the
// signal is raised again when it was sent), so the process ends as it would
// have without asctwin.
void chain(int sig, siginfo_t* info, void* ctx) {
  const struct sigaction& prev = gPrevious[sig];
  if ((prev.sa_flags & SA_SIGINFO) != 0 && prev.sa_sigaction != nullptr) {
    prev.sa_sigaction(sig, info, ctx);
    return;
  }
  if (prev.sa_handler == SIG_IGN && sig == gInterruptSignal) return;
  if (prev.sa_handler == SIG_DFL || prev.sa_handler == SIG_IGN) {
    if (sig == gInterruptSignal) return;  // a stray interrupt: nothing to do
    sigaction(sig, &prev, nullptr);
    if (info == nullptr || info->si_code <= 0) raise(sig);
    return;
  }
  prev.sa_handler(sig);
}

void onSignal(int sig, siginfo_t* info, void* ctx) {
  const int savedErrno = errno;
  auto* uc = static_cast<ucontext_t*>(ctx);
  Fiber* f = Fiber::current();
  const uintptr_t sp = contextSp(uc);
  const uintptr_t pc = contextPc(uc);
  const bool onFiber = f != nullptr && !f->finished() && f->stackContains(sp);
  if (sig == gInterruptSignal) {
    BlockSlot* slot = onFiber ? f->slot() : nullptr;
    if (slot == nullptr || slot->stop.load(std::memory_order_relaxed) == 0) {
      chain(sig, info, ctx);
      errno = savedErrno;
      return;
    }
    // Inside a system library the block may hold its locks: only a wait in
    // the kernel that went on for a while (a futex of a lock it does not hold)
    // is abandoned there; otherwise the watchdog comes back later.
    if (inSystemLibrary(pc)) {
      const uint32_t n = slot->deferrals.fetch_add(1, std::memory_order_relaxed) + 1;
      slot->deferredPc.store(pc, std::memory_order_relaxed);
      if (n < 25 || !atSyscall(pc)) {
        errno = savedErrno;
        return;
      }
    }
  } else if (!onFiber || !gCatchFaults.load(std::memory_order_relaxed)) {
    chain(sig, info, ctx);
    errno = savedErrno;
    return;
  }
  if (!f->beginAbandon()) {  // a fault while the fiber is already being abandoned
    chain(sig, info, ctx);
    errno = savedErrno;
    return;
  }
  FaultCapture& cap = f->capture();
  cap.reason =
      sig == gInterruptSignal ? FaultCapture::Reason::Timeout : FaultCapture::Reason::Fault;
  cap.signal = sig;
  cap.code = info != nullptr ? info->si_code : 0;
  cap.address =
      info != nullptr && sig != gInterruptSignal ? reinterpret_cast<uintptr_t>(info->si_addr) : 0;
  cap.pc = pc;
  cap.sp = sp;
  cap.stackGuardLow = f->guardLow();
  cap.stackGuardHigh = f->guardHigh();
  captureRegisters(uc, cap);
  redirect(uc, f);
  errno = savedErrno;
}

struct AltStack {
  void* base = nullptr;
  size_t bytes = 0;
  ~AltStack() {
    if (base == nullptr) return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    munmap(base, bytes);
  }
};

}  // namespace

bool installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (!kSupported) return;
    dl_iterate_phdr(&collectRange, nullptr);
    gInterruptSignal = SIGRTMIN + 7;
    struct sigaction sa {};
    sa.sa_sigaction = &onSignal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(gInterruptSignal, &sa, &gPrevious[gInterruptSignal]);
    const auto setting = envString("ASCTWIN_CATCH_FAULTS");
    if (setting && *setting == "0") return;
    for (int sig : kFaultSignals) sigaction(sig, &sa, &gPrevious[sig]);
    gCatchFaults.store(true);
  });
  return gCatchFaults.load();
}

void ensureSignalStack() {
  thread_local bool ready = false;
  if (ready) return;
  ready = true;
  stack_t current{};
  if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
  thread_local AltStack mine;
  const long minimum = sysconf(_SC_SIGSTKSZ);
  size_t bytes = 64u << 10;
  if (minimum > 0 && static_cast<size_t>(minimum) * 4 > bytes)
    bytes = static_cast<size_t>(minimum) * 4;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return;
  stack_t ss{};
  ss.ss_sp = p;
  ss.ss_size = bytes;
  if (sigaltstack(&ss, nullptr) != 0) {
    munmap(p, bytes);
    return;
  }
  mine.base = p;
  mine.bytes = bytes;
}

int interruptSignal() {
  return gInterruptSignal;
}

bool interruptThread(uint64_t thread) {
  if (gInterruptSignal == 0 || thread == 0) return false;
  return pthread_kill(static_cast<pthread_t>(thread), gInterruptSignal) == 0;
}

const char* signalName(int sig) {
  switch (sig) {
    case SIGSEGV:
      return "SIGSEGV";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    case SIGILL:
      return "SIGILL";
    default:
      return "signal";
  }
}

}  // namespace asctwin::kernel
