#include "isa/operand.h"

#include <string>

#include "kernel/local_address.h"
#include "kernel/user_site.h"

namespace asctwin::isa {

Ctx enterOutsideApi(CoreState& c, const char* name) {
  // Outside the own API (devkit mode): the user's line, for an observer.
  if (c.observer != nullptr && kernel::userSitesEnabled()) return Ctx{c, kernel::userSite(name)};
  return Ctx{c, Site{name, "", 0}};
}

Instr makeInstr(const Ctx& x, pipe_t pipe) {
  Instr in;
  in.pipe = pipe;
  in.site = x.site;
  if (x.c.apiDepth > 0)
    for (uint8_t i = 0; i < x.c.apiBufferCount && i < 4; ++i) in.buffers[i] = x.c.apiBuffers[i];
  return in;
}

const char* spaceLetters(Space s) {
  return kernel::spaceName(s);
}

namespace {
// The core's image of a space (null when the core has none).
uint8_t* imageOf(const CoreState& c, Space s, uint32_t* size) {
  switch (s) {
    case Space::UB:
      *size = c.ubBytes;
      return c.ub;
    case Space::L1:
      *size = c.l1Bytes;
      return c.l1;
    case Space::L0A:
      *size = c.l0aBytes;
      return c.l0a;
    case Space::L0B:
      *size = c.l0bBytes;
      return c.l0b;
    case Space::L0C:
      *size = c.l0cBytes;
      return c.l0c;
    case Space::BT:
      *size = c.btBytes;
      return c.bt;
    case Space::FB:
      *size = c.fbBytes;
      return c.fb;
    default:
      *size = 0;
      return nullptr;
  }
}
}  // namespace

LocalOp resolveLocalAligned(Ctx& x, Space space, const void* p, uint32_t align, const char* role) {
  uint32_t size = 0;
  uint8_t* base = imageOf(x.c, space, &size);
  if (base == nullptr)
    x.c.launch->raise(x.c, x.site,
                      std::string(role) + ": " + kernel::spaceName(space) +
                          " does not exist on this core (" +
                          (x.c.kind == kernel::CoreKind::AIV ? "AIV" : "AIC") + ")",
                      kernel::Problem::LocalOverflow);
  const auto addr = reinterpret_cast<uintptr_t>(p);
  const auto lo = reinterpret_cast<uintptr_t>(base);
  LocalOp op;
  op.space = space;
  if (addr >= lo && addr < lo + size) {
    op.offset = static_cast<uint32_t>(addr - lo);
  } else if (addr < size) {
    op.offset = static_cast<uint32_t>(addr);  // an NPU-style address: an offset in the space
  } else {
    x.c.launch->raise(x.c, x.site,
                      std::string(role) + " is not an address in this core's " +
                          kernel::spaceName(space) +
                          " (uninitialised LocalTensor, or one from another core?)",
                      kernel::Problem::LocalOverflow);
  }
  op.ptr = base + op.offset;
  if (op.offset % align != 0)
    x.c.launch->raise(x.c, x.site,
                      std::string(role) + " " + kernel::spaceName(space) + " address " +
                          std::to_string(op.offset) + " is not " + std::to_string(align) +
                          "-byte aligned",
                      kernel::Problem::Misaligned);
  return op;
}

uint32_t resolveUbAddress32(Ctx& x, uint32_t addr, const char* role) {
  const int64_t off = kernel::localOffsetOf(addr, reinterpret_cast<uintptr_t>(x.c.ub), x.c.ubBytes);
  if (off >= 0) return static_cast<uint32_t>(off);
  x.c.launch->raise(
      x.c, x.site,
      std::string(role) + " (" + std::to_string(addr) + ") is not an address in this core's UB",
      kernel::Problem::LocalOverflow);
}

void checkLocalSpaceExtent(Ctx& x, const LocalOp& op, uint64_t extent, const char* role) {
  uint32_t size = 0;
  imageOf(x.c, op.space, &size);
  if (op.offset + extent > size)
    x.c.launch->raise(x.c, x.site,
                      std::string(role) + " " + kernel::spaceName(op.space) + " access [" +
                          std::to_string(op.offset) + ", " + std::to_string(op.offset + extent) +
                          ") overflows the " + std::to_string(size) + "-byte " +
                          kernel::spaceName(op.space),
                      kernel::Problem::LocalOverflow);
}

void checkGmRange(Ctx& x, uintptr_t addr, uint64_t extent, const char* role) {
  kernel::checkGm(x.c, kernel::GmRef{addr, UINT64_MAX}, extent, x.site, role);
}

Access access2d(Space s, bool write, uintptr_t addr, uint32_t blockCount, uint32_t blockBytes,
                uint64_t strideBytes) {
  Access a;
  a.space = s;
  a.write = write;
  a.addr = addr;
  a.blockCount = blockCount;
  a.blockBytes = blockBytes;
  a.strideBytes = strideBytes;
  return a;
}

}  // namespace asctwin::isa
