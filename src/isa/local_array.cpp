// Arrays declared in a core's local memory by kernel code
// (asctwin/capi/local_array.h): each declaration gets its place on the
// core the first time the core executes it, after the arrays placed before,
// and keeps it for the launch.
#include <atomic>
#include <string>

#include "asctwin/capi/local_array.h"
#include "kernel/core_state.h"

namespace asctwin::capi {

namespace {
std::atomic<uint32_t> gSites{0};

// Local arrays are aligned as every vector and DMA operand must be.
constexpr uint32_t kArrayAlign = 32;
}  // namespace

uint32_t newLocalArraySite() {
  return gSites.fetch_add(1, std::memory_order_relaxed);
}

static_assert(static_cast<int>(LocalSpace::UB) == static_cast<int>(kernel::Space::UB) &&
              static_cast<int>(LocalSpace::FB) == static_cast<int>(kernel::Space::FB));

void* localArrayAddress(LocalSpace local, uint32_t site, std::size_t bytes, const char* name,
                        const char* file, uint32_t line) {
  const auto space = static_cast<kernel::Space>(local);
  kernel::CoreState& c = kernel::currentCore();
  c.launch->checkAbort();
  const kernel::Site where{name, file, line};
  uint8_t* base = kernel::localBase(space);
  if (base == nullptr) {
    c.launch->raise(c, where,
                    std::string("local array '") + name + "': " + kernel::spaceName(space) +
                        " does not exist on an " +
                        (c.kind == kernel::CoreKind::AIV ? "AIV" : "AIC") + " core");
  }
  std::vector<uint32_t>& offsets = c.localArrayOffsets;
  if (site < offsets.size() && offsets[site] != 0) return base + (offsets[site] - 1);

  const uint32_t size = kernel::localSize(space);
  uint32_t& end = c.localArrayEnd[static_cast<int>(space)];
  const uint64_t at = (static_cast<uint64_t>(end) + kArrayAlign - 1) / kArrayAlign * kArrayAlign;
  if (at + bytes > size) {
    c.launch->raise(c, where,
                    std::string("local array '") + name + "' of " + std::to_string(bytes) +
                        " bytes at " + kernel::spaceName(space) + " offset " + std::to_string(at) +
                        " exceeds the " + std::to_string(size) + "-byte " +
                        kernel::spaceName(space) + " (the arrays this core declared before take " +
                        std::to_string(end) + " bytes)",
                    kernel::Problem::LocalOverflow);
  }
  if (site >= offsets.size()) offsets.resize(site + 1, 0);
  offsets[site] = static_cast<uint32_t>(at) + 1;
  end = static_cast<uint32_t>(at + bytes);
  return base + at;
}

}  // namespace asctwin::capi
