// explore: run one launch (or a whole piece of host code) under many
// check-mode seeds and compare the results. A correctly synchronised kernel
// gives one result; a kernel with a missing synchronisation shows how many
// distinct results it produces and, for each, the seed that replays it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace asctwin {

// 64-bit hash of bytes (FNV-1a folded with a final mix); `h` chains calls.
uint64_t hashBytes(const void* data, size_t bytes, uint64_t h = 0xCBF29CE484222325ull);

struct ExploreOutcome {
  uint64_t hash = 0;       // the result's hash
  uint64_t count = 0;      // how many seeds gave it
  uint64_t firstSeed = 0;  // the first seed that gave it (replays it)
};

struct ExploreResult {
  uint64_t seeds = 0;
  uint64_t firstSeed = 0;
  std::vector<ExploreOutcome> outcomes;  // in the order they first appeared
  size_t distinct() const { return outcomes.size(); }
  // e.g. "2 distinct results in 1000 seeds: hash 1a2b3c4d5e6f7081 x 712
  // (replay: ASCTWIN_SEED=0), hash 0f1e2d3c4b5a6978 x 288 (replay: ASCTWIN_SEED=3)"
  std::string summary() const;
};

// Calls runOnce(seed) for seed = firstSeed .. firstSeed + seeds - 1 with the
// process kernel mode set to check mode with that seed (asctwinSetKernelMode;
// the previous setting is restored afterwards, also when runOnce throws), and
// groups the hashes it returns. runOnce runs the launch(es), waits for them,
// and returns a hash of what they produced (hashBytes helps).
ExploreResult explore(uint64_t seeds, uint64_t firstSeed,
                      const std::function<uint64_t(uint64_t seed)>& runOnce);

// The same, hashing the given host-readable byte ranges (the twin's device
// buffers are host memory) after each runOnce(seed) call.
struct ByteRange {
  const void* data = nullptr;
  size_t bytes = 0;
};
ExploreResult explore(uint64_t seeds, uint64_t firstSeed,
                      const std::function<void(uint64_t seed)>& runOnce,
                      const std::vector<ByteRange>& outputs);

}  // namespace asctwin
