#include "kernel/timeout_watch.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <thread>

#include "kernel/core_state.h"
#include "kernel/fault_signal.h"
#include "kernel/fault_stop.h"

namespace asctwin::kernel {
namespace {

using Clock = std::chrono::steady_clock;

// A block that made no progress for one tick is interrupted.
constexpr auto kTick = std::chrono::milliseconds(20);
// After this long past the deadline the blocks still running are reported.
constexpr auto kWarnAfter = std::chrono::seconds(5);

const char* kindName(CoreKind k) {
  return k == CoreKind::AIV ? "AIV" : "AIC";
}

class Watchdog {
 public:
  static Watchdog& instance() {
    static auto* w = new Watchdog();  // its thread runs until the process exits
    return *w;
  }

  void add(LaunchDeadline* d) {
    std::lock_guard lock(mu_);
    if (!started_) {
      started_ = true;
      std::thread([this] { loop(); }).detach();
    }
    live_.push_back(d);
    cv_.notify_all();
  }

  void remove(LaunchDeadline* d) {
    std::lock_guard lock(mu_);
    live_.erase(std::remove(live_.begin(), live_.end(), d), live_.end());
  }

 private:
  void loop() {
    std::unique_lock lock(mu_);
    for (;;) {
      const auto now = Clock::now();
      auto next = now + std::chrono::hours(1);
      for (LaunchDeadline* d : live_) {
        if (!d->expired && now >= d->deadline) expire(*d, now);
        if (d->expired) {
          nudge(*d, now);
          next = std::min(next, now + kTick);
        } else {
          next = std::min(next, d->deadline);
        }
      }
      cv_.wait_until(lock, next);
    }
  }

  // Every unfinished block is asked to stop.
  static void expire(LaunchDeadline& d, Clock::time_point now) {
    Launch& l = *d.launch;
    d.expired = true;
    d.expiredAt = now;
    d.phaseAtDeadline.assign(l.coreCount(), BlockSlot::NotStarted);
    d.seenIssued.assign(l.coreCount(), UINT64_MAX);
    d.seenSwitches.assign(l.coreCount(), UINT64_MAX);
    for (uint32_t i = 0; i < l.coreCount(); ++i) {
      BlockSlot& s = l.core(i).slot;
      d.phaseAtDeadline[i] = s.phase.load(std::memory_order_relaxed);
      s.stop.store(1, std::memory_order_relaxed);
    }
  }

  // A block running on a thread without progress since the last tick is
  // interrupted (the handler abandons it, or declines inside a system
  // library and is asked again at the next tick).
  static void nudge(LaunchDeadline& d, Clock::time_point now) {
    Launch& l = *d.launch;
    for (uint32_t i = 0; i < l.coreCount(); ++i) {
      BlockSlot& s = l.core(i).slot;
      if (s.phase.load(std::memory_order_relaxed) != BlockSlot::Running) continue;
      const uint64_t issued = s.issued.load(std::memory_order_relaxed);
      const uint64_t switches = s.switches.load(std::memory_order_relaxed);
      if (issued == d.seenIssued[i] && switches == d.seenSwitches[i])
        interruptThread(s.thread.load(std::memory_order_relaxed));
      d.seenIssued[i] = issued;
      d.seenSwitches[i] = switches;
    }
    if (!d.warned && now - d.expiredAt >= kWarnAfter) {
      d.warned = true;
      warn(d);
    }
  }

  // The launch still waits for blocks that cannot be stopped: say so (the
  // launch's own error follows when they end).
  static void warn(const LaunchDeadline& d) {
    Launch& l = *d.launch;
    std::ostringstream os;
    os << "asctwin: kernel '" << l.name() << "' timed out "
       << std::chrono::duration_cast<std::chrono::seconds>(kWarnAfter).count()
       << " s ago and these blocks cannot be stopped yet (the launch waits for them):";
    for (uint32_t i = 0; i < l.coreCount(); ++i) {
      const CoreState& c = l.core(i);
      const BlockSlot& s = c.slot;
      if (s.phase.load(std::memory_order_relaxed) != BlockSlot::Running) continue;
      os << "\n  block " << c.blockIdx << " (" << kindName(c.kind) << ")";
      if (const uintptr_t pc = s.deferredPc.load(std::memory_order_relaxed)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " is inside a system library at pc 0x%llx",
                      static_cast<unsigned long long>(pc));
        os << buf << " (where it may hold a lock)";
      } else {
        os << " does not take the interrupt signal (" << interruptSignal() << ")";
      }
    }
    std::fprintf(stderr, "%s\n", os.str().c_str());
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<LaunchDeadline*> live_;
  bool started_ = false;
};

[[noreturn]] void stopBlock(CoreState& c, const Site& site, BlockSlot::Outcome how) {
  c.slot.outcome.store(how, std::memory_order_relaxed);
  c.launch->checkAbort();  // another block already failed the launch: just unwind
  c.launch->raise(c, site, "AI Core timeout: the launch exceeded its time limit");
}

}  // namespace

void watchDeadline(LaunchDeadline* d) {
  Watchdog::instance().add(d);
}

void unwatchDeadline(LaunchDeadline* d) {
  Watchdog::instance().remove(d);
}

void stopAtInstruction(CoreState& c, const Site& site) {
  stopBlock(c, site, BlockSlot::Stopped);
}

void stopAfterWait() {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  stopBlock(*c, c->waitSite, BlockSlot::Unwound);
}

}  // namespace asctwin::kernel
