// C entry points: counting notifies (aclrtCntNotify*, acl/acl_rt.h). A
// 32-bit counter that records change (set, add, or, and) in stream order and
// waits compare against (less, equal, bigger, bigger or equal, all of a
// bitmask), optionally clearing it after the wait is satisfied. Timeouts are
// in milliseconds (0: wait for ever).
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
namespace acl = asctwin::acl;

namespace {

struct CntNotify {
  std::atomic<uint32_t> value{0};
  uint32_t id = 0;
};

std::mutex gMu;
std::set<CntNotify*>& live() {
  static auto* s = new std::set<CntNotify*>();
  return *s;
}
std::atomic<uint32_t> gNextId{1};

Status resolve(aclrtCntNotify h, CntNotify** out) {
  std::lock_guard lock(gMu);
  auto* n = static_cast<CntNotify*>(h);
  if (h == nullptr || live().count(n) == 0)
    return invalidParam("cntNotify is not a live counting notify (aclrtCntNotifyCreate)");
  *out = n;
  return Status::ok();
}

bool satisfied(uint32_t cnt, uint32_t value, int mode) {
  switch (mode) {
    case ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE:
      return cnt < value;
    case ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE:
      return cnt == value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE:
      return cnt > value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE:
      return cnt >= value;
    default:
      return (cnt & value) == value;
  }
}

}  // namespace

extern "C" {

aclError aclrtCntNotifyCreate(aclrtCntNotify* cntNotify, uint64_t flag) {
  return guard("aclrtCntNotifyCreate", [&] {
    if (cntNotify == nullptr) return invalidParam("cntNotify must not be null");
    if (flag != ACL_NOTIFY_DEFAULT && flag != ACL_NOTIFY_DEVICE_USE_ONLY)
      return invalidParam("flag must be ACL_NOTIFY_DEFAULT or ACL_NOTIFY_DEVICE_USE_ONLY");
    int32_t dev = -1;
    Status s = acl::currentDevice(&dev);
    if (!s) return s;
    auto* n = new CntNotify();
    n->id = gNextId.fetch_add(1);
    std::lock_guard lock(gMu);
    live().insert(n);
    *cntNotify = n;
    return Status::ok();
  });
}

aclError aclrtCntNotifyDestroy(aclrtCntNotify cntNotify) {
  return guard("aclrtCntNotifyDestroy", [&] {
    CntNotify* n = nullptr;
    Status s = resolve(cntNotify, &n);
    if (!s) return s;
    {
      std::lock_guard lock(gMu);
      live().erase(n);
    }
    // Queued records and waits keep it until they have run.
    auto doomed = std::shared_ptr<CntNotify>(n);
    acl::forEachStream([&](asctwin::device::Stream& st) {
      if (!st.idle()) st.holdUntilDrained(doomed);
    });
    return Status::ok();
  });
}

aclError aclrtCntNotifyGetId(aclrtCntNotify cntNotify, uint32_t* notifyId) {
  return guard("aclrtCntNotifyGetId", [&] {
    if (notifyId == nullptr) return invalidParam("notifyId must not be null");
    CntNotify* n = nullptr;
    Status s = resolve(cntNotify, &n);
    if (!s) return s;
    *notifyId = n->id;
    return Status::ok();
  });
}

aclError aclrtCntNotifyRecord(aclrtCntNotify cntNotify, aclrtStream stream,
                              aclrtCntNotifyRecordInfo* info) {
  return guard("aclrtCntNotifyRecord", [&] {
    if (info == nullptr) return invalidParam("info must not be null");
    const int mode = static_cast<int>(info->mode);
    if (mode != ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE &&
        mode != ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE && mode != ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE &&
        mode != ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE)
      return invalidParam("info->mode is not an aclrtCntNotifyRecordMode");
    CntNotify* n = nullptr;
    Status s = resolve(cntNotify, &n);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    const uint32_t v = info->value;
    st->enqueue("CntNotifyRecord", [n, mode, v] {
      switch (mode) {
        case ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE:
          n->value.store(v);
          break;
        case ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE:
          n->value.fetch_add(v);
          break;
        case ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE:
          n->value.fetch_or(v);
          break;
        default:
          n->value.fetch_and(v);
          break;
      }
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cntNotify, aclrtStream stream,
                                       aclrtCntNotifyWaitInfo* info) {
  return guard("aclrtCntNotifyWaitWithTimeout", [&] {
    if (info == nullptr) return invalidParam("info must not be null");
    const int mode = static_cast<int>(info->mode);
    if (mode < ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE ||
        mode > ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE)
      return invalidParam("info->mode is not an aclrtCntNotifyWaitMode");
    if (info->isClear > 1) return invalidParam("info->isClear must be 0 or 1");
    CntNotify* n = nullptr;
    Status s = resolve(cntNotify, &n);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    const uint32_t v = info->value, timeout = info->timeout;
    const bool clear = info->isClear != 0;
    st->enqueue("CntNotifyWait", [n, mode, v, timeout, clear] {
      const auto start = std::chrono::steady_clock::now();
      auto pause = std::chrono::microseconds(20);
      while (!satisfied(n->value.load(), v, mode)) {
        if (timeout != 0 &&
            std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(timeout))
          return Status(ACL_ERROR_RT_WAIT_TIMEOUT,
                        "the counting notify did not reach the condition within " +
                            std::to_string(timeout) + " ms");
        std::this_thread::sleep_for(pause);
        if (pause < std::chrono::milliseconds(1)) pause *= 2;
      }
      if (clear) n->value.store(0);
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtCntNotifyReset(aclrtCntNotify cntNotify, aclrtStream stream) {
  return guard("aclrtCntNotifyReset", [&] {
    CntNotify* n = nullptr;
    Status s = resolve(cntNotify, &n);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    st->enqueue("CntNotifyReset", [n] {
      n->value.store(0);
      return Status::ok();
    });
    return Status::ok();
  });
}

}  // extern "C"
