// C entry points: virtual memory management (acl/acl_rt.h): physical memory
// handles, reserved address ranges, mapping, access, and physical memory
// shared between processes through shareable handles.
//
// Physical memory is a shared-memory segment (acl/shm_segment.h), so that a
// handle exported by one process can be imported by another and mapped
// there: both see the same bytes. A reserved range is an inaccessible
// reservation of host address space; aclrtMapMem maps the segment into it and
// registers the mapped part as device memory for every check.
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "acl/shm_segment.h"
#include "device/allocator.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace asctwin::acl {
namespace {

constexpr size_t kGranularity = 2u << 20;  // 2 MiB pages, as the device's
constexpr size_t kRecommended = 2u << 20;

struct Physical {
  uint32_t magic = 0x50485953;  // "PHYS"
  ShmSegment seg;
  size_t size = 0;
  aclrtPhysicalMemProp prop{};
  bool owner = false;  // created here (unlinked when freed), else imported
  uint32_t maps = 0;
};

struct Mapping {
  size_t size = 0;
  Physical* phys = nullptr;
  aclrtMemAccessDesc access{};
};

struct Reservation {
  size_t size = 0;
  std::map<uintptr_t, Mapping> maps;  // by start address
};

struct VmmState {
  std::mutex mu;
  std::set<Physical*> physicals;
  std::map<uintptr_t, Reservation> reservations;  // by base
};
VmmState& vmm() {
  static auto* s = new VmmState();
  return *s;
}

Status resolvePhysical(VmmState& st, aclrtDrvMemHandle handle, Physical** out) {
  auto* p = static_cast<Physical*>(handle);
  if (handle == nullptr) return invalidParam("handle must not be null");
  if (st.physicals.count(p) == 0)
    return invalidParam(
        "handle is not a live physical memory handle (aclrtMallocPhysical or an "
        "import)");
  *out = p;
  return Status::ok();
}

Status checkProp(const aclrtPhysicalMemProp* prop) {
  if (prop == nullptr) return invalidParam("prop must not be null");
  if (prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED)
    return invalidParam("prop->allocationType must be ACL_MEM_ALLOCATION_TYPE_PINNED");
  if (prop->handleType != ACL_MEM_HANDLE_TYPE_NONE && prop->handleType != ACL_MEM_HANDLE_TYPE_POSIX)
    return invalidParam("prop->handleType must be ACL_MEM_HANDLE_TYPE_NONE or _POSIX");
  if (prop->location.type != ACL_MEM_LOCATION_TYPE_DEVICE &&
      prop->location.type != ACL_MEM_LOCATION_TYPE_HOST)
    return invalidParam("prop->location.type must be ACL_MEM_LOCATION_TYPE_DEVICE or _HOST");
  if (prop->location.type == ACL_MEM_LOCATION_TYPE_DEVICE)
    return checkDeviceId(static_cast<int32_t>(prop->location.id), "prop->location.id");
  return Status::ok();
}

// Reservation containing [p, p + n), or end().
std::map<uintptr_t, Reservation>::iterator findReservation(VmmState& st, uintptr_t p, size_t n) {
  auto it = st.reservations.upper_bound(p);
  if (it == st.reservations.begin()) return st.reservations.end();
  --it;
  if (p + n > it->first + it->second.size) return st.reservations.end();
  return it;
}

// "<segment name>" for a shareable handle: pid and sequence of the creator.
uint64_t shareableOf(const Physical& p) {
  unsigned pid = 0;
  unsigned long long n = 0;
  std::sscanf(p.seg.name.c_str(), "/asctwin-phys-%u-%llu", &pid, &n);
  return (static_cast<uint64_t>(pid) << 32) | (n & 0xFFFFFFFFull);
}
std::string nameOfShareable(uint64_t h) {
  return "/asctwin-phys-" + std::to_string(h >> 32) + "-" + std::to_string(h & 0xFFFFFFFFull);
}

Status importPhysical(const std::string& name, int32_t deviceId, aclrtDrvMemHandle* handle) {
  ShmSegment seg;
  Status s = shmOpen(name, kShmPhysical, &seg);
  if (!s) return s;
  auto p = std::make_unique<Physical>();
  p->seg = seg;
  p->size = seg.header()->payloadBytes;
  p->prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  p->prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  p->prop.location.id = static_cast<uint32_t>(deviceId);
  p->owner = false;
  auto& st = vmm();
  std::lock_guard lock(st.mu);
  *handle = p.get();
  st.physicals.insert(p.release());
  return Status::ok();
}

}  // namespace
}  // namespace asctwin::acl

namespace acl = asctwin::acl;

extern "C" {

aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                          aclrtMemGranularityOptions option, size_t* granularity) {
  return guard("aclrtMemGetAllocationGranularity", [&] {
    Status s = acl::checkProp(prop);
    if (!s) return s;
    if (granularity == nullptr) return invalidParam("granularity must not be null");
    if (option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM &&
        option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED)
      return invalidParam("option must be ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM or _RECOMMENDED");
    *granularity =
        option == ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM ? acl::kGranularity : acl::kRecommended;
    return Status::ok();
  });
}

aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle, size_t size,
                             const aclrtPhysicalMemProp* prop, uint64_t flags) {
  return guard("aclrtMallocPhysical", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    *handle = nullptr;
    Status s = acl::checkProp(prop);
    if (!s) return s;
    if (size == 0 || size % acl::kGranularity != 0)
      return invalidParam("size must be a non-zero multiple of the granularity (" +
                          std::to_string(acl::kGranularity) + " bytes), got " +
                          std::to_string(size));
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    auto p = std::make_unique<acl::Physical>();
    s = acl::shmCreate("phys", acl::kShmPhysical, size, &p->seg);
    if (!s) return s;
    p->seg.header()->device = static_cast<int32_t>(prop->location.id);
    p->size = size;
    p->prop = *prop;
    p->owner = true;
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    *handle = p.get();
    st.physicals.insert(p.release());
    return Status::ok();
  });
}

aclError aclrtFreePhysical(aclrtDrvMemHandle handle) {
  return guard("aclrtFreePhysical", [&] {
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    acl::Physical* p = nullptr;
    Status s = acl::resolvePhysical(st, handle, &p);
    if (!s) return s;
    if (p->maps != 0)
      return invalidParam("the physical memory is still mapped " + std::to_string(p->maps) +
                          " time(s): aclrtUnmapMem first");
    acl::shmClose(&p->seg, p->owner);
    st.physicals.erase(p);
    delete p;
    return Status::ok();
  });
}

aclError aclrtReserveMemAddress(void** virPtr, size_t size, size_t alignment, void* expectPtr,
                                uint64_t flags) {
  return guard("aclrtReserveMemAddress", [&] {
    if (virPtr == nullptr) return invalidParam("virPtr must not be null");
    *virPtr = nullptr;
    if (size == 0 || size % acl::kGranularity != 0)
      return invalidParam("size must be a non-zero multiple of the granularity (" +
                          std::to_string(acl::kGranularity) + " bytes), got " +
                          std::to_string(size));
    if (alignment != 0 && (alignment & (alignment - 1)) != 0)
      return invalidParam("alignment must be 0 or a power of two");
    if (flags > 1) return invalidParam("flags must be 0 or 1 (page size hint)");
    const size_t align = std::max<size_t>(alignment, acl::kGranularity);
    // Over-reserve, then trim to the alignment.
    void* raw = mmap(expectPtr, size + align, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED)
      return asctwin::Status(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot reserve address space");
    const auto start = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = (start + align - 1) / align * align;
    if (aligned > start) munmap(raw, aligned - start);
    const uintptr_t tail = aligned + size;
    if (start + size + align > tail)
      munmap(reinterpret_cast<void*>(tail), start + size + align - tail);
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    st.reservations[aligned].size = size;
    *virPtr = reinterpret_cast<void*>(aligned);
    return Status::ok();
  });
}

aclError aclrtReleaseMemAddress(void* virPtr) {
  return guard("aclrtReleaseMemAddress", [&] {
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    auto it = st.reservations.find(reinterpret_cast<uintptr_t>(virPtr));
    if (virPtr == nullptr || it == st.reservations.end())
      return invalidParam("virPtr is not the base of a range of aclrtReserveMemAddress");
    if (!it->second.maps.empty())
      return invalidParam("the range still has " + std::to_string(it->second.maps.size()) +
                          " mapping(s): aclrtUnmapMem first");
    munmap(virPtr, it->second.size);
    st.reservations.erase(it);
    return Status::ok();
  });
}

aclError aclrtMapMem(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                     uint64_t flags) {
  return guard("aclrtMapMem", [&] {
    if (virPtr == nullptr) return invalidParam("virPtr must not be null");
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    acl::Physical* p = nullptr;
    Status s = acl::resolvePhysical(st, handle, &p);
    if (!s) return s;
    const auto addr = reinterpret_cast<uintptr_t>(virPtr);
    if (size == 0 || size % acl::kGranularity != 0 || offset % acl::kGranularity != 0)
      return invalidParam("size and offset must be multiples of the granularity (" +
                          std::to_string(acl::kGranularity) + " bytes), size non-zero");
    if (offset > p->size || size > p->size - offset)
      return invalidParam("offset " + std::to_string(offset) + " + size " + std::to_string(size) +
                          " exceeds the physical memory's " + std::to_string(p->size) + " bytes");
    auto r = acl::findReservation(st, addr, size);
    if (r == st.reservations.end())
      return invalidParam("[virPtr, virPtr + size) is not inside one reserved range");
    auto next = r->second.maps.lower_bound(addr);
    if (next != r->second.maps.end() && next->first < addr + size)
      return invalidParam("the range overlaps an existing mapping");
    if (next != r->second.maps.begin()) {
      auto prev = std::prev(next);
      if (prev->first + prev->second.size > addr)
        return invalidParam("the range overlaps an existing mapping");
    }
    void* m = mmap(virPtr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, p->seg.fd,
                   static_cast<off_t>(acl::kShmHeaderBytes + offset));
    if (m == MAP_FAILED)
      return asctwin::Status(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map the physical memory");
    const int32_t device = p->prop.location.type == ACL_MEM_LOCATION_TYPE_DEVICE
                               ? static_cast<int32_t>(p->prop.location.id)
                               : 0;
    s = asctwin::device::DeviceMemory::instance().addMapped(device, virPtr, size);
    if (!s) {
      mmap(virPtr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
      return s;
    }
    r->second.maps[addr] = acl::Mapping{size, p, {}};
    ++p->maps;
    return Status::ok();
  });
}

aclError aclrtUnmapMem(void* virPtr) {
  return guard("aclrtUnmapMem", [&] {
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    const auto addr = reinterpret_cast<uintptr_t>(virPtr);
    auto r = acl::findReservation(st, addr, 1);
    auto m = r == st.reservations.end() ? decltype(r->second.maps)::iterator{}
                                        : r->second.maps.find(addr);
    if (virPtr == nullptr || r == st.reservations.end() || m == r->second.maps.end())
      return invalidParam("virPtr is not the start of a mapping of aclrtMapMem");
    (void)asctwin::device::DeviceMemory::instance().removeMapped(virPtr);
    mmap(virPtr, m->second.size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
         -1, 0);
    --m->second.phys->maps;
    r->second.maps.erase(m);
    return Status::ok();
  });
}

aclError aclrtMemSetAccess(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count) {
  return guard("aclrtMemSetAccess", [&] {
    if (virPtr == nullptr) return invalidParam("virPtr must not be null");
    if (desc == nullptr || count == 0) return invalidParam("desc must hold at least one entry");
    for (size_t i = 0; i < count; ++i) {
      const int f = static_cast<int>(desc[i].flags);
      if (f != ACL_RT_MEM_ACCESS_FLAGS_NONE && f != ACL_RT_MEM_ACCESS_FLAGS_READ &&
          f != ACL_RT_MEM_ACCESS_FLAGS_READWRITE)
        return invalidParam("desc[" + std::to_string(i) + "].flags is not an aclrtMemAccessFlags");
      if (desc[i].location.type == ACL_MEM_LOCATION_TYPE_DEVICE) {
        Status s =
            acl::checkDeviceId(static_cast<int32_t>(desc[i].location.id), "desc[].location.id");
        if (!s) return s;
      }
    }
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    const auto addr = reinterpret_cast<uintptr_t>(virPtr);
    auto r = acl::findReservation(st, addr, size);
    if (r == st.reservations.end())
      return invalidParam("[virPtr, virPtr + size) is not inside one reserved range");
    size_t covered = 0;
    for (auto& [start, m] : r->second.maps) {
      if (start >= addr && start + m.size <= addr + size) {
        m.access = desc[count - 1];
        covered += m.size;
      }
    }
    if (covered != size) return invalidParam("[virPtr, virPtr + size) is not wholly mapped");
    return Status::ok();
  });
}

aclError aclrtMemGetAccess(void* virPtr, aclrtMemLocation* location, uint64_t* flag) {
  return guard("aclrtMemGetAccess", [&] {
    if (location == nullptr || flag == nullptr)
      return invalidParam("location and flag must not be null");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    const auto addr = reinterpret_cast<uintptr_t>(virPtr);
    auto r = acl::findReservation(st, addr, 1);
    if (r != st.reservations.end())
      for (auto& [start, m] : r->second.maps)
        if (addr >= start && addr < start + m.size) {
          *location = m.access.location;
          *flag = static_cast<uint64_t>(m.access.flags);
          return Status::ok();
        }
    return invalidParam("virPtr is not inside a mapping of aclrtMapMem");
  });
}

aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType,
                                         uint64_t flags, uint64_t* shareableHandle) {
  return guard("aclrtMemExportToShareableHandle", [&] {
    if (shareableHandle == nullptr) return invalidParam("shareableHandle must not be null");
    if (handleType != ACL_MEM_HANDLE_TYPE_NONE && handleType != ACL_MEM_HANDLE_TYPE_POSIX)
      return invalidParam("handleType must be ACL_MEM_HANDLE_TYPE_NONE or _POSIX");
    if (flags > ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
      return invalidParam(
          "flags must be ACL_RT_VMM_EXPORT_FLAG_DEFAULT or "
          "ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    acl::Physical* p = nullptr;
    Status s = acl::resolvePhysical(st, handle, &p);
    if (!s) return s;
    if (!p->owner) return invalidParam("an imported handle cannot be exported again");
    // Default: only the pids named by aclrtMemSetPidToShareableHandle import.
    p->seg.header()->checkPids = flags == ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION ? 0 : 1;
    *shareableHandle = acl::shareableOf(*p);
    return Status::ok();
  });
}

aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags,
                                           aclrtMemSharedHandleType shareType,
                                           void* shareableHandle) {
  return guard("aclrtMemExportToShareableHandleV2", [&] {
    if (shareableHandle == nullptr) return invalidParam("shareableHandle must not be null");
    if (shareType != ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT &&
        shareType != ACL_MEM_SHARE_HANDLE_TYPE_FABRIC)
      return invalidParam("shareType must be ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT or _FABRIC");
    uint64_t h = 0;
    const aclError rc =
        aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, flags, &h);
    if (rc != ACL_SUCCESS) return Status(rc, "export failed");
    if (shareType == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
      std::memcpy(shareableHandle, &h, sizeof h);
    } else {
      // A fabric handle carries the segment's name (other servers on a twin
      // are processes of the same host).
      auto* f = static_cast<aclrtMemFabricHandle*>(shareableHandle);
      std::memset(f->data, 0, sizeof f->data);
      std::snprintf(reinterpret_cast<char*>(f->data), sizeof f->data, "%s",
                    acl::nameOfShareable(h).c_str());
    }
    return Status::ok();
  });
}

aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId,
                                           aclrtDrvMemHandle* handle) {
  return guard("aclrtMemImportFromShareableHandle", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    Status s = acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    return acl::importPhysical(acl::nameOfShareable(shareableHandle), deviceId, handle);
  });
}

aclError aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                             aclrtMemSharedHandleType shareType, uint64_t flags,
                                             aclrtDrvMemHandle* handle) {
  return guard("aclrtMemImportFromShareableHandleV2", [&] {
    if (shareableHandle == nullptr || handle == nullptr)
      return invalidParam("shareableHandle and handle must not be null");
    (void)flags;
    int32_t dev = 0;
    (void)acl::currentDevice(&dev);
    if (shareType == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
      uint64_t h = 0;
      std::memcpy(&h, shareableHandle, sizeof h);
      return acl::importPhysical(acl::nameOfShareable(h), dev, handle);
    }
    if (shareType != ACL_MEM_SHARE_HANDLE_TYPE_FABRIC)
      return invalidParam("shareType must be ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT or _FABRIC");
    const auto* f = static_cast<const aclrtMemFabricHandle*>(shareableHandle);
    std::string name(reinterpret_cast<const char*>(f->data),
                     strnlen(reinterpret_cast<const char*>(f->data), sizeof f->data));
    return acl::importPhysical(name, dev, handle);
  });
}

aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t* pid, size_t pidNum) {
  return guard("aclrtMemSetPidToShareableHandle", [&] {
    if (pid == nullptr || pidNum == 0) return invalidParam("pid must hold at least one pid");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    for (acl::Physical* p : st.physicals)
      if (p->owner && acl::shareableOf(*p) == shareableHandle)
        return acl::shmAllowPids(&p->seg, pid, pidNum);
    return invalidParam("shareableHandle was not exported by this process");
  });
}

aclError aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                           aclrtMemSharedHandleType shareType, int32_t* pid,
                                           size_t pidNum) {
  return guard("aclrtMemSetPidToShareableHandleV2", [&] {
    if (shareableHandle == nullptr) return invalidParam("shareableHandle must not be null");
    uint64_t h = 0;
    if (shareType == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
      std::memcpy(&h, shareableHandle, sizeof h);
    } else {
      const auto* f = static_cast<const aclrtMemFabricHandle*>(shareableHandle);
      unsigned p = 0;
      unsigned long long n = 0;
      std::sscanf(reinterpret_cast<const char*>(f->data), "/asctwin-phys-%u-%llu", &p, &n);
      h = (static_cast<uint64_t>(p) << 32) | n;
    }
    const aclError rc = aclrtMemSetPidToShareableHandle(h, pid, pidNum);
    return rc == ACL_SUCCESS ? Status::ok() : Status(rc, "setting the pids failed");
  });
}

aclError aclrtMemRetainAllocationHandle(void* virPtr, aclrtDrvMemHandle* handle) {
  return guard("aclrtMemRetainAllocationHandle", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    const auto addr = reinterpret_cast<uintptr_t>(virPtr);
    auto r = acl::findReservation(st, addr, 1);
    if (r != st.reservations.end())
      for (auto& [start, m] : r->second.maps)
        if (addr >= start && addr < start + m.size) {
          *handle = m.phys;
          return Status::ok();
        }
    return invalidParam("virPtr is not inside a mapping of aclrtMapMem");
  });
}

aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                   aclrtPhysicalMemProp* prop) {
  return guard("aclrtMemGetAllocationPropertiesFromHandle", [&] {
    if (prop == nullptr) return invalidParam("prop must not be null");
    auto& st = acl::vmm();
    std::lock_guard lock(st.mu);
    acl::Physical* p = nullptr;
    Status s = acl::resolvePhysical(st, handle, &p);
    if (!s) return s;
    *prop = p->prop;
    return Status::ok();
  });
}

aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize) {
  return guard("aclrtMemGetAddressRange", [&] {
    asctwin::device::AllocationInfo a;
    if (!asctwin::device::DeviceMemory::instance().find(ptr, &a))
      return invalidParam("ptr is not inside device memory");
    if (pbase != nullptr) *pbase = reinterpret_cast<void*>(a.base);
    if (psize != nullptr) *psize = a.size;
    return Status::ok();
  });
}

}  // extern "C"
