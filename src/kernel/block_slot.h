// A block's slot: the narrow record that the kernel core, the block's fiber,
// the fault handler and the timeout watchdog share about one core of a launch.
//
//  - the instruction-issuing code fills the last issued instruction
//    (trackIssue, called by issue() in instr.h for every instruction);
//  - the block's fiber keeps its phase, the thread running it and a switch
//    count (fiber.cpp);
//  - the watchdog (timeout_watch.cpp) reads those from its own thread and
//    sets `stop`; the block stops at its next instruction or wait, or is
//    interrupted by a signal when it reaches neither;
//  - a fault or a forced stop leaves its facts in `capture` and `outcome`,
//    which the launch reads when it ends (fault_report.cpp).
// Fields read across threads are atomics (relaxed: the values are reports,
// and the launch's end orders everything before its final read).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace asctwin::kernel {

// What the signal handler records about a fault or a forced stop.
struct FaultCapture {
  enum class Reason : uint8_t { None, Fault, Timeout };
  static constexpr uint32_t kMaxFrames = 32;
  Reason reason = Reason::None;
  int signal = 0;
  int code = 0;           // si_code
  int access = -1;        // -1 unknown, 0 read, 1 write (x86-64 page faults)
  uintptr_t address = 0;  // si_addr
  uintptr_t pc = 0;
  uintptr_t sp = 0;
  uintptr_t stackGuardLow = 0;  // the fiber's guard page [low, high): a stack overflow
  uintptr_t stackGuardHigh = 0;
  // The general registers at the fault, in DWARF numbering (x86-64: rax,
  // rdx, rcx, rbx, rsi, rdi, rbp, rsp, r8..r15, rip; AArch64: x0..x30, sp,
  // pc), for unwinding the abandoned stack afterwards.
  static constexpr uint32_t kMaxRegs = 33;
  uint32_t regCount = 0;
  uint64_t regs[kMaxRegs] = {};
};

struct BlockSlot {
  enum Phase : uint8_t { NotStarted, Running, Waiting, Finished };
  enum Outcome : uint8_t {
    None,
    Faulted,    // a signal in kernel code: its stack was abandoned
    Stopped,    // timeout: stopped at an instruction it issued
    Unwound,    // timeout: stopped when it came back from a wait
    Abandoned,  // timeout: interrupted by a signal, its stack was abandoned
  };

  // The last instruction issued (trackIssue).
  std::atomic<const char*> api{nullptr};
  std::atomic<const char*> file{nullptr};
  std::atomic<uint32_t> line{0};
  std::atomic<uint64_t> issued{0};

  // The fiber's view.
  std::atomic<uint8_t> phase{NotStarted};
  std::atomic<uint64_t> thread{0};    // pthread_t of the thread running it
  std::atomic<uint64_t> switches{0};  // times it was resumed

  // The watchdog's request, and the handler's bookkeeping of refused
  // interruptions (the block was inside a system library).
  std::atomic<uint8_t> stop{0};
  std::atomic<uint32_t> deferrals{0};
  std::atomic<uintptr_t> deferredPc{0};

  std::atomic<uint8_t> outcome{None};
  // Faulted / Abandoned: written by the block's thread in Fiber::landing,
  // read when the launch has ended. The stack from the faulting sp up is
  // copied (the fiber is gone by then) so that it can be unwound.
  FaultCapture capture;
  std::vector<uint8_t> stackCopy;
  uintptr_t stackCopyBase = 0;
};

}  // namespace asctwin::kernel
