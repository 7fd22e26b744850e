// C entry points: the rest of device memory (acl/acl_rt.h): allocations with
// a configuration, frees that synchronise, 2D copies, 32-bit memsets, batch
// copies, host registration, managed (unified) memory, pointer attributes,
// cache maintenance, and the SDMA reduce task.
//
// On the twin device memory is host memory, coherent with the host: a cache
// flush or invalidate has nothing to do once its range is checked, and host
// memory registered for the device is used by the device at the same address.
#include <cstring>
#include <map>
#include <mutex>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/dtype.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"
#include "device/api_caller.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
using asctwin::device::DeviceMemory;
namespace acl = asctwin::acl;

namespace asctwin::acl {
namespace {

struct Registered {
  size_t size = 0;
  bool managed = false;  // aclrtMemAllocManaged (owned here), else aclrtHostRegister
  void* raw = nullptr;
  aclrtMemManagedLocation preferred{ACL_MEM_LOCATIONTYPE_HOST, 0};
  bool readMostly = false;
};
std::mutex gRegMu;
std::map<const void*, Registered>& registered() {
  static auto* m = new std::map<const void*, Registered>();
  return *m;
}

Status checkPolicy(aclrtMemMallocPolicy policy) {
  const int p = static_cast<int>(policy);
  if (p < ACL_MEM_MALLOC_HUGE_FIRST || p > ACL_MEM_MALLOC_NORMAL_ONLY_P2P)
    return invalidParam("policy must be an aclrtMemMallocPolicy, got " + std::to_string(p));
  return Status::ok();
}

Status checkConfig(const aclrtMallocConfig* cfg) {
  if (cfg == nullptr) return Status::ok();
  if (cfg->attrs == nullptr && cfg->numAttrs != 0)
    return invalidParam("cfg->attrs must not be null");
  for (size_t i = 0; i < cfg->numAttrs; ++i) {
    const int a = static_cast<int>(cfg->attrs[i].attr);
    if (a < ACL_RT_MEM_ATTR_RSV || a > ACL_RT_MEM_ATTR_VA_FLAG)
      return invalidParam("cfg->attrs[" + std::to_string(i) +
                          "].attr is not an aclrtMallocAttrType");
  }
  return Status::ok();
}

// The device a configuration names (ACL_RT_MEM_ATTR_DEVICE_ID), else the current one.
Status configDevice(const aclrtMallocConfig* cfg, int32_t* dev) {
  Status s = currentDevice(dev);
  if (cfg != nullptr)
    for (size_t i = 0; i < cfg->numAttrs; ++i)
      if (cfg->attrs[i].attr == ACL_RT_MEM_ATTR_DEVICE_ID) {
        *dev = static_cast<int32_t>(cfg->attrs[i].value.deviceId);
        return checkDeviceId(*dev, "cfg device id");
      }
  return s;
}

Status allocate(void** devPtr, size_t size, aclrtMemMallocPolicy policy,
                const aclrtMallocConfig* cfg) {
  if (devPtr == nullptr) return invalidParam("devPtr must not be null");
  *devPtr = nullptr;
  Status s = checkPolicy(policy);
  if (!s) return s;
  s = checkConfig(cfg);
  if (!s) return s;
  int32_t dev = -1;
  s = configDevice(cfg, &dev);
  if (!s) return s;
  return DeviceMemory::instance().allocate(dev, size, devPtr);
}

// One 2D copy: height rows of width bytes, pitches dpitch/spitch.
Status check2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
               size_t height, int kind) {
  if (dst == nullptr || src == nullptr) return invalidParam("dst and src must not be null");
  if (width > dpitch || width > spitch)
    return invalidParam("width (" + std::to_string(width) + ") must not exceed dpitch (" +
                        std::to_string(dpitch) + ") and spitch (" + std::to_string(spitch) + ")");
  if (height == 0 || width == 0) return Status::ok();
  const size_t dspan = dpitch * (height - 1) + width, sspan = spitch * (height - 1) + width;
  const int k = resolveMemcpyKind(kind, dst, src);
  const bool dDev = k == ACL_MEMCPY_HOST_TO_DEVICE || k == ACL_MEMCPY_DEVICE_TO_DEVICE;
  const bool sDev = k == ACL_MEMCPY_DEVICE_TO_HOST || k == ACL_MEMCPY_DEVICE_TO_DEVICE;
  const std::string why = "kind " + memcpyKindName(k);
  Status s =
      dDev ? checkDeviceRange(dst, dspan, "dst", why) : checkHostRange(dst, dspan, "dst", why);
  if (!s) return s;
  return sDev ? checkDeviceRange(src, sspan, "src", why) : checkHostRange(src, sspan, "src", why);
}

void copy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height) {
  auto& memory = device::DeviceMemory::instance();
  for (size_t r = 0; r < height; ++r) {
    uint8_t* row = static_cast<uint8_t*>(dst) + r * dpitch;
    std::memmove(row, static_cast<const uint8_t*>(src) + r * spitch, width);
    memory.markWritten(row, width);
  }
}

Status checkD32(void* ptr, size_t memSize, size_t n) {
  if (ptr == nullptr) return invalidParam("ptr must not be null");
  if (reinterpret_cast<uintptr_t>(ptr) % 4 != 0) return invalidParam("ptr must be 4-byte aligned");
  if (n > memSize / 4)
    return invalidParam("N (" + std::to_string(n) + ") 32-bit values exceed memSize (" +
                        std::to_string(memSize) + " bytes)");
  return checkDeviceRange(ptr, n * 4, "ptr", "aclrtMemsetD32 writes device memory");
}

void setD32(void* ptr, uint32_t value, size_t n) {
  auto* p = static_cast<uint32_t*>(ptr);
  for (size_t i = 0; i < n; ++i) p[i] = value;
  device::DeviceMemory::instance().markWritten(ptr, n * 4);
}

// The batch copies: each entry a plain copy whose direction its attribute's
// locations say (host or device).
Status checkBatch(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes, size_t numBatches,
                  aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes, size_t numAttrs,
                  std::vector<int>* kinds, size_t* failIndex) {
  if (dsts == nullptr || destMaxs == nullptr || srcs == nullptr || sizes == nullptr)
    return invalidParam("dsts, destMaxs, srcs and sizes must not be null");
  if (numBatches == 0) return invalidParam("numBatches must be > 0");
  if (attrs == nullptr || attrsIndexes == nullptr || numAttrs == 0 || numAttrs > numBatches)
    return invalidParam("attrs and attrsIndexes must hold 1..numBatches entries");
  if (attrsIndexes[0] != 0) return invalidParam("attrsIndexes[0] must be 0");
  kinds->assign(numBatches, ACL_MEMCPY_DEFAULT);
  for (size_t a = 0; a < numAttrs; ++a) {
    if (a > 0 && attrsIndexes[a] <= attrsIndexes[a - 1])
      return invalidParam("attrsIndexes must increase");
    const size_t end = a + 1 < numAttrs ? attrsIndexes[a + 1] : numBatches;
    const bool dDev = attrs[a].dstLoc.type == ACL_MEM_LOCATION_TYPE_DEVICE;
    const bool sDev = attrs[a].srcLoc.type == ACL_MEM_LOCATION_TYPE_DEVICE;
    const int k = dDev ? (sDev ? ACL_MEMCPY_DEVICE_TO_DEVICE : ACL_MEMCPY_HOST_TO_DEVICE)
                       : (sDev ? ACL_MEMCPY_DEVICE_TO_HOST : ACL_MEMCPY_HOST_TO_HOST);
    for (size_t i = attrsIndexes[a]; i < end && i < numBatches; ++i) (*kinds)[i] = k;
  }
  for (size_t i = 0; i < numBatches; ++i) {
    Status s = checkMemcpy(dsts[i], destMaxs[i], srcs[i], sizes[i], (*kinds)[i]);
    if (!s) {
      if (failIndex != nullptr) *failIndex = i;
      return Status(s.code(), "entry " + std::to_string(i) + ": " + s.message());
    }
  }
  return Status::ok();
}

template <typename T>
void reduceTyped(T* d, const T* s, size_t n, int kind) {
  for (size_t i = 0; i < n; ++i) {
    switch (kind) {
      case ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM:
        d[i] = static_cast<T>(d[i] + s[i]);
        break;
      case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX:
        d[i] = d[i] < s[i] ? s[i] : d[i];
        break;
      default:
        d[i] = s[i] < d[i] ? s[i] : d[i];
        break;
    }
  }
}

// 16-bit floats reduce in float and round to nearest even.
void reduceHalf(uint16_t* d, const uint16_t* s, size_t n, int kind, bool bf16) {
  for (size_t i = 0; i < n; ++i) {
    const float a = bf16 ? bf16ToFloat(d[i]) : halfToFloat(d[i]);
    const float b = bf16 ? bf16ToFloat(s[i]) : halfToFloat(s[i]);
    const float r = kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM   ? a + b
                    : kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? (a < b ? b : a)
                                                               : (b < a ? b : a);
    d[i] = bf16 ? floatToBf16(r) : floatToHalf(r);
  }
}

Status reduce(void* dst, const void* src, uint64_t count, int kind, int type) {
  const size_t es = dataTypeSize(type);
  const size_t n = count / es;
  switch (type) {
    case ACL_INT8:
      reduceTyped(static_cast<int8_t*>(dst), static_cast<const int8_t*>(src), n, kind);
      break;
    case ACL_INT16:
      reduceTyped(static_cast<int16_t*>(dst), static_cast<const int16_t*>(src), n, kind);
      break;
    case ACL_INT32:
      reduceTyped(static_cast<int32_t*>(dst), static_cast<const int32_t*>(src), n, kind);
      break;
    case ACL_FLOAT:
      reduceTyped(static_cast<float*>(dst), static_cast<const float*>(src), n, kind);
      break;
    case ACL_FLOAT16:
    case ACL_BF16:
      reduceHalf(static_cast<uint16_t*>(dst), static_cast<const uint16_t*>(src), n, kind,
                 type == ACL_BF16);
      break;
    default:
      return invalidParam("type is not reducible");
  }
  device::DeviceMemory::instance().markWritten(dst, count);
  return Status::ok();
}

}  // namespace

bool freeManaged(void* p, Status* result) {
  std::lock_guard lock(gRegMu);
  auto it = registered().find(p);
  if (it == registered().end() || !it->second.managed) return false;
  (void)DeviceMemory::instance().removeMapped(p);
  *result = DeviceMemory::instance().freeHost(it->second.raw);
  registered().erase(it);
  return true;
}

}  // namespace asctwin::acl

extern "C" {

aclError aclrtMallocWithCfg(void** devPtr, size_t size, aclrtMemMallocPolicy policy,
                            aclrtMallocConfig* cfg) {
  const asctwin::device::ApiCallerScope caller(__builtin_return_address(0));
  return guard("aclrtMallocWithCfg", [&] { return acl::allocate(devPtr, size, policy, cfg); });
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const asctwin::device::ApiCallerScope caller(__builtin_return_address(0));
  // Every device allocation of the twin is 64-byte aligned.
  return guard("aclrtMallocAlign32", [&] { return acl::allocate(devPtr, size, policy, nullptr); });
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  const asctwin::device::ApiCallerScope caller(__builtin_return_address(0));
  return guard("aclrtMallocCached", [&] { return acl::allocate(devPtr, size, policy, nullptr); });
}

aclError aclrtMallocForTaskScheduler(void** devPtr, size_t size, aclrtMemMallocPolicy policy,
                                     aclrtMallocConfig* cfg) {
  const asctwin::device::ApiCallerScope caller(__builtin_return_address(0));
  return guard("aclrtMallocForTaskScheduler",
               [&] { return acl::allocate(devPtr, size, policy, cfg); });
}

aclError aclrtMallocHostWithCfg(void** ptr, uint64_t size, aclrtMallocConfig* cfg) {
  return guard("aclrtMallocHostWithCfg", [&] {
    Status s = acl::checkConfig(cfg);
    if (!s) return s;
    return DeviceMemory::instance().allocateHost(static_cast<size_t>(size), ptr);
  });
}

aclError aclrtFreeWithDevSync(void* devPtr) {
  return guard("aclrtFreeWithDevSync", [&] {
    if (devPtr == nullptr) return invalidParam("devPtr must not be null");
    int32_t dev = -1;
    if (acl::currentDevice(&dev).isOk()) (void)acl::synchronizeDevice();
    return DeviceMemory::instance().free(devPtr);
  });
}

aclError aclrtFreeHostWithDevSync(void* hostPtr) {
  return guard("aclrtFreeHostWithDevSync", [&] {
    if (hostPtr == nullptr) return invalidParam("hostPtr must not be null");
    int32_t dev = -1;
    if (acl::currentDevice(&dev).isOk()) (void)acl::synchronizeDevice();
    return DeviceMemory::instance().freeHost(hostPtr);
  });
}

aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, aclrtMemcpyKind kind) {
  return guard("aclrtMemcpy2d", [&] {
    const int k = static_cast<int>(kind);
    if (k != ACL_MEMCPY_HOST_TO_DEVICE && k != ACL_MEMCPY_DEVICE_TO_HOST &&
        k != ACL_MEMCPY_DEVICE_TO_DEVICE && k != ACL_MEMCPY_DEFAULT)
      return invalidParam(
          "kind must be HOST_TO_DEVICE, DEVICE_TO_HOST, DEVICE_TO_DEVICE or DEFAULT");
    Status s = acl::check2d(dst, dpitch, src, spitch, width, height, k);
    if (!s) return s;
    acl::copy2d(dst, dpitch, src, spitch, width, height);
    return Status::ok();
  });
}

aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                            size_t height, aclrtMemcpyKind kind, aclrtStream stream) {
  return guard("aclrtMemcpy2dAsync", [&] {
    const int k = static_cast<int>(kind);
    if (k != ACL_MEMCPY_HOST_TO_DEVICE && k != ACL_MEMCPY_DEVICE_TO_HOST &&
        k != ACL_MEMCPY_DEVICE_TO_DEVICE && k != ACL_MEMCPY_DEFAULT)
      return invalidParam(
          "kind must be HOST_TO_DEVICE, DEVICE_TO_HOST, DEVICE_TO_DEVICE or DEFAULT");
    Status s = acl::check2d(dst, dpitch, src, spitch, width, height, k);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("aclrtMemcpy2dAsync", [=] {
      Status again = acl::check2d(dst, dpitch, src, spitch, width, height, k);
      if (!again) return again;
      acl::copy2d(dst, dpitch, src, spitch, width, height);
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtMemsetD32(void* ptr, size_t memSize, uint32_t value, size_t N) {
  return guard("aclrtMemsetD32", [&] {
    Status s = acl::checkD32(ptr, memSize, N);
    if (!s) return s;
    acl::setD32(ptr, value, N);
    return Status::ok();
  });
}

aclError aclrtMemsetD32Async(void* ptr, size_t memSize, uint32_t value, size_t N,
                             aclrtStream stream) {
  return guard("aclrtMemsetD32Async", [&] {
    Status s = acl::checkD32(ptr, memSize, N);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("aclrtMemsetD32Async", [=] {
      Status again = acl::checkD32(ptr, memSize, N);
      if (!again) return again;
      acl::setD32(ptr, value, N);
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtMemcpyAsyncWithCondition(void* dst, size_t destMax, const void* src, size_t count,
                                       aclrtMemcpyKind kind, aclrtStream stream) {
  return aclrtMemcpyAsync(dst, destMax, src, count, kind, stream);
}

aclError aclrtMemcpyAsyncWithOffset(void** dst, size_t destMax, size_t dstDataOffset,
                                    const void** src, size_t count, size_t srcDataOffset,
                                    aclrtMemcpyKind kind, aclrtStream stream) {
  return guard("aclrtMemcpyAsyncWithOffset", [&] {
    if (dst == nullptr || src == nullptr) return invalidParam("dst and src must not be null");
    if (*dst == nullptr || *src == nullptr) return invalidParam("*dst and *src must not be null");
    void* d = static_cast<uint8_t*>(*dst) + dstDataOffset;
    const void* s = static_cast<const uint8_t*>(*src) + srcDataOffset;
    const aclError rc = aclrtMemcpyAsync(d, destMax, s, count, kind, stream);
    return rc == ACL_SUCCESS ? Status::ok() : Status(rc, "the copy was rejected");
  });
}

aclError aclrtMemcpyBatch(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes,
                          size_t numBatches, aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes,
                          size_t numAttrs, size_t* failIndex) {
  return guard("aclrtMemcpyBatch", [&] {
    std::vector<int> kinds;
    Status s = acl::checkBatch(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                               numAttrs, &kinds, failIndex);
    if (!s) return s;
    for (size_t i = 0; i < numBatches; ++i) {
      std::memmove(dsts[i], srcs[i], sizes[i]);
      asctwin::device::DeviceMemory::instance().markWritten(dsts[i], sizes[i]);
    }
    return Status::ok();
  });
}

aclError aclrtMemcpyBatchV2(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes,
                            size_t numBatches, aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes,
                            size_t numAttrs) {
  return aclrtMemcpyBatch(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs,
                          nullptr);
}

aclError aclrtMemcpyBatchAsync(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes,
                               size_t numBatches, aclrtMemcpyBatchAttr* attrs, size_t* attrsIndexes,
                               size_t numAttrs, size_t* failIndex, aclrtStream stream) {
  return guard("aclrtMemcpyBatchAsync", [&] {
    std::vector<int> kinds;
    Status s = acl::checkBatch(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                               numAttrs, &kinds, failIndex);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    std::vector<void*> d(dsts, dsts + numBatches), m(srcs, srcs + numBatches);
    std::vector<size_t> n(sizes, sizes + numBatches), dm(destMaxs, destMaxs + numBatches);
    st->enqueue("aclrtMemcpyBatchAsync", [d, m, n, dm, kinds] {
      for (size_t i = 0; i < d.size(); ++i) {
        Status again = acl::checkMemcpy(d[i], dm[i], m[i], n[i], kinds[i]);
        if (!again) return again;
        std::memmove(d[i], m[i], n[i]);
        asctwin::device::DeviceMemory::instance().markWritten(d[i], n[i]);
      }
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtMemcpyBatchAsyncV2(void** dsts, size_t* destMaxs, void** srcs, size_t* sizes,
                                 size_t numBatches, aclrtMemcpyBatchAttr* attrs,
                                 size_t* attrsIndexes, size_t numAttrs, aclrtStream stream) {
  return aclrtMemcpyBatchAsync(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes,
                               numAttrs, nullptr, stream);
}

aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type, void** devPtr) {
  return guard("aclrtHostRegister", [&] {
    if (ptr == nullptr || size == 0) return invalidParam("ptr must be non-null and size > 0");
    if (devPtr == nullptr) return invalidParam("devPtr must not be null");
    const int t = static_cast<int>(type);
    if (t != ACL_HOST_REGISTER_MAPPED && t != ACL_HOST_REGISTER_IOMEMORY &&
        t != ACL_HOST_REGISTER_READONLY)
      return invalidParam("type is not an aclrtHostRegisterType");
    int32_t dev = 0;
    Status s = acl::currentDevice(&dev);
    if (!s) return s;
    s = DeviceMemory::instance().addMapped(dev, ptr, static_cast<size_t>(size));
    if (!s) return s;
    std::lock_guard lock(acl::gRegMu);
    acl::registered()[ptr] = acl::Registered{static_cast<size_t>(size), false, nullptr, {}, false};
    *devPtr = ptr;  // the device uses the host memory at its own address
    return Status::ok();
  });
}

aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag) {
  return guard("aclrtHostRegisterV2", [&] {
    const uint64_t known =
        ACL_HOST_REG_MAPPED | ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY | ACL_HOST_REG_PINNED;
    if ((flag & ~known) != 0)
      return invalidParam("flag has bits that are not ACL_HOST_REG_* flags");
    void* devPtr = nullptr;
    const aclError rc = aclrtHostRegister(ptr, size, ACL_HOST_REGISTER_MAPPED, &devPtr);
    return rc == ACL_SUCCESS ? Status::ok() : Status(rc, "registration failed");
  });
}

aclError aclrtHostUnregister(void* ptr) {
  return guard("aclrtHostUnregister", [&] {
    std::lock_guard lock(acl::gRegMu);
    auto it = acl::registered().find(ptr);
    if (ptr == nullptr || it == acl::registered().end() || it->second.managed)
      return invalidParam("ptr is not host memory registered with aclrtHostRegister");
    (void)DeviceMemory::instance().removeMapped(ptr);
    acl::registered().erase(it);
    return Status::ok();
  });
}

aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag) {
  return guard("aclrtHostGetDevicePointer", [&] {
    if (pDevice == nullptr) return invalidParam("pDevice must not be null");
    if (flag != 0) return invalidParam("flag is reserved and must be 0");
    std::lock_guard lock(acl::gRegMu);
    for (const auto& [base, r] : acl::registered()) {
      const auto b = reinterpret_cast<uintptr_t>(base), p = reinterpret_cast<uintptr_t>(pHost);
      if (p >= b && p < b + r.size) {
        *pDevice = pHost;
        return Status::ok();
      }
    }
    return invalidParam("pHost is not inside registered host memory");
  });
}

aclError aclrtMemAllocManaged(void** ptr, uint64_t size, uint32_t flag) {
  return guard("aclrtMemAllocManaged", [&] {
    if (ptr == nullptr) return invalidParam("ptr must not be null");
    if (size == 0) return invalidParam("size must be > 0");
    if (flag != ACL_RT_MEM_ATTACH_GLOBAL)
      return invalidParam("flag must be ACL_RT_MEM_ATTACH_GLOBAL");
    int32_t dev = 0;
    Status s = acl::currentDevice(&dev);
    if (!s) return s;
    void* p = nullptr;
    s = DeviceMemory::instance().allocateHost(static_cast<size_t>(size), &p);
    if (!s) return s;
    s = DeviceMemory::instance().addMapped(dev, p, static_cast<size_t>(size));
    if (!s) {
      (void)DeviceMemory::instance().freeHost(p);
      return s;
    }
    std::lock_guard lock(acl::gRegMu);
    acl::registered()[p] = acl::Registered{static_cast<size_t>(size), true, p, {}, false};
    *ptr = p;
    return Status::ok();
  });
}

aclError aclrtMemManagedAdvise(const void* const ptr, uint64_t size,
                               aclrtMemManagedAdviseType advise, aclrtMemManagedLocation location) {
  return guard("aclrtMemManagedAdvise", [&] {
    std::lock_guard lock(acl::gRegMu);
    auto it = acl::registered().find(ptr);
    if (it == acl::registered().end() || !it->second.managed || size > it->second.size)
      return invalidParam("[ptr, ptr + size) is not inside one managed allocation");
    switch (static_cast<int>(advise)) {
      case ACL_MEM_ADVISE_SET_READ_MOSTLY:
        it->second.readMostly = true;
        break;
      case ACL_MEM_ADVISE_UNSET_READ_MOSTLY:
        it->second.readMostly = false;
        break;
      case ACL_MEM_ADVISE_SET_PREFERRED_LOCATION:
        it->second.preferred = location;
        break;
      case ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
        it->second.preferred = aclrtMemManagedLocation{ACL_MEM_LOCATIONTYPE_HOST, 0};
        break;
      default:
        return invalidParam("advise is not an aclrtMemManagedAdviseType");
    }
    return Status::ok();
  });
}

aclError aclrtMemManagedPrefetchAsync(const void* ptr, size_t size,
                                      aclrtMemManagedLocation location, uint32_t flags,
                                      aclrtStream stream) {
  return guard("aclrtMemManagedPrefetchAsync", [&] {
    (void)location;
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    {
      std::lock_guard lock(acl::gRegMu);
      auto it = acl::registered().find(ptr);
      if (it == acl::registered().end() || !it->second.managed || size > it->second.size)
        return invalidParam("[ptr, ptr + size) is not inside one managed allocation");
    }
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    // Host and device see the same pages: a prefetch moves nothing.
    st->enqueue("aclrtMemManagedPrefetchAsync", [] { return Status::ok(); });
    return Status::ok();
  });
}

aclError aclrtMemFlush(void* devPtr, size_t size) {
  return guard("aclrtMemFlush", [&] {
    return acl::checkDeviceRange(devPtr, size, "devPtr", "a cache flush covers device memory");
  });
}

aclError aclrtMemInvalidate(void* devPtr, size_t size) {
  return guard("aclrtMemInvalidate", [&] {
    return acl::checkDeviceRange(devPtr, size, "devPtr", "a cache invalidate covers device memory");
  });
}

aclError aclrtPointerGetAttributes(const void* ptr, aclrtPtrAttributes* attributes) {
  return guard("aclrtPointerGetAttributes", [&] {
    if (ptr == nullptr || attributes == nullptr)
      return invalidParam("ptr and attributes must not be null");
    std::memset(attributes, 0, sizeof *attributes);
    attributes->pageSize = 4096;
    asctwin::device::AllocationInfo a;
    {
      std::lock_guard lock(acl::gRegMu);
      for (const auto& [base, r] : acl::registered()) {
        const auto b = reinterpret_cast<uintptr_t>(base), p = reinterpret_cast<uintptr_t>(ptr);
        if (p >= b && p < b + r.size && r.managed) {
          attributes->location.type = ACL_MEM_LOCATION_TYPE_MANAGED;
          return Status::ok();
        }
      }
    }
    if (DeviceMemory::instance().find(ptr, &a)) {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
      attributes->location.id = static_cast<uint32_t>(a.device);
      attributes->pageSize = 2u << 20;
    } else if (DeviceMemory::instance().isHostAllocation(ptr)) {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
    } else {
      attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
    }
    return Status::ok();
  });
}

aclError aclrtReduceAsync(void* dst, const void* src, uint64_t count, aclrtReduceKind kind,
                          aclDataType type, aclrtStream stream, void* reserve) {
  return guard("aclrtReduceAsync", [&] {
    if (reserve != nullptr) return invalidParam("reserve must be null");
    const int k = static_cast<int>(kind), t = static_cast<int>(type);
    if (k == ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL)
      return acl::notSupported(
          "ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL (the SDMA's equality reduce is "
          "not documented)");
    if (k != ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM && k != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX &&
        k != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN)
      return invalidParam("kind must be ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, _MAX or _MIN");
    if (t != ACL_INT8 && t != ACL_INT16 && t != ACL_INT32 && t != ACL_FLOAT16 && t != ACL_FLOAT &&
        t != ACL_BF16)
      return invalidParam(
          "type must be INT8, INT16, INT32, FLOAT16, FLOAT or BF16 (Atlas A2/A3), got " +
          acl::dataTypeName(t));
    if (count % acl::dataTypeSize(t) != 0)
      return invalidParam("count (" + std::to_string(count) +
                          " bytes) must be a multiple of the element size");
    Status s = acl::checkDeviceRange(dst, count, "dst", "reduce writes device memory");
    if (!s) return s;
    s = acl::checkDeviceRange(src, count, "src", "reduce reads device memory");
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("aclrtReduceAsync", [=] {
      Status again = acl::checkDeviceRange(dst, count, "dst", "reduce writes device memory");
      if (!again) return again;
      return acl::reduce(dst, src, count, k, t);
    });
    return Status::ok();
  });
}

}  // extern "C"
