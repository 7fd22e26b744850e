// The device allocator. Device memory is host memory owned here: every live
// allocation is known (base, size), so copies and kernel accesses can be
// bounds-checked; each allocation has red zones before and after it (checked
// on free and on demand), a record of which of its bytes have been written
// (initcheck's, written_ranges.h), and starts filled with zeros, or with a
// poison pattern under ASCTWIN_DEVICE_FILL=poison.
//
// Zeros by default because that is what real programs meet on the hardware:
// the CANN docs say aclrtMalloc does not initialise memory, but fresh device
// pages read as zero there, and examples that accumulate into or copy back
// memory they never set (asc-devkit's tbufpool_management, matmul_splitk,
// cross_core_set_wait_flag) pass on the hardware because of it. Such reads are
// bugs all the same, and initcheck reports them with both source lines; the
// poison fill (0xFF, NaN for floats) makes them visible in the results too.
//
// Statistics follow a framework caching allocator (torch_npu's rules), so the
// figures compare with what framework users read from max_memory_allocated /
// max_memory_reserved:
//   * allocated size of a request of n bytes = roundUp(n + 32, 512);
//   * reserved: an allocated size <= 1 MiB lives in a 2 MiB "small" segment,
//     one in (1 MiB, 10 MiB) in a 20 MiB "large" segment, and anything bigger
//     in its own segment of roundUp(allocated, 2 MiB). Blocks share segments
//     of their kind first-fit by free bytes; a segment is returned as soon as
//     its last block is freed (the cache is emptied eagerly).
// The allocator refuses a request when reserved bytes would exceed the SoC's
// hbmBytes.
//
// Guarded allocations (check mode, asctwin-sanitizer, ASCTWIN_GUARD_PAGES=1):
// every allocation gets pages of its own between kGuardBytes of inaccessible
// address space before and after, and its user region ends at the 64-byte
// boundary next to the tail guard, so a raw-pointer overrun of a kernel
// faults at the instruction that makes it (the kernel twin turns the fault
// into an AI Core exception). Freed guarded allocations stay inaccessible in a
// quarantine (the last kFreedKept), so a read after free faults too. The
// guards cost address space, not memory; the statistics are unchanged.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "common/status.h"
#include "device/written_ranges.h"

namespace asctwin::device {

inline constexpr uint8_t kPoisonByte = 0xFF;     // ASCTWIN_DEVICE_FILL=poison (NaN for floats)
inline constexpr uint8_t kRedZoneByte = 0xFD;    // guard bytes around allocations
inline constexpr size_t kRedZoneBytes = 64;      // before the base and after the 32 B-rounded end
inline constexpr size_t kBaseAlignment = 64;     // user pointers (spec requires 32)
inline constexpr size_t kGuardBytes = 4u << 20;  // guarded: inaccessible bytes before and after
inline constexpr size_t kFreedKept = 4096;       // freed allocations remembered (and quarantined)

struct AllocationInfo {
  uintptr_t base = 0;
  size_t size = 0;  // bytes requested
  uint64_t id = 0;  // 1, 2, ... in allocation order (process-wide)
  int32_t device = 0;
  uintptr_t callerPc = 0;  // the user's return address of the allocating call (0 = unknown)
};

struct MemStats {
  uint64_t requestedBytes = 0;  // sum of live request sizes
  uint64_t inUseBytes = 0;      // sum of live allocated (rounded) sizes
  uint64_t peakInUseBytes = 0;
  uint64_t reservedBytes = 0;  // sum of live segment sizes
  uint64_t peakReservedBytes = 0;
  uint64_t liveAllocations = 0;
  uint64_t peakLiveAllocations = 0;
  uint64_t totalAllocations = 0;  // since start (not reset)
};

// Where an address lies relative to the device allocations (for the report
// of a kernel fault): inside one, before or after the nearest one, each live
// or recently freed.
struct AddressPlace {
  enum class Relation : uint8_t { None, Inside, Before, After };
  Relation relation = Relation::None;
  bool freed = false;         // the allocation was freed
  AllocationInfo allocation;  // valid unless relation is None
  // Inside: the offset from base; Before: bytes before base; After: bytes
  // past the end.
  uint64_t distance = 0;
};

// The allocated size a request of n bytes is charged (documented rule above).
uint64_t allocatedSizeFor(size_t n);

class DeviceMemory {
 public:
  static DeviceMemory& instance();

  Status allocate(int32_t device, size_t size, void** out);
  Status free(void* p);

  // Finds the live allocation containing p (base <= p < base + size).
  bool find(const void* p, AllocationInfo* out) const;
  // The whole range [p, p + n) lies inside one live allocation. `what` names
  // the parameter in the message.
  Status checkRange(const void* p, size_t n, const char* what) const;
  bool isDevicePointer(const void* p) const;
  // How many ranges have stopped being device memory (frees, unmaps): a
  // range found inside an allocation stays valid while this is unchanged,
  // so a caller may remember it (kernel GM checks, per core).
  uint64_t removals() const { return removals_.load(std::memory_order_acquire); }

  // Verifies every live allocation's red zones (first corruption reported).
  Status checkRedZones() const;

  // Guarded allocations (see the top of this file) for every later
  // allocation: on, off, or (nullopt, the default) as the environment says:
  // ASCTWIN_GUARD_PAGES=0|1, else on when ASCTWIN_MODE=check or
  // ASCTWIN_CHECKER (asctwin-sanitizer) is set. asctwinSetKernelMode(check)
  // turns them on.
  void setGuardPages(std::optional<bool> on);
  bool guardPages() const;

  // Where `addr` lies: the live allocation containing it (or whose guard it
  // is in), else a recently freed one, else the nearest live one.
  AddressPlace locate(uintptr_t addr) const;
  // The same as a sentence ("... bytes past the end of allocation #3 (base
  // 0x..., 4096 bytes)", "inside freed allocation #5 ...").
  std::string describeAddress(uintptr_t addr) const;

  // The byte every later allocation starts filled with: an override, or
  // (nullopt, the default) as ASCTWIN_DEVICE_FILL says: zero (the default) or
  // poison (kPoisonByte).
  void setFill(std::optional<uint8_t> byte);

  // initcheck's record (written_ranges.h): [p, p + n) was written. The parts
  // outside every allocation are ignored.
  void markWritten(const void* p, size_t n);
  // The never-written bytes of [p, p + n) (p inside a live allocation; the
  // part past its end, and memory that is not an allocation of this
  // allocator, such as mapped memory, counts as written).
  UnwrittenSpan unwritten(const void* p, size_t n) const;
  // A kernel runs with nobody recording its writes (no checker): what it
  // writes into any live allocation is unknown to the record.
  void noteUnrecordedLaunch();
  // Every byte of every live allocation that lived through an unrecorded
  // launch counts as written: a checker that starts now cannot know what
  // those kernels wrote. Allocations made since keep their exact record.
  void assumeUnrecordedWritten();
  // Every byte of every live allocation counts as written: after device code
  // that no checker can see (an AI CPU kernel writes through plain pointers).
  void assumeLiveWritten();

  MemStats stats(int32_t device) const;
  void resetPeakStats(int32_t device);

  // Device memory that is not an allocation of this allocator but counts as
  // device memory for every check: virtual ranges with physical memory mapped
  // (aclrtMapMem), managed memory, host memory registered for device access.
  // The range must not overlap a live allocation or another mapped range.
  Status addMapped(int32_t device, void* base, size_t size);
  Status removeMapped(void* base);

  // Host-pinned allocations (aclrtMallocHost): tracked so that aclrtFreeHost
  // can reject foreign pointers and device pointers.
  Status allocateHost(size_t size, void** out);
  Status freeHost(void* p);
  bool isHostAllocation(const void* p) const;

 private:
  DeviceMemory() = default;
  struct Segment {
    uint64_t capacity = 0;
    uint64_t used = 0;
    int kind = 0;  // 0 small, 1 large shared, 2 dedicated
  };
  struct Live {
    AllocationInfo info;
    void* raw = nullptr;
    size_t rawBytes = 0;
    uint64_t allocated = 0;
    size_t segment = 0;
    size_t tailRed = 0;    // red-zone bytes after the user region
    bool guarded = false;  // raw..raw+rawBytes is a reservation with guards at both ends
    WrittenRanges written;
    uint64_t unrecordedAtAlloc = 0;  // unrecordedLaunches_ when allocated
  };
  // A freed allocation, remembered for fault reports (and, when guarded, its
  // reservation kept inaccessible until it leaves the list).
  struct Freed {
    AllocationInfo info;
    void* raw = nullptr;
    size_t rawBytes = 0;
    bool guarded = false;
  };
  struct DeviceState {
    MemStats stats;
    std::vector<Segment> segments;  // capacity 0 = slot free
  };

  Status checkRedZonesLocked(const Live& live) const;
  DeviceState& deviceState(int32_t device);
  Status guardedNow(bool* on) const;
  Status fillNow(uint8_t* byte) const;
  void rememberFreedLocked(const Live& live);

  std::optional<bool> guardOverride_;
  std::optional<uint8_t> fillOverride_;

  mutable std::shared_mutex mu_;
  std::atomic<uint64_t> removals_{0};
  std::map<uintptr_t, Live> live_;
  std::unordered_map<uintptr_t, uint64_t> recentlyFreed_;  // base -> id, for double-free messages
  std::vector<uintptr_t> recentlyFreedOrder_;
  std::map<uintptr_t, Freed> freed_;  // by raw start, the last kFreedKept
  std::deque<uintptr_t> freedOrder_;
  std::map<int32_t, DeviceState> devices_;
  uint64_t nextId_ = 1;
  std::atomic<uint64_t> unrecordedLaunches_{0};
  std::map<uintptr_t, size_t> hostLive_;
  std::map<uintptr_t, AllocationInfo> mapped_;
};

}  // namespace asctwin::device
