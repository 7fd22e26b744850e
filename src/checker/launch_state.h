// Everything the checker knows about one running launch: the happens-before
// clocks per (core, pipe), the flags in flight, the SyncAll rounds, the GM
// words used as flags, the shadow memory and the site table.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "asctwin/asctwin_sanitizer.h"
#include "checker/finding_kinds.h"
#include "checker/shadow.h"
#include "checker/vector_clock.h"
#include "kernel/core_state.h"
#include "kernel/instr.h"

namespace asctwin::checker {

struct SiteInfo {
  uint32_t core = 0;
  pipe_t pipe = PIPE_S;
  const char* api = "";
  const char* file = "";
  uint32_t line = 0;
};

struct SiteKey {
  uint32_t core;
  pipe_t pipe;
  const char* api;
  const char* file;
  uint32_t line;
  bool operator==(const SiteKey&) const = default;
};
struct SiteKeyHash {
  size_t operator()(const SiteKey& k) const {
    uint64_t h = reinterpret_cast<uintptr_t>(k.api) * 0x9E3779B97F4A7C15ull;
    h ^= reinterpret_cast<uintptr_t>(k.file) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h ^= (static_cast<uint64_t>(k.core) << 40 | static_cast<uint64_t>(k.pipe) << 32 | k.line) +
         (h << 6) + (h >> 2);
    return static_cast<size_t>(h);
  }
};

// A SetFlag (or queue set) not yet consumed: what it releases and where.
struct FlagInFlight {
  ClockRef release;
  uint32_t site = 0;
};

// A local buffer in use (buffer-overlap).
struct LiveBuffer {
  uintptr_t owner = 0;
  uintptr_t lo = 0, hi = 0;
  uint32_t site = 0;
  uint32_t id = 0;
  bool released = false;  // its TPipe was reset: its tensors must not be used any more
};

struct CoreHb {
  SharedClock pipe[PIPE_COUNT_];
  uint32_t seg[PIPE_COUNT_] = {};  // current epoch of each pipe (see hb.cpp)
  std::unordered_map<uint64_t, std::deque<FlagInFlight>> hardFlags;
  uint32_t syncAllArrivals = 0;
  std::vector<uintptr_t> cachedWrites;  // scalar GM writes still in the data cache
  // What the flag copies of the running GM flag protocol read had released:
  // its later flag writes pass it on (the protocol tested what it read
  // before writing), its end acquires it.
  VectorClock protocolAcquired;
  std::vector<LiveBuffer> buffers;
  // Released buffers whose bytes a newer buffer took: id -> (old site, new
  // site). Using a tensor of one is a buffer overlap.
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> shadowed;
  // Per L0C fractal: the release of the instruction that flipped its unit flag last.
  kernel::UnitFlagLinks<ClockRef> unitFlags;
};

// An issued instruction waiting to be carried out.
struct IssuedInstr {
  ClockRef clock;
  Epoch epoch;
  uint32_t site = 0;
};

class LaunchState {
 public:
  using Report = std::function<void(Finding)>;
  LaunchState(const kernel::Launch& launch, Tools tools, Report report);

  // --- happens-before (hb.cpp) -------------------------------------------------
  void issue(const kernel::CoreState& c, const kernel::Instr& in);
  void sync(const kernel::CoreState& c, const kernel::SyncEvent& e);
  // Scalar GM access: clock bookkeeping, then the memory rules.
  void scalarGm(const kernel::CoreState& c, const kernel::ScalarGmAccess& a);
  void blockEnd(const kernel::CoreState& c);

  // --- memory rules (access_rules.cpp) ----------------------------------------
  void execute(const kernel::CoreState& c, const kernel::Instr& in);
  void scalarLocal(const kernel::CoreState& c, const kernel::ScalarLocalAccess& a);
  void localBuffer(const kernel::CoreState& c, const kernel::LocalBufferEvent& e);
  void checkReleasedBuffers(const kernel::CoreState& c, const kernel::Instr& in);

  // --- findings ---------------------------------------------------------------
  uint32_t siteId(uint32_t core, pipe_t pipe, const kernel::Site& s);
  Site publicSite(uint32_t site) const;
  Site publicSite(const kernel::CoreState* c, pipe_t pipe, const kernel::Site& s) const;
  void report(Kind kind, std::string message, uint32_t first, const uint32_t* second);
  const std::string& kernelName() const { return kernel_; }
  uint64_t seed() const { return seed_; }

 private:
  // hb.cpp
  ClockRef releaseOf(uint32_t core, pipe_t p);
  void fullJoin(uint32_t core);
  void acquireAll(uint32_t core, const VectorClock& vc);
  void publishCached(uint32_t core);

  // access_rules.cpp
  void access(uint32_t core, const kernel::Access& a, const IssuedInstr& who, uint32_t serial,
              kernel::AtomicOp op, kernel::DType type);
  void scratchAccess(const kernel::Access& a);
  void flagCopy(uint32_t core, const kernel::Access& a, const IssuedInstr& who,
                kernel::AtomicOp op);
  void accessRange(uint32_t core, kernel::Space space, uintptr_t lo, uintptr_t hi, bool write,
                   bool copiesPadding, const IssuedInstr& who, uint32_t serial, kernel::AtomicOp op,
                   kernel::DType type);

  Tools tools_;
  Report report_;
  std::string kernel_;
  uint64_t seed_ = 0;
  size_t dims_ = 0;
  std::vector<CoreHb> cores_;
  std::vector<std::pair<int64_t, kernel::CoreKind>> identity_;  // block, kind per core
  std::unordered_map<uint64_t, IssuedInstr> issued_;            // (core, seq) -> instruction
  std::unordered_map<uint32_t, VectorClock> syncAllRounds_;
  std::unordered_map<uintptr_t, ClockRef>
      flagWords_;  // GM word -> release of its last scalar write or flag copy
  Shadow shadow_;
  std::vector<SiteInfo> sites_;
  std::unordered_map<SiteKey, uint32_t, SiteKeyHash> siteIndex_;
  uint32_t serial_ = 0;
};

}  // namespace asctwin::checker
