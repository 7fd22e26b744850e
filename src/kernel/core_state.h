// Per-core state of a running kernel and the launch that owns the cores.
// The kernel API (runtime.h) acts on the current core, found through a
// thread-local pointer that the block scheduler sets whenever it switches to a
// block's fiber.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "asctwin/kernel/launch.h"
#include "asctwin/kernel/runtime.h"
#include "common/status.h"
#include "kernel/block_locals.h"
#include "kernel/block_slot.h"
#include "kernel/fiber.h"
#include "kernel/machine_state.h"
#include "kernel/observer.h"

namespace asctwin::kernel {

class Launch;
struct CoreCheck;
class CheckScheduler;
class InstrObserver;
struct CoreCheckDeleter {
  void operator()(CoreCheck* p) const;
};
struct CheckSchedulerDeleter {
  void operator()(CheckScheduler* p) const;
};

// CoreState::hooks: what makes an instruction leave the zero-overhead path.
inline constexpr uint8_t kHookCheck = 1;       // check mode: defer into the pending graph
inline constexpr uint8_t kHookObserve = 2;     // an observer sees every record
inline constexpr uint8_t kHookLocalWatch = 4;  // CheckLocalMemoryIA watches UB accesses

// Thrown inside a block to unwind it: the launch failed (this block's error
// or another's). Caught at the fiber's top.
struct KernelAbort {};

struct DataCacheLine {
  uint8_t data[64];
  uint64_t dirty = 0;  // bit i: byte i written by SetValue, not yet cleaned
};

// Joining (check mode only): the scalar code waits for pending instructions.
enum class BlockState : uint8_t { Ready, Running, Polling, Barrier, Joining, Done };

// A block becomes idle (Polling: not chosen while something else can run)
// after two re-reads of GM it already read since the last GM change (see
// Launch::pollPoint); a launch in which only idle blocks remain is deadlocked
// once each has re-read this many times, in either mode (a finite loop that
// re-reads the same GM, e.g. the same tile copied in again and again before
// anything is written, is still allowed to finish).
inline constexpr uint32_t kDeadlockPolls = 2000;

struct CoreState {
  Launch* launch = nullptr;
  CoreKind kind = CoreKind::AIV;
  int64_t blockIdx = 0;     // as GetBlockIdx() reports it
  int64_t blockNum = 0;     // as GetBlockNum() reports it
  int64_t subBlockIdx = 0;  // AIV index inside a mix group
  int64_t taskRation = 1;
  uint32_t index = 0;  // position in the launch's core list

  // Local memories (images owned by the launch).
  uint8_t* ub = nullptr;
  uint32_t ubBytes = 0;
  uint8_t* l1 = nullptr;
  uint32_t l1Bytes = 0;
  uint8_t* l0a = nullptr;
  uint32_t l0aBytes = 0;
  uint8_t* l0b = nullptr;
  uint32_t l0bBytes = 0;
  uint8_t* l0c = nullptr;
  uint32_t l0cBytes = 0;
  uint8_t* bt = nullptr;  // BiasTable (C2)
  uint32_t btBytes = 0;
  uint8_t* fb = nullptr;  // Fixpipe buffer (C2PIPE2GM)
  uint32_t fbBytes = 0;
  // The images above still hold an earlier launch's bytes: the block fills
  // them with the launch's garbage byte when it starts, on its own worker
  // (the workers fill in parallel, into the caches the block is about to
  // use; the launching thread used to fill all of them, ~7.5 MiB for 40
  // AIVs, before any block ran).
  std::vector<std::pair<uint8_t*, uint32_t>> unfilledImages;

  // Cross-core flags (ffts_cross_core_sync / wait_flag_dev, src/isa): the
  // CrossCoreSetFlag calls this core made per FFTS mode (0: all cores of its
  // kind, 1: the AIVs of its group, 2: AIC <-> AIVs of its group) and flag
  // id, read by other cores with atomic loads; and the waits it passed.
  uint32_t fftsSets[3][16] = {};
  uint32_t fftsWaits[16] = {};

  // TPipe carving cursors per space, and the live TPipe (null: none).
  uint32_t cursor[8] = {};
  int pipes = 0;
  void* pipeObject = nullptr;

  AtomicOp atomicOp = AtomicOp::None;
  DType atomicType = DType::F32;
  MachineState regs;

  // The outermost Ascend C API call running on the core (apiEnter/apiLeave):
  // its name and source line are the site of every instruction it issues,
  // and its tensors' buffer ids go into their records.
  uint32_t apiDepth = 0;
  Site apiSite;
  uint32_t apiBuffers[4] = {};
  uint8_t apiBufferCount = 0;

  // The device allocations this core's last GM checks found, [lo, hi),
  // valid while DeviceMemory::removals() is still `gmRemovals` (checks.cpp):
  // a kernel reads and writes a handful of tensors, each tile after tile.
  struct GmRange {
    uintptr_t lo = 0, hi = 0;
  };
  GmRange gmKnown[4];
  uint8_t gmNext = 0;  // the entry the next new allocation replaces
  uint64_t gmRemovals = UINT64_MAX;

  int32_t flags[static_cast<int>(AscendC::HardEvent::MAX)][8] = {};
  std::unordered_map<uintptr_t, DataCacheLine> dcache;

  uint32_t syncAllCalls = 0;
  uint32_t determineCalls = 0;
  // A GM flag protocol running on the core (kernel/sync_protocol.cpp): its
  // nesting depth, and the GM byte ranges its copies and data-cache cleans
  // read, acquired when it ends.
  uint8_t syncProtocolDepth = 0;
  std::vector<std::pair<uintptr_t, uintptr_t>> syncProtocolReads;
  uint64_t issued = 0;  // instruction records issued

  uint8_t hooks = 0;  // kHookCheck | kHookObserve | kHookLocalWatch
  InstrObserver* observer = nullptr;
  std::unique_ptr<CoreCheck, CoreCheckDeleter> check;

  // Scheduling (owned by the launch).
  BlockState state = BlockState::Ready;
  Site waitSite;
  uint64_t pollProgress = 0;
  uint32_t pollsWithoutProgress = 0;  // polls of an address already polled since the last GM change
  std::vector<uintptr_t> pollAddrs;   // addresses polled since the last GM change
  uint64_t barrierGeneration = 0;
  std::unique_ptr<Fiber> fiber;
  // Arrays kernel code declared in local memory (asctwin/capi/local_array.h):
  // per declaration its offset + 1 in its space (0: not placed), and where
  // the arrays placed so far end in each space.
  std::vector<uint32_t> localArrayOffsets;
  uint32_t localArrayEnd[8] = {};
  // The block's values of the registered thread-local variables while it is
  // switched out (block_locals.h).
  BlockLocalValues blockLocals;
  // Shared with the fault handler and the timeout watchdog (block_slot.h).
  BlockSlot slot;
};

class Launch {
 public:
  // `observer`: the launch's observer (null: none).
  Launch(const LaunchOptions& opt, InstrObserver* observer, std::function<void()> body);
  ~Launch();

  // Runs every block (fast or check mode); returns the first error.
  Status run();

  ExecMode mode() const { return check_ ? ExecMode::Check : ExecMode::Fast; }
  bool checkMode() const { return check_; }
  uint64_t seed() const { return seed_; }
  CheckScheduler& scheduler() { return *sched_; }
  InstrObserver* observer() const { return observer_; }

  const LaunchOptions& options() const { return opt_; }
  const std::string& name() const { return name_; }
  uint32_t coreCount() const { return static_cast<uint32_t>(cores_.size()); }
  CoreState& core(uint32_t i) { return *cores_[i]; }

  // Called from inside blocks.
  // `kind` classifies the problem for an observer (the checker's findings).
  [[noreturn]] void raise(CoreState& c, const Site& site, const std::string& problem,
                          Problem kind = Problem::Other);
  void checkAbort() const {
    if (aborted()) abortBlock();
  }
  bool aborted() const { return aborted_.load(std::memory_order_relaxed); }
  // Unwinds the calling block (throws KernelAbort); a block that is already
  // unwinding (a destructor issuing instructions) ends at once instead.
  [[noreturn]] static void abortBlock();
  void noteProgress() { progress_.fetch_add(1, std::memory_order_relaxed); }
  uint64_t progress() const { return progress_.load(std::memory_order_relaxed); }
  // A scalar GM read that saw no change since this core's previous one: let
  // other blocks run (a spin loop), and detect spins that can never succeed.
  // `scheduled`: the caller has just passed schedPoint (a DMA out of GM);
  // check mode then yields again only once the block spins, so a copy that
  // is no spin keeps the schedules it had.
  void pollPoint(CoreState& c, const Site& site, uintptr_t addr, bool scheduled = false);
  // The hardware SyncAll barrier.
  void barrier(CoreState& c, bool aivOnly, const Site& site);
  // Cross-core synchronisation needs every participating block resident.
  void requireResident(CoreState& c, const Site& site);
  // Check mode: a scheduling point; the block lets the scheduler choose what
  // runs next (fast mode: nothing happens).
  void schedPoint(CoreState& c) {
    if (check_) yieldToScheduler(c, BlockState::Ready);
  }
  // Check mode: leaves the block's fiber in `state` until the scheduler
  // resumes it; throws KernelAbort when the launch failed meanwhile.
  void yieldToScheduler(CoreState& c, BlockState state);

 private:
  void blockMain(CoreState& c);
  // Fills c's local-memory images with the launch's garbage byte (once).
  void fillLocalImages(CoreState& c);
  void workerLoop(unsigned worker, unsigned workers);
  Status runFast();
  Status runCheck();
  bool checkRunnable(const CoreState& c) const;
  void finish(bool failed);
  bool deadlockedLocked() const;
  std::string deadlockReportLocked() const;
  // Tells the observer what the deadlock is, block by block.
  void observeDeadlockLocked() const;
  void abortLocked(const std::string& message);
  void flushDataCache(CoreState& c);

  LaunchOptions opt_;
  std::string name_;
  std::function<void()> body_;
  std::vector<std::unique_ptr<CoreState>> cores_;
  std::vector<std::pair<uint32_t, uint8_t*>> images_;
  uint8_t localFill_ = 0;  // fresh local memory's garbage byte
  bool check_ = false;
  uint64_t seed_ = 0;
  InstrObserver* observer_ = nullptr;
  std::unique_ptr<CheckScheduler, CheckSchedulerDeleter> sched_;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<bool> aborted_{false};
  std::string error_;
  std::atomic<uint64_t> progress_{0};
  uint32_t done_ = 0;
  uint32_t barrierArrived_ = 0;
  uint32_t barrierParticipants_ = 0;
  uint64_t barrierGeneration_ = 0;
};

// The process kernel mode setting (asctwinSetKernelMode; Default = none).
void processMode(ExecMode* mode, uint64_t* seed);
void setProcessMode(ExecMode mode, uint64_t seed);

// The core of the calling fiber for the hot paths (instructions, API calls):
// the initial-exec TLS model makes every read a direct %fs-relative load,
// so a block that moved to another host thread reads its own value. Set by
// setCurrentCore; null outside a kernel.
extern __thread CoreState* gCore __attribute__((tls_model("initial-exec")));

// The core the calling code runs on (fails outside a kernel).
CoreState& currentCore();
void setCurrentCore(CoreState* c);
// Sets the built-in variables (block_idx, block_num, sub_block_idx) of the
// thread to those of `c` (zero for null); builtins.cpp.
void publishBuiltins(const CoreState* c);
CoreState* currentCoreOrNull();

}  // namespace asctwin::kernel
