// The memory rules: every access carried out is compared with the shadow
// state of its bytes (races, atomics, initialisation), then recorded.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checker/finding_store.h"
#include "checker/launch_state.h"
#include "device/allocator.h"

namespace asctwin::checker {
namespace {

using kernel::AtomicOp;
using kernel::DType;

using kernel::pipeName;

bool floatType(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 || t == DType::F64;
}

std::string bytesText(kernel::Space s, uintptr_t lo, uintptr_t hi) {
  return std::string(kernel::spaceName(s)) + " bytes [" + kernel::hex(lo) + ", " + kernel::hex(hi) +
         ")";
}

// Whether some word of GM [lo, hi) was written by nobody since its
// allocation (the allocator's record; bytes outside allocations count as
// written).
bool neverWrittenGm(uintptr_t lo, uintptr_t hi) {
  return device::DeviceMemory::instance()
             .unwritten(reinterpret_cast<const void*>(lo), hi - lo)
             .bytes != 0;
}

void keepLatest(std::vector<Acc>& v, const Acc& a) {
  for (Acc& x : v) {
    if (x.e.tid == a.e.tid) {
      x = a;
      return;
    }
  }
  v.push_back(a);
}

// Calls f(lo, hi) for each byte run of an operand: its explicit runs, or its
// blocks (one run when they are contiguous).
template <typename F>
void forEachRun(const kernel::Access& a, F&& f) {
  if (a.runs) {
    for (const kernel::Run& r : *a.runs) f(a.addr + r.offset, a.addr + r.offset + r.bytes);
  } else if (a.blockCount == 1 || a.strideBytes == a.blockBytes) {
    f(a.addr, a.addr + a.extent());
  } else {
    for (uint32_t b = 0; b < a.blockCount; ++b)
      f(a.addr + b * a.strideBytes, a.addr + b * a.strideBytes + a.blockBytes);
  }
}

}  // namespace

Site LaunchState::publicSite(uint32_t id) const {
  const SiteInfo& s = sites_[id];
  Site out;
  out.block = static_cast<int>(identity_[s.core].first);
  out.core = identity_[s.core].second == kernel::CoreKind::AIV ? "AIV" : "AIC";
  out.pipe = pipeName(s.pipe);
  out.api = s.api ? s.api : "";
  out.file = s.file ? s.file : "";
  out.line = static_cast<int>(s.line);
  return out;
}

Site LaunchState::publicSite(const kernel::CoreState* c, pipe_t pipe, const kernel::Site& s) const {
  Site out;
  if (c != nullptr) {
    out.block = static_cast<int>(c->blockIdx);
    out.core = c->kind == kernel::CoreKind::AIV ? "AIV" : "AIC";
  }
  out.pipe = pipe < PIPE_COUNT_ ? pipeName(pipe) : "";
  out.api = s.api ? s.api : "";
  out.file = s.file ? s.file : "";
  out.line = static_cast<int>(s.line);
  return out;
}

void LaunchState::report(Kind kind, std::string message, uint32_t first, const uint32_t* second) {
  Finding f = findingOf(kind);
  f.kernel = kernel_;
  f.message = std::move(message);
  f.first = publicSite(first);
  if (second != nullptr) f.second = publicSite(*second);
  f.firstSeed = seed_;
  report_(std::move(f));
}

// At issue (program order): whether the instruction uses a tensor of a
// buffer that a TPipe::Reset released and a newer buffer overlaps.
void LaunchState::checkReleasedBuffers(const kernel::CoreState& c, const kernel::Instr& in) {
  CoreHb& k = cores_[c.index];
  if (!k.shadowed.empty() && (tools_ & memcheck)) {
    for (uint32_t id : in.buffers) {
      if (id == 0) continue;
      auto s = k.shadowed.find(id);
      if (s == k.shadowed.end()) continue;
      report(Kind::BufferOverlap,
             "a tensor of a buffer released by TPipe::Reset is used after a newer buffer took its "
             "bytes",
             s->second.first, &s->second.second);
    }
  }
}

void LaunchState::execute(const kernel::CoreState& c, const kernel::Instr& in) {
  auto it = issued_.find((static_cast<uint64_t>(c.index) << 40) | in.seq);
  if (it == issued_.end()) return;
  const IssuedInstr who = std::move(it->second);
  issued_.erase(it);
  const uint32_t serial = ++serial_;
  // Reads first: an instruction that reads and writes the same bytes (an
  // in-place vector operation) reads the old contents.
  for (uint8_t i = 0; i < in.accessCount; ++i) {
    if (in.acc[i].write) continue;
    if (in.acc[i].syncFlag && in.acc[i].space == kernel::Space::GM)
      flagCopy(c.index, in.acc[i], who, AtomicOp::None);
    else
      access(c.index, in.acc[i], who, serial, AtomicOp::None, in.atomicType);
  }
  for (uint8_t i = 0; i < in.accessCount; ++i) {
    if (!in.acc[i].write) continue;
    const AtomicOp op = in.acc[i].space == kernel::Space::GM ? in.atomicOp : AtomicOp::None;
    if (in.acc[i].syncFlag && in.acc[i].space == kernel::Space::GM)
      flagCopy(c.index, in.acc[i], who, op);
    else
      access(c.index, in.acc[i], who, serial, op, in.atomicType);
  }
}

// The GM side of a copy inside a flag protocol (kernel/sync_protocol.cpp):
// flag words are synchronisation, compared with nothing. A read takes in
// what the words' writers released (the protocol's end acquires it) and
// must find bytes somebody wrote; a write releases what its pipe had issued,
// with what the protocol read before it, to the cores that acquire the
// words later (an atomic update adds its release to the word's earlier
// ones: every core that added is seen by the reader of the sum).
void LaunchState::flagCopy(uint32_t core, const kernel::Access& a, const IssuedInstr& who,
                           AtomicOp op) {
  CoreHb& k = cores_[core];
  if (a.blockCount == 0 || a.blockBytes == 0 || !a.exact) return;
  std::vector<std::pair<uintptr_t, uintptr_t>> ranges;
  forEachRun(a, [&](uintptr_t lo, uintptr_t hi) { ranges.emplace_back(lo, hi); });
  if (!a.write) {
    for (const auto& [lo, hi] : ranges)
      for (uintptr_t w = lo & ~uintptr_t{3}; w < hi; w += 4) {
        auto it = flagWords_.find(w);
        if (it != flagWords_.end()) k.protocolAcquired.join(*it->second);
      }
    if (!(tools_ & initcheck)) return;
    for (const auto& [lo, hi] : ranges)
      if (neverWrittenGm(lo, hi))
        report(Kind::UninitGmRead,
               "read of " + bytesText(a.space, lo, hi) +
                   " that neither the host nor a kernel wrote since it was allocated",
               who.site, nullptr);
    return;
  }
  auto mine = std::make_shared<VectorClock>(*who.clock);
  mine->join(k.protocolAcquired);
  mine->set(who.epoch.tid, std::max((*mine)[who.epoch.tid], who.epoch.clk));
  ClockRef release = mine;
  // Words sharing one earlier release share the joined one too.
  std::unordered_map<const VectorClock*, ClockRef> joined;
  for (const auto& [lo, hi] : ranges) {
    device::DeviceMemory::instance().markWritten(reinterpret_cast<const void*>(lo), hi - lo);
    for (uintptr_t w = lo & ~uintptr_t{3}; w < hi; w += 4) {
      ClockRef& slot = flagWords_[w];
      if (op == AtomicOp::None || !slot) {
        slot = release;
        continue;
      }
      ClockRef& j = joined[slot.get()];
      if (!j) {
        auto sum = std::make_shared<VectorClock>(*slot);
        sum->join(*release);
        j = std::move(sum);
      }
      slot = j;
    }
  }
}

void LaunchState::access(uint32_t core, const kernel::Access& a, const IssuedInstr& who,
                         uint32_t serial, AtomicOp op, DType type) {
  // A conservative superset would report bytes the instruction never touches.
  if (a.blockCount == 0 || a.blockBytes == 0 || !a.exact) return;
  if (a.syncFlag) {
    scratchAccess(a);
    return;
  }
  // The exact bytes of an irregular pattern (masked lanes, cube fractals),
  // or the blocks.
  forEachRun(a, [&](uintptr_t lo, uintptr_t hi) {
    accessRange(core, a.space, lo, hi, a.write, a.copiesPadding, who, serial, op, type);
  });
}

// The local side of a flag copy: the protocol's scratch, which its library
// code orders with flags of its own (Huawei's IBWait polls without the
// S_MTE2 flag a user's spin needs, and its GroupBarrier copies words it
// never set into flag lines nobody reads): neither raced nor required to be
// written; what it writes counts as written for later reads.
void LaunchState::scratchAccess(const kernel::Access& a) {
  if (!a.write) return;
  forEachRun(a, [&](uintptr_t lo, uintptr_t hi) {
    shadow_.forRange(lo, hi, [](Cell& cell, uintptr_t, uintptr_t) { cell.init = true; });
  });
}

void LaunchState::accessRange(uint32_t core, kernel::Space space, uintptr_t lo, uintptr_t hi,
                              bool write, bool copiesPadding, const IssuedInstr& who,
                              uint32_t serial, AtomicOp op, DType type) {
  const bool gm = space == kernel::Space::GM;
  const Tid me = who.epoch.tid;
  const bool scalar = pipeOf(me) == PIPE_S;
  const VectorClock& vc = *who.clock;
  const Acc mine{who.epoch, who.site, serial};
  // One finding per (kind, other site) per access, however many cells.
  std::vector<std::pair<Kind, uint32_t>> done;
  auto conflict = [&](Kind kind, const Acc& prior, uintptr_t clo, uintptr_t chi, const char* what) {
    for (auto& d : done)
      if (d.first == kind && d.second == prior.site) return;
    done.emplace_back(kind, prior.site);
    report(kind,
           std::string(what) + " on " + bytesText(space, clo, chi) +
               " are not ordered by any "
               "synchronisation",
           prior.site, &who.site);
  };
  auto raceKind = [&](const Acc& prior) {
    return coreOf(prior.e.tid) == core ? Kind::RaceSameCore : Kind::RaceCrossCore;
  };
  // Scalar accesses to GM among themselves are synchronisation (flags), not races.
  auto unordered = [&](const Acc& prior) {
    if (prior.e.clk == 0 || prior.serial == serial) return false;
    if (scalar && pipeOf(prior.e.tid) == PIPE_S) return false;
    return !ordered(prior.e, me, vc);
  };
  const bool race = (tools_ & racecheck) != 0;
  const bool det = (tools_ & detcheck) != 0;
  bool uninitUb = false;
  bool anyInit = false;

  if (!write) {
    shadow_.forRange(lo, hi, [&](Cell& cell, uintptr_t clo, uintptr_t chi) {
      if (race && unordered(cell.write))
        conflict(raceKind(cell.write), cell.write, clo, chi, "a write and a later read");
      if (race)
        for (const Acc& x : cell.atoms)
          if (unordered(x)) conflict(raceKind(x), x, clo, chi, "an atomic write and a read");
      if (!gm && !cell.init) uninitUb = true;
      if (cell.init) anyInit = true;
      keepLatest(cell.reads, mine);
    });
    if ((tools_ & initcheck) && gm && neverWrittenGm(lo, hi)) {
      report(Kind::UninitGmRead,
             "read of " + bytesText(space, lo, hi) +
                 " that neither the host nor a kernel wrote since it was allocated",
             who.site, nullptr);
    }
    if ((tools_ & initcheck) && uninitUb && !(copiesPadding && anyInit))
      report(Kind::UninitUbRead,
             "read of " + bytesText(space, lo, hi) + " not all written in this launch", who.site,
             nullptr);
    return;
  }

  if (op != AtomicOp::None) {
    // An atomic update combines with what GM holds: onto bytes nobody wrote
    // it combines with garbage (the real runtime does not clear fresh device
    // memory).
    if ((tools_ & initcheck) && gm && neverWrittenGm(lo, hi))
      report(Kind::UninitGmAtomic,
             "atomic update of " + bytesText(space, lo, hi) +
                 " that neither the host nor a kernel wrote since it was allocated",
             who.site, nullptr);
    shadow_.forRange(lo, hi, [&](Cell& cell, uintptr_t clo, uintptr_t chi) {
      if (det && unordered(cell.write))
        conflict(Kind::PlainWriteVsAtomic, cell.write, clo, chi,
                 "a plain write and an atomic update");
      if (race)
        for (const Acc& x : cell.reads)
          if (unordered(x)) conflict(raceKind(x), x, clo, chi, "a read and an atomic write");
      const bool floatAdd = op == AtomicOp::Add && floatType(type);
      if (det && floatAdd)
        for (const Acc& x : cell.atoms)
          if (unordered(x) && cell.atomicOp == static_cast<uint8_t>(AtomicOp::Add))
            conflict(Kind::UnorderedAtomics, x, clo, chi,
                     "two float atomic additions (their rounding depends on the order)");
      keepLatest(cell.atoms, mine);
      cell.atomicOp = static_cast<uint8_t>(op);
      cell.atomicType = static_cast<uint8_t>(type);
      cell.init = true;
    });
  } else {
    shadow_.forRange(lo, hi, [&](Cell& cell, uintptr_t clo, uintptr_t chi) {
      if (race && unordered(cell.write))
        conflict(raceKind(cell.write), cell.write, clo, chi, "two writes");
      if (race)
        for (const Acc& x : cell.reads)
          if (unordered(x)) conflict(raceKind(x), x, clo, chi, "a read and a later write");
      if (det)
        for (const Acc& x : cell.atoms)
          if (unordered(x))
            conflict(Kind::PlainWriteVsAtomic, x, clo, chi, "an atomic update and a plain write");
    });
    Cell fresh;
    fresh.write = mine;
    fresh.init = true;
    shadow_.replace(lo, hi, std::move(fresh));
  }
  if (gm) device::DeviceMemory::instance().markWritten(reinterpret_cast<const void*>(lo), hi - lo);
}

void LaunchState::scalarGm(const kernel::CoreState& c, const kernel::ScalarGmAccess& a) {
  const uint32_t core = c.index;
  CoreHb& k = cores_[core];
  const Tid t = tidOf(core, PIPE_S);
  IssuedInstr who;
  who.epoch = Epoch{t, ++k.seg[PIPE_S]};
  who.site = siteId(core, PIPE_S, a.site);
  if (!a.write) {
    // Acquire what the write this read observes released.
    auto it = flagWords_.find(a.addr);
    if (it != flagWords_.end()) k.pipe[PIPE_S].join(*it->second);
  }
  who.clock = k.pipe[PIPE_S].get();
  if (tools_ & (racecheck | detcheck | initcheck)) {
    kernel::Access acc;
    acc.space = kernel::Space::GM;
    acc.write = a.write;
    acc.addr = a.addr;
    acc.blockBytes = a.bytes;
    access(core, acc, who, ++serial_, AtomicOp::None, DType::U8);
  }
  if (a.write) {
    if (a.bypass) {
      auto r = std::make_shared<VectorClock>(*k.pipe[PIPE_S]);
      r->set(t, who.epoch.clk);
      flagWords_[a.addr] = std::move(r);
    } else {
      k.cachedWrites.push_back(a.addr);
    }
  }
}

void LaunchState::scalarLocal(const kernel::CoreState& c, const kernel::ScalarLocalAccess& a) {
  // The compiler orders scalar local accesses against the pipes (check mode
  // drains the conflicting instructions first): only initialisation matters.
  if (!(tools_ & initcheck) && !a.write) return;
  bool uninit = false;
  shadow_.forRange(a.addr, a.addr + a.bytes, [&](Cell& cell, uintptr_t, uintptr_t) {
    if (a.write) {
      cell.init = true;
    } else if (!cell.init) {
      uninit = true;
    }
  });
  if (uninit && (tools_ & initcheck)) {
    const uint32_t site = siteId(c.index, PIPE_S, a.site);
    report(Kind::UninitUbRead,
           "scalar read of " + bytesText(a.space, a.addr, a.addr + a.bytes) +
               " not written in this launch",
           site, nullptr);
  }
}

void LaunchState::localBuffer(const kernel::CoreState& c, const kernel::LocalBufferEvent& e) {
  CoreHb& k = cores_[c.index];
  if (e.kind == kernel::LocalBufferEvent::Kind::Released) {
    for (LiveBuffer& b : k.buffers)
      if (b.owner == e.owner && b.lo < e.addr + e.bytes && e.addr < b.hi) b.released = true;
    return;
  }
  if (e.kind == kernel::LocalBufferEvent::Kind::OwnerGone) {
    // A TPipe's buffers stay known as released (their tensors may still be
    // used by mistake); an allocator's go away with it.
    for (LiveBuffer& b : k.buffers)
      if (b.owner == e.owner) b.released = true;
    if (e.owner != 1)
      std::erase_if(k.buffers, [&](const LiveBuffer& b) { return b.owner == e.owner; });
    return;
  }
  const uint32_t site = siteId(c.index, PIPE_S, e.site);
  const uintptr_t lo = e.addr, hi = e.addr + e.bytes;
  bool reported = false;
  for (const LiveBuffer& b : k.buffers) {
    if (b.hi <= lo || hi <= b.lo) continue;
    if (b.released) {
      k.shadowed.try_emplace(b.id, b.site, site);
    } else if (!reported && (tools_ & memcheck)) {
      report(Kind::BufferOverlap,
             "a new buffer " + bytesText(e.space, lo, hi) + " overlaps a buffer still in use [" +
                 kernel::hex(b.lo) + ", " + kernel::hex(b.hi) + ")",
             b.site, &site);
      reported = true;
    }
  }
  // A released buffer overlapped once is in `shadowed`; it need not be kept.
  std::erase_if(k.buffers,
                [&](const LiveBuffer& b) { return b.released && k.shadowed.count(b.id); });
  k.buffers.push_back(LiveBuffer{e.owner, lo, hi, site, e.bufferId, false});
}

}  // namespace asctwin::checker
