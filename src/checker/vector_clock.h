// Vector clocks of the happens-before engine: one entry per (core, pipe) of
// a launch ("thread" id = core index * PIPE_COUNT_ + pipe).
//
// A pipe's clock is shared copy-on-write between the instructions issued
// under it: it changes only at synchronisation, so thousands of instructions
// between two flags share one vector.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "asctwin/kernel/types.h"
#include "kernel/ordering.h"

namespace asctwin::checker {

using Tid = uint32_t;

inline Tid tidOf(uint32_t core, pipe_t pipe) {
  return core * PIPE_COUNT_ + pipe;
}
inline uint32_t coreOf(Tid t) {
  return t / PIPE_COUNT_;
}
inline pipe_t pipeOf(Tid t) {
  return static_cast<pipe_t>(t % PIPE_COUNT_);
}
using kernel::inOrderPipe;  // the ordering table (kernel/ordering.h)

class VectorClock {
 public:
  explicit VectorClock(size_t n = 0) : c_(n, 0) {}
  uint32_t operator[](Tid t) const { return c_[t]; }
  void set(Tid t, uint32_t v) { c_[t] = v; }
  void join(const VectorClock& o) {
    for (size_t i = 0; i < c_.size(); ++i) c_[i] = std::max(c_[i], o.c_[i]);
  }
  bool covers(const VectorClock& o) const {
    for (size_t i = 0; i < c_.size(); ++i)
      if (c_[i] < o.c_[i]) return false;
    return true;
  }

 private:
  std::vector<uint32_t> c_;
};

using ClockRef = std::shared_ptr<const VectorClock>;

// A pipe's current clock; mutation clones it when instructions still hold it.
class SharedClock {
 public:
  explicit SharedClock(size_t n = 0) : p_(std::make_shared<VectorClock>(n)) {}
  const ClockRef& get() const { return p_; }
  const VectorClock& operator*() const { return *p_; }
  VectorClock& mut() {
    if (p_.use_count() > 1) p_ = std::make_shared<VectorClock>(*p_);
    return const_cast<VectorClock&>(*p_);
  }
  void join(const VectorClock& o) {
    if (!p_->covers(o)) mut().join(o);
  }
  void raise(Tid t, uint32_t v) {
    if ((*p_)[t] < v) mut().set(t, v);
  }

 private:
  ClockRef p_;
};

// One access's position in happens-before: its thread, its epoch on that
// thread, and the clock it was issued under.
struct Epoch {
  Tid tid = 0;
  uint32_t clk = 0;  // 0: none
};

// Whether `prior` happens before an access of thread `me` issued under `vc`.
inline bool ordered(const Epoch& prior, Tid me, const VectorClock& vc) {
  if (prior.tid == me && inOrderPipe(pipeOf(me))) return true;
  return prior.clk <= vc[prior.tid];
}

}  // namespace asctwin::checker
