// asctwin::explore: many check-mode seeds, one result hash each, grouped.
#include "asctwin/kernel/explore.h"

#include <cstdio>
#include <unordered_map>

#include "asctwin/asctwin_check.h"
#include "kernel/core_state.h"

namespace asctwin {
namespace {

// Restores the process kernel mode setting on scope exit.
class ModeGuard {
 public:
  ModeGuard() { kernel::processMode(&mode_, &seed_); }
  ~ModeGuard() { kernel::setProcessMode(mode_, seed_); }
  ModeGuard(const ModeGuard&) = delete;
  ModeGuard& operator=(const ModeGuard&) = delete;

 private:
  ExecMode mode_ = ExecMode::Default;
  uint64_t seed_ = 0;
};

uint64_t finalMix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 33;
  return h;
}

}  // namespace

uint64_t hashBytes(const void* data, size_t bytes, uint64_t h) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) {
    h ^= p[i];
    h *= 0x100000001B3ull;
  }
  return finalMix(h ^ bytes);
}

std::string ExploreResult::summary() const {
  std::string s = std::to_string(outcomes.size()) +
                  (outcomes.size() == 1 ? " distinct result in " : " distinct results in ") +
                  std::to_string(seeds) + (seeds == 1 ? " seed" : " seeds");
  for (size_t i = 0; i < outcomes.size(); ++i) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%shash %016llx x %llu (replay: ASCTWIN_SEED=%llu)",
                  i == 0 ? ": " : ", ", static_cast<unsigned long long>(outcomes[i].hash),
                  static_cast<unsigned long long>(outcomes[i].count),
                  static_cast<unsigned long long>(outcomes[i].firstSeed));
    s += buf;
  }
  return s;
}

ExploreResult explore(uint64_t seeds, uint64_t firstSeed,
                      const std::function<uint64_t(uint64_t seed)>& runOnce) {
  ExploreResult r;
  r.seeds = seeds;
  r.firstSeed = firstSeed;
  std::unordered_map<uint64_t, size_t> index;
  ModeGuard guard;
  for (uint64_t i = 0; i < seeds; ++i) {
    const uint64_t seed = firstSeed + i;
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    const uint64_t h = runOnce(seed);
    auto [it, fresh] = index.emplace(h, r.outcomes.size());
    if (fresh) {
      r.outcomes.push_back(ExploreOutcome{h, 1, seed});
    } else {
      r.outcomes[it->second].count += 1;
    }
  }
  return r;
}

ExploreResult explore(uint64_t seeds, uint64_t firstSeed,
                      const std::function<void(uint64_t seed)>& runOnce,
                      const std::vector<ByteRange>& outputs) {
  return explore(seeds, firstSeed, [&](uint64_t seed) {
    runOnce(seed);
    uint64_t h = 0xCBF29CE484222325ull;
    for (const ByteRange& b : outputs) h = hashBytes(b.data, b.bytes, h);
    return h;
  });
}

}  // namespace asctwin
