// C entry points: process, devices, contexts (acl/acl_rt.h).
#include <cstring>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "acl/state_callbacks.h"
#include "device/soc.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

extern "C" {

aclError aclInit(const char* configPath) {
  return guard("aclInit", [&] {
    Status s = asctwin::acl::initialize(configPath);
    if (!s) return s;
    return asctwin::acl::runInitCallbacks(configPath);
  });
}

aclError aclFinalize(void) {
  return guard("aclFinalize", [] {
    if (asctwin::acl::isInitialized()) asctwin::acl::runFinalizeCallbacks();
    return asctwin::acl::finalize();
  });
}

aclError aclFinalizeReference(uint64_t* refCount) {
  return guard("aclFinalizeReference", [&] {
    if (refCount == nullptr) return invalidParam("refCount must not be null");
    Status s = asctwin::acl::finalize();
    *refCount = 0;  // one reference per process: aclInit is not counted
    return s;
  });
}

aclError aclrtSetDevice(int32_t deviceId) {
  return guard("aclrtSetDevice", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_SET_PRE);
    s = asctwin::acl::setDevice(deviceId);
    if (s) asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_SET_POST);
    return s;
  });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return guard("aclrtResetDevice", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_RESET_PRE);
    s = asctwin::acl::resetDevice(deviceId);
    if (s) asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_RESET_POST);
    return s;
  });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  return guard("aclrtResetDeviceForce", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_RESET_PRE);
    s = asctwin::acl::resetDeviceForce(deviceId);
    if (s) asctwin::acl::notifyDeviceState(deviceId, ACL_RT_DEVICE_STATE_RESET_POST);
    return s;
  });
}

aclError aclrtSynchronizeDevice(void) {
  return guard("aclrtSynchronizeDevice", [] { return asctwin::acl::synchronizeDevice(); });
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout) {
  return guard("aclrtSynchronizeDeviceWithTimeout", [&] {
    if (timeout < -1 || timeout == 0)
      return invalidParam("timeout must be -1 (wait for ever) or > 0 ms, got " +
                          std::to_string(timeout));
    return asctwin::acl::synchronizeDevice(timeout);
  });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return guard("aclrtGetDevice", [&] {
    if (deviceId == nullptr) return invalidParam("deviceId must not be null");
    return asctwin::acl::currentDevice(deviceId);
  });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return guard("aclrtGetDeviceCount", [&] {
    if (count == nullptr) return invalidParam("count must not be null");
    *count = asctwin::acl::deviceCount();
    return Status::ok();
  });
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  return guard("aclrtGetRunMode", [&] {
    if (runMode == nullptr) return invalidParam("runMode must not be null");
    // The program runs on a host that drives the (twin) device.
    *runMode = ACL_HOST;
    return Status::ok();
  });
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  return guard("aclrtCreateContext",
               [&] { return asctwin::acl::createContext(context, deviceId); });
}

aclError aclrtDestroyContext(aclrtContext context) {
  return guard("aclrtDestroyContext", [&] { return asctwin::acl::destroyContext(context); });
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  return guard("aclrtSetCurrentContext", [&] { return asctwin::acl::setCurrentContext(context); });
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  return guard("aclrtGetCurrentContext", [&] { return asctwin::acl::getCurrentContext(context); });
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) {
  return guard("aclrtCtxGetCurrentDefaultStream", [&] {
    if (stream == nullptr) return invalidParam("stream must not be null");
    asctwin::device::Stream* s = nullptr;
    Status st = asctwin::acl::resolveStream(nullptr, &s);
    if (!st) return st;
    *stream = s;
    return Status::ok();
  });
}

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t* flags, int32_t* active) {
  return guard("aclrtGetPrimaryCtxState", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (flags == nullptr) return invalidParam("flags must not be null");
    if (active == nullptr) return invalidParam("active must not be null");
    *flags = 0;
    // Active while the device's default context exists (between the first
    // aclrtSetDevice and the last aclrtResetDevice).
    int32_t current = -1;
    *active = 0;
    aclrtContext ctx = nullptr;
    if (asctwin::acl::getCurrentContext(&ctx).isOk() &&
        asctwin::acl::contextDevice(ctx, &current).isOk() && current == deviceId)
      *active = 1;
    return Status::ok();
  });
}

const char* aclrtGetSocName(void) {
  // The real SoC the preset twins (the name CANN reports on that board).
  const std::string& preset = asctwin::device::currentSoc().name;
  if (preset == "ascend910_93") return "Ascend910_9391";
  return "Ascend910B4";
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  return guard("aclrtGetVersion", [&] {
    if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr)
      return invalidParam("majorVersion, minorVersion and patchVersion must not be null");
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return Status::ok();
  });
}

}  // extern "C"
