#include <cstdio>
#include <string>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "device/allocator.h"

namespace asctwin::acl {
namespace {

// [start, start + n) lies in writable mappings of the process (/proc/self/maps).
bool hostRangeWritable(uintptr_t start, size_t n) {
  if (n == 0) return true;
  std::FILE* f = std::fopen("/proc/self/maps", "r");
  if (f == nullptr) return false;
  uintptr_t need = start;
  const uintptr_t end = start + n;
  char line[512];
  while (need < end && std::fgets(line, sizeof line, f) != nullptr) {
    unsigned long lo = 0, hi = 0;
    char perms[8] = {};
    if (std::sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3) continue;
    if (need >= lo && need < hi) {
      if (perms[1] != 'w') break;
      need = hi;
    }
  }
  std::fclose(f);
  return need >= end;
}

std::string describe(const device::AllocationInfo& a) {
  return "allocation #" + std::to_string(a.id) + " (base " +
         hexPointer(reinterpret_cast<const void*>(a.base)) + ", " + std::to_string(a.size) +
         " bytes, device " + std::to_string(a.device) + ")";
}

bool isDeviceKind(int kind, bool dstSide) {
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
      return dstSide;
    case ACL_MEMCPY_INNER_DEVICE_TO_DEVICE:
    case ACL_MEMCPY_INTER_DEVICE_TO_DEVICE:
      return true;
    case ACL_MEMCPY_HOST_TO_DEVICE:
      return dstSide;
    case ACL_MEMCPY_DEVICE_TO_HOST:
      return !dstSide;
    case ACL_MEMCPY_DEVICE_TO_DEVICE:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string memcpyKindName(int kind) {
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST:
      return "ACL_MEMCPY_HOST_TO_HOST";
    case ACL_MEMCPY_HOST_TO_DEVICE:
      return "ACL_MEMCPY_HOST_TO_DEVICE";
    case ACL_MEMCPY_DEVICE_TO_HOST:
      return "ACL_MEMCPY_DEVICE_TO_HOST";
    case ACL_MEMCPY_DEVICE_TO_DEVICE:
      return "ACL_MEMCPY_DEVICE_TO_DEVICE";
    case ACL_MEMCPY_DEFAULT:
      return "ACL_MEMCPY_DEFAULT";
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
      return "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE";
    case ACL_MEMCPY_INNER_DEVICE_TO_DEVICE:
      return "ACL_MEMCPY_INNER_DEVICE_TO_DEVICE";
    case ACL_MEMCPY_INTER_DEVICE_TO_DEVICE:
      return "ACL_MEMCPY_INTER_DEVICE_TO_DEVICE";
    default:
      return "aclrtMemcpyKind(" + std::to_string(kind) + ")";
  }
}

Status checkDeviceRange(const void* p, size_t n, const char* what, const std::string& why) {
  Status s = device::DeviceMemory::instance().checkRange(p, n, what);
  if (!s) return Status(s.code(), s.message() + " (" + why + ")");
  return Status::ok();
}

Status checkHostRange(const void* p, size_t n, const char* what, const std::string& why) {
  const auto start = reinterpret_cast<uintptr_t>(p);
  if (n > 0 && start + (n - 1) < start)
    return invalidParam(std::string(what) + " range of " + std::to_string(n) + " bytes at " +
                        hexPointer(p) + " wraps around the address space");
  auto& mem = device::DeviceMemory::instance();
  device::AllocationInfo a;
  if (mem.find(p, &a))
    return invalidParam(std::string(what) + " " + hexPointer(p) + " is device memory (inside " +
                        describe(a) + ") but " + why);
  if (n > 0 && mem.find(reinterpret_cast<const void*>(start + (n - 1)), &a))
    return invalidParam(std::string(what) + " range of " + std::to_string(n) + " bytes at " +
                        hexPointer(p) + " runs into device memory (" + describe(a) + ") but " +
                        why);
  return Status::ok();
}

int resolveMemcpyKind(int kind, const void* dst, const void* src) {
  if (kind != ACL_MEMCPY_DEFAULT) return kind;
  // ACL_MEMCPY_DEFAULT: the direction follows from where the pointers lie.
  auto& mem = device::DeviceMemory::instance();
  const bool d = mem.isDevicePointer(dst), s = mem.isDevicePointer(src);
  return d ? (s ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_HOST_TO_DEVICE)
           : (s ? ACL_MEMCPY_DEVICE_TO_HOST : ACL_MEMCPY_HOST_TO_HOST);
}

Status checkMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind) {
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE)
    return invalidParam(
        "kind must be an aclrtMemcpyKind (ACL_MEMCPY_HOST_TO_HOST (0) .. "
        "ACL_MEMCPY_INTER_DEVICE_TO_DEVICE (7)), got " +
        std::to_string(kind));
  kind = resolveMemcpyKind(kind, dst, src);
  if (dst == nullptr) return invalidParam("dst must not be null");
  if (src == nullptr) return invalidParam("src must not be null");
  if (count > destMax)
    return invalidParam("count (" + std::to_string(count) + ") must not exceed destMax (" +
                        std::to_string(destMax) + ")");
  const std::string k = "kind " + memcpyKindName(kind);
  Status s = isDeviceKind(kind, true)
                 ? checkDeviceRange(dst, count, "dst", k + " says dst is device memory")
                 : checkHostRange(dst, count, "dst", k + " says dst is host memory");
  if (!s) return s;
  return isDeviceKind(kind, false)
             ? checkDeviceRange(src, count, "src", k + " says src is device memory")
             : checkHostRange(src, count, "src", k + " says src is host memory");
}

Status checkMemset(void* devPtr, size_t maxCount, size_t count, bool allowHost) {
  if (devPtr == nullptr) return invalidParam("devPtr must not be null");
  if (count > maxCount)
    return invalidParam("count (" + std::to_string(count) + ") must not exceed maxCount (" +
                        std::to_string(maxCount) + ")");
  auto& mem = device::DeviceMemory::instance();
  if (!allowHost || mem.isDevicePointer(devPtr))
    return checkDeviceRange(devPtr, count, "devPtr", "memset writes device memory only");
  // aclrtMemset takes host memory too, told apart by the address (11-03:
  // "系统根据地址判定是Host还是Device"); a freed device allocation is neither.
  const auto start = reinterpret_cast<uintptr_t>(devPtr);
  const device::AddressPlace place = mem.locate(start);
  if (place.freed && place.relation == device::AddressPlace::Relation::Inside)
    return invalidParam("devPtr " + hexPointer(devPtr) + " is inside freed device allocation #" +
                        std::to_string(place.allocation.id));
  Status s = checkHostRange(devPtr, count, "devPtr", "a memset of host memory must stay in host memory");
  if (!s) return s;
  // Host memory the reference calls undefined unless it comes from
  // aclrtMallocHost: the twin requires it to be writable mapped memory and
  // not the pages (red zones) of a device allocation.
  for (uintptr_t a : {start, start + (count == 0 ? 0 : count - 1)}) {
    const device::AddressPlace near = mem.locate(a);
    if ((near.relation == device::AddressPlace::Relation::Before ||
         near.relation == device::AddressPlace::Relation::After) &&
        near.distance < 4096)
      return invalidParam("devPtr range at " + hexPointer(devPtr) + " touches the pages of device allocation #" +
                          std::to_string(near.allocation.id) + " (its red zones)");
  }
  if (!hostRangeWritable(start, count))
    return invalidParam("devPtr range of " + std::to_string(count) + " bytes at " + hexPointer(devPtr) +
                        " is not writable host memory of this process");
  return Status::ok();
}

}  // namespace asctwin::acl
