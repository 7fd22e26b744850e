#include "devkit/core_store.h"

#include "asctwin/devkit/devkit_prelude.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "kernel/core_state.h"

namespace asctwin::devkit {
namespace {

std::mutex gMu;
std::unordered_map<const kernel::CoreState*, std::unique_ptr<DevkitCore>> gRecords;
// Bumped whenever a record goes: a thread's cached record is valid while the
// generation it was read under is current.
std::atomic<uint64_t> gGeneration{1};

struct Cache {
  const kernel::CoreState* core = nullptr;
  uint64_t generation = 0;
  DevkitCore* record = nullptr;
};
thread_local Cache tCache;

DevkitCore* lookupLocked(const kernel::CoreState& c) {
  auto it = gRecords.find(&c);
  DevkitCore* r = it == gRecords.end() ? nullptr : it->second.get();
  if (r != nullptr && r->launch == c.launch && r->blockIdx == c.blockIdx) return r;
  auto fresh = std::make_unique<DevkitCore>();
  fresh->core = &c;
  fresh->launch = c.launch;
  fresh->blockIdx = c.blockIdx;
  fresh->coreType = c.kind == kernel::CoreKind::AIC ? 1 : 2;  // AscendC::AIC / AIV
  fresh->taskRation = c.taskRation;
  fresh->tilingKey = c.launch != nullptr ? c.launch->options().tilingKey : 0;
  r = fresh.get();
  gRecords[&c] = std::move(fresh);
  gGeneration.fetch_add(1, std::memory_order_relaxed);
  return r;
}

}  // namespace

DevkitCore& currentDevkitCore() {
  kernel::CoreState& c = kernel::currentCore();
  const uint64_t gen = gGeneration.load(std::memory_order_relaxed);
  if (tCache.core == &c && tCache.generation == gen && tCache.record->launch == c.launch &&
      tCache.record->blockIdx == c.blockIdx)
    return *tCache.record;
  std::lock_guard lock(gMu);
  DevkitCore* r = lookupLocked(c);
  tCache = {&c, gGeneration.load(std::memory_order_relaxed), r};
  return *r;
}

void endDevkitBlock() {
  kernel::CoreState* c = kernel::currentCoreOrNull();
  if (c == nullptr) return;
  std::lock_guard lock(gMu);
  gRecords.erase(c);
  gGeneration.fetch_add(1, std::memory_order_relaxed);
  tCache = {};
}

}  // namespace asctwin::devkit

namespace asctwin::devkit {
void beginDevkitBlock() {
  endDevkitBlock();  // a record left by an earlier block of this core object
  (void)currentDevkitCore();
}
void finishDevkitBlock() {
  endDevkitBlock();
}
}  // namespace asctwin::devkit
