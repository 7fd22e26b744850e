#include "kernel/block_locals.h"

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>

#include "kernel/core_state.h"

namespace asctwin::kernel {
namespace {

struct Entry {
  BlockLocalAddress address;
  size_t bytes;
  size_t offset;  // in BlockLocalValues::bytes and Registry::initial
};

// The registered variables as one immutable list: a registration publishes a
// new list and keeps the old ones (a switch on another thread may still read
// one; registrations are a few dozen per program).
struct Registry {
  std::vector<Entry> entries;
  std::vector<uint8_t> initial;  // every variable's value at its registration
};

std::mutex gMu;
std::atomic<const Registry*> gRegistry{nullptr};
std::vector<std::unique_ptr<Registry>>& registries() {
  static auto* all = new std::vector<std::unique_ptr<Registry>>();  // never freed: see Registry
  return *all;
}

// The calling thread's view: its instances' addresses under one registry,
// and which block's values they hold now (restored by this thread, not yet
// saved) and of how many variables.
struct ThreadView {
  const Registry* registry = nullptr;
  std::vector<void*> addresses;
  const CoreState* owner = nullptr;
  size_t restored = 0;
};
thread_local ThreadView tView;

void refresh(ThreadView& t, const Registry* r) {
  t.addresses.resize(r->entries.size());
  for (size_t i = 0; i < r->entries.size(); ++i) t.addresses[i] = r->entries[i].address();
  t.registry = r;
}

void save(CoreState& c, ThreadView& t) {
  if (t.owner != &c) return;  // its values never reached this thread (none were registered then)
  const std::vector<Entry>& e = t.registry->entries;
  if (t.restored == 0) return;
  std::vector<uint8_t>& v = c.blockLocals.bytes;
  const Entry& last = e[t.restored - 1];
  if (v.size() < last.offset + last.bytes) v.resize(last.offset + last.bytes);
  for (size_t i = 0; i < t.restored; ++i)
    std::memcpy(v.data() + e[i].offset, t.addresses[i], e[i].bytes);
}

void restore(CoreState& c, ThreadView& t) {
  const Registry& r = *t.registry;
  std::vector<uint8_t>& v = c.blockLocals.bytes;
  if (v.size() < r.initial.size())
    v.insert(v.end(), r.initial.begin() + static_cast<ptrdiff_t>(v.size()), r.initial.end());
  for (size_t i = 0; i < r.entries.size(); ++i)
    std::memcpy(t.addresses[i], v.data() + r.entries[i].offset, r.entries[i].bytes);
  t.owner = &c;
  t.restored = r.entries.size();
}

}  // namespace

bool addBlockLocal(BlockLocalAddress address, size_t bytes) {
  void* mine = address();
  std::lock_guard lock(gMu);
  const Registry* old = gRegistry.load(std::memory_order_relaxed);
  auto next = std::make_unique<Registry>();
  if (old != nullptr) {
    for (const Entry& e : old->entries)
      if (e.address() == mine) return false;
    *next = *old;
  }
  next->entries.push_back(Entry{address, bytes, next->initial.size()});
  const auto* value = static_cast<const uint8_t*>(mine);
  next->initial.insert(next->initial.end(), value, value + bytes);
  gRegistry.store(next.get(), std::memory_order_release);
  registries().push_back(std::move(next));
  return true;
}

size_t blockLocalCount() {
  const Registry* r = gRegistry.load(std::memory_order_acquire);
  return r == nullptr ? 0 : r->entries.size();
}

void switchBlockLocals(CoreState* from, CoreState* to) {
  const Registry* r = gRegistry.load(std::memory_order_acquire);
  if (r == nullptr) return;
  ThreadView& t = tView;
  if (from != nullptr) save(*from, t);
  t.owner = nullptr;
  t.restored = 0;
  if (t.registry != r) refresh(t, r);
  if (to != nullptr) restore(*to, t);
}

}  // namespace asctwin::kernel
