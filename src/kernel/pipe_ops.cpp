// TPipe bookkeeping: carving local memory, buffer ids.
#include <atomic>
#include <string>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

constexpr uintptr_t kPipeOwner = 1;

void observeBuffer(CoreState& c, LocalBufferEvent::Kind kind, uintptr_t owner, Space s,
                   uintptr_t addr, uint32_t bytes, const Site& site, uint32_t bufferId = 0) {
  if (__builtin_expect(c.observer == nullptr, 1)) return;
  LocalBufferEvent e;
  e.kind = kind;
  e.owner = owner;
  e.space = s;
  e.addr = addr;
  e.bytes = bytes;
  e.site = site;
  e.bufferId = bufferId;
  c.observer->onLocalBuffer(c, e);
}

}  // namespace

uint32_t carveLocal(Space s, uint32_t bytes, const Site& site, uint32_t bufferId) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.pipes == 0) c.launch->raise(c, site, "InitBuffer needs a live TPipe");
  uint8_t* base = localBase(s);
  const uint32_t size = localSize(s);
  if (base == nullptr)
    c.launch->raise(c, site,
                    std::string(spaceName(s)) + " does not exist on an " +
                        (c.kind == CoreKind::AIV ? "AIV" : "AIC") + " core");
  const uint64_t rounded = (static_cast<uint64_t>(bytes) + 31) / 32 * 32;
  uint32_t& cur = c.cursor[static_cast<int>(s)];
  if (cur + rounded > size)
    c.launch->raise(c, site,
                    "InitBuffer of " + std::to_string(bytes) + " bytes (" +
                        std::to_string(rounded) + " rounded) at " + spaceName(s) + " offset " +
                        std::to_string(cur) + " exceeds the " + std::to_string(size) + "-byte " +
                        spaceName(s),
                    Problem::LocalOverflow);
  const uint32_t at = cur;
  cur += static_cast<uint32_t>(rounded);
  observeBuffer(c, LocalBufferEvent::Kind::Made, kPipeOwner, s,
                reinterpret_cast<uintptr_t>(base) + at, static_cast<uint32_t>(rounded), site,
                bufferId);
  return at;
}

void pipeCreated(void* pipe, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.pipes != 0 && c.pipeObject != pipe)
    c.launch->raise(c, site,
                    "a second TPipe on the same core while the first is live (Destroy the first "
                    "one before creating another)");
  c.pipes = 1;
  c.pipeObject = pipe;
  for (auto& k : c.cursor) k = 0;
  observeBuffer(c, LocalBufferEvent::Kind::OwnerGone, kPipeOwner, Space::UB, 0, 0, site);
}

void pipeDestroyed(void* pipe) {
  if (CoreState* c = currentCoreOrNull()) {
    if (c->pipeObject != pipe) return;  // not the live pipe (already destroyed)
    c->pipes = 0;
    c->pipeObject = nullptr;
    observeBuffer(*c, LocalBufferEvent::Kind::OwnerGone, kPipeOwner, Space::UB, 0, 0, Site{});
  }
}

void pipeReset(const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.pipes == 0) c.launch->raise(c, site, "Reset of a TPipe that is not live");
  for (auto& k : c.cursor) k = 0;
  observeBuffer(c, LocalBufferEvent::Kind::OwnerGone, kPipeOwner, Space::UB, 0, 0, site);
}

void* corePipe() {
  CoreState* c = currentCoreOrNull();
  return c != nullptr ? c->pipeObject : nullptr;
}

void localAllocMade(const void* owner, const LocalRef& r, const Site& site) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  observeBuffer(*c, LocalBufferEvent::Kind::Made, reinterpret_cast<uintptr_t>(owner), r.space,
                reinterpret_cast<uintptr_t>(r.ptr), (r.bytes + 31u) / 32u * 32u, site, r.bufferId);
}

void localAllocGone(const void* owner) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  observeBuffer(*c, LocalBufferEvent::Kind::OwnerGone, reinterpret_cast<uintptr_t>(owner),
                Space::UB, 0, 0, Site{});
}

void localAllocReleased(const void* owner, Space space, uintptr_t addr, uint32_t bytes) {
  CoreState* c = currentCoreOrNull();
  if (c == nullptr) return;
  observeBuffer(*c, LocalBufferEvent::Kind::Released, reinterpret_cast<uintptr_t>(owner), space,
                addr, bytes, Site{});
}

uint32_t newBufferId() {
  static std::atomic<uint32_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace asctwin::kernel
