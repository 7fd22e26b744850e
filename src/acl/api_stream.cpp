// C entry points: streams (acl/acl_rt.h): creation with a configuration,
// failure mode, queries, synchronisation with a timeout, value waits/writes.
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/memory.h"
#include "acl/runtime.h"
#include "acl/state_callbacks.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
namespace acl = asctwin::acl;

namespace asctwin::acl {
namespace {

constexpr uint32_t kKnownStreamFlags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC |
                                       ACL_STREAM_PERSISTENT | ACL_STREAM_HUGE |
                                       ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;

// Attributes a stream carries beyond the device model's (set and read back).
struct StreamAttrs {
  uint32_t overflowSwitch = 0;
  uint32_t userCustomTag = 0;
  uint32_t cacheOpInfo = 0;
};
std::mutex gAttrMu;
std::map<const device::Stream*, StreamAttrs>& attrs() {
  static auto* m = new std::map<const device::Stream*, StreamAttrs>();
  return *m;
}

Status create(aclrtStream* stream, uint32_t priority, uint32_t flags) {
  if (priority > 7)
    return invalidParam("priority must be in [0, 7], got " + std::to_string(priority));
  if ((flags & ~kKnownStreamFlags) != 0)
    return invalidParam("flag has bits that are not ACL_STREAM_* flags: " + std::to_string(flags));
  device::Stream::Config cfg;
  cfg.flags = flags;
  cfg.priority = static_cast<int32_t>(priority);
  Status s = createStream(stream, cfg);
  if (s) notifyStreamState(*stream, ACL_RT_STREAM_STATE_CREATE_POST);
  return s;
}

// The conditions of aclrtValueWait (ACL_STREAM_WAIT_VALUE_*).
bool waitValueReady(uint64_t cur, uint64_t value, uint32_t flag) {
  switch (flag) {
    case ACL_STREAM_WAIT_VALUE_GEQ:
      return static_cast<int64_t>(cur - value) >= 0;
    case ACL_STREAM_WAIT_VALUE_EQ:
      return cur == value;
    case ACL_STREAM_WAIT_VALUE_AND:
      return (cur & value) != 0;
    default:
      return ~(cur | value) != 0;
  }
}

}  // namespace
}  // namespace asctwin::acl

extern "C" {

aclError aclrtCreateStream(aclrtStream* stream) {
  return guard("aclrtCreateStream", [&] { return acl::create(stream, 0, 0); });
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  return guard("aclrtCreateStreamWithConfig", [&] { return acl::create(stream, priority, flag); });
}

aclrtStreamConfigHandle* aclrtCreateStreamConfigHandle(void) {
  return asctwin::acl::guardPtr<aclrtStreamConfigHandle>("aclrtCreateStreamConfigHandle",
                                                         [](aclrtStreamConfigHandle** out) {
                                                           auto* h = new aclrtStreamConfigHandle();
                                                           std::memset(h, 0, sizeof *h);
                                                           *out = h;
                                                           return Status::ok();
                                                         });
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle* handle) {
  return guard("aclrtDestroyStreamConfigHandle", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    delete handle;
    return Status::ok();
  });
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle, aclrtStreamConfigAttr attr,
                                 const void* attrValue, size_t valueSize) {
  return guard("aclrtSetStreamConfigOpt", [&] {
    if (handle == nullptr) return invalidParam("handle must not be null");
    if (attrValue == nullptr) return invalidParam("attrValue must not be null");
    switch (static_cast<int>(attr)) {
      case ACL_RT_STREAM_WORK_ADDR_PTR:
        if (valueSize != sizeof(void*)) return invalidParam("valueSize must be sizeof(void*)");
        std::memcpy(&handle->workptr, attrValue, sizeof(void*));
        return Status::ok();
      case ACL_RT_STREAM_WORK_SIZE:
        if (valueSize != sizeof(size_t)) return invalidParam("valueSize must be sizeof(size_t)");
        std::memcpy(&handle->workSize, attrValue, sizeof(size_t));
        return Status::ok();
      case ACL_RT_STREAM_FLAG: {
        if (valueSize != sizeof(uint32_t))
          return invalidParam("valueSize must be sizeof(uint32_t)");
        uint32_t v = 0;
        std::memcpy(&v, attrValue, sizeof v);
        handle->flag = v;
        return Status::ok();
      }
      case ACL_RT_STREAM_PRIORITY: {
        if (valueSize != sizeof(uint32_t))
          return invalidParam("valueSize must be sizeof(uint32_t)");
        uint32_t v = 0;
        std::memcpy(&v, attrValue, sizeof v);
        if (v > 7) return invalidParam("priority must be in [0, 7], got " + std::to_string(v));
        handle->priority = v;
        return Status::ok();
      }
      default:
        return invalidParam("attr " + std::to_string(static_cast<int>(attr)) +
                            " is not an aclrtStreamConfigAttr");
    }
  });
}

aclError aclrtCreateStreamV2(aclrtStream* stream, const aclrtStreamConfigHandle* handle) {
  return guard("aclrtCreateStreamV2", [&] {
    if (handle == nullptr) return acl::create(stream, 0, 0);
    return acl::create(stream, handle->priority, static_cast<uint32_t>(handle->flag));
  });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return guard("aclrtDestroyStream", [&] {
    asctwin::device::Stream* live = nullptr;
    if (acl::resolveCreatedStream(stream, "stream", &live).isOk())
      acl::notifyStreamState(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
    Status s = acl::destroyStream(stream);
    if (s) {
      std::lock_guard lock(acl::gAttrMu);
      acl::attrs().erase(static_cast<const asctwin::device::Stream*>(stream));
    }
    return s;
  });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  return guard("aclrtDestroyStreamForce", [&] {
    asctwin::device::Stream* live = nullptr;
    if (acl::resolveCreatedStream(stream, "stream", &live).isOk())
      acl::notifyStreamState(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
    Status s = acl::destroyStreamForce(stream);
    if (s) {
      std::lock_guard lock(acl::gAttrMu);
      acl::attrs().erase(static_cast<const asctwin::device::Stream*>(stream));
    }
    return s;
  });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return guard("aclrtSynchronizeStream", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    if (s->capturing())
      return Status(ACL_ERROR_RT_STREAM_CAPTURED,
                    "the stream is being captured: a captured stream cannot be synchronised");
    return s->synchronize();
  });
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  return guard("aclrtSynchronizeStreamWithTimeout", [&] {
    if (timeout < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    return s->synchronizeFor(std::chrono::milliseconds(timeout));
  });
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  return guard("aclrtStreamQuery", [&] {
    if (status == nullptr) return invalidParam("status must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    *status = s->idle() ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return Status::ok();
  });
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  return guard("aclrtSetStreamFailureMode", [&] {
    if (mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE)
      return invalidParam(
          "mode must be ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1), got " +
          std::to_string(mode));
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    s->setStopOnFailure(mode == ACL_STOP_ON_FAILURE);
    return Status::ok();
  });
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId) {
  return guard("aclrtStreamGetId", [&] {
    if (streamId == nullptr) return invalidParam("streamId must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    *streamId = s->id();
    return Status::ok();
  });
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority) {
  return guard("aclrtStreamGetPriority", [&] {
    if (priority == nullptr) return invalidParam("priority must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    *priority = static_cast<uint32_t>(s->priority());
    return Status::ok();
  });
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags) {
  return guard("aclrtStreamGetFlags", [&] {
    if (flags == nullptr) return invalidParam("flags must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    *flags = s->flags();
    return Status::ok();
  });
}

aclError aclrtStreamAbort(aclrtStream stream) {
  return guard("aclrtStreamAbort", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveCreatedStream(stream, "stream", &s);
    if (!st) return st;
    s->discardQueued();
    return Status::ok();
  });
}

aclError aclrtGetStreamAvailableNum(uint32_t* streamCount) {
  return guard("aclrtGetStreamAvailableNum", [&] {
    if (streamCount == nullptr) return invalidParam("streamCount must not be null");
    *streamCount = 2048;  // each stream is a host thread; no hardware queue limit
    return Status::ok();
  });
}

aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag) {
  return guard("aclrtSetStreamOverflowSwitch", [&] {
    if (flag > 1) return invalidParam("flag must be 0 (off) or 1 (on)");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(acl::gAttrMu);
    acl::attrs()[s].overflowSwitch = flag;
    return Status::ok();
  });
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag) {
  return guard("aclrtGetStreamOverflowSwitch", [&] {
    if (flag == nullptr) return invalidParam("flag must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(acl::gAttrMu);
    auto it = acl::attrs().find(s);
    *flag = it == acl::attrs().end() ? 0 : it->second.overflowSwitch;
    return Status::ok();
  });
}

aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue* value) {
  return guard("aclrtSetStreamAttribute", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(acl::gAttrMu);
    auto& a = acl::attrs()[s];
    switch (static_cast<int>(stmAttrType)) {
      case ACL_STREAM_ATTR_FAILURE_MODE:
        if (value->failureMode > 1) return invalidParam("failureMode must be 0 or 1");
        s->setStopOnFailure(value->failureMode == ACL_STOP_ON_FAILURE);
        return Status::ok();
      case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
        a.overflowSwitch = value->overflowSwitch;
        return Status::ok();
      case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        a.userCustomTag = value->userCustomTag;
        return Status::ok();
      case ACL_STREAM_ATTR_CACHE_OP_INFO:
        a.cacheOpInfo = value->cacheOpInfoSwitch;
        return Status::ok();
      case ACL_STREAM_ATTR_PRIORITY:
        return invalidParam("the priority of a stream is set when it is created");
      default:
        return invalidParam("stmAttrType " + std::to_string(static_cast<int>(stmAttrType)) +
                            " is not an aclrtStreamAttr");
    }
  });
}

aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue* value) {
  return guard("aclrtGetStreamAttribute", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    std::lock_guard lock(acl::gAttrMu);
    const acl::StreamAttrs a = acl::attrs()[s];
    std::memset(value, 0, sizeof *value);
    switch (static_cast<int>(stmAttrType)) {
      case ACL_STREAM_ATTR_FAILURE_MODE:
        value->failureMode = s->stopOnFailure() ? 1 : 0;
        break;
      case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
        value->overflowSwitch = a.overflowSwitch;
        break;
      case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        value->userCustomTag = a.userCustomTag;
        break;
      case ACL_STREAM_ATTR_CACHE_OP_INFO:
        value->cacheOpInfoSwitch = a.cacheOpInfo;
        break;
      case ACL_STREAM_ATTR_PRIORITY:
        value->streamPriority = static_cast<uint32_t>(s->priority());
        break;
      default:
        return invalidParam("stmAttrType " + std::to_string(static_cast<int>(stmAttrType)) +
                            " is not an aclrtStreamAttr");
    }
    return Status::ok();
  });
}

aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
  return guard("aclrtValueWrite", [&] {
    if (flag != 0) return invalidParam("flag is reserved and must be 0");
    Status s = acl::checkDeviceRange(devAddr, sizeof(uint64_t), "devAddr",
                                     "a value write targets 64 bits of device memory");
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("ValueWrite", [devAddr, value] {
      __atomic_store_n(static_cast<uint64_t*>(devAddr), value, __ATOMIC_SEQ_CST);
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
  return guard("aclrtValueWait", [&] {
    if (flag > ACL_STREAM_WAIT_VALUE_NOR)
      return invalidParam("flag must be one of ACL_STREAM_WAIT_VALUE_GEQ/EQ/AND/NOR, got " +
                          std::to_string(flag));
    Status s = acl::checkDeviceRange(devAddr, sizeof(uint64_t), "devAddr",
                                     "a value wait reads 64 bits of device memory");
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("ValueWait", [devAddr, value, flag] {
      auto pause = std::chrono::microseconds(10);
      for (;;) {
        const uint64_t cur = __atomic_load_n(static_cast<uint64_t*>(devAddr), __ATOMIC_SEQ_CST);
        if (acl::waitValueReady(cur, value, flag)) return Status::ok();
        std::this_thread::sleep_for(pause);
        if (pause < std::chrono::milliseconds(1)) pause *= 2;
      }
    });
    return Status::ok();
  });
}

}  // extern "C"
