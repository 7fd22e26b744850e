// C entry points: device and host allocations, memory info (acl/acl_rt.h).
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"
#include "device/api_caller.h"
#include "device/soc.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
using asctwin::device::DeviceMemory;

namespace asctwin::acl {
namespace {

// Memory freed while streams destroyed with aclrtDestroyStreamForce still run
// their queued work: that work counts as already dispatched to the device
// (where it would long have finished), so the memory is released once it
// has run. The pointer is dead for the API at once.
std::mutex gDeferredMu;
std::set<const void*>& deferred() {
  static auto* s = new std::set<const void*>();
  return *s;
}

Status freeAfterOrphans(void* p, bool host) {
  {
    std::lock_guard lock(gDeferredMu);
    if (deferred().count(p) != 0)
      return invalidParam(std::string(host ? "hostPtr " : "devPtr ") + hexPointer(p) +
                          " was already freed");
  }
  std::vector<device::Stream*> busy;
  forEachBusyOrphan([&](device::Stream& s) { busy.push_back(&s); });
  if (busy.empty())
    return host ? DeviceMemory::instance().freeHost(p) : DeviceMemory::instance().free(p);
  // Validate now (a foreign pointer fails here), release later.
  device::AllocationInfo a;
  const bool known =
      host ? DeviceMemory::instance().isHostAllocation(p)
           : DeviceMemory::instance().find(p, &a) && a.base == reinterpret_cast<uintptr_t>(p);
  if (!known) return host ? DeviceMemory::instance().freeHost(p) : DeviceMemory::instance().free(p);
  {
    std::lock_guard lock(gDeferredMu);
    deferred().insert(p);
  }
  auto release = std::shared_ptr<void>(p, [host](void* q) {
    if (host) {
      (void)DeviceMemory::instance().freeHost(q);
    } else {
      (void)DeviceMemory::instance().free(q);
    }
    std::lock_guard lock(gDeferredMu);
    deferred().erase(q);
  });
  forEachBusyOrphan([&](device::Stream& s) { s.holdUntilDrained(release); });
  return Status::ok();
}

}  // namespace
}  // namespace asctwin::acl

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const asctwin::device::ApiCallerScope caller(__builtin_return_address(0));
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
    if (devPtr == nullptr) return invalidParam("devPtr must not be null");
    Status managed;
    if (asctwin::acl::freeManaged(devPtr, &managed)) return managed;
    return asctwin::acl::freeAfterOrphans(devPtr, false);
  });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return guard("aclrtMallocHost",
               [&] { return DeviceMemory::instance().allocateHost(size, hostPtr); });
}

aclError aclrtFreeHost(void* hostPtr) {
  return guard("aclrtFreeHost", [&] {
    if (hostPtr == nullptr) return DeviceMemory::instance().freeHost(hostPtr);
    return asctwin::acl::freeAfterOrphans(hostPtr, true);
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
