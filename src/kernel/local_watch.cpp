// CheckLocalMemoryIA's watches of UB accesses (local_watch.h). A DATA_EXP
// register holds, as dav_c220's CheckLocalMemoryIAImpl packs it, the start
// [63:48] and end [47:32] of the range in 32-byte units, the kinds it
// watches (scalar read [31], scalar write [30], vector read [29], vector
// write [28], MTE read [27], MTE write [26]) and enable [0]. The reference's
// range is (startAddr, endAddr]: the 32-byte blocks b with start < b <= end,
// i.e. UB bytes [(start + 1) * 32, (end + 1) * 32).
#include "kernel/local_watch.h"

#include <iterator>
#include <string>

#include "kernel/instr.h"

namespace asctwin::kernel {
namespace {

enum class Unit : uint8_t { Scalar, Vector, Mte };

const char* unitName(Unit u) {
  return u == Unit::Scalar ? "scalar" : u == Unit::Vector ? "vector" : "MTE";
}

// The watch bit of an access kind.
uint64_t kindBit(Unit u, bool write) {
  const int readBit = u == Unit::Scalar ? 31 : u == Unit::Vector ? 29 : 27;
  return uint64_t{1} << (write ? readBit - 1 : readBit);
}

struct Watch {
  uint64_t lo = 0, hi = 0;  // watched UB bytes [lo, hi)
  uint32_t start = 0, end = 0;
};
Watch watchOf(uint64_t cfg) {
  Watch w;
  w.start = static_cast<uint32_t>(cfg >> 48);
  w.end = static_cast<uint32_t>((cfg >> 32) & 0xFFFFu);
  w.lo = (uint64_t{w.start} + 1) * 32;
  w.hi = (uint64_t{w.end} + 1) * 32;
  return w;
}

// Fails when UB bytes [lo, hi) (offsets) accessed by `u` hit a watch.
void checkRange(CoreState& c, Unit u, bool write, uint64_t lo, uint64_t hi, const Site& site) {
  for (uint32_t i = 0; i < std::size(c.regs.dataExp); ++i) {
    const uint64_t cfg = c.regs.dataExp[i];
    if ((cfg & 1u) == 0 || (cfg & kindBit(u, write)) == 0) continue;
    const Watch w = watchOf(cfg);
    if (hi <= w.lo || lo >= w.hi) continue;
    c.launch->raise(c, site,
                    std::string("CheckLocalMemoryIA: a ") + unitName(u) +
                        (write ? " write" : " read") + " of UB bytes [" + std::to_string(lo) +
                        ", " + std::to_string(hi) + ") hits the range (startAddr " +
                        std::to_string(w.start) + ", endAddr " + std::to_string(w.end) +
                        "] (32-byte units: UB bytes [" + std::to_string(w.lo) + ", " +
                        std::to_string(w.hi) + ")) watched by exception register " +
                        std::to_string(i) + " (a vector core exception on hardware)");
  }
}

Unit unitOf(pipe_t p) {
  if (p == PIPE_V) return Unit::Vector;
  if (p == PIPE_S) return Unit::Scalar;
  return Unit::Mte;
}

}  // namespace

void updateLocalWatch(CoreState& c) {
  bool any = false;
  for (uint64_t cfg : c.regs.dataExp) any = any || (cfg & 1u) != 0;
  c.hooks = static_cast<uint8_t>(any ? c.hooks | kHookLocalWatch : c.hooks & ~kHookLocalWatch);
}

void checkLocalWatch(CoreState& c, const Instr& in) {
  if (c.ub == nullptr) return;
  const auto base = reinterpret_cast<uintptr_t>(c.ub);
  const Unit u = unitOf(in.pipe);
  for (uint8_t k = 0; k < in.accessCount; ++k) {
    const Access& a = in.acc[k];
    // Only exact accesses: a superset (Gather's source) is no access.
    if (a.space != Space::UB || !a.exact || a.addr < base) continue;
    const uint64_t off = a.addr - base;
    if (a.runs) {
      for (const Run& r : *a.runs)
        checkRange(c, u, a.write, off + r.offset, off + r.offset + r.bytes, in.site);
      continue;
    }
    for (uint32_t b = 0; b < a.blockCount; ++b) {
      const uint64_t lo = off + uint64_t{b} * a.strideBytes;
      checkRange(c, u, a.write, lo, lo + a.blockBytes, in.site);
    }
  }
}

void checkScalarLocalWatch(CoreState& c, Space space, uintptr_t addr, uint32_t bytes, bool write,
                           const Site& site) {
  const auto base = reinterpret_cast<uintptr_t>(c.ub);
  if (space != Space::UB || c.ub == nullptr || addr < base) return;
  checkRange(c, Unit::Scalar, write, addr - base, addr - base + bytes, site);
}

}  // namespace asctwin::kernel
