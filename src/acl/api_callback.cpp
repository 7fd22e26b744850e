// C entry points: last errors, error detail, exception callbacks, stream
// callbacks (aclrtLaunchCallback with aclrtSubscribeReport/aclrtProcessReport)
// and host functions (acl/acl_rt.h).
#include <pthread.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "device/kernel_exception.h"

// The runtime's exception record (opaque in CANN's headers).
struct rtExceptionInfo {
  uint32_t taskId = 0;
  uint32_t streamId = 0;
  uint32_t threadId = 0;
  uint32_t deviceId = 0;
  uint32_t retCode = 0;
};

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
namespace acl = asctwin::acl;

namespace asctwin::acl {
namespace {

// ---- exception callbacks ------------------------------------------------------
std::mutex gExcMu;
std::vector<aclrtExceptionInfoCallback>& excCallbacks() {
  static auto* v = new std::vector<aclrtExceptionInfoCallback>();
  return *v;
}

void onKernelException(const device::KernelException& e) {
  std::vector<aclrtExceptionInfoCallback> cbs;
  {
    std::lock_guard lock(gExcMu);
    cbs = excCallbacks();
  }
  rtExceptionInfo info;
  info.deviceId = static_cast<uint32_t>(e.device);
  info.retCode = static_cast<uint32_t>(e.code);
  info.taskId = static_cast<uint32_t>(e.sequence);
  info.threadId = static_cast<uint32_t>(pthread_self());
  for (auto cb : cbs) cb(&info);
}

Status addExceptionCallback(aclrtExceptionInfoCallback cb, bool replaceAll) {
  std::lock_guard lock(gExcMu);
  auto& v = excCallbacks();
  if (replaceAll) v.clear();
  if (cb != nullptr && std::find(v.begin(), v.end(), cb) == v.end()) v.push_back(cb);
  device::setKernelExceptionListener(v.empty() ? nullptr : onKernelException);
  return Status::ok();
}

// ---- report callbacks -----------------------------------------------------------
// A callback a stream reached, waiting for its subscribed thread.
struct Report {
  aclrtCallback fn = nullptr;
  void* userData = nullptr;
  std::shared_ptr<std::mutex> doneMu = std::make_shared<std::mutex>();
  std::shared_ptr<std::condition_variable> doneCv = std::make_shared<std::condition_variable>();
  std::shared_ptr<bool> done = std::make_shared<bool>(false);
};

struct Reports {
  std::mutex mu;
  std::condition_variable cv;
  // stream -> subscribed thread (aclrtSubscribeReport), and the thread's queue
  std::map<const device::Stream*, uint64_t> subscriber;
  std::map<uint64_t, std::deque<Report>> pending;
};
Reports& reports() {
  static auto* r = new Reports();
  return *r;
}

uint64_t selfId() {
  return static_cast<uint64_t>(pthread_self());
}

Status subscribe(uint64_t threadId, aclrtStream stream, bool on) {
  device::Stream* s = nullptr;
  Status st = resolveStream(stream, &s);
  if (!st) return st;
  auto& r = reports();
  std::lock_guard lock(r.mu);
  auto it = r.subscriber.find(s);
  if (on) {
    if (it != r.subscriber.end())
      return Status(ACL_ERROR_REPEAT_SUBSCRIBE,
                    "the stream is already subscribed to thread " + std::to_string(it->second));
    r.subscriber[s] = threadId;
    return Status::ok();
  }
  if (it == r.subscriber.end() || it->second != threadId)
    return Status(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                  "the stream is not subscribed to thread " + std::to_string(threadId));
  r.subscriber.erase(it);
  return Status::ok();
}

Status launchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                      aclrtStream stream) {
  if (fn == nullptr) return invalidParam("fn must not be null");
  const int bt = static_cast<int>(blockType);
  if (bt != ACL_CALLBACK_NO_BLOCK && bt != ACL_CALLBACK_BLOCK)
    return invalidParam("blockType must be ACL_CALLBACK_NO_BLOCK or ACL_CALLBACK_BLOCK");
  device::Stream* s = nullptr;
  Status st = resolveStream(stream, &s);
  if (!st) return st;
  uint64_t thread = 0;
  {
    auto& r = reports();
    std::lock_guard lock(r.mu);
    auto it = r.subscriber.find(s);
    if (it == r.subscriber.end())
      return Status(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                    "the stream has no subscribed thread: call aclrtSubscribeReport(threadId, "
                    "stream) first; that thread runs the callback in aclrtProcessReport");
    thread = it->second;
  }
  const bool block = bt == ACL_CALLBACK_BLOCK;
  s->enqueue("LaunchCallback", [fn, userData, thread, block] {
    Report rep;
    rep.fn = fn;
    rep.userData = userData;
    auto& r = reports();
    {
      std::lock_guard lock(r.mu);
      r.pending[thread].push_back(rep);
    }
    r.cv.notify_all();
    if (block) {
      std::unique_lock lock(*rep.doneMu);
      rep.doneCv->wait(lock, [&] { return *rep.done; });
    }
    return Status::ok();
  });
  return Status::ok();
}

Status processReport(int32_t timeoutMs) {
  if (timeoutMs < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
  const uint64_t me = selfId();
  Report rep;
  {
    auto& r = reports();
    std::unique_lock lock(r.mu);
    bool subscribed = false;
    for (const auto& [s, t] : r.subscriber) subscribed |= t == me;
    if (!subscribed && r.pending[me].empty())
      return Status(ACL_ERROR_THREAD_NOT_SUBSCRIBE,
                    "the calling thread is subscribed to no stream (aclrtSubscribeReport)");
    auto ready = [&] { return !r.pending[me].empty(); };
    if (timeoutMs < 0) {
      r.cv.wait(lock, ready);
    } else if (!r.cv.wait_for(lock, std::chrono::milliseconds(timeoutMs), ready)) {
      return Status(ACL_ERROR_WAIT_CALLBACK_TIMEOUT,
                    "no callback arrived within " + std::to_string(timeoutMs) + " ms");
    }
    rep = r.pending[me].front();
    r.pending[me].pop_front();
  }
  rep.fn(rep.userData);
  {
    std::lock_guard lock(*rep.doneMu);
    *rep.done = true;
  }
  rep.doneCv->notify_all();
  return Status::ok();
}

}  // namespace
}  // namespace asctwin::acl

extern "C" {

aclError aclrtGetLastError(aclrtLastErrLevel level) {
  if (static_cast<int>(level) != ACL_RT_THREAD_LEVEL) return ACL_ERROR_INVALID_PARAM;
  return acl::lastRuntimeError(true);
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level) {
  if (static_cast<int>(level) != ACL_RT_THREAD_LEVEL) return ACL_ERROR_INVALID_PARAM;
  return acl::lastRuntimeError(false);
}

aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo) {
  return guard("aclrtGetErrorVerbose", [&] {
    Status s = acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (errorInfo == nullptr) return invalidParam("errorInfo must not be null");
    std::memset(errorInfo, 0, sizeof *errorInfo);
    asctwin::device::KernelException e;
    // A device error is an AI Core exception of a kernel on this device; the
    // twin cannot repair one (no memory ECC, links or L2 to fix).
    if (asctwin::device::lastKernelException(&e) && e.device == deviceId) {
      errorInfo->errorType = ACL_RT_ERROR_AICORE;
      errorInfo->tryRepair = 0;
      errorInfo->hasDetail = 0;
    } else {
      errorInfo->errorType = ACL_RT_NO_ERROR;
    }
    return Status::ok();
  });
}

aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo* errorInfo) {
  return guard("aclrtRepairError", [&] {
    Status s = acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (errorInfo == nullptr) return invalidParam("errorInfo must not be null");
    return acl::notSupported("repairing device errors (memory UCE, L2, links)");
  });
}

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback) {
  return guard("aclrtSetExceptionInfoCallback",
               [&] { return acl::addExceptionCallback(callback, true); });
}

aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback) {
  return guard("aclrtExceptionInfoCallbackRegister", [&] {
    if (callback == nullptr) return invalidParam("callback must not be null");
    return acl::addExceptionCallback(callback, false);
  });
}

aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback) {
  return guard("aclrtExceptionInfoCallbackUnregister", [&] {
    if (callback == nullptr) return invalidParam("callback must not be null");
    std::lock_guard lock(acl::gExcMu);
    auto& v = acl::excCallbacks();
    auto it = std::find(v.begin(), v.end(), callback);
    if (it == v.end()) return invalidParam("callback is not registered");
    v.erase(it);
    if (v.empty()) asctwin::device::setKernelExceptionListener(nullptr);
    return Status::ok();
  });
}

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? 0xFFFFFFFFu : info->taskId;
}
uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? 0xFFFFFFFFu : info->streamId;
}
uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? 0xFFFFFFFFu : info->threadId;
}
uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? 0xFFFFFFFFu : info->deviceId;
}
uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info) {
  return info == nullptr ? 0xFFFFFFFFu : info->retCode;
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return guard("aclrtSubscribeReport", [&] { return acl::subscribe(threadId, stream, true); });
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
  return guard("aclrtUnSubscribeReport", [&] { return acl::subscribe(threadId, stream, false); });
}

aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                             aclrtStream stream) {
  return guard("aclrtLaunchCallback",
               [&] { return acl::launchCallback(fn, userData, blockType, stream); });
}

aclError aclrtProcessReport(int32_t timeout) {
  return guard("aclrtProcessReport", [&] { return acl::processReport(timeout); });
}

aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) {
  return guard("aclrtSubscribeHostFunc",
               [&] { return acl::subscribe(hostFuncThreadId, exeStream, true); });
}

aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream) {
  return guard("aclrtUnSubscribeHostFunc",
               [&] { return acl::subscribe(hostFuncThreadId, exeStream, false); });
}

aclError aclrtProcessHostFunc(int32_t timeout) {
  return guard("aclrtProcessHostFunc", [&] { return acl::processReport(timeout); });
}

aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args) {
  return guard("aclrtLaunchHostFunc", [&] {
    if (fn == nullptr) return invalidParam("fn must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = acl::resolveStream(stream, &s);
    if (!st) return st;
    // Runs in stream order on the stream's own thread (the runtime's host
    // function thread); later tasks wait for it.
    s->enqueue("LaunchHostFunc", [fn, args] {
      fn(args);
      return Status::ok();
    });
    return Status::ok();
  });
}

}  // extern "C"
