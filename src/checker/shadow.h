// Shadow state of GM and local memory for one launch: an interval map from
// byte ranges to what happened to them (last plain writer, readers since,
// atomic writers since, initialised). A write replaces every cell it covers
// by one, so a tensor written by a few hundred DataCopy calls stays a few
// hundred cells whatever its size.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "checker/vector_clock.h"

namespace asctwin::checker {

// One access: where it sits in happens-before, its site (index into the
// launch's site table) and the instruction that made it (an instruction never
// conflicts with itself).
struct Acc {
  Epoch e;
  uint32_t site = 0;
  uint32_t serial = 0;
};

struct Cell {
  uintptr_t end = 0;
  Acc write;               // last plain write (e.clk == 0: none this launch)
  std::vector<Acc> reads;  // since the last plain write, latest per thread
  std::vector<Acc> atoms;  // atomic writes since the last plain write, latest per thread
  uint8_t atomicOp = 0;    // AtomicOp of the atoms
  uint8_t atomicType = 0;  // DType of the atoms
  bool init = false;       // written in this launch (local memory)
};

class Shadow {
 public:
  // Calls f(Cell&, lo, hi) for every piece of [lo, hi), splitting cells at
  // lo and hi and creating empty cells in the gaps, in address order.
  template <class F>
  void forRange(uintptr_t lo, uintptr_t hi, F&& f) {
    if (lo >= hi) return;
    split(lo);
    split(hi);
    uintptr_t at = lo;
    auto it = cells_.lower_bound(lo);
    while (at < hi) {
      if (it == cells_.end() || it->first > at) {
        const uintptr_t gapEnd = it == cells_.end() ? hi : std::min(hi, it->first);
        Cell c;
        c.end = gapEnd;
        it = cells_.emplace_hint(it, at, std::move(c));
      }
      f(it->second, at, it->second.end);
      at = it->second.end;
      ++it;
    }
  }
  // Replaces [lo, hi) (already covered by cells, e.g. after forRange) by one
  // cell.
  void replace(uintptr_t lo, uintptr_t hi, Cell cell);
  void clear() { cells_.clear(); }
  size_t size() const { return cells_.size(); }

 private:
  void split(uintptr_t at);
  std::map<uintptr_t, Cell> cells_;
};

}  // namespace asctwin::checker
