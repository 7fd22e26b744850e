// C entry points: the rest of runtime configuration (acl/acl_rt.h,
// acl/acl_base_rt.h, acl/acl_platform.h): operator timeouts, per-context
// system parameters, core groups, device id maps, UUIDs, device limits,
// stream resource limits, state callbacks, init/finalize callbacks, CANN
// attributes, the application log, the TS selection, platform queries.
#include <unistd.h>

#include <cstdarg>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "acl/acl_platform.h"
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "acl/state_callbacks.h"
#include "device/kernel_exception.h"
#include "device/soc.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
namespace acl = asctwin::acl;

namespace asctwin::acl {
namespace {

struct ExtState {
  std::mutex mu;
  uint32_t opWaitTimeoutS = 0;                                // aclrtSetOpWaitTimeout (0: none)
  uint64_t opExecuteTimeoutUs = 0;                            // 0: the default
  std::map<std::pair<const void*, int>, int64_t> ctxParams;   // (context, opt) -> value
  std::map<std::pair<int32_t, int>, size_t> limits;           // (device, limit) -> value
  std::map<std::pair<const void*, int>, uint32_t> streamRes;  // (stream, type) -> value
  std::vector<std::pair<std::string, std::pair<aclrtStreamStateCallback, void*>>> streamCbs;
  std::vector<std::pair<std::string, std::pair<aclrtDeviceStateCallback, void*>>> deviceCbs;
  std::vector<std::pair<std::string, std::pair<aclrtDeviceTaskAbortCallback, void*>>> abortCbs;
  std::map<int, std::pair<aclInitCallbackFunc, void*>> initCbs;
  std::map<int, std::pair<aclFinalizeCallbackFunc, void*>> finalizeCbs;
};
ExtState& ext() {
  static auto* s = new ExtState();
  return *s;
}
thread_local const void* tlsStreamRes = nullptr;  // aclrtUseStreamResInCurrentThread

// Device defaults of the limits (bytes).
size_t defaultLimit(int limit) {
  switch (limit) {
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
      return 1u << 20;
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
      return 2u << 20;
    default:
      return 16u << 10;
  }
}

Status checkLimit(int limit) {
  if (limit < ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE || limit > ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE)
    return invalidParam("limit is not an aclrtDeviceLimit");
  return Status::ok();
}

Status checkSysOpt(int opt, int64_t value) {
  switch (opt) {
    case ACL_OPT_DETERMINISTIC:
      if (value < 0 || value > 2) return invalidParam("ACL_OPT_DETERMINISTIC takes 0, 1 or 2");
      return Status::ok();
    case ACL_OPT_ENABLE_DEBUG_KERNEL:
    case ACL_OPT_ENABLE_KERNEL_EARLY_START:
      if (value < 0 || value > 1) return invalidParam("the option takes 0 or 1");
      return Status::ok();
    case 2:  // ACL_OPT_STRONG_CONSISTENCY (deprecated: ACL_OPT_DETERMINISTIC = 2)
      if (value < 0 || value > 1) return invalidParam("the option takes 0 or 1");
      return Status::ok();
    default:
      return invalidParam("opt is not an aclSysParamOpt");
  }
}

}  // namespace

void notifyStreamState(aclrtStream stream, aclrtStreamState state) {
  std::vector<std::pair<aclrtStreamStateCallback, void*>> cbs;
  {
    std::lock_guard lock(ext().mu);
    for (auto& [name, cb] : ext().streamCbs) cbs.push_back(cb);
  }
  for (auto& [fn, args] : cbs) fn(stream, state, args);
}

void notifyDeviceState(int32_t device, aclrtDeviceState state) {
  std::vector<std::pair<aclrtDeviceStateCallback, void*>> cbs;
  {
    std::lock_guard lock(ext().mu);
    for (auto& [name, cb] : ext().deviceCbs) cbs.push_back(cb);
  }
  for (auto& [fn, args] : cbs) fn(device, state, args);
}

Status runInitCallbacks(const char* configPath) {
  std::vector<std::pair<aclInitCallbackFunc, void*>> cbs;
  {
    std::lock_guard lock(ext().mu);
    for (auto& [type, cb] : ext().initCbs) cbs.push_back(cb);
  }
  std::string text;
  if (configPath != nullptr) {
    if (std::FILE* f = std::fopen(configPath, "rb")) {
      char buf[4096];
      size_t n = 0;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
      std::fclose(f);
    }
  }
  for (auto& [fn, data] : cbs) {
    const aclError rc = fn(text.c_str(), text.size(), data);
    if (rc != ACL_SUCCESS) return Status(rc, "an aclInit callback failed");
  }
  return Status::ok();
}

void runFinalizeCallbacks() {
  std::vector<std::pair<aclFinalizeCallbackFunc, void*>> cbs;
  {
    std::lock_guard lock(ext().mu);
    for (auto& [type, cb] : ext().finalizeCbs) cbs.push_back(cb);
  }
  for (auto& [fn, data] : cbs) (void)fn(data);
}

}  // namespace asctwin::acl

extern "C" {

aclError aclrtSetOpWaitTimeout(uint32_t timeout) {
  return guard("aclrtSetOpWaitTimeout", [&] {
    std::lock_guard lock(acl::ext().mu);
    acl::ext().opWaitTimeoutS = timeout;
    return Status::ok();
  });
}

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout) {
  return guard("aclrtSetOpExecuteTimeOut", [&] {
    asctwin::device::setKernelTimeout(std::chrono::seconds(timeout));
    std::lock_guard lock(acl::ext().mu);
    acl::ext().opExecuteTimeoutUs = uint64_t{timeout} * 1000000;
    return Status::ok();
  });
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout) {
  return guard("aclrtSetOpExecuteTimeOutWithMs", [&] {
    asctwin::device::setKernelTimeout(std::chrono::milliseconds(timeout));
    std::lock_guard lock(acl::ext().mu);
    acl::ext().opExecuteTimeoutUs = uint64_t{timeout} * 1000;
    return Status::ok();
  });
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t* actualTimeout) {
  return guard("aclrtSetOpExecuteTimeOutV2", [&] {
    if (actualTimeout == nullptr) return invalidParam("actualTimeout must not be null");
    // The twin's watchdog resolves microseconds: the timeout is used as given (us).
    asctwin::device::setKernelTimeout(std::chrono::microseconds(timeout));
    std::lock_guard lock(acl::ext().mu);
    acl::ext().opExecuteTimeoutUs = timeout;
    *actualTimeout = timeout;
    return Status::ok();
  });
}

aclError aclrtGetOpExecuteTimeout(uint32_t* const timeoutMs) {
  return guard("aclrtGetOpExecuteTimeout", [&] {
    if (timeoutMs == nullptr) return invalidParam("timeoutMs must not be null");
    std::chrono::microseconds us{0};
    Status s = asctwin::device::kernelTimeout(&us);
    if (!s) return s;
    *timeoutMs = static_cast<uint32_t>(us.count() / 1000);
    return Status::ok();
  });
}

aclError aclrtGetOpTimeOutInterval(uint64_t* interval) {
  return guard("aclrtGetOpTimeOutInterval", [&] {
    if (interval == nullptr) return invalidParam("interval must not be null");
    *interval = 1;  // the watchdog's granularity, in microseconds
    return Status::ok();
  });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  return guard("aclrtCtxSetSysParamOpt", [&] {
    Status s = acl::checkSysOpt(static_cast<int>(opt), value);
    if (!s) return s;
    aclrtContext ctx = nullptr;
    s = acl::getCurrentContext(&ctx);
    if (!s) return s;
    std::lock_guard lock(acl::ext().mu);
    acl::ext().ctxParams[{ctx, static_cast<int>(opt)}] = value;
    return Status::ok();
  });
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  return guard("aclrtCtxGetSysParamOpt", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    Status s = acl::checkSysOpt(static_cast<int>(opt), 0);
    if (!s) return s;
    aclrtContext ctx = nullptr;
    s = acl::getCurrentContext(&ctx);
    if (!s) return s;
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().ctxParams.find({ctx, static_cast<int>(opt)});
    if (it == acl::ext().ctxParams.end())
      return invalidParam("the option was not set on the current context");
    *value = it->second;
    return Status::ok();
  });
}

// ---- core groups: the twin's devices are not partitioned into groups -----------
aclError aclrtGetGroupCount(uint32_t* count) {
  return guard("aclrtGetGroupCount", [&] {
    if (count == nullptr) return invalidParam("count must not be null");
    int32_t dev = -1;
    Status s = acl::currentDevice(&dev);
    if (!s) return s;
    *count = 0;
    return Status::ok();
  });
}

aclError aclrtSetGroup(int32_t groupId) {
  return guard("aclrtSetGroup", [&] {
    return Status(ACL_ERROR_GROUP_NOT_CREATE,
                  "groupId " + std::to_string(groupId) +
                      " does not exist: the twin's devices are not partitioned into groups "
                      "(aclrtGetGroupCount reports 0)");
  });
}

aclrtGroupInfo* aclrtCreateGroupInfo(void) {
  return asctwin::acl::guardPtr<aclrtGroupInfo>("aclrtCreateGroupInfo", [](aclrtGroupInfo** out) {
    // An empty list (no groups); a distinct handle.
    *out = reinterpret_cast<aclrtGroupInfo*>(new char[1]);
    return Status::ok();
  });
}

aclError aclrtDestroyGroupInfo(aclrtGroupInfo* groupInfo) {
  return guard("aclrtDestroyGroupInfo", [&] {
    if (groupInfo == nullptr) return invalidParam("groupInfo must not be null");
    delete[] reinterpret_cast<char*>(groupInfo);
    return Status::ok();
  });
}

aclError aclrtGetAllGroupInfo(aclrtGroupInfo* groupInfo) {
  return guard("aclrtGetAllGroupInfo", [&] {
    if (groupInfo == nullptr) return invalidParam("groupInfo must not be null");
    int32_t dev = -1;
    return acl::currentDevice(&dev);  // no group to fill in
  });
}

aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo* groupInfo, int32_t groupIndex,
                                 aclrtGroupAttr attr, void* attrValue, size_t valueLen,
                                 size_t* paramRetSize) {
  return guard("aclrtGetGroupInfoDetail", [&] {
    (void)attr, (void)attrValue, (void)valueLen, (void)paramRetSize;
    if (groupInfo == nullptr) return invalidParam("groupInfo must not be null");
    return invalidParam("groupIndex " + std::to_string(groupIndex) +
                        " is out of range: there are 0 groups");
  });
}

// ---- device ids: logical, physical and user ids are the same on the twin -------
#define ASCTWIN_ID_MAP(name, from, to)                                 \
  aclError name(const int32_t from, int32_t* const to) {               \
    return guard(#name, [&] {                                          \
      if (to == nullptr) return invalidParam(#to " must not be null"); \
      Status s = acl::checkDeviceId(from, #from);                      \
      if (!s) return s;                                                \
      *to = from;                                                      \
      return Status::ok();                                             \
    });                                                                \
  }
ASCTWIN_ID_MAP(aclrtGetLogicDevIdByUserDevId, userDevid, logicDevId)
ASCTWIN_ID_MAP(aclrtGetUserDevIdByLogicDevId, logicDevId, userDevid)
ASCTWIN_ID_MAP(aclrtGetLogicDevIdByPhyDevId, phyDevId, logicDevId)
ASCTWIN_ID_MAP(aclrtGetPhyDevIdByLogicDevId, logicDevId, phyDevId)
ASCTWIN_ID_MAP(aclrtGetUserDevIdByPhyDevId, phyDevId, userDevId)
ASCTWIN_ID_MAP(aclrtGetPhyDevIdByUserDevId, userDevId, phyDevId)
#undef ASCTWIN_ID_MAP

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid* uuid) {
  return guard("aclrtDeviceGetUuid", [&] {
    Status s = acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (uuid == nullptr) return invalidParam("uuid must not be null");
    // Stable per host and device: the host id and the device number.
    std::memset(uuid->bytes, 0, sizeof uuid->bytes);
    const long host = gethostid();
    std::memcpy(uuid->bytes, "ASTW", 4);
    std::memcpy(uuid->bytes + 4, &host, std::min(sizeof host, size_t{8}));
    std::memcpy(uuid->bytes + 12, &deviceId, 4);
    return Status::ok();
  });
}

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value) {
  return guard("aclrtDeviceSetLimit", [&] {
    Status s = acl::checkLimit(static_cast<int>(limit));
    if (!s) return s;
    int32_t dev = -1;
    s = acl::currentDevice(&dev);
    if (!s) return s;
    if (value == 0) return invalidParam("value must be > 0");
    std::lock_guard lock(acl::ext().mu);
    acl::ext().limits[{dev, static_cast<int>(limit)}] = value;
    return Status::ok();
  });
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t* value) {
  return guard("aclrtDeviceGetLimit", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    Status s = acl::checkLimit(static_cast<int>(limit));
    if (!s) return s;
    int32_t dev = -1;
    s = acl::currentDevice(&dev);
    if (!s) return s;
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().limits.find({dev, static_cast<int>(limit)});
    *value =
        it == acl::ext().limits.end() ? acl::defaultLimit(static_cast<int>(limit)) : it->second;
    return Status::ok();
  });
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value) {
  return guard("aclrtSetStreamResLimit", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    const int t = static_cast<int>(type);
    if (t != ACL_RT_DEV_RES_CUBE_CORE && t != ACL_RT_DEV_RES_VECTOR_CORE)
      return invalidParam("type must be ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
    const auto& soc = asctwin::device::currentSoc();
    const uint32_t max = t == ACL_RT_DEV_RES_CUBE_CORE ? soc.aicCores : soc.aivCores;
    if (value == 0 || value > max)
      return invalidParam("value must be in [1, " + std::to_string(max) + "]");
    std::lock_guard lock(acl::ext().mu);
    acl::ext().streamRes[{st, t}] = value;
    return Status::ok();
  });
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t* value) {
  return guard("aclrtGetStreamResLimit", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    const int t = static_cast<int>(type);
    if (t != ACL_RT_DEV_RES_CUBE_CORE && t != ACL_RT_DEV_RES_VECTOR_CORE)
      return invalidParam("type must be ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().streamRes.find({st, t});
    const auto& soc = asctwin::device::currentSoc();
    *value = it != acl::ext().streamRes.end() ? it->second
             : t == ACL_RT_DEV_RES_CUBE_CORE  ? soc.aicCores
                                              : soc.aivCores;
    return Status::ok();
  });
}

aclError aclrtResetStreamResLimit(aclrtStream stream) {
  return guard("aclrtResetStreamResLimit", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    std::lock_guard lock(acl::ext().mu);
    acl::ext().streamRes.erase({st, ACL_RT_DEV_RES_CUBE_CORE});
    acl::ext().streamRes.erase({st, ACL_RT_DEV_RES_VECTOR_CORE});
    return Status::ok();
  });
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream) {
  return guard("aclrtUseStreamResInCurrentThread", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    acl::tlsStreamRes = st;
    return Status::ok();
  });
}

aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream) {
  return guard("aclrtUnuseStreamResInCurrentThread", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveStream(stream, &st);
    if (!s) return s;
    if (acl::tlsStreamRes != st)
      return invalidParam("the thread does not use this stream's resources");
    acl::tlsStreamRes = nullptr;
    return Status::ok();
  });
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value) {
  return guard("aclrtGetResInCurrentThread", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    const int t = static_cast<int>(type);
    if (t != ACL_RT_DEV_RES_CUBE_CORE && t != ACL_RT_DEV_RES_VECTOR_CORE)
      return invalidParam("type must be ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
    const auto& soc = asctwin::device::currentSoc();
    *value = t == ACL_RT_DEV_RES_CUBE_CORE ? soc.aicCores : soc.aivCores;
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().streamRes.find({acl::tlsStreamRes, t});
    if (acl::tlsStreamRes != nullptr && it != acl::ext().streamRes.end()) *value = it->second;
    return Status::ok();
  });
}

aclError aclrtRegStreamStateCallback(const char* regName, aclrtStreamStateCallback callback,
                                     void* args) {
  return guard("aclrtRegStreamStateCallback", [&] {
    if (regName == nullptr || *regName == '\0')
      return invalidParam("regName must be a non-empty string");
    std::lock_guard lock(acl::ext().mu);
    auto& v = acl::ext().streamCbs;
    std::erase_if(v, [&](const auto& e) { return e.first == regName; });
    if (callback != nullptr) v.push_back({regName, {callback, args}});  // null unregisters
    return Status::ok();
  });
}

aclError aclrtRegDeviceStateCallback(const char* regName, aclrtDeviceStateCallback callback,
                                     void* args) {
  return guard("aclrtRegDeviceStateCallback", [&] {
    if (regName == nullptr || *regName == '\0')
      return invalidParam("regName must be a non-empty string");
    std::lock_guard lock(acl::ext().mu);
    auto& v = acl::ext().deviceCbs;
    std::erase_if(v, [&](const auto& e) { return e.first == regName; });
    if (callback != nullptr) v.push_back({regName, {callback, args}});
    return Status::ok();
  });
}

aclError aclrtSetDeviceTaskAbortCallback(const char* regName, aclrtDeviceTaskAbortCallback callback,
                                         void* args) {
  return guard("aclrtSetDeviceTaskAbortCallback", [&] {
    if (regName == nullptr || *regName == '\0')
      return invalidParam("regName must be a non-empty string");
    std::lock_guard lock(acl::ext().mu);
    auto& v = acl::ext().abortCbs;
    std::erase_if(v, [&](const auto& e) { return e.first == regName; });
    if (callback != nullptr) v.push_back({regName, {callback, args}});
    return Status::ok();
  });
}

aclError aclrtDeviceTaskAbort(int32_t deviceId, uint32_t timeout) {
  return guard("aclrtDeviceTaskAbort", [&] {
    Status s = acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    std::vector<std::pair<aclrtDeviceTaskAbortCallback, void*>> cbs;
    {
      std::lock_guard lock(acl::ext().mu);
      for (auto& [name, cb] : acl::ext().abortCbs) cbs.push_back(cb);
    }
    for (auto& [fn, a] : cbs) (void)fn(deviceId, ACL_RT_DEVICE_TASK_ABORT_PRE, timeout, a);
    // Drops every queued task of the device's streams (a running one finishes).
    acl::forEachStream([&](asctwin::device::Stream& st) {
      if (st.device() == deviceId) st.discardQueued();
    });
    for (auto& [fn, a] : cbs) (void)fn(deviceId, ACL_RT_DEVICE_TASK_ABORT_POST, timeout, a);
    return Status::ok();
  });
}

aclError aclrtStreamStop(aclrtStream stream) {
  return guard("aclrtStreamStop", [&] {
    asctwin::device::Stream* st = nullptr;
    Status s = acl::resolveCreatedStream(stream, "stream", &st);
    if (!s) return s;
    st->discardQueued();
    return Status::ok();
  });
}

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc,
                                 void* userData) {
  return guard("aclInitCallbackRegister", [&] {
    if (cbFunc == nullptr) return invalidParam("cbFunc must not be null");
    std::lock_guard lock(acl::ext().mu);
    acl::ext().initCbs[static_cast<int>(type)] = {cbFunc, userData};
    return Status::ok();
  });
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc) {
  return guard("aclInitCallbackUnRegister", [&] {
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().initCbs.find(static_cast<int>(type));
    if (it == acl::ext().initCbs.end() || it->second.first != cbFunc)
      return invalidParam("cbFunc is not registered for this type");
    acl::ext().initCbs.erase(it);
    return Status::ok();
  });
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                     void* userData) {
  return guard("aclFinalizeCallbackRegister", [&] {
    if (cbFunc == nullptr) return invalidParam("cbFunc must not be null");
    std::lock_guard lock(acl::ext().mu);
    acl::ext().finalizeCbs[static_cast<int>(type)] = {cbFunc, userData};
    return Status::ok();
  });
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type,
                                       aclFinalizeCallbackFunc cbFunc) {
  return guard("aclFinalizeCallbackUnRegister", [&] {
    std::lock_guard lock(acl::ext().mu);
    auto it = acl::ext().finalizeCbs.find(static_cast<int>(type));
    if (it == acl::ext().finalizeCbs.end() || it->second.first != cbFunc)
      return invalidParam("cbFunc is not registered for this type");
    acl::ext().finalizeCbs.erase(it);
    return Status::ok();
  });
}

aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) {
  return guard("aclGetCannAttributeList", [&] {
    if (cannAttrList == nullptr || num == nullptr)
      return invalidParam("cannAttrList and num must not be null");
    // The twin's numerics have INF/NaN and BF16; no operator is compiled at run time.
    static const aclCannAttr attrs[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};
    *cannAttrList = attrs;
    *num = 2;
    return Status::ok();
  });
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) {
  return guard("aclGetCannAttribute", [&] {
    if (value == nullptr) return invalidParam("value must not be null");
    switch (static_cast<int>(cannAttr)) {
      case ACL_CANN_ATTR_INF_NAN:
      case ACL_CANN_ATTR_BF16:
        *value = 1;
        return Status::ok();
      case ACL_CANN_ATTR_JIT_COMPILE:
        *value = 0;
        return Status::ok();
      default:
        return invalidParam("cannAttr is not an aclCannAttr");
    }
  });
}

// fmt is the caller's format string: the one place a non-literal format is the API.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
               const char* fmt, ...) {
  static const char* const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
  const int l = static_cast<int>(logLevel);
  if (fmt == nullptr || l < ACL_DEBUG || l > ACL_ERROR) return;
  // ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error, default 3) filters, as CANN's log.
  const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  const int threshold = env != nullptr && *env >= '0' && *env <= '4' ? *env - '0' : ACL_ERROR;
  if (l < threshold) return;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "[%s] APP(%d):%s:%u %s: %s\n", names[l], static_cast<int>(getpid()),
               file != nullptr ? file : "?", line, func != nullptr ? func : "?", msg);
}
#pragma GCC diagnostic pop

aclError aclrtSetTsDevice(aclrtTsId tsId) {
  return guard("aclrtSetTsDevice", [&] {
    const int t = static_cast<int>(tsId);
    if (t != ACL_TS_ID_AICORE && t != ACL_TS_ID_AIVECTOR)
      return invalidParam("tsId must be ACL_TS_ID_AICORE or ACL_TS_ID_AIVECTOR");
    // One task scheduler serves both core kinds on the twin.
    return Status::ok();
  });
}

aclError aclrtCheckArchCompatibility(const char* socVersion, int32_t* canCompatible) {
  return guard("aclrtCheckArchCompatibility", [&] {
    if (socVersion == nullptr || canCompatible == nullptr)
      return invalidParam("socVersion and canCompatible must not be null");
    // Binaries for the Atlas A2/A3 architecture (dav-2201) run on the twin.
    const std::string v = socVersion;
    *canCompatible = v.rfind("Ascend910B", 0) == 0 || v.rfind("Ascend910_93", 0) == 0 ? 1 : 0;
    return Status::ok();
  });
}

ACL_FUNC_VISIBILITY aclError aclplatformGetDeviceInfo(aclplatformDevInfo infoType, char* value,
                                                      uint32_t maxLen) {
  return guard("aclplatformGetDeviceInfo", [&] {
    if (value == nullptr || maxLen == 0) return invalidParam("value must hold maxLen > 0 bytes");
    const auto& soc = asctwin::device::currentSoc();
    std::string v;
    switch (static_cast<int>(infoType)) {
      case ACL_PLATFORM_AICORE_CNT:
      case ACL_PLATFORM_CUBE_CORE_CNT:
        v = std::to_string(soc.aicCores);
        break;
      case ACL_PLATFORM_VECTOR_CORE_CNT:
        v = std::to_string(soc.aivCores);
        break;
      case ACL_PLATFORM_AICORE_UB_SIZE:
        v = std::to_string(soc.ubBytes);
        break;
      case ACL_PLATFORM_MEMORY_SIZE:
        v = std::to_string(soc.hbmBytes);
        break;
      case ACL_PLATFORM_L0_A_SIZE:
        v = std::to_string(soc.l0aBytes);
        break;
      case ACL_PLATFORM_L0_B_SIZE:
        v = std::to_string(soc.l0bBytes);
        break;
      case ACL_PLATFORM_L0_C_SIZE:
        v = std::to_string(soc.l0cBytes);
        break;
      case ACL_PLATFORM_L1_SIZE:
        v = std::to_string(soc.l1Bytes);
        break;
      case ACL_PLATFORM_BT_SIZE:
        v = std::to_string(soc.btBytes);
        break;
      case ACL_PLATFORM_SOC_VERSION:
        v = aclrtGetSocName();
        break;
      case ACL_PLATFORM_NPU_ARCH:
        v = "2201";
        break;
      default:
        return acl::notSupported("platform information " +
                                 std::to_string(static_cast<int>(infoType)) +
                                 " (frequencies, L2, AIC version, memory type are not modelled)");
    }
    if (v.size() + 1 > maxLen) return invalidParam("maxLen is too small for the value");
    std::snprintf(value, maxLen, "%s", v.c_str());
    return Status::ok();
  });
}

ACL_FUNC_VISIBILITY aclError aclplatformGetInstructionInfo(aclplatformCoreType type,
                                                           const char* instruction, char* value,
                                                           uint32_t maxLen) {
  return guard("aclplatformGetInstructionInfo", [&] {
    (void)type, (void)value, (void)maxLen;
    if (instruction == nullptr) return invalidParam("instruction must not be null");
    return acl::notSupported("instruction capability queries");
  });
}

}  // extern "C"
