// C entry points: device and host allocations, memory info (acl/acl_rt.h).
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "device/allocator.h"
#include "device/soc.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
using asctwin::device::DeviceMemory;

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return guard("aclrtMalloc", [&] {
    int32_t dev = -1;
    Status s = asctwin::acl::currentDevice(&dev);
    if (!s) return s;
    if (devPtr == nullptr) return invalidParam("devPtr must not be null");
    *devPtr = nullptr;
    const int p = static_cast<int>(policy);
    if (p < ACL_MEM_MALLOC_HUGE_FIRST || p > ACL_MEM_MALLOC_NORMAL_ONLY_P2P)
      return invalidParam(
          "policy must be an aclrtMemMallocPolicy (ACL_MEM_MALLOC_HUGE_FIRST (0) .. "
          "ACL_MEM_MALLOC_NORMAL_ONLY_P2P (5)), got " +
          std::to_string(p));
    return DeviceMemory::instance().allocate(dev, size, devPtr);
  });
}

aclError aclrtFree(void* devPtr) {
  return guard("aclrtFree", [&] {
    return DeviceMemory::instance().free(devPtr);
  });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return guard("aclrtMallocHost", [&] {
    return DeviceMemory::instance().allocateHost(size, hostPtr);
  });
}

aclError aclrtFreeHost(void* hostPtr) {
  return guard("aclrtFreeHost", [&] {
    return DeviceMemory::instance().freeHost(hostPtr);
  });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  return guard("aclrtGetMemInfo", [&] {
    int32_t dev = -1;
    Status s = asctwin::acl::currentDevice(&dev);
    if (!s) return s;
    const int a = static_cast<int>(attr);
    if (a < ACL_DDR_MEM || a > ACL_HBM_MEM_P2P_NORMAL)
      return invalidParam(
          "attr must be an aclrtMemAttr (ACL_DDR_MEM (0) .. "
          "ACL_HBM_MEM_P2P_NORMAL (9)), got " +
          std::to_string(a));
    if (free == nullptr) return invalidParam("free must not be null");
    if (total == nullptr) return invalidParam("total must not be null");
    const bool hbm = a == ACL_HBM_MEM || a == ACL_HBM_MEM_HUGE || a == ACL_HBM_MEM_NORMAL ||
                     a == ACL_HBM_MEM_P2P_HUGE || a == ACL_HBM_MEM_P2P_NORMAL;
    if (!hbm) {  // the modelled SoCs have no device DDR
      *free = 0;
      *total = 0;
      return Status::ok();
    }
    const uint64_t capacity = asctwin::device::currentSoc().hbmBytes;
    const uint64_t reserved = DeviceMemory::instance().stats(dev).reservedBytes;
    *total = static_cast<size_t>(capacity);
    *free = static_cast<size_t>(capacity > reserved ? capacity - reserved : 0);
    return Status::ok();
  });
}

}  // extern "C"
