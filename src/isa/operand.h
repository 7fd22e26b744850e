// What every intrinsic does before its semantics: find the calling core and
// the site to report (the running Ascend C API call, else the intrinsic's
// own name), resolve raw operand pointers into this core's memories, check
// them (always on: bounds, alignment) and describe them in the record.
#pragma once

#include <cstdint>
#include <utility>

#include "asctwin/isa/runtime.h"
#include "kernel/instr.h"

namespace asctwin::isa {

using kernel::Access;
using kernel::CoreState;
using kernel::Instr;
using kernel::Site;
using kernel::Space;

// The calling core and the site of the instruction it is about to issue.
struct Ctx {
  CoreState& c;
  Site site;
};

// The calling core, after the launch's abort check: what a register write
// needs (no site: it cannot fail).
inline CoreState& enterCore() {
  CoreState* core = kernel::gCore;
  CoreState& c = core != nullptr ? *core : kernel::currentCore();  // the latter reports the misuse
  c.launch->checkAbort();
  return c;
}

// Outside an API call: the site an observer should see (the user's line in
// devkit mode), else the intrinsic's name.
Ctx enterOutsideApi(CoreState& c, const char* name);

// Inline: every instruction enters here, most from inside an API call.
inline Ctx enter(const char* name) {
  CoreState& c = enterCore();
  if (c.apiDepth > 0) return Ctx{c, c.apiSite};
  return enterOutsideApi(c, name);
}

// A new record on `pipe` carrying the API call's tensor buffer ids.
Instr makeInstr(const Ctx& x, pipe_t pipe);

// Issues one instruction: `describe(in)` adds its accesses to the record
// (only when something looks at records: check mode or an observer), then
// `work` carries it out (at once in fast mode; later, in the seeded order,
// in check mode: it must capture by value).
template <class Describe, class Work>
inline void emit(Ctx& x, pipe_t pipe, Describe&& describe, Work&& work) {
  if (__builtin_expect(x.c.hooks == 0, 1)) {
    kernel::trackIssue(x.c, x.site, ++x.c.issued);  // the timeout's record and stop point
    work();
    return;
  }
  Instr in = makeInstr(x, pipe);
  describe(in);
  kernel::issue(x.c, in, std::forward<Work>(work));
}

// A local-memory operand: its space, host address and offset in the space.
struct LocalOp {
  Space space = Space::UB;
  uint8_t* ptr = nullptr;
  uint32_t offset = 0;
};

// Resolves `p` as an address in this core's `space`: a host address inside
// the core's image of it (what LocalTensor::GetPhyAddr gives in CPU mode),
// or a plain offset below the space's size (an NPU-style address). Fails
// the launch otherwise, and when the operand is not `align`-byte aligned
// (32 for most operands; results of reductions take their element or pair
// size, as the reference aligns them).
LocalOp resolveLocalAligned(Ctx& x, Space space, const void* p, uint32_t align, const char* role);
// The same with 32-byte alignment. Inline for the common operand, a host
// address inside the core's UB; the rest, and every failure, take
// resolveLocalAligned.
inline LocalOp resolveLocal(Ctx& x, Space space, const void* p, const char* role) {
  const uintptr_t off = reinterpret_cast<uintptr_t>(p) - reinterpret_cast<uintptr_t>(x.c.ub);
  if (space == Space::UB && x.c.ub != nullptr && off < x.c.ubBytes && off % 32 == 0)
    return LocalOp{Space::UB, x.c.ub + off, static_cast<uint32_t>(off)};
  return resolveLocalAligned(x, space, p, 32, role);
}
// The byte address baseAddr of a UB address register (vgather's base): the
// low 32 bits of a host address in the UB image, or a UB offset.
uint32_t resolveUbAddress32(Ctx& x, uint32_t addr, const char* role);

// Fails unless [offset, offset + extent) lies inside the space.
void checkLocalSpaceExtent(Ctx& x, const LocalOp& op, uint64_t extent, const char* role);
// Inline for UB, where nearly every operand lies.
inline void checkLocalExtent(Ctx& x, const LocalOp& op, uint64_t extent, const char* role) {
  if (op.space == Space::UB && op.offset + extent <= x.c.ubBytes) return;
  checkLocalSpaceExtent(x, op, extent, role);
}
// Fails unless the GM range lies inside a live device allocation.
void checkGmRange(Ctx& x, uintptr_t addr, uint64_t extent, const char* role);

const char* spaceLetters(Space s);

// A 2-D access (blockCount blocks of blockBytes at strideBytes).
Access access2d(Space s, bool write, uintptr_t addr, uint32_t blockCount, uint32_t blockBytes,
                uint64_t strideBytes);

}  // namespace asctwin::isa
