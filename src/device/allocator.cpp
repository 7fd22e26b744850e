#include "device/allocator.h"

#include "device/api_caller.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <sstream>

#include "common/env.h"
#include "device/soc.h"

namespace asctwin::device {
namespace {

constexpr uint64_t kMiB = 1ull << 20;
constexpr uint64_t kSmallLimit = 1 * kMiB;
constexpr uint64_t kSmallSegment = 2 * kMiB;
constexpr uint64_t kLargeSharedLimit = 10 * kMiB;
constexpr uint64_t kLargeSegment = 20 * kMiB;
constexpr uint64_t kRoundLarge = 2 * kMiB;
constexpr size_t kRecentlyFreedKept = 4096;

uint64_t roundUp(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

std::string hexPtr(uintptr_t p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(p));
  return buf;
}

std::string describe(const AllocationInfo& a) {
  std::ostringstream os;
  os << "allocation #" << a.id << " (base " << hexPtr(a.base) << ", " << a.size << " bytes)";
  return os.str();
}

// Bytes after the user region that are guard: up to the 32 B boundary, then 64.
size_t tailGuardBytes(size_t size) {
  return roundUp(size, 32) - size + kRedZoneBytes;
}

// Every allocation has pages of its own (never the C heap's): IPC export
// remaps an allocation's pages into shared memory in place, which must not
// touch any other allocation's or malloc's memory.
void* rawAllocate(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void rawFree(void* p, size_t bytes) {
  munmap(p, bytes);
}

size_t pageBytes() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

// Guarded layout: [kGuardBytes inaccessible][data pages][kGuardBytes
// inaccessible]; the user region ends at the 64-byte boundary nearest the end
// of the data pages, with at least kRedZoneBytes of red zone before it.
size_t guardedDataBytes(size_t size) {
  return roundUp(kRedZoneBytes + roundUp(size, kBaseAlignment), pageBytes());
}

// Reserves the whole range inaccessible and opens the data pages. Returns
// null when the address space or the mapping count is exhausted.
void* guardedAllocate(size_t size) {
  const size_t data = guardedDataBytes(size);
  void* p = mmap(nullptr, data + 2 * kGuardBytes, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  if (mprotect(static_cast<uint8_t*>(p) + kGuardBytes, data, PROT_READ | PROT_WRITE) != 0) {
    munmap(p, data + 2 * kGuardBytes);
    return nullptr;
  }
  return p;
}

// The freed allocation's pages go back to the system and become
// inaccessible; the reservation stays until the quarantine drops it.
void guardedRetire(void* raw, size_t rawBytes) {
  auto* data = static_cast<uint8_t*>(raw) + kGuardBytes;
  const size_t bytes = rawBytes - 2 * kGuardBytes;
  madvise(data, bytes, MADV_DONTNEED);
  mprotect(data, bytes, PROT_NONE);
}

std::string relationText(const AddressPlace& at) {
  constexpr uint64_t kFar = 1ull << 30;
  if (!at.freed && at.relation != AddressPlace::Relation::Inside && at.distance > kFar)
    return "not near any device allocation";
  std::string what = std::string(at.freed ? "freed " : "") + describe(at.allocation);
  switch (at.relation) {
    case AddressPlace::Relation::Inside:
      return "inside " + what + " at offset " + std::to_string(at.distance);
    case AddressPlace::Relation::Before:
      return std::to_string(at.distance) + " bytes before the start of " + what;
    case AddressPlace::Relation::After:
      return std::to_string(at.distance) + " bytes past the end of " + what;
    case AddressPlace::Relation::None:
      break;
  }
  return "not near any device allocation";
}

}  // namespace

uint64_t allocatedSizeFor(size_t n) {
  return roundUp(static_cast<uint64_t>(n) + 32, 512);
}

DeviceMemory& DeviceMemory::instance() {
  static DeviceMemory* m = new DeviceMemory();  // never destroyed: used until process exit
  return *m;
}

DeviceMemory::DeviceState& DeviceMemory::deviceState(int32_t device) {
  return devices_[device];
}

Status DeviceMemory::allocate(int32_t device, size_t size, void** out) {
  if (out == nullptr) return invalidParam("devPtr must not be null");
  *out = nullptr;
  if (size == 0) return invalidParam("size must be greater than 0, got 0");
  const uint64_t allocated = allocatedSizeFor(size);
  if (size > (1ull << 46))
    return Status(code::kBadAlloc,
                  "size " + std::to_string(size) + " bytes exceeds the device memory capacity");
  const SocSpec soc = currentSoc();

  std::unique_lock lock(mu_);
  DeviceState& ds = deviceState(device);
  // Pick a segment (accounting model of a caching allocator).
  int kind = allocated <= kSmallLimit ? 0 : (allocated < kLargeSharedLimit ? 1 : 2);
  size_t segIndex = SIZE_MAX;
  uint64_t newSegment = 0;
  if (kind != 2) {
    for (size_t i = 0; i < ds.segments.size(); ++i) {
      Segment& s = ds.segments[i];
      if (s.capacity != 0 && s.kind == kind && s.capacity - s.used >= allocated) {
        segIndex = i;
        break;
      }
    }
    if (segIndex == SIZE_MAX) newSegment = kind == 0 ? kSmallSegment : kLargeSegment;
  } else {
    newSegment = roundUp(allocated, kRoundLarge);
  }
  if (newSegment != 0 && ds.stats.reservedBytes + newSegment > soc.hbmBytes) {
    return Status(code::kBadAlloc,
                  "aclrtMalloc of " + std::to_string(size) + " bytes needs a new segment of " +
                      std::to_string(newSegment) + " bytes; device " + std::to_string(device) +
                      " has " + std::to_string(soc.hbmBytes - ds.stats.reservedBytes) + " of " +
                      std::to_string(soc.hbmBytes) + " bytes left");
  }

  bool guarded = false;
  Status setting = guardedNow(&guarded);
  if (!setting) return setting;
  uint8_t fill = 0;
  setting = fillNow(&fill);
  if (!setting) return setting;
  size_t rawBytes = kRedZoneBytes + size + tailGuardBytes(size);
  void* raw = nullptr;
  uint8_t* user = nullptr;
  size_t tailRed = tailGuardBytes(size);
  if (guarded) {
    // Falls back to an unguarded allocation when the address space or the
    // process's mapping count (vm.max_map_count) is exhausted.
    raw = guardedAllocate(size);
    if (raw != nullptr) {
      rawBytes = guardedDataBytes(size) + 2 * kGuardBytes;
      user = static_cast<uint8_t*>(raw) + kGuardBytes + guardedDataBytes(size) -
             roundUp(size, kBaseAlignment);
      tailRed = roundUp(size, kBaseAlignment) - size;
    } else {
      guarded = false;
    }
  }
  if (raw == nullptr) {
    raw = rawAllocate(rawBytes);
    user = static_cast<uint8_t*>(raw) + kRedZoneBytes;
  }
  if (raw == nullptr)
    return Status(code::kBadAlloc, "host memory for a device allocation of " +
                                       std::to_string(size) + " bytes could not be obtained");
  std::memset(user - kRedZoneBytes, kRedZoneByte, kRedZoneBytes);
  // Fresh anonymous pages read as zero already: only a poison fill writes.
  if (fill != 0) std::memset(user, fill, size);
  std::memset(user + size, kRedZoneByte, tailRed);

  if (newSegment != 0) {
    Segment seg{newSegment, 0, kind};
    segIndex = SIZE_MAX;
    for (size_t i = 0; i < ds.segments.size(); ++i)
      if (ds.segments[i].capacity == 0) {
        segIndex = i;
        break;
      }
    if (segIndex == SIZE_MAX) {
      segIndex = ds.segments.size();
      ds.segments.push_back(seg);
    } else {
      ds.segments[segIndex] = seg;
    }
    ds.stats.reservedBytes += newSegment;
  }
  ds.segments[segIndex].used += allocated;

  Live live;
  live.info.base = reinterpret_cast<uintptr_t>(user);
  live.info.size = size;
  live.info.id = nextId_++;
  live.info.device = device;
  live.info.callerPc = currentApiCaller();
  live.unrecordedAtAlloc = unrecordedLaunches_.load();
  live.raw = raw;
  live.rawBytes = rawBytes;
  live.allocated = allocated;
  live.segment = segIndex;
  live.tailRed = tailRed;
  live.guarded = guarded;
  live_[live.info.base] = live;
  recentlyFreed_.erase(live.info.base);

  MemStats& st = ds.stats;
  st.requestedBytes += size;
  st.inUseBytes += allocated;
  st.liveAllocations += 1;
  st.totalAllocations += 1;
  if (st.inUseBytes > st.peakInUseBytes) st.peakInUseBytes = st.inUseBytes;
  if (st.reservedBytes > st.peakReservedBytes) st.peakReservedBytes = st.reservedBytes;
  if (st.liveAllocations > st.peakLiveAllocations) st.peakLiveAllocations = st.liveAllocations;
  *out = user;
  return Status::ok();
}

Status DeviceMemory::checkRedZonesLocked(const Live& live) const {
  const auto* user = reinterpret_cast<const uint8_t*>(live.info.base);
  for (size_t i = 0; i < kRedZoneBytes; ++i) {
    const uint8_t b = user[-static_cast<ptrdiff_t>(kRedZoneBytes) + static_cast<ptrdiff_t>(i)];
    if (b != kRedZoneByte) {
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    " was overwritten before its start at offset -%zu (byte 0x%02x, guard 0x%02x)",
                    kRedZoneBytes - i, b, kRedZoneByte);
      return Status(code::kFailure, "red zone of " + describe(live.info) + buf);
    }
  }
  for (size_t i = 0; i < live.tailRed; ++i) {
    const uint8_t b = user[live.info.size + i];
    if (b != kRedZoneByte) {
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    " was overwritten past its end at offset +%zu (byte 0x%02x, guard 0x%02x)",
                    live.info.size + i, b, kRedZoneByte);
      return Status(code::kFailure, "red zone of " + describe(live.info) + buf);
    }
  }
  return Status::ok();
}

Status DeviceMemory::free(void* p) {
  if (p == nullptr) return invalidParam("devPtr must not be null");
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::unique_lock lock(mu_);
  auto it = live_.find(key);
  if (it == live_.end()) {
    auto fr = recentlyFreed_.find(key);
    if (fr != recentlyFreed_.end())
      return invalidParam("devPtr " + hexPtr(key) +
                          " was already freed (double free of allocation #" +
                          std::to_string(fr->second) + ")");
    if (hostLive_.count(key))
      return invalidParam("devPtr " + hexPtr(key) +
                          " is host memory from aclrtMallocHost; free it with aclrtFreeHost");
    if (mapped_.count(key))
      return invalidParam(
          "devPtr " + hexPtr(key) +
          " is mapped or managed memory, not an aclrtMalloc allocation (release it "
          "with aclrtUnmapMem, aclrtFree of managed memory or aclrtHostUnregister)");
    // Inside some allocation but not its base?
    auto up = live_.upper_bound(key);
    if (up != live_.begin()) {
      --up;
      if (key < up->first + up->second.info.size)
        return invalidParam("devPtr " + hexPtr(key) + " points inside " +
                            describe(up->second.info) + " at offset " +
                            std::to_string(key - up->first) +
                            "; only the base address can be freed");
    }
    return invalidParam("devPtr " + hexPtr(key) + " is not a live device allocation");
  }
  Live live = std::move(it->second);
  Status redZone = checkRedZonesLocked(live);
  live_.erase(it);
  removals_.fetch_add(1, std::memory_order_release);
  DeviceState& ds = deviceState(live.info.device);
  Segment& seg = ds.segments[live.segment];
  seg.used -= live.allocated;
  if (seg.used == 0) {
    ds.stats.reservedBytes -= seg.capacity;
    seg.capacity = 0;
  }
  ds.stats.requestedBytes -= live.info.size;
  ds.stats.inUseBytes -= live.allocated;
  ds.stats.liveAllocations -= 1;
  if (recentlyFreedOrder_.size() >= kRecentlyFreedKept) {
    recentlyFreed_.erase(recentlyFreedOrder_.front());
    recentlyFreedOrder_.erase(recentlyFreedOrder_.begin());
  }
  recentlyFreed_[key] = live.info.id;
  recentlyFreedOrder_.push_back(key);
  rememberFreedLocked(live);
  if (!redZone) return Status(redZone.code(), redZone.message() + " (the allocation was freed)");
  return Status::ok();
}

bool DeviceMemory::find(const void* p, AllocationInfo* out) const {
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::shared_lock lock(mu_);
  auto it = live_.upper_bound(key);
  if (it != live_.begin()) {
    --it;
    if (key < it->first + it->second.info.size) {
      if (out) *out = it->second.info;
      return true;
    }
  }
  auto m = mapped_.upper_bound(key);
  if (m == mapped_.begin()) return false;
  --m;
  if (key >= m->first + m->second.size) return false;
  if (out) *out = m->second;
  return true;
}

Status DeviceMemory::addMapped(int32_t device, void* base, size_t size) {
  const auto key = reinterpret_cast<uintptr_t>(base);
  if (base == nullptr || size == 0) return invalidParam("mapped range must be non-empty");
  std::unique_lock lock(mu_);
  auto overlaps = [&](const auto& m, auto sizeOf) {
    auto it = m.lower_bound(key + size);
    if (it == m.begin()) return false;
    --it;
    return it->first + sizeOf(it->second) > key;
  };
  if (overlaps(live_, [](const Live& l) { return l.info.size; }) ||
      overlaps(mapped_, [](const AllocationInfo& a) { return a.size; }))
    return invalidParam("range " + hexPtr(key) + " of " + std::to_string(size) +
                        " bytes overlaps device memory already in use");
  AllocationInfo info;
  info.base = key;
  info.size = size;
  info.id = nextId_++;
  info.device = device;
  mapped_.emplace(key, info);
  return Status::ok();
}

Status DeviceMemory::removeMapped(void* base) {
  std::unique_lock lock(mu_);
  if (mapped_.erase(reinterpret_cast<uintptr_t>(base)) == 0)
    return invalidParam("address " + hexPtr(reinterpret_cast<uintptr_t>(base)) +
                        " is not the start of a mapped device range");
  removals_.fetch_add(1, std::memory_order_release);
  return Status::ok();
}

bool DeviceMemory::isDevicePointer(const void* p) const {
  return find(p, nullptr);
}

Status DeviceMemory::checkRange(const void* p, size_t n, const char* what) const {
  AllocationInfo a;
  if (!find(p, &a))
    return invalidParam(std::string(what) + " " + hexPtr(reinterpret_cast<uintptr_t>(p)) +
                        " is not inside a live device allocation");
  const uintptr_t start = reinterpret_cast<uintptr_t>(p);
  const uint64_t offset = start - a.base;
  if (n > a.size - offset)
    return invalidParam(std::string(what) + " range of " + std::to_string(n) + " bytes at offset " +
                        std::to_string(offset) + " crosses the end of " + describe(a) + " by " +
                        std::to_string(n - (a.size - offset)) + " bytes");
  return Status::ok();
}

Status DeviceMemory::checkRedZones() const {
  std::shared_lock lock(mu_);
  for (const auto& [base, live] : live_) {
    Status s = checkRedZonesLocked(live);
    if (!s) return s;
  }
  return Status::ok();
}

MemStats DeviceMemory::stats(int32_t device) const {
  std::shared_lock lock(mu_);
  auto it = devices_.find(device);
  return it == devices_.end() ? MemStats{} : it->second.stats;
}

void DeviceMemory::resetPeakStats(int32_t device) {
  std::unique_lock lock(mu_);
  MemStats& st = deviceState(device).stats;
  st.peakInUseBytes = st.inUseBytes;
  st.peakReservedBytes = st.reservedBytes;
  st.peakLiveAllocations = st.liveAllocations;
}

Status DeviceMemory::allocateHost(size_t size, void** out) {
  if (out == nullptr) return invalidParam("hostPtr must not be null");
  *out = nullptr;
  if (size == 0) return invalidParam("size must be greater than 0, got 0");
  void* p = std::aligned_alloc(kBaseAlignment, roundUp(size, kBaseAlignment));
  if (p == nullptr)
    return Status(code::kBadAlloc, "host allocation of " + std::to_string(size) + " bytes failed");
  std::unique_lock lock(mu_);
  hostLive_[reinterpret_cast<uintptr_t>(p)] = size;
  *out = p;
  return Status::ok();
}

Status DeviceMemory::freeHost(void* p) {
  if (p == nullptr) return invalidParam("hostPtr must not be null");
  const auto key = reinterpret_cast<uintptr_t>(p);
  std::unique_lock lock(mu_);
  auto it = hostLive_.find(key);
  if (it == hostLive_.end()) {
    if (live_.count(key))
      return invalidParam("hostPtr " + hexPtr(key) +
                          " is device memory from aclrtMalloc; free it with aclrtFree");
    return invalidParam("hostPtr " + hexPtr(key) +
                        " was not allocated by aclrtMallocHost (or was already freed)");
  }
  hostLive_.erase(it);
  std::free(p);
  return Status::ok();
}

bool DeviceMemory::isHostAllocation(const void* p) const {
  std::shared_lock lock(mu_);
  return hostLive_.count(reinterpret_cast<uintptr_t>(p)) != 0;
}

}  // namespace asctwin::device

namespace asctwin::device {

Status DeviceMemory::guardedNow(bool* on) const {
  if (guardOverride_) {
    *on = *guardOverride_;
    return Status::ok();
  }
  if (auto v = envString("ASCTWIN_GUARD_PAGES"); v && !v->empty()) {
    if (*v != "0" && *v != "1")
      return invalidParam("environment variable ASCTWIN_GUARD_PAGES must be 0 or 1, got '" + *v +
                          "'");
    *on = *v == "1";
    return Status::ok();
  }
  const auto mode = envString("ASCTWIN_MODE");
  const auto checker = envString("ASCTWIN_CHECKER");
  *on = (mode && *mode == "check") || (checker && !checker->empty());
  return Status::ok();
}

Status DeviceMemory::fillNow(uint8_t* byte) const {
  if (fillOverride_) {
    *byte = *fillOverride_;
    return Status::ok();
  }
  *byte = 0;
  if (auto v = envString("ASCTWIN_DEVICE_FILL"); v && !v->empty()) {
    if (*v != "zero" && *v != "poison")
      return invalidParam("environment variable ASCTWIN_DEVICE_FILL must be zero or poison, got '" +
                          *v + "'");
    if (*v == "poison") *byte = kPoisonByte;
  }
  return Status::ok();
}

void DeviceMemory::setFill(std::optional<uint8_t> byte) {
  std::unique_lock lock(mu_);
  fillOverride_ = byte;
}

void DeviceMemory::markWritten(const void* p, size_t n) {
  if (p == nullptr || n == 0) return;
  const auto lo = reinterpret_cast<uintptr_t>(p);
  const uintptr_t hi = lo + n;
  std::unique_lock lock(mu_);
  // Normally one allocation; a range may span several only by accident of
  // layout, and each keeps its own part.
  auto it = live_.upper_bound(lo);
  if (it != live_.begin()) --it;
  for (; it != live_.end() && it->first < hi; ++it) {
    const uintptr_t end = it->first + it->second.info.size;
    if (end <= lo) continue;
    it->second.written.mark(std::max(lo, it->first), std::min(hi, end));
  }
}

UnwrittenSpan DeviceMemory::unwritten(const void* p, size_t n) const {
  const auto lo = reinterpret_cast<uintptr_t>(p);
  std::shared_lock lock(mu_);
  auto it = live_.upper_bound(lo);
  if (it == live_.begin()) return {};
  --it;
  const uintptr_t end = it->first + it->second.info.size;
  if (lo >= end) return {};
  return it->second.written.unwritten(lo, std::min(lo + n, end));
}

void DeviceMemory::assumeLiveWritten() {
  std::unique_lock lock(mu_);
  for (auto& [base, live] : live_) live.written.mark(base, base + live.info.size);
}

void DeviceMemory::noteUnrecordedLaunch() {
  unrecordedLaunches_.fetch_add(1);
}

void DeviceMemory::assumeUnrecordedWritten() {
  std::unique_lock lock(mu_);
  const uint64_t now = unrecordedLaunches_.load();
  for (auto& [base, live] : live_)
    if (live.unrecordedAtAlloc < now) live.written.mark(base, base + live.info.size);
}

void DeviceMemory::setGuardPages(std::optional<bool> on) {
  std::unique_lock lock(mu_);
  guardOverride_ = on;
}

bool DeviceMemory::guardPages() const {
  std::shared_lock lock(mu_);
  bool on = false;
  // A malformed ASCTWIN_GUARD_PAGES reads as off here (allocate() reports it).
  return guardedNow(&on).isOk() && on;
}

void DeviceMemory::rememberFreedLocked(const Live& live) {
  if (freedOrder_.size() >= kFreedKept) {
    auto old = freed_.find(freedOrder_.front());
    freedOrder_.pop_front();
    if (old != freed_.end()) {
      if (old->second.guarded) munmap(old->second.raw, old->second.rawBytes);
      freed_.erase(old);
    }
  }
  Freed f{live.info, live.raw, live.rawBytes, live.guarded};
  if (live.guarded) {
    guardedRetire(live.raw, live.rawBytes);
  } else {
    rawFree(live.raw, live.rawBytes);
  }
  const auto key = reinterpret_cast<uintptr_t>(live.raw);
  // An unguarded range may have been reused and freed again: one entry per start.
  if (freed_.count(key) == 0) freedOrder_.push_back(key);
  freed_[key] = f;
}

AddressPlace DeviceMemory::locate(uintptr_t addr) const {
  std::shared_lock lock(mu_);
  AddressPlace at;
  auto placeIn = [&](const AllocationInfo& info, bool freed) {
    at.allocation = info;
    at.freed = freed;
    if (addr < info.base) {
      at.relation = AddressPlace::Relation::Before;
      at.distance = info.base - addr;
    } else if (addr - info.base < info.size) {
      at.relation = AddressPlace::Relation::Inside;
      at.distance = addr - info.base;
    } else {
      at.relation = AddressPlace::Relation::After;
      at.distance = addr - (info.base + info.size);
    }
  };
  auto rawContains = [&](const void* raw, size_t rawBytes) {
    const auto lo = reinterpret_cast<uintptr_t>(raw);
    return addr >= lo && addr - lo < rawBytes;
  };
  // 1. A live allocation's own memory or guards.
  auto it = live_.upper_bound(addr);
  if (it != live_.begin()) {
    auto below = std::prev(it);
    if (rawContains(below->second.raw, below->second.rawBytes) ||
        addr - below->first < below->second.info.size) {
      placeIn(below->second.info, false);
      return at;
    }
  }
  if (it != live_.end() && rawContains(it->second.raw, it->second.rawBytes)) {
    placeIn(it->second.info, false);
    return at;
  }
  // 2. A recently freed allocation's range (guarded ones are still reserved).
  auto fr = freed_.upper_bound(addr);
  if (fr != freed_.begin()) {
    auto below = std::prev(fr);
    if (rawContains(below->second.raw, below->second.rawBytes)) {
      placeIn(below->second.info, true);
      return at;
    }
  }
  // 3. The nearest live allocation.
  const AllocationInfo* best = nullptr;
  uint64_t bestDistance = UINT64_MAX;
  if (it != live_.end()) {
    best = &it->second.info;
    bestDistance = it->first - addr;
  }
  if (it != live_.begin()) {
    const AllocationInfo& b = std::prev(it)->second.info;
    if (addr - (b.base + b.size) < bestDistance) best = &b;
  }
  if (best != nullptr) placeIn(*best, false);
  return at;
}

std::string DeviceMemory::describeAddress(uintptr_t addr) const {
  return relationText(locate(addr));
}

}  // namespace asctwin::device
