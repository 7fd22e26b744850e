// Fast-mode execution of a launch: every block is a fiber; fibers are spread
// over the persistent worker pool (block i on worker i % W) and each worker
// runs its fibers round-robin. A fiber leaves its worker only at a hardware
// SyncAll (until the barrier opens) or at a GM poll (a spin loop), so a kernel
// that synchronises across cores has all its blocks resident on a few threads.
// When every unfinished block waits at a barrier or spins on GM that nobody
// changes any more, the launch is deadlocked: it is reported, never hung.
#include <algorithm>
#include <map>
#include <mutex>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <sstream>
#include <thread>
#include <vector>

#include "device/soc.h"
#include "device/worker_pool.h"
#include "kernel/check_mode.h"
#include "kernel/core_state.h"
#include "kernel/fault_report.h"
#include "kernel/local_address.h"
#include "kernel/local_fill.h"
#include "kernel/observer.h"
#include "kernel/user_site.h"

namespace asctwin::kernel {
namespace {

std::terminate_handler gPreviousTerminate = nullptr;

// A block's KernelAbort that meets a noexcept frame ends in std::terminate:
// a destructor that issues an instruction at the end of its scope after
// another block failed the launch (~KfcWorkspace waits for its MTE3_S event,
// Huawei's KfcCommClient signals its server), or a first error raised inside
// such a destructor. The launch has failed and recorded why, so the block's
// fiber ends as if it had unwound; anything else goes to the handler that
// was there before.
[[noreturn]] void terminateInBlock() {
  CoreState* c = gCore;
  if (Fiber* f = Fiber::current(); f != nullptr && c != nullptr && c->launch->aborted()) f->drop();
  (gPreviousTerminate != nullptr ? gPreviousTerminate : std::abort)();
  std::abort();
}

void installTerminateInBlock() {
  static std::once_flag once;
  std::call_once(once, [] { gPreviousTerminate = std::set_terminate(terminateInBlock); });
}

// Local-memory images are reused across launches (fresh pages would cost a
// page fault each); every launch refills them with garbage.
std::mutex& imagePoolMutex() {
  static std::mutex m;
  return m;
}
std::multimap<uint32_t, uint8_t*>& imagePool() {
  static auto* p = new std::multimap<uint32_t, uint8_t*>();
  return *p;
}
constexpr size_t kImagePoolMax = 256;

uint8_t* takeImage(uint32_t bytes) {
  {
    std::lock_guard lock(imagePoolMutex());
    auto it = imagePool().find(bytes);
    if (it != imagePool().end()) {
      uint8_t* p = it->second;
      imagePool().erase(it);
      return p;
    }
  }
  // A local address reaches the intrinsics as 32 bits (as on the NPU): either
  // an offset into the buffer or the low 32 bits of its host address. The two
  // readings must not overlap, so a block whose low 32 bits are below its size
  // or wrap past 2^32 is set aside (allocators that align large blocks to
  // 4 GiB regions, like ASan's, hand those out) and the next one is taken.
  std::vector<uint8_t*> rejected;
  uint8_t* p = nullptr;
  for (;;) {
    p = static_cast<uint8_t*>(std::aligned_alloc(4096, (bytes + 4095u) / 4096u * 4096u));
    if (p == nullptr) break;
    if (localAddressesAreUnambiguous(reinterpret_cast<uintptr_t>(p), bytes)) break;
    rejected.push_back(p);
  }
  for (uint8_t* r : rejected) std::free(r);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void returnImage(uint32_t bytes, uint8_t* p) {
  std::lock_guard lock(imagePoolMutex());
  if (imagePool().size() >= kImagePoolMax) {
    std::free(p);
  } else {
    imagePool().emplace(bytes, p);
  }
}

const char* kindName(CoreKind k) {
  return k == CoreKind::AIV ? "AIV" : "AIC";
}

std::string siteText(const Site& s) {
  const char* file = s.file;
  if (const char* slash = std::strrchr(file, '/')) file = slash + 1;
  return std::string(s.api) + " at " + file + ":" + std::to_string(s.line);
}

}  // namespace

CoreState& currentCore() {
  if (gCore == nullptr) {
    std::fprintf(stderr, "asctwin: an Ascend C kernel API was called outside a kernel launch\n");
    throw std::logic_error("Ascend C kernel API called outside a kernel launch");
  }
  return *gCore;
}
CoreState* currentCoreOrNull() {
  return gCore;
}
void setCurrentCore(CoreState* c) {
  if (c != gCore) switchBlockLocals(gCore, c);
  gCore = c;
  publishBuiltins(c);
}

Launch::Launch(const LaunchOptions& opt, InstrObserver* observer, std::function<void()> body)
    : opt_(opt), name_(opt.name ? opt.name : "kernel"), body_(std::move(body)) {
  installTerminateInBlock();
  const device::SocSpec soc = device::currentSoc();
  const uint32_t ub = static_cast<uint32_t>(
      opt.ubBytes != 0 ? std::min<uint64_t>(opt.ubBytes, soc.ubBytes) : soc.ubBytes);
  localFill_ = localFill(nullptr);  // fresh local memory: garbage until written
  CoreState* filledBy = nullptr;    // the core whose block fills the next images
  auto image = [&](uint32_t bytes) {
    uint8_t* p = takeImage(bytes);
    filledBy->unfilledImages.emplace_back(p, bytes);
    images_.emplace_back(bytes, p);
    return p;
  };
  auto addAiv = [&](int64_t idx, int64_t num, int64_t sub, int64_t ration) {
    auto c = std::make_unique<CoreState>();
    c->kind = CoreKind::AIV;
    c->blockIdx = idx;
    c->blockNum = num;
    c->subBlockIdx = sub;
    c->taskRation = ration;
    filledBy = c.get();
    c->ub = image(ub);
    c->ubBytes = ub;
    cores_.push_back(std::move(c));
  };
  auto addAic = [&](int64_t idx, int64_t num) {
    auto c = std::make_unique<CoreState>();
    c->kind = CoreKind::AIC;
    c->blockIdx = idx;
    c->blockNum = num;
    filledBy = c.get();
    c->l1 = image(static_cast<uint32_t>(soc.l1Bytes));
    c->l1Bytes = static_cast<uint32_t>(soc.l1Bytes);
    c->l0a = image(static_cast<uint32_t>(soc.l0aBytes));
    c->l0aBytes = static_cast<uint32_t>(soc.l0aBytes);
    c->l0b = image(static_cast<uint32_t>(soc.l0bBytes));
    c->l0bBytes = static_cast<uint32_t>(soc.l0bBytes);
    c->l0c = image(static_cast<uint32_t>(soc.l0cBytes));
    c->l0cBytes = static_cast<uint32_t>(soc.l0cBytes);
    c->bt = image(static_cast<uint32_t>(soc.btBytes));
    c->btBytes = static_cast<uint32_t>(soc.btBytes);
    c->fb = image(static_cast<uint32_t>(soc.fbBytes));
    c->fbBytes = static_cast<uint32_t>(soc.fbBytes);
    cores_.push_back(std::move(c));
  };
  const int64_t n = opt.numBlocks;
  switch (opt.spec.kind) {
    case KernelKind::Vector:
    case KernelKind::AiCore:  // normalised to Vector by the launch API
    case KernelKind::AiCpu:   // refused by the launch API (a host task)
      for (int64_t b = 0; b < n; ++b) addAiv(b, n, 0, 1);
      break;
    case KernelKind::Cube:
      for (int64_t b = 0; b < n; ++b) addAic(b, n);
      break;
    case KernelKind::Mix: {
      const int64_t aiv = opt.spec.aiv == 0 ? 2 : opt.spec.aiv;
      for (int64_t b = 0; b < n; ++b) {
        if (opt.spec.aic != 0) addAic(b, n);
        for (int64_t s = 0; s < aiv; ++s) addAiv(b * aiv + s, n, s, aiv);
      }
      break;
    }
  }
  check_ = opt.mode == ExecMode::Check;
  if (check_) {
    // Check mode runs the blocks one at a time on this thread: no worker
    // shares the fill, and filling inside the interleaved blocks only
    // scatters it, so it stays here, before the first block.
    for (auto& c : cores_) fillLocalImages(*c);
  }
  seed_ = opt.seed;
  observer_ = observer;
  if (check_) sched_.reset(new CheckScheduler(seed_));
  const uint8_t hooks = (check_ ? kHookCheck : 0) | (observer_ != nullptr ? kHookObserve : 0);
  for (uint32_t i = 0; i < cores_.size(); ++i) {
    cores_[i]->launch = this;
    cores_[i]->index = i;
    cores_[i]->hooks = hooks;
    cores_[i]->observer = observer_;
    if (check_) cores_[i]->check.reset(new CoreCheck());
  }
}

Launch::~Launch() {
  for (auto& [bytes, p] : images_) returnImage(bytes, p);
}

void Launch::abortLocked(const std::string& message) {
  if (!aborted_.load()) {
    error_ = message;
    aborted_.store(true);
  }
  // Wake blocks waiting at a barrier so they unwind.
  for (auto& c : cores_)
    if (c->state == BlockState::Barrier) c->state = BlockState::Ready;
  cv_.notify_all();
}

void Launch::raise(CoreState& c, const Site& where, const std::string& problem, Problem kind) {
  // An intrinsic called outside the own API names the user's line if it can.
  const Site site = where.line == 0 && userSitesEnabled() ? userSite(where.api) : where;
  if (observer_ != nullptr) observer_->onProblem(&c, site, kind, problem);
  std::ostringstream os;
  os << "kernel '" << name_ << "' block " << c.blockIdx << " (" << kindName(c.kind)
     << "): " << siteText(site) << ": " << problem;
  {
    std::lock_guard lock(mu_);
    abortLocked(os.str());
  }
  abortBlock();
}

void Launch::flushDataCache(CoreState& c) {
  for (auto& [line, l] : c.dcache) {
    if (l.dirty == 0) continue;
    auto* gm = reinterpret_cast<uint8_t*>(line);
    for (int i = 0; i < 64; ++i)
      if (l.dirty & (1ull << i)) gm[i] = l.data[i];
    l.dirty = 0;
    noteProgress();
  }
  c.dcache.clear();
}

void Launch::abortBlock() {
  // A block unwinding after the launch failed may run destructors that issue
  // more instructions (Huawei's KfcCommClient signals its server); a second
  // exception out of a destructor would end the process (std::terminate), so
  // the block's fiber ends here and its remaining frames are dropped. (A
  // destructor run at the end of its scope, not while unwinding, is
  // noexcept: terminateInBlock catches that case.)
  if (std::uncaught_exceptions() > 0)
    if (Fiber* f = Fiber::current()) f->drop();
  throw KernelAbort{};
}

void Launch::fillLocalImages(CoreState& c) {
  for (const auto& [p, bytes] : c.unfilledImages) std::memset(p, localFill_, bytes);
  c.unfilledImages.clear();
}

void Launch::blockMain(CoreState& c) {
  if (Fiber* f = Fiber::current()) f->attach(&c.slot);  // faults and timeouts (block_slot.h)
  fillLocalImages(c);
  try {
    body_();
    // The core's pending work completes, then the data cache is written back.
    checkDrainAll(c);
    flushDataCache(c);
    if (observer_ != nullptr) {
      SyncEvent e;
      e.kind = SyncKind::BlockEnd;
      observer_->onSync(c, e);
    }
  } catch (const KernelAbort&) {
  } catch (const std::exception& e) {
    std::lock_guard lock(mu_);
    abortLocked("kernel '" + name_ + "' block " + std::to_string(c.blockIdx) + ": " + e.what());
  } catch (...) {
    std::lock_guard lock(mu_);
    abortLocked("kernel '" + name_ + "' block " + std::to_string(c.blockIdx) +
                ": unknown exception");
  }
}

void Launch::requireResident(CoreState& c, const Site& site) {
  const device::SocSpec soc = device::currentSoc();
  uint32_t aiv = 0, aic = 0;
  for (auto& k : cores_) (k->kind == CoreKind::AIV ? aiv : aic) += 1;
  if (aiv > soc.aivCores || aic > soc.aicCores) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "cross-core synchronisation needs all blocks resident (schedule mode 1), but "
                  "the launch has %u AIV and %u AIC blocks and the SoC %u AIV and %u AIC cores",
                  aiv, aic, soc.aivCores, soc.aicCores);
    raise(c, site, buf);
  }
}

void Launch::barrier(CoreState& c, bool aivOnly, const Site& site) {
  requireResident(c, site);
  // Check mode: all of this core's pending work completes before it arrives,
  // so when the barrier opens every participant's earlier work is done.
  checkDrainAll(c);
  std::unique_lock lock(mu_);
  if (aborted_) {
    lock.unlock();
    abortBlock();
  }
  uint32_t participants = 0;
  for (auto& k : cores_)
    if (!aivOnly || k->kind == CoreKind::AIV) ++participants;
  if (aivOnly && c.kind != CoreKind::AIV) {
    lock.unlock();
    raise(c, site, "SyncAll<true> (AIV only) called on an AIC core");
  }
  c.syncAllCalls += 1;
  barrierParticipants_ = participants;
  if (++barrierArrived_ == participants) {
    barrierArrived_ = 0;
    ++barrierGeneration_;
    for (auto& k : cores_)
      if (k->state == BlockState::Barrier) k->state = BlockState::Ready;
    noteProgress();
    cv_.notify_all();
    return;
  }
  c.state = BlockState::Barrier;
  c.waitSite = site;
  c.barrierGeneration = barrierGeneration_;
  cv_.notify_all();  // a worker may now see a deadlock
  lock.unlock();
  c.fiber->yield();
  checkAbort();
}

void Launch::pollPoint(CoreState& c, const Site& site, uintptr_t addr, bool scheduled) {
  checkAbort();
  const uint64_t now = progress();
  if (now != c.pollProgress) {
    c.pollProgress = now;
    c.pollsWithoutProgress = 0;
    c.pollAddrs.clear();
  }
  // Only a re-read of GM this core already read since the last GM change
  // counts as spinning (reading many different words is not).
  if (std::find(c.pollAddrs.begin(), c.pollAddrs.end(), addr) != c.pollAddrs.end()) {
    ++c.pollsWithoutProgress;
  } else if (c.pollAddrs.size() < 64) {
    c.pollAddrs.push_back(addr);
  }
  if (check_) {
    if (scheduled && c.pollsWithoutProgress < 2) return;
    c.waitSite = site;
    yieldToScheduler(c, c.pollsWithoutProgress >= 2 ? BlockState::Polling : BlockState::Ready);
    return;
  }
  if (c.pollsWithoutProgress < 2) return;
  {
    std::lock_guard lock(mu_);
    c.state = BlockState::Polling;
    c.waitSite = site;
  }
  c.fiber->yield();
  checkAbort();
}

bool Launch::deadlockedLocked() const {
  const uint64_t now = progress();
  bool anyLeft = false;
  for (auto& c : cores_) {
    switch (c->state) {
      case BlockState::Done:
        break;
      case BlockState::Barrier:
        anyLeft = true;
        break;
      case BlockState::Polling:
        anyLeft = true;
        if (c->pollsWithoutProgress < kDeadlockPolls || c->pollProgress != now) return false;
        break;
      default:
        return false;
    }
  }
  return anyLeft;
}

void Launch::observeDeadlockLocked() const {
  if (observer_ == nullptr) return;
  uint32_t maxSync = 0;
  for (auto& c : cores_) maxSync = std::max(maxSync, c->syncAllCalls);
  // A block that made fewer SyncAll calls than others is the cause; else the
  // waiting blocks are (each spins or waits for what nobody will change).
  const CoreState* waiter = nullptr;
  for (auto& c : cores_)
    if (c->state == BlockState::Barrier || c->state == BlockState::Polling) waiter = c.get();
  bool mismatch = false;
  for (auto& c : cores_) {
    if (c->syncAllCalls >= maxSync || c->state == BlockState::Barrier) continue;
    mismatch = true;
    std::ostringstream os;
    os << "block " << c->blockIdx << " (" << kindName(c->kind) << ") made " << c->syncAllCalls
       << " SyncAll call(s), other blocks " << maxSync << "; they wait forever";
    observer_->onProblem(c.get(), waiter != nullptr ? waiter->waitSite : Site{},
                         Problem::SyncAllCountMismatch, os.str());
  }
  if (mismatch) return;
  for (auto& c : cores_) {
    if (c->state != BlockState::Barrier && c->state != BlockState::Polling) continue;
    std::ostringstream os;
    os << "block " << c->blockIdx << " (" << kindName(c->kind) << ") "
       << (c->state == BlockState::Barrier ? "waits in a barrier that will never open"
                                           : "spins on GM that no block will change");
    observer_->onProblem(c.get(), c->waitSite, Problem::DeadlockSpin, os.str());
  }
}

std::string Launch::deadlockReportLocked() const {
  std::ostringstream os;
  os << "kernel '" << name_ << "' deadlocked (this would hang on hardware):";
  uint32_t maxSync = 0;
  for (auto& c : cores_) maxSync = std::max(maxSync, c->syncAllCalls);
  for (auto& c : cores_) {
    if (c->state == BlockState::Barrier) {
      os << "\n  block " << c->blockIdx << " (" << kindName(c->kind) << ") waits in SyncAll call #"
         << c->syncAllCalls << ", " << siteText(c->waitSite);
    } else if (c->state == BlockState::Polling) {
      os << "\n  block " << c->blockIdx << " (" << kindName(c->kind)
         << ") spins on GM that no block will change, " << siteText(c->waitSite);
    } else if (c->state == BlockState::Done) {
      if (c->syncAllCalls < maxSync)
        os << "\n  block " << c->blockIdx << " (" << kindName(c->kind) << ") returned after "
           << c->syncAllCalls << " SyncAll call(s); the others made " << maxSync;
    }
  }
  return os.str();
}

void Launch::workerLoop(unsigned worker, unsigned workers) {
  std::vector<CoreState*> mine;
  for (uint32_t i = worker; i < cores_.size(); i += workers) mine.push_back(cores_[i].get());
  size_t cursor = 0;
  unsigned idleSpins = 0;
  std::unique_lock lock(mu_);
  for (;;) {
    CoreState* next = nullptr;
    size_t remaining = 0;
    bool onlyPolling = true;
    for (size_t k = 0; k < mine.size(); ++k) {
      CoreState* c = mine[(cursor + k) % mine.size()];
      if (c->state == BlockState::Done) continue;
      ++remaining;
      if (c->state == BlockState::Ready || c->state == BlockState::Polling) {
        if (next == nullptr) {
          next = c;
          cursor = (cursor + k + 1) % mine.size();
        }
        if (c->state == BlockState::Ready) onlyPolling = false;
      }
    }
    if (remaining == 0) return;
    if (!aborted_ && deadlockedLocked()) {
      observeDeadlockLocked();
      abortLocked(deadlockReportLocked());
      continue;  // the blocks waiting at a barrier are Ready now: resume them to unwind
    }
    if (next == nullptr) {
      cv_.wait(lock);
      continue;
    }
    if (onlyPolling && ++idleSpins % 64 == 0) {
      // Only spinning blocks here: give other threads the CPU.
      lock.unlock();
      std::this_thread::yield();
      lock.lock();
      if (next->state != BlockState::Ready && next->state != BlockState::Polling) continue;
    }
    next->state = BlockState::Running;
    lock.unlock();
    setCurrentCore(next);
    next->fiber->resume();
    setCurrentCore(nullptr);
    lock.lock();
    if (next->fiber->finished()) {
      next->state = BlockState::Done;
      ++done_;
      cv_.notify_all();
    } else if (next->state == BlockState::Running) {
      next->state = BlockState::Ready;  // yielded without waiting
    }
  }
}

Status Launch::run() {
  if (opt_.numBlocks == 0)
    return Status(code::kInvalidParam,
                  "kernel '" + name_ + "': numBlocks must be at least 1, got 0");
  if (opt_.numBlocks > 65535)
    return Status(code::kInvalidParam, "kernel '" + name_ +
                                           "': numBlocks must be at most 65535, got " +
                                           std::to_string(opt_.numBlocks));
  Status fill;  // a malformed ASCTWIN_LOCAL_FILL fails every launch
  localFill(&fill);
  if (!fill) return fill;
  LaunchWatch watch(*this);  // faults and timeouts become AI Core exceptions
  if (Status w = watch.begin(); !w) return w;
  if (observer_ != nullptr) observer_->onLaunchBegin(*this);
  Status st = check_ ? runCheck() : runFast();
  st = watch.end(std::move(st));
  finish(!st.isOk());
  return st;
}

Status Launch::runFast() {
  const size_t stack = Fiber::defaultStackBytes();
  for (auto& c : cores_) {
    CoreState* core = c.get();
    core->fiber = std::make_unique<Fiber>([this, core] { blockMain(*core); }, stack);
  }
  auto& pool = device::WorkerPool::instance();
  const unsigned workers = std::max(1u, std::min<unsigned>(pool.size(), coreCount()));
  pool.runConcurrently(workers, [&](unsigned w) { workerLoop(w, workers); });
  for (auto& c : cores_) c->fiber.reset();
  if (aborted_) return Status(code::kRtFailure, error_);
  return Status::ok();
}

// --- runtime.h: identity and failure ------------------------------------------

bool inKernel() {
  return gCore != nullptr;
}
int64_t blockIdx() {
  return currentCore().blockIdx;
}
int64_t blockNum() {
  return currentCore().blockNum;
}
int64_t subBlockIdx() {
  return currentCore().subBlockIdx;
}
int64_t taskRation() {
  return currentCore().taskRation;
}
CoreKind coreKind() {
  return currentCore().kind;
}

void fail(const Site& site, const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  CoreState& c = currentCore();
  c.launch->raise(c, site, buf);
}

void checkAbort() {
  currentCore().launch->checkAbort();
}

}  // namespace asctwin::kernel
