#include <iterator>
#include <string>

#include "device/allocator.h"
#include "kernel/instr.h"
#include "kernel/vec/vec.h"

namespace asctwin::kernel {

const char* spaceName(Space s) {
  switch (s) {
    case Space::GM:
      return "GM";
    case Space::UB:
      return "UB";
    case Space::L1:
      return "L1";
    case Space::L0A:
      return "L0A";
    case Space::L0B:
      return "L0B";
    case Space::L0C:
      return "L0C";
    case Space::BT:
      return "BT";
    default:
      return "FB";
  }
}

// kernel::DType is vec::DType with BOOL added at the end: the sizes and
// names are vec's (one table), BOOL is one byte named "bool".
#define ASCTWIN_SAME_DTYPE(name) \
  static_assert(static_cast<int>(DType::name) == static_cast<int>(vec::DType::name))
ASCTWIN_SAME_DTYPE(F16);
ASCTWIN_SAME_DTYPE(BF16);
ASCTWIN_SAME_DTYPE(F32);
ASCTWIN_SAME_DTYPE(F64);
ASCTWIN_SAME_DTYPE(S8);
ASCTWIN_SAME_DTYPE(U8);
ASCTWIN_SAME_DTYPE(S16);
ASCTWIN_SAME_DTYPE(U16);
ASCTWIN_SAME_DTYPE(S32);
ASCTWIN_SAME_DTYPE(U32);
ASCTWIN_SAME_DTYPE(S64);
ASCTWIN_SAME_DTYPE(U64);
#undef ASCTWIN_SAME_DTYPE
static_assert(static_cast<int>(DType::BOOL) == static_cast<int>(vec::DType::U64) + 1);

size_t dtypeBytes(DType t) {
  return t == DType::BOOL ? 1 : vec::dtypeSize(static_cast<vec::DType>(t));
}

const char* dtypeName(DType t) {
  return t == DType::BOOL ? "bool" : vec::dtypeName(static_cast<vec::DType>(t));
}

void checkGm(CoreState& c, const GmRef& ref, uint64_t extentBytes, const Site& site,
             const char* role) {
  if (extentBytes == 0) return;
  if (ref.addr == 0)
    c.launch->raise(
        c, site, std::string(role) + " GM address is null (GlobalTensor without SetGlobalBuffer?)",
        Problem::GmOutOfBounds);
  if (extentBytes > ref.declaredBytes) {
    // Leaving the allocation too is the worse error of the two.
    const bool inAllocation =
        device::DeviceMemory::instance()
            .checkRange(reinterpret_cast<const void*>(ref.addr), extentBytes, role)
            .isOk();
    c.launch->raise(c, site,
                    std::string(role) + " GM access of " + std::to_string(extentBytes) +
                        " bytes at " + hex(ref.addr) +
                        " exceeds the GlobalTensor's declared size (" +
                        std::to_string(ref.declaredBytes) + " bytes from this address)",
                    inAllocation ? Problem::GmOutsideTensor : Problem::GmOutOfBounds);
  }
  // An allocation an earlier check found, while nothing was freed since
  // (read first: a free after this load makes the next check look again).
  device::DeviceMemory& memory = device::DeviceMemory::instance();
  const uint64_t removals = memory.removals();
  if (removals != c.gmRemovals) {
    for (CoreState::GmRange& r : c.gmKnown) r = {};
    c.gmRemovals = removals;
  }
  for (const CoreState::GmRange& r : c.gmKnown)
    if (ref.addr >= r.lo && ref.addr < r.hi && extentBytes <= r.hi - ref.addr) return;
  device::AllocationInfo a;
  if (memory.find(reinterpret_cast<const void*>(ref.addr), &a) &&
      extentBytes <= a.base + a.size - ref.addr) {
    c.gmKnown[c.gmNext] = {a.base, a.base + a.size};
    c.gmNext = static_cast<uint8_t>((c.gmNext + 1) % std::size(c.gmKnown));
    return;
  }
  // Outside every allocation, or across the end of one: checkRange says how.
  Status s = memory.checkRange(reinterpret_cast<const void*>(ref.addr), extentBytes, role);
  if (!s) c.launch->raise(c, site, "GM access: " + s.message(), Problem::GmOutOfBounds);
}

void checkGlobal(const GmRef& ref, uint64_t extentBytes, const char* role) {
  // Within the declared size the instruction's own check of the allocation
  // follows; only a violation needs the full classification here.
  if (ref.addr != 0 && extentBytes <= ref.declaredBytes) return;
  CoreState& c = currentCore();
  c.launch->checkAbort();
  checkGm(c, ref, extentBytes, c.apiDepth > 0 ? c.apiSite : Site{role, "", 0}, role);
}

void checkLocal(CoreState& c, const LocalRef& ref, uint64_t extentBytes, const Site& site,
                const char* role) {
  uint8_t* base = localBase(ref.space);
  const uint32_t size = localSize(ref.space);
  if (base == nullptr || ref.ptr < base || ref.ptr > base + size)
    c.launch->raise(c, site,
                    std::string(role) + " is not a tensor in this core's " + spaceName(ref.space) +
                        " (uninitialised LocalTensor, or one from another core?)",
                    Problem::LocalOverflow);
  const uint64_t off = static_cast<uint64_t>(ref.ptr - base);
  if (off % 32 != 0)
    c.launch->raise(c, site,
                    std::string(role) + " " + spaceName(ref.space) + " address " +
                        std::to_string(off) + " is not 32-byte aligned",
                    Problem::Misaligned);
  if (off + extentBytes > size)
    c.launch->raise(c, site,
                    std::string(role) + " " + spaceName(ref.space) + " access [" +
                        std::to_string(off) + ", " + std::to_string(off + extentBytes) +
                        ") overflows the " + std::to_string(size) + "-byte " + spaceName(ref.space),
                    Problem::LocalOverflow);
}

uint8_t* localBase(Space s) {
  CoreState& c = currentCore();
  switch (s) {
    case Space::UB:
      return c.ub;
    case Space::L1:
      return c.l1;
    case Space::L0A:
      return c.l0a;
    case Space::L0B:
      return c.l0b;
    case Space::L0C:
      return c.l0c;
    case Space::BT:
      return c.bt;
    case Space::FB:
      return c.fb;
    default:
      return nullptr;
  }
}

uint32_t localSize(Space s) {
  CoreState& c = currentCore();
  switch (s) {
    case Space::UB:
      return c.ubBytes;
    case Space::L1:
      return c.l1Bytes;
    case Space::L0A:
      return c.l0aBytes;
    case Space::L0B:
      return c.l0bBytes;
    case Space::L0C:
      return c.l0cBytes;
    case Space::BT:
      return c.btBytes;
    case Space::FB:
      return c.fbBytes;
    default:
      return 0;
  }
}

uint32_t localCursor(Space s) {
  return currentCore().cursor[static_cast<int>(s)];
}

}  // namespace asctwin::kernel
