// C entry points: stream-ordered memory pools (acl/acl_rt_memory_soma.h),
// runtime mbufs (aclrtAllocBuf .. aclrtCopyBufRef, the same buffers as the
// TDT queues' acltdtBuf), cache maintenance tasks and the remaining small
// memory calls (acl/acl_rt.h).
//
// A pool hands out device allocations at once (the twin has no reason to
// defer them) and frees them in stream order; it records the bytes in use
// and their high mark for the pool attributes. Cache maintenance has nothing
// to do on the twin's coherent memory: the tasks check their range and keep
// stream order.
#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "acl/acl_rt.h"
#include "acl/acl_rt_memory_soma.h"
#include "acl/acl_tdt_queue.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "device/allocator.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
using asctwin::device::DeviceMemory;
namespace acl = asctwin::acl;

namespace {

struct Pool {
  aclrtMemPoolProps props{};
  int32_t device = 0;
  std::map<const void*, size_t> live;  // allocation -> bytes
  uint64_t used = 0, usedHigh = 0;
  uint64_t releaseThreshold = 0;
  uint64_t reuseFlags = 0;
};

struct Pools {
  std::mutex mu;
  std::set<Pool*> pools;
  std::map<const void*, Pool*> owner;  // allocation -> pool
};
Pools& pools() {
  static auto* p = new Pools();
  return *p;
}

Status resolvePool(aclrtMemPool h, Pool** out) {
  auto* p = static_cast<Pool*>(h);
  if (h == nullptr || pools().pools.count(p) == 0)
    return invalidParam("memPool is not a live pool");
  *out = p;
  return Status::ok();
}

Status checkCmo(void* src, size_t size, aclrtCmoType cmoType) {
  const int t = static_cast<int>(cmoType);
  if (t < ACL_RT_CMO_TYPE_PREFETCH || t > ACL_RT_CMO_TYPE_FLUSH)
    return invalidParam("cmoType is not an aclrtCmoType");
  return acl::checkDeviceRange(src, size, "src", "cache maintenance covers device memory");
}

// Descriptor of aclrtCmoSetDesc / aclrtSetMemcpyDesc (the caller's buffer).
struct CmoDesc {
  void* src;
  size_t size;
};
struct MemcpyDesc {
  void* src;
  void* dst;
  size_t count;
  int32_t kind;
};

}  // namespace

extern "C" {

aclError aclrtMemPoolCreate(aclrtMemPool* memPool, const aclrtMemPoolProps* poolProps) {
  return guard("aclrtMemPoolCreate", [&] {
    if (memPool == nullptr || poolProps == nullptr)
      return invalidParam("memPool and poolProps must not be null");
    if (poolProps->allocType != ACL_MEM_ALLOCATION_TYPE_PINNED)
      return invalidParam("poolProps->allocType must be ACL_MEM_ALLOCATION_TYPE_PINNED");
    if (poolProps->location.type != ACL_MEM_LOCATION_TYPE_DEVICE)
      return invalidParam("poolProps->location.type must be ACL_MEM_LOCATION_TYPE_DEVICE");
    Status s =
        acl::checkDeviceId(static_cast<int32_t>(poolProps->location.id), "poolProps->location.id");
    if (!s) return s;
    auto* p = new Pool();
    p->props = *poolProps;
    p->device = static_cast<int32_t>(poolProps->location.id);
    std::lock_guard lock(pools().mu);
    pools().pools.insert(p);
    *memPool = p;
    return Status::ok();
  });
}

aclError aclrtMemPoolDestroy(const aclrtMemPool memPool) {
  return guard("aclrtMemPoolDestroy", [&] {
    std::lock_guard lock(pools().mu);
    Pool* p = nullptr;
    Status s = resolvePool(memPool, &p);
    if (!s) return s;
    if (!p->live.empty())
      return invalidParam("the pool still has " + std::to_string(p->live.size()) +
                          " allocation(s)");
    pools().pools.erase(p);
    delete p;
    return Status::ok();
  });
}

aclError aclrtMemPoolMallocAsync(void** ptr, size_t size, aclrtMemPool memPool,
                                 aclrtStream stream) {
  return guard("aclrtMemPoolMallocAsync", [&] {
    if (ptr == nullptr) return invalidParam("ptr must not be null");
    if (size == 0) return invalidParam("size must be > 0");
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    std::lock_guard lock(pools().mu);
    Pool* p = nullptr;
    s = resolvePool(memPool, &p);
    if (!s) return s;
    if (p->props.maxSize != 0 && p->used + size > p->props.maxSize)
      return asctwin::Status(ACL_ERROR_RT_MEMORY_ALLOCATION,
                             "the pool's maxSize would be exceeded");
    s = DeviceMemory::instance().allocate(p->device, size, ptr);
    if (!s) return s;
    p->live[*ptr] = size;
    p->used += size;
    p->usedHigh = std::max(p->usedHigh, p->used);
    pools().owner[*ptr] = p;
    return Status::ok();
  });
}

aclError aclrtMemPoolFreeAsync(void* ptr, aclrtStream stream) {
  return guard("aclrtMemPoolFreeAsync", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    {
      std::lock_guard lock(pools().mu);
      auto it = pools().owner.find(ptr);
      if (ptr == nullptr || it == pools().owner.end())
        return invalidParam("ptr is not an allocation of aclrtMemPoolMallocAsync");
      Pool* p = it->second;
      p->used -= p->live[ptr];
      p->live.erase(ptr);
      pools().owner.erase(it);
    }
    // Released when the stream reaches the free (work before it may use it).
    st->enqueue("aclrtMemPoolFreeAsync", [ptr] { return DeviceMemory::instance().free(ptr); });
    return Status::ok();
  });
}

aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void* value) {
  return guard("aclrtMemPoolSetAttr", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    std::lock_guard lock(pools().mu);
    Pool* p = nullptr;
    Status s = resolvePool(memPool, &p);
    if (!s) return s;
    switch (static_cast<int>(attr)) {
      case ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES:
      case ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC:
      case ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES: {
        int v = 0;
        std::memcpy(&v, value, sizeof v);
        if (v != 0)
          p->reuseFlags |= 1ull << static_cast<int>(attr);
        else
          p->reuseFlags &= ~(1ull << static_cast<int>(attr));
        return Status::ok();
      }
      case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
        std::memcpy(&p->releaseThreshold, value, sizeof(uint64_t));
        return Status::ok();
      case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
      case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH: {
        uint64_t v = 0;
        std::memcpy(&v, value, sizeof v);
        if (v != 0) return invalidParam("a high mark can only be reset to 0");
        p->usedHigh = p->used;
        return Status::ok();
      }
      default:
        return invalidParam("attr cannot be set");
    }
  });
}

aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void* value) {
  return guard("aclrtMemPoolGetAttr", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    std::lock_guard lock(pools().mu);
    Pool* p = nullptr;
    Status s = resolvePool(memPool, &p);
    if (!s) return s;
    switch (static_cast<int>(attr)) {
      case ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES:
      case ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC:
      case ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES: {
        const int v = (p->reuseFlags >> static_cast<int>(attr)) & 1 ? 1 : 0;
        std::memcpy(value, &v, sizeof v);
        return Status::ok();
      }
      case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
        std::memcpy(value, &p->releaseThreshold, 8);
        return Status::ok();
      // Nothing is kept reserved beyond the allocations in use.
      case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
      case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
        std::memcpy(value, &p->used, 8);
        return Status::ok();
      case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
      case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH:
        std::memcpy(value, &p->usedHigh, 8);
        return Status::ok();
      default:
        return invalidParam("attr is not an aclrtMemPoolAttr");
    }
  });
}

aclError aclrtMemPoolTrimTo(aclrtMemPool memPool, size_t minBytesToKeep) {
  return guard("aclrtMemPoolTrimTo", [&] {
    (void)minBytesToKeep;
    std::lock_guard lock(pools().mu);
    Pool* p = nullptr;
    return resolvePool(memPool, &p);  // no cached memory to trim
  });
}

// ---- mbufs: the TDT buffers ---------------------------------------------------
aclError aclrtAllocBuf(aclrtMbuf* buf, size_t size) {
  return acltdtAllocBuf(size, ACL_TDT_NORMAL_MEM, buf);
}
aclError aclrtFreeBuf(aclrtMbuf buf) {
  return acltdtFreeBuf(buf);
}
aclError aclrtGetBufData(const aclrtMbuf buf, void** dataPtr, size_t* size) {
  return acltdtGetBufData(buf, dataPtr, size);
}
aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len) {
  return acltdtSetBufDataLen(buf, len);
}
aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t* len) {
  return acltdtGetBufDataLen(buf, len);
}
aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf) {
  return acltdtAppendBufChain(headBuf, buf);
}
aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t* num) {
  return acltdtGetBufChainNum(headBuf, num);
}
aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf* buf) {
  return acltdtGetBufFromChain(headBuf, index, buf);
}
aclError aclrtGetBufUserData(const aclrtMbuf buf, void* dataPtr, size_t size, size_t offset) {
  return acltdtGetBufUserData(buf, dataPtr, size, offset);
}
aclError aclrtSetBufUserData(aclrtMbuf buf, const void* dataPtr, size_t size, size_t offset) {
  return acltdtSetBufUserData(buf, dataPtr, size, offset);
}
aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf* newBuf) {
  return acltdtCopyBufRef(buf, newBuf);
}

// ---- cache maintenance ---------------------------------------------------------
aclError aclrtCmoAsync(void* src, size_t size, aclrtCmoType cmoType, aclrtStream stream) {
  return guard("aclrtCmoAsync", [&] {
    Status s = checkCmo(src, size, cmoType);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("aclrtCmoAsync", [] { return Status::ok(); });
    return Status::ok();
  });
}

aclError aclrtCmoAsyncWithBarrier(void* src, size_t size, aclrtCmoType cmoType, uint32_t barrierId,
                                  aclrtStream stream) {
  return guard("aclrtCmoAsyncWithBarrier", [&] {
    (void)barrierId;
    Status s = checkCmo(src, size, cmoType);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("aclrtCmoAsyncWithBarrier", [] { return Status::ok(); });
    return Status::ok();
  });
}

aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo* taskInfo, aclrtStream stream, uint32_t flag) {
  return guard("aclrtCmoWaitBarrier", [&] {
    if (taskInfo == nullptr) return invalidParam("taskInfo must not be null");
    if (taskInfo->barrierNum == 0 || taskInfo->barrierNum > ACL_RT_CMO_MAX_BARRIER_NUM)
      return invalidParam("taskInfo->barrierNum must be in [1, 6]");
    if (flag != 0) return invalidParam("flag is reserved and must be 0");
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    // The operations waited for ran in order before it on the same stream.
    st->enqueue("aclrtCmoWaitBarrier", [] { return Status::ok(); });
    return Status::ok();
  });
}

aclError aclrtCmoGetDescSize(size_t* size) {
  return guard("aclrtCmoGetDescSize", [&] {
    if (size == nullptr) return invalidParam("size must not be null");
    *size = sizeof(CmoDesc);
    return Status::ok();
  });
}

aclError aclrtCmoSetDesc(void* cmoDesc, void* src, size_t size) {
  return guard("aclrtCmoSetDesc", [&] {
    if (cmoDesc == nullptr) return invalidParam("cmoDesc must not be null");
    Status s = acl::checkDeviceRange(src, size, "src", "cache maintenance covers device memory");
    if (!s) return s;
    const CmoDesc d{src, size};
    std::memcpy(cmoDesc, &d, sizeof d);
    return Status::ok();
  });
}

aclError aclrtCmoAsyncWithDesc(void* cmoDesc, aclrtCmoType cmoType, aclrtStream stream,
                               const void* reserve) {
  return guard("aclrtCmoAsyncWithDesc", [&] {
    if (cmoDesc == nullptr) return invalidParam("cmoDesc must not be null");
    if (reserve != nullptr) return invalidParam("reserve must be null");
    CmoDesc d{};
    std::memcpy(&d, cmoDesc, sizeof d);
    const aclError rc = aclrtCmoAsync(d.src, d.size, cmoType, stream);
    return rc == ACL_SUCCESS ? Status::ok() : Status(rc, "the cache maintenance was rejected");
  });
}

aclError aclrtDeviceL2CacheFlush(void* rsv) {
  return guard("aclrtDeviceL2CacheFlush", [&] {
    if (rsv != nullptr) return invalidParam("rsv must be null");
    int32_t dev = -1;
    return acl::currentDevice(&dev);  // no L2 between the twin's cores and memory
  });
}

// ---- descriptor copies ---------------------------------------------------------
aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t* descSize) {
  return guard("aclrtGetMemcpyDescSize", [&] {
    if (descSize == nullptr) return invalidParam("descSize must not be null");
    if (static_cast<int>(kind) < ACL_MEMCPY_HOST_TO_HOST ||
        static_cast<int>(kind) > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE)
      return invalidParam("kind is not an aclrtMemcpyKind");
    *descSize = sizeof(MemcpyDesc);
    return Status::ok();
  });
}

aclError aclrtSetMemcpyDesc(void* desc, aclrtMemcpyKind kind, void* srcAddr, void* dstAddr,
                            size_t count, void* config) {
  return guard("aclrtSetMemcpyDesc", [&] {
    if (desc == nullptr) return invalidParam("desc must not be null");
    if (config != nullptr) return invalidParam("config is reserved and must be null");
    Status s = acl::checkMemcpy(dstAddr, count, srcAddr, count, static_cast<int>(kind));
    if (!s) return s;
    const MemcpyDesc d{srcAddr, dstAddr, count, static_cast<int32_t>(kind)};
    std::memcpy(desc, &d, sizeof d);
    return Status::ok();
  });
}

aclError aclrtMemcpyAsyncWithDesc(void* desc, aclrtMemcpyKind kind, aclrtStream stream) {
  return guard("aclrtMemcpyAsyncWithDesc", [&] {
    if (desc == nullptr) return invalidParam("desc must not be null");
    MemcpyDesc d{};
    std::memcpy(&d, desc, sizeof d);
    if (d.kind != static_cast<int32_t>(kind))
      return invalidParam("kind differs from the descriptor's");
    const aclError rc = aclrtMemcpyAsync(d.dst, d.count, d.src, d.count, kind, stream);
    return rc == ACL_SUCCESS ? Status::ok() : Status(rc, "the copy was rejected");
  });
}

// ---- small ones ---------------------------------------------------------------
aclError aclrtReserveMemAddressNoUCMemory(void** virPtr, size_t size, size_t alignment,
                                          void* expectPtr, uint64_t flags) {
  // The twin has no uncorrectable-error (UC) memory to avoid.
  return aclrtReserveMemAddress(virPtr, size, alignment, expectPtr, flags);
}

aclError aclrtMemP2PMap(void* devPtr, size_t size, int32_t dstDevId, uint64_t flags) {
  return guard("aclrtMemP2PMap", [&] {
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    Status s = acl::checkDeviceId(dstDevId, "dstDevId");
    if (!s) return s;
    // All twin devices see one address space: the range is visible already.
    return acl::checkDeviceRange(devPtr, size, "devPtr", "a P2P mapping covers device memory");
  });
}

aclError aclrtMemManagedPrefetchBatchAsync(const void** ptrs, size_t* sizes, size_t count,
                                           aclrtMemManagedLocation* prefetchLocs,
                                           size_t* prefetchLocIdxs, size_t numPrefetchLocs,
                                           uint64_t flags, aclrtStream stream) {
  return guard("aclrtMemManagedPrefetchBatchAsync", [&] {
    if (ptrs == nullptr || sizes == nullptr || count == 0)
      return invalidParam("ptrs and sizes must hold count > 0 entries");
    if (prefetchLocs == nullptr || prefetchLocIdxs == nullptr || numPrefetchLocs == 0)
      return invalidParam("prefetchLocs and prefetchLocIdxs must hold numPrefetchLocs > 0 entries");
    for (size_t i = 0; i < count; ++i) {
      const aclError rc = aclrtMemManagedPrefetchAsync(ptrs[i], sizes[i], prefetchLocs[0],
                                                       static_cast<uint32_t>(flags), stream);
      if (rc != ACL_SUCCESS) return Status(rc, "entry " + std::to_string(i) + " was rejected");
    }
    return Status::ok();
  });
}

aclError aclrtIpcMemImportPidInterServer(const char* key, aclrtServerPid* serverPids, size_t num) {
  return guard("aclrtIpcMemImportPidInterServer", [&] {
    if (serverPids == nullptr || num == 0)
      return invalidParam("serverPids must hold num > 0 entries");
    // Other "servers" of a twin are processes on this host: their pids are allowed.
    for (size_t i = 0; i < num; ++i) {
      const aclError rc = aclrtIpcMemSetImportPid(key, serverPids[i].pid, serverPids[i].num);
      if (rc != ACL_SUCCESS)
        return Status(rc, "serverPids[" + std::to_string(i) + "] was rejected");
    }
    return Status::ok();
  });
}

aclError aclrtNotifySetImportPidInterServer(aclrtNotify notify, aclrtServerPid* serverPids,
                                            size_t num) {
  return guard("aclrtNotifySetImportPidInterServer", [&] {
    if (serverPids == nullptr || num == 0)
      return invalidParam("serverPids must hold num > 0 entries");
    for (size_t i = 0; i < num; ++i) {
      const aclError rc = aclrtNotifySetImportPid(notify, serverPids[i].pid, serverPids[i].num);
      if (rc != ACL_SUCCESS)
        return Status(rc, "serverPids[" + std::to_string(i) + "] was rejected");
    }
    return Status::ok();
  });
}

}  // extern "C"
