// The byte a memset floor writes on its pass-th pass (shared by
// asctwin-bench-bernoulli and asctwin-bernoulli-report; header only).
#pragma once

namespace asctwin::bench {

// Non-zero bytes, 1 and 2 in turn, because the output the floor stands for
// is non-zero data: on the guests measured (2026-12-03, docs/performance.md)
// a memset of zeros ran 1.7-2.8x faster than of any other byte (a zero-line
// fast path of the memory system), which no Bernoulli output with p > 0 can
// take; the floors' old alternation of 0 and 1 put half the passes on it.
inline int floorFillByte(int pass) {
  return 1 + (pass & 1);
}

}  // namespace asctwin::bench
