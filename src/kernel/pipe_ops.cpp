// TPipe bookkeeping: carving local memory, buffer ids.
#include <atomic>
#include <string>

#include "kernel/instr.h"

namespace asctwin::kernel {

uint32_t carveLocal(Space s, uint32_t bytes, const Site& site) {
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
                        spaceName(s));
  const uint32_t at = cur;
  cur += static_cast<uint32_t>(rounded);
  return at;
}

void pipeCreated(const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.pipes != 0)
    c.launch->raise(c, site, "a second TPipe on the same core (only one may be live)");
  c.pipes = 1;
  for (auto& k : c.cursor) k = 0;
}

void pipeDestroyed() {
  if (CoreState* c = currentCoreOrNull()) c->pipes = 0;
}

void pipeReset(const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  if (c.pipes == 0) c.launch->raise(c, site, "Reset of a TPipe that is not live");
  for (auto& k : c.cursor) k = 0;
}

uint32_t newBufferId() {
  static std::atomic<uint32_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace asctwin::kernel
