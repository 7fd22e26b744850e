// Scalar (PIPE_S) accesses: GM through the core's data cache, GM bypassing it,
// and local memory.
#include <atomic>
#include <cstring>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

constexpr uintptr_t kLine = 64;

DataCacheLine& lineFor(CoreState& c, uintptr_t line) {
  auto it = c.dcache.find(line);
  if (it != c.dcache.end()) return it->second;
  DataCacheLine l;
  // Lines never leave the raw allocation: bases are 64-byte aligned and every
  // allocation has at least 64 guard bytes after its 32-byte-rounded end.
  std::memcpy(l.data, reinterpret_cast<const void*>(line), kLine);
  return c.dcache.emplace(line, l).first->second;
}

void checkScalarAlignment(CoreState& c, uintptr_t addr, uint32_t bytes, const Site& site) {
  if (addr % bytes != 0)
    c.launch->raise(c, site,
                    "scalar GM access of " + std::to_string(bytes) + " bytes at " + hex(addr) +
                        " is not aligned to its size",
                    Problem::Misaligned);
}

}  // namespace

void gmScalarRead(const GmRef& ref, void* out, uint32_t bytes, const Site& site) {
  CoreState& c = currentCore();
  checkGm(c, ref, bytes, site, "GetValue");
  checkScalarAlignment(c, ref.addr, bytes, site);
  c.launch->pollPoint(c, site, ref.addr);
  observeScalarGm(c, ref.addr, bytes, false, false, site);
  DataCacheLine& l = lineFor(c, ref.addr & ~(kLine - 1));
  std::memcpy(out, l.data + (ref.addr & (kLine - 1)), bytes);
}

namespace {
// A scalar write of `bytes` at ref.addr: the checks, the observation, then
// `store` on the bytes in this core's data cache line.
template <typename Store>
void cachedWrite(const GmRef& ref, uint32_t bytes, const Site& site, Store&& store) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  checkGm(c, ref, bytes, site, "SetValue");
  checkScalarAlignment(c, ref.addr, bytes, site);
  c.launch->schedPoint(c);
  observeScalarGm(c, ref.addr, bytes, true, false, site);
  // This core's own next read of the address sees something new.
  std::erase(c.pollAddrs, ref.addr);
  DataCacheLine& l = lineFor(c, ref.addr & ~(kLine - 1));
  const uintptr_t off = ref.addr & (kLine - 1);
  store(l.data + off);
  for (uint32_t i = 0; i < bytes; ++i) l.dirty |= 1ull << (off + i);
}
}  // namespace

void gmScalarWrite(const GmRef& ref, const void* in, uint32_t bytes, const Site& site) {
  cachedWrite(ref, bytes, site, [&](uint8_t* at) { std::memcpy(at, in, bytes); });
}

void gmScalarWriteBits(const GmRef& ref, uint8_t mask, uint8_t bits, const Site& site) {
  cachedWrite(ref, 1, site,
              [&](uint8_t* at) { *at = static_cast<uint8_t>((*at & ~mask) | (bits & mask)); });
}

void dcacheCleanInvalidate(const GmRef& ref, bool entireCache, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  c.launch->schedPoint(c);
  observeSync(c, SyncKind::DataCacheClean, site, PIPE_S, AscendC::HardEvent::MAX,
              static_cast<int64_t>(ref.addr), entireCache ? 1 : 0);

  auto writeBack = [&](uintptr_t line, DataCacheLine& l) {
    if (l.dirty == 0) return;
    auto* gm = reinterpret_cast<uint8_t*>(line);
    for (uintptr_t i = 0; i < kLine; ++i)
      if (l.dirty & (1ull << i)) __atomic_store_n(gm + i, l.data[i], __ATOMIC_SEQ_CST);
    c.launch->noteProgress();
  };
  if (entireCache) {
    for (auto& [line, l] : c.dcache) writeBack(line, l);
    c.dcache.clear();
    return;
  }
  if (ref.addr == 0) c.launch->raise(c, site, "GM address is null");
  const uintptr_t line = ref.addr & ~(kLine - 1);
  noteSyncProtocolLine(c, line, kLine);
  auto it = c.dcache.find(line);
  if (it != c.dcache.end()) {
    writeBack(line, it->second);
    c.dcache.erase(it);
  }
}

void gmBypassRead(uintptr_t addr, void* out, uint32_t bytes, const Site& site) {
  CoreState& c = currentCore();
  checkGm(c, GmRef{addr, UINT64_MAX}, bytes, site, "ReadGmByPassDCache");
  checkScalarAlignment(c, addr, bytes, site);
  c.launch->pollPoint(c, site, addr);
  observeScalarGm(c, addr, bytes, false, true, site);
  switch (bytes) {
    case 1:
      *static_cast<uint8_t*>(out) =
          __atomic_load_n(reinterpret_cast<uint8_t*>(addr), __ATOMIC_SEQ_CST);
      break;
    case 2:
      *static_cast<uint16_t*>(out) =
          __atomic_load_n(reinterpret_cast<uint16_t*>(addr), __ATOMIC_SEQ_CST);
      break;
    case 4:
      *static_cast<uint32_t*>(out) =
          __atomic_load_n(reinterpret_cast<uint32_t*>(addr), __ATOMIC_SEQ_CST);
      break;
    default:
      *static_cast<uint64_t*>(out) =
          __atomic_load_n(reinterpret_cast<uint64_t*>(addr), __ATOMIC_SEQ_CST);
      break;
  }
}

void gmBypassWrite(uintptr_t addr, const void* in, uint32_t bytes, const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  checkGm(c, GmRef{addr, UINT64_MAX}, bytes, site, "WriteGmByPassDCache");
  checkScalarAlignment(c, addr, bytes, site);
  c.launch->schedPoint(c);
  observeScalarGm(c, addr, bytes, true, true, site);
  switch (bytes) {
    case 1:
      __atomic_store_n(reinterpret_cast<uint8_t*>(addr), *static_cast<const uint8_t*>(in),
                       __ATOMIC_SEQ_CST);
      break;
    case 2:
      __atomic_store_n(reinterpret_cast<uint16_t*>(addr), *static_cast<const uint16_t*>(in),
                       __ATOMIC_SEQ_CST);
      break;
    case 4:
      __atomic_store_n(reinterpret_cast<uint32_t*>(addr), *static_cast<const uint32_t*>(in),
                       __ATOMIC_SEQ_CST);
      break;
    default:
      __atomic_store_n(reinterpret_cast<uint64_t*>(addr), *static_cast<const uint64_t*>(in),
                       __ATOMIC_SEQ_CST);
      break;
  }
  c.launch->noteProgress();
}

void localScalarAccess(const LocalRef& ref, uint64_t index, uint32_t elemSize, bool write,
                       const Site& site) {
  CoreState& c = currentCore();
  c.launch->checkAbort();
  uint8_t* base = localBase(ref.space);
  const uint32_t size = localSize(ref.space);
  const uint64_t at = static_cast<uint64_t>(ref.ptr - base) + index * elemSize;
  if (base == nullptr || ref.ptr < base || at + elemSize > size)
    c.launch->raise(c, site,
                    std::string(write ? "SetValue" : "GetValue") + " index " +
                        std::to_string(index) + " is outside this core's " + spaceName(ref.space),
                    Problem::LocalOverflow);
  if (c.hooks & kHookLocalWatch)
    checkScalarLocalWatch(c, ref.space, reinterpret_cast<uintptr_t>(base + at), elemSize, write,
                          site);
  // The compiler orders scalar accesses to local memory against the pipes:
  // check mode first completes the pending instructions on those bytes.
  if (c.hooks & kHookCheck)
    checkDrainLocal(c, reinterpret_cast<uintptr_t>(base + at), elemSize, write);
  if (c.observer != nullptr)
    c.observer->onScalarLocal(
        c, ScalarLocalAccess{ref.space, reinterpret_cast<uintptr_t>(base + at), elemSize, write,
                             site});
}

}  // namespace asctwin::kernel
