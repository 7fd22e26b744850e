// C entry points: user allocators registered per stream (acl/acl_rt_allocator.h).
// The runtime keeps the description; operators that need workspace on a
// stream with a registered allocator may ask it through
// aclrtAllocatorGetByStream (asctwin's own operators allocate nothing at
// execution).
#include <map>
#include <mutex>
#include <set>

#include "acl/acl_rt.h"
#include "acl/acl_rt_allocator.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace {

struct AllocatorDesc {
  aclrtAllocator obj = nullptr;
  aclrtAllocatorAllocFunc alloc = nullptr;
  aclrtAllocatorFreeFunc free = nullptr;
  aclrtAllocatorAllocAdviseFunc advise = nullptr;
  aclrtAllocatorGetAddrFromBlockFunc addr = nullptr;
};

struct Registry {
  std::mutex mu;
  std::set<AllocatorDesc*> descs;
  // The description registered and a copy of it taken then.
  std::map<const void*, std::pair<AllocatorDesc*, AllocatorDesc>> byStream;
};
Registry& reg() {
  static auto* r = new Registry();
  return *r;
}

Status resolve(aclrtAllocatorDesc d, AllocatorDesc** out) {
  auto* p = static_cast<AllocatorDesc*>(d);
  if (d == nullptr || reg().descs.count(p) == 0)
    return invalidParam("allocatorDesc is not a live description (aclrtAllocatorCreateDesc)");
  *out = p;
  return Status::ok();
}

template <class F>
aclError setField(const char* api, aclrtAllocatorDesc d, F set) {
  return guard(api, [&] {
    std::lock_guard lock(reg().mu);
    AllocatorDesc* p = nullptr;
    Status s = resolve(d, &p);
    if (!s) return s;
    return set(*p);
  });
}

}  // namespace

extern "C" {

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void) {
  return asctwin::acl::guardPtr<void>("aclrtAllocatorCreateDesc", [](void** out) {
    auto* d = new AllocatorDesc();
    std::lock_guard lock(reg().mu);
    reg().descs.insert(d);
    *out = d;
    return Status::ok();
  });
}

aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc) {
  return guard("aclrtAllocatorDestroyDesc", [&] {
    std::lock_guard lock(reg().mu);
    AllocatorDesc* p = nullptr;
    Status s = resolve(allocatorDesc, &p);
    if (!s) return s;
    reg().descs.erase(p);
    delete p;
    return Status::ok();
  });
}

aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator) {
  return setField("aclrtAllocatorSetObjToDesc", allocatorDesc, [&](AllocatorDesc& d) {
    if (allocator == nullptr) return invalidParam("allocator must not be null");
    d.obj = allocator;
    return Status::ok();
  });
}

aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                          aclrtAllocatorAllocFunc func) {
  return setField("aclrtAllocatorSetAllocFuncToDesc", allocatorDesc, [&](AllocatorDesc& d) {
    if (func == nullptr) return invalidParam("func must not be null");
    d.alloc = func;
    return Status::ok();
  });
}

aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                         aclrtAllocatorFreeFunc func) {
  return setField("aclrtAllocatorSetFreeFuncToDesc", allocatorDesc, [&](AllocatorDesc& d) {
    if (func == nullptr) return invalidParam("func must not be null");
    d.free = func;
    return Status::ok();
  });
}

aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                aclrtAllocatorAllocAdviseFunc func) {
  return setField("aclrtAllocatorSetAllocAdviseFuncToDesc", allocatorDesc, [&](AllocatorDesc& d) {
    if (func == nullptr) return invalidParam("func must not be null");
    d.advise = func;
    return Status::ok();
  });
}

aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                     aclrtAllocatorGetAddrFromBlockFunc func) {
  return setField("aclrtAllocatorSetGetAddrFromBlockFuncToDesc", allocatorDesc,
                  [&](AllocatorDesc& d) {
                    if (func == nullptr) return invalidParam("func must not be null");
                    d.addr = func;
                    return Status::ok();
                  });
}

aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc) {
  return guard("aclrtAllocatorRegister", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = asctwin::acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(reg().mu);
    AllocatorDesc* d = nullptr;
    st = resolve(allocatorDesc, &d);
    if (!st) return st;
    if (d->obj == nullptr || d->alloc == nullptr || d->free == nullptr || d->addr == nullptr)
      return invalidParam(
          "the description needs the allocator object and its alloc, free and "
          "get-address functions before it can be registered");
    reg().byStream[s] = {d, *d};
    return Status::ok();
  });
}

aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc* allocatorDesc,
                                   aclrtAllocator* allocator, aclrtAllocatorAllocFunc* allocFunc,
                                   aclrtAllocatorFreeFunc* freeFunc,
                                   aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                                   aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc) {
  return guard("aclrtAllocatorGetByStream", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = asctwin::acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(reg().mu);
    auto it = reg().byStream.find(s);
    if (it == reg().byStream.end()) return invalidParam("the stream has no registered allocator");
    const AllocatorDesc& d = it->second.second;
    if (allocatorDesc != nullptr)
      *allocatorDesc = reg().descs.count(it->second.first) != 0 ? it->second.first : nullptr;
    if (allocator != nullptr) *allocator = d.obj;
    if (allocFunc != nullptr) *allocFunc = d.alloc;
    if (freeFunc != nullptr) *freeFunc = d.free;
    if (allocAdviseFunc != nullptr) *allocAdviseFunc = d.advise;
    if (getAddrFromBlockFunc != nullptr) *getAddrFromBlockFunc = d.addr;
    return Status::ok();
  });
}

aclError aclrtAllocatorUnregister(aclrtStream stream) {
  return guard("aclrtAllocatorUnregister", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = asctwin::acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(reg().mu);
    if (reg().byStream.erase(s) == 0) return invalidParam("the stream has no registered allocator");
    return Status::ok();
  });
}

}  // extern "C"
