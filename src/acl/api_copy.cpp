// C entry points: aclrtMemcpy/aclrtMemset and their asynchronous variants.
#include <cstring>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"
#include "device/host_reads.h"

using asctwin::Status;
using asctwin::acl::guard;

namespace {

// Tells the checker's initcheck (when it runs) that the host reads device
// memory: the bytes copied out should have been written first.
void noteDeviceRead(const void* src, size_t count, const char* api, const void* caller) {
  if (count == 0 || !asctwin::device::DeviceMemory::instance().isDevicePointer(src)) return;
  asctwin::device::noteHostRead({src, count, api, reinterpret_cast<uintptr_t>(caller)});
}

}  // namespace

extern "C" {

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                     aclrtMemcpyKind kind) {
  const void* caller = __builtin_return_address(0);
  return guard("aclrtMemcpy", [&] {
    Status s = asctwin::acl::checkMemcpy(dst, destMax, src, count, static_cast<int>(kind));
    if (!s) return s;
    noteDeviceRead(src, count, "aclrtMemcpy", caller);
    if (count > 0) std::memmove(dst, src, count);
    asctwin::device::DeviceMemory::instance().markWritten(dst, count);
    return Status::ok();
  });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return guard("aclrtMemset", [&] {
    Status s = asctwin::acl::checkMemset(devPtr, maxCount, count, true);
    if (!s) return s;
    if (count > 0) std::memset(devPtr, value & 0xFF, count);
    asctwin::device::DeviceMemory::instance().markWritten(devPtr, count);
    return Status::ok();
  });
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                          aclrtMemcpyKind kind, aclrtStream stream) {
  const void* caller = __builtin_return_address(0);
  return guard("aclrtMemcpyAsync", [&] {
    const int k = static_cast<int>(kind);
    Status s = asctwin::acl::checkMemcpy(dst, destMax, src, count, k);
    if (!s) return s;
    asctwin::device::Stream* target = nullptr;
    s = asctwin::acl::resolveStream(stream, &target);
    if (!s) return s;
    target->enqueue("aclrtMemcpyAsync(" + std::to_string(count) + " bytes, " +
                        asctwin::acl::memcpyKindName(k) + ")",
                    [=] {
                      // Checked again: device memory may have been freed since the call.
                      Status again = asctwin::acl::checkMemcpy(dst, destMax, src, count, k);
                      if (!again) return again;
                      noteDeviceRead(src, count, "aclrtMemcpyAsync", caller);
                      if (count > 0) std::memmove(dst, src, count);
                      asctwin::device::DeviceMemory::instance().markWritten(dst, count);
                      return Status::ok();
                    });
    return Status::ok();
  });
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                          aclrtStream stream) {
  return guard("aclrtMemsetAsync", [&] {
    Status s = asctwin::acl::checkMemset(devPtr, maxCount, count);
    if (!s) return s;
    asctwin::device::Stream* target = nullptr;
    s = asctwin::acl::resolveStream(stream, &target);
    if (!s) return s;
    target->enqueue("aclrtMemsetAsync(" + std::to_string(count) + " bytes)", [=] {
      Status again = asctwin::acl::checkMemset(devPtr, maxCount, count);
      if (!again) return again;
      if (count > 0) std::memset(devPtr, value & 0xFF, count);
      asctwin::device::DeviceMemory::instance().markWritten(devPtr, count);
      return Status::ok();
    });
    return Status::ok();
  });
}

}  // extern "C"
