// The instruction record: every pipe instruction is described by one before
// it runs (pipe, the bytes it reads and writes, its atomic mode, its call
// site). Fast mode runs the work at once; check mode defers the same records
// (with their work, captured by value) into the core's pending graph and
// carries them out in a seeded order (check_mode.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "kernel/core_state.h"
#include "kernel/fault_stop.h"
#include "kernel/local_watch.h"
#include "kernel/observer.h"

namespace asctwin::kernel {

// A byte run relative to an access's address.
struct Run {
  uint32_t offset = 0;
  uint32_t bytes = 0;
};

// The bytes one operand of an instruction touches: a 2-D pattern
// (blockCount blocks of blockBytes, each strideBytes after the previous
// one's start) or, for the irregular patterns of masked and strided vector
// instructions, an explicit list of runs (then blockCount is 1 and
// blockBytes the extent from addr).
struct Access {
  Space space = Space::GM;
  bool write = false;
  uintptr_t addr = 0;
  uint32_t blockBytes = 0;
  uint32_t blockCount = 1;
  uint64_t strideBytes = 0;
  uint32_t buffer = 0;  // local memory: the buffer the operand belongs to (0: none)
  // false: a superset of the bytes really accessed, known only when the
  // instruction runs (Gather's source); good for ordering, not for shadow state.
  bool exact = true;
  // A copy of whole fractals (the cube's loads): their padding rows and
  // columns are garbage by design, so initcheck reports a read run only when
  // nothing in it was written.
  bool copiesPadding = false;
  // An operand of a copy inside a cross-core flag protocol
  // (kernel/sync_protocol.cpp). GM: synchronisation, not data (a write
  // releases, the protocol's end acquires); local: the protocol's scratch.
  bool syncFlag = false;
  std::shared_ptr<const std::vector<Run>> runs;  // null: the 2-D pattern
  uint64_t extent() const {
    return blockCount == 0 ? 0 : (blockCount - 1) * strideBytes + blockBytes;
  }
};

// A cube instruction that waits on the L0C unit flags (Mmad / Fixpipe with
// unitFlag 2 or 3; the rule is ordering.h's UnitFlagLinks).
struct UnitFlagUse {
  uint8_t flag = 0;             // 2: wait; 3: wait, then flip the bits
  bool fixpipe = false;         // a reader (waits for set bits) or a Mmad
  std::vector<uint32_t> units;  // the L0C fractals (kUnitFlagBytes each), ascending
};

struct Instr;
[[noreturn]] inline void instrOperandOverflow(const Instr& in);

struct Instr {
  // The most operands one record carries (a vector instruction's two sources
  // and destination plus a table or mask operand; a cube load's reads and writes).
  static constexpr uint8_t kMaxAccesses = 4;

  pipe_t pipe = PIPE_S;
  Site site;
  Access acc[kMaxAccesses];
  uint8_t accessCount = 0;
  AtomicOp atomicOp = AtomicOp::None;
  DType atomicType = DType::F32;
  uint64_t seq = 0;
  // The buffer ids of the tensors the API call passed (the checker's
  // released-buffer rule); 0 = none.
  uint32_t buffers[4] = {};
  std::shared_ptr<const UnitFlagUse> unitFlag;  // null: the instruction does not use them

  // Refuses a fifth operand (instrOperandOverflow): a record that dropped
  // one would hide its bytes from check mode's ordering and the checker.
  void add(const Access& a) {
    if (accessCount == kMaxAccesses) instrOperandOverflow(*this);
    acc[accessCount++] = a;
  }
};

// An instruction implementation that records more operands than a record
// holds is a bug of the twin, not of the kernel: it stops the process with
// the instruction's API and call site.
[[noreturn]] inline void instrOperandOverflow(const Instr& in) {
  std::fprintf(stderr,
               "asctwin internal error: the instruction record of %s (%s:%u) was given more than "
               "%u operands\n",
               in.site.api, in.site.file, in.site.line, static_cast<unsigned>(Instr::kMaxAccesses));
  std::abort();
}

// Check mode: adds the record and its work to the core's pending graph.
void deferInstr(CoreState& c, const Instr& in, std::function<void()> work);
// Check mode: the scalar code waits for the pending instructions that access
// [addr, addr + bytes) of local memory (a read waits for writers, a write for
// every access); and for every pending instruction of the core.
void checkDrainLocal(CoreState& c, uintptr_t addr, uint64_t bytes, bool write);
void checkDrainAll(CoreState& c);

// Inside a GM flag protocol: marks the record's GM operands as flag accesses
// and notes the ranges it reads (kernel/sync_protocol.cpp).
void markSyncProtocolAccesses(CoreState& c, Instr& in);
// Inside a GM flag protocol: a data-cache clean of [line, line + bytes)
// before a scalar poll of it, acquired at the protocol's end.
void noteSyncProtocolLine(CoreState& c, uintptr_t line, uintptr_t bytes);

// Issues an instruction. `work` must capture by value (except the core): in
// check mode it runs later, after the API call has returned. Fast mode
// without an observer runs it at once, with no other cost.
template <class Work>
inline void issue(CoreState& c, Instr& in, Work&& work) {
  in.seq = ++c.issued;
  trackIssue(c, in.site, in.seq);  // the timeout's record and stop point
  if (__builtin_expect(c.hooks == 0, 1)) {
    work();
    return;
  }
  if (__builtin_expect(c.syncProtocolDepth != 0, 0)) markSyncProtocolAccesses(c, in);
  if (c.hooks & kHookLocalWatch) checkLocalWatch(c, in);
  if (c.hooks & kHookCheck) {
    deferInstr(c, in, std::function<void()>(std::forward<Work>(work)));
    return;
  }
  if (c.observer != nullptr) c.observer->onExecute(c, in);
  work();
}

inline void observeSync(CoreState& c, SyncKind kind, const Site& site, pipe_t pipe = PIPE_S,
                        AscendC::HardEvent event = AscendC::HardEvent::MAX, int64_t id = 0,
                        int64_t aux = 0) {
  if (__builtin_expect(c.observer != nullptr, 0)) {
    SyncEvent e;
    e.kind = kind;
    e.pipe = pipe;
    e.event = event;
    e.id = id;
    e.aux = aux;
    e.site = site;
    c.observer->onSync(c, e);
  }
}
inline void observeScalarGm(CoreState& c, uintptr_t addr, uint32_t bytes, bool write, bool bypass,
                            const Site& site) {
  if (__builtin_expect(c.observer != nullptr, 0))
    c.observer->onScalarGm(c, ScalarGmAccess{addr, bytes, write, bypass, site});
}

inline std::string hex(uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

const char* spaceName(Space s);
size_t dtypeBytes(DType t);
const char* dtypeName(DType t);

// Always-on operand checks (fail the launch with a message on violation).
void checkGm(CoreState& c, const GmRef& ref, uint64_t extentBytes, const Site& site,
             const char* role);
void checkLocal(CoreState& c, const LocalRef& ref, uint64_t extentBytes, const Site& site,
                const char* role);

}  // namespace asctwin::kernel
