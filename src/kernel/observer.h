// The observer hook: a checker sees every instruction record as it is carried
// out, every scalar GM access and every synchronisation call, in order.
//
// Registered per launch (runObserved, below: internal, the public
// LaunchOptions name no internal type) or for the whole process
// (setProcessObserver, used by launches that name none). Without an observer
// the kernel twin pays one predictable branch per instruction.
//
// Ordering of the calls:
//  - check mode: one host thread; the calls come in the exact order of the
//    simulation (the order the seeded scheduler carried things out);
//  - fast mode: each core's calls come in its program order, from the worker
//    thread that runs the block; different cores call concurrently, so an
//    observer used in fast mode must be thread-safe.
#pragma once

#include <cstdint>
#include <string>

#include "asctwin/kernel/launch_core.h"
#include "asctwin/kernel/runtime.h"

namespace asctwin::kernel {

struct CoreState;
struct Instr;
class Launch;

// A scalar (PIPE_S) access to GM.
struct ScalarGmAccess {
  uintptr_t addr = 0;
  uint32_t bytes = 0;
  bool write = false;
  bool bypass = false;  // ReadGmByPassDCache/WriteGmByPassDCache or a sync API's own flag access;
                        // otherwise through the core's data cache (GetValue/SetValue)
  Site site;
};

enum class SyncKind : uint8_t {
  PipeBarrier,      // pipe
  SetFlag,          // event, id (also the queues' flags: EnQue, FreeTensor, ...)
  WaitFlag,         // event, id (DeQue, AllocTensor, ...)
  SyncAllArrive,    // SyncAll entered (hardware or software)
  SyncAllLeave,     // SyncAll passed
  IBSet,            // id = the flag's block, aux = event id
  IBWait,           // id = the awaited block, aux = event id (reported when it passes)
  NotifyNextBlock,  // aux = this core's call count
  WaitPreBlock,     // reported when it passes
  DataCacheClean,   // DataCacheCleanAndInvalid
  SetAtomic,        // aux = AtomicOp
  BlockEnd,         // the block's scalar code returned (its pending work is complete)
  CrossCoreSet,   // CrossCoreSetFlag: pipe, id = flag, aux = FFTS mode (the counter store follows)
  CrossCoreWait,  // CrossCoreWaitFlag passed: id = flag (after the counter reads)
  FlagAcquire,    // a GM flag protocol's end: acquires what its flag copies read, and the
                  // flag words in [id, aux) (a line it polled through the data cache)
  GroupWait,      // a GroupBarrier's Wait passed (after its FlagAcquire)
};

struct SyncEvent {
  SyncKind kind = SyncKind::PipeBarrier;
  pipe_t pipe = PIPE_S;
  AscendC::HardEvent event = AscendC::HardEvent::MAX;
  int64_t id = 0;
  int64_t aux = 0;
  Site site;
};

// A scalar (PIPE_S) access to local memory (LocalTensor GetValue/SetValue).
struct ScalarLocalAccess {
  Space space = Space::UB;
  uintptr_t addr = 0;
  uint32_t bytes = 0;
  bool write = false;
  Site site;
};

// A local buffer was given memory (TPipe::InitBuffer, LocalMemAllocator), or
// every buffer of an owner stopped being in use (TPipe created, reset or
// destroyed; allocator destroyed), or the owner's buffers overlapping
// [addr, addr + bytes) did (Released: a devkit-mode TPipe carving those
// bytes again on purpose, as Huawei's InitShareBufStart for Matmul objects
// that share L0A/L0B).
struct LocalBufferEvent {
  enum class Kind : uint8_t { Made, OwnerGone, Released };
  Kind kind = Kind::Made;
  uintptr_t owner = 0;  // 1 = the core's TPipe; else the LocalMemAllocator's address
  Space space = Space::UB;
  uintptr_t addr = 0;  // host address of the first byte
  uint32_t bytes = 0;
  Site site;
  uint32_t bufferId = 0;  // Made: the buffer's id (LocalRef::bufferId)
};

// What an always-on check found before it stopped the launch (the launch
// fails with `message` as before; an observer may turn it into a finding).
enum class Problem : uint8_t {
  Other,
  GmOutOfBounds,    // outside every live allocation (or a null address)
  GmOutsideTensor,  // inside the allocation, outside the GlobalTensor's size
  LocalOverflow,    // beyond the UB/L1 capacity
  Misaligned,
  WaitWithoutSet,
  DeadlockSpin,         // a block waits for GM/a barrier nobody will change
  SyncAllCountMismatch  // blocks made different numbers of SyncAll calls
};

class InstrObserver {
 public:
  virtual ~InstrObserver() = default;
  virtual void onLaunchBegin(const Launch&) {}
  // An instruction record, just before its work is carried out (its atomic
  // mode is the one captured when it was issued).
  virtual void onExecute(const CoreState&, const Instr&) {}
  // A scalar GM access, just before it happens.
  virtual void onScalarGm(const CoreState&, const ScalarGmAccess&) {}
  virtual void onSync(const CoreState&, const SyncEvent&) {}
  virtual void onLaunchEnd(const Launch&, bool /*failed*/) {}
  // Check mode only: an instruction record when it is issued (program order
  // of its core), before it joins the pending graph.
  virtual void onIssue(const CoreState&, const Instr&) {}
  virtual void onScalarLocal(const CoreState&, const ScalarLocalAccess&) {}
  virtual void onLocalBuffer(const CoreState&, const LocalBufferEvent&) {}
  // `core` is null when the problem is not one block's (none yet).
  virtual void onProblem(const CoreState* /*core*/, const Site&, Problem,
                         const std::string& /*message*/) {}
  // An observer that needs check mode (the checker) gets every launch that
  // uses it in check mode, whatever the launch asked for.
  virtual bool forcesCheckMode() const { return false; }
};

// The observer the environment asks for (ASCTWIN_CHECKER=<tools>): the
// checker, a layer above this one, offers it through this hook, registered
// by the checker at program start; the launcher asks environmentObserver()
// for it when a launch has no observer. Null while no source is registered
// or when the environment asks for none. (A static link brings the checker's
// registration in by its link anchor, see src/checker/CMakeLists.txt.)
using EnvironmentObserverSource = InstrObserver* (*)();
void setEnvironmentObserverSource(EnvironmentObserverSource source);
InstrObserver* environmentObserver();

// Runs a launch now (as asctwin::run) observed by `observer` instead of the
// process observer; 0 or an aclError code.
int runObservedLaunch(const LaunchOptions& opt, InstrObserver* observer,
                      std::function<void()> body);
template <typename... P, typename... A>
int runObserved(InstrObserver* observer, void (*k)(P...), const LaunchOptions& opt, A&&... args) {
  return runObservedLaunch(opt, observer, bindKernel(k, std::forward<A>(args)...));
}

// The process-wide observer for launches that name none (null to remove).
// Not owned. Set it while no launch runs.
void setProcessObserver(InstrObserver* observer);
InstrObserver* processObserver();

// The calling core's buffers of `owner` overlapping [addr, addr + bytes)
// stop being in use (LocalBufferEvent::Released; devkit mode's TPipe hooks).
void localAllocReleased(const void* owner, Space space, uintptr_t addr, uint32_t bytes);

// Instruction records carried out by every launch of the process so far.
uint64_t executedInstructions();
// The schedule hash of the last check-mode launch that finished (0 if none).
uint64_t lastScheduleHash();

}  // namespace asctwin::kernel
