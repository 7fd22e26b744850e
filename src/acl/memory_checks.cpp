#include <string>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "device/allocator.h"

namespace asctwin::acl {
namespace {

std::string describe(const device::AllocationInfo& a) {
  return "allocation #" + std::to_string(a.id) + " (base " +
         hexPointer(reinterpret_cast<const void*>(a.base)) + ", " + std::to_string(a.size) +
         " bytes, device " + std::to_string(a.device) + ")";
}

bool isDeviceKind(int kind, bool dstSide) {
  switch (kind) {
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

Status checkMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind) {
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEVICE_TO_DEVICE)
    return invalidParam(
        "kind must be ACL_MEMCPY_HOST_TO_HOST (0), ACL_MEMCPY_HOST_TO_DEVICE (1), "
        "ACL_MEMCPY_DEVICE_TO_HOST (2) or ACL_MEMCPY_DEVICE_TO_DEVICE (3), got " +
        std::to_string(kind));
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

Status checkMemset(void* devPtr, size_t maxCount, size_t count) {
  if (devPtr == nullptr) return invalidParam("devPtr must not be null");
  if (count > maxCount)
    return invalidParam("count (" + std::to_string(count) + ") must not exceed maxCount (" +
                        std::to_string(maxCount) + ")");
  // Host or device memory, told apart by the address (11-03: "系统根据地址判定是Host
  // 还是Device"); a range that starts in device memory must stay inside it.
  if (device::DeviceMemory::instance().isDevicePointer(devPtr))
    return checkDeviceRange(devPtr, count, "devPtr", "memset of device memory");
  return checkHostRange(devPtr, count, "devPtr", "memset of host memory");
}

}  // namespace asctwin::acl
