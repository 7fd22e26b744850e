// C entry points: process, devices, streams (acl/acl_rt.h).
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "device/soc.h"

using asctwin::Status;
using asctwin::acl::guard;

extern "C" {

aclError aclInit(const char* configPath) {
  return guard("aclInit", [&] { return asctwin::acl::initialize(configPath); });
}

aclError aclFinalize(void) {
  return guard("aclFinalize", [] { return asctwin::acl::finalize(); });
}

aclError aclrtSetDevice(int32_t deviceId) {
  return guard("aclrtSetDevice", [&] { return asctwin::acl::setDevice(deviceId); });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return guard("aclrtResetDevice", [&] { return asctwin::acl::resetDevice(deviceId); });
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  return guard("aclrtResetDeviceForce", [&] { return asctwin::acl::resetDeviceForce(deviceId); });
}

aclError aclrtSynchronizeDevice(void) {
  return guard("aclrtSynchronizeDevice", [] { return asctwin::acl::synchronizeDevice(); });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return guard("aclrtGetDevice", [&] {
    if (deviceId == nullptr) return asctwin::invalidParam("deviceId must not be null");
    return asctwin::acl::currentDevice(deviceId);
  });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return guard("aclrtGetDeviceCount", [&] {
    if (count == nullptr) return asctwin::invalidParam("count must not be null");
    *count = asctwin::device::currentSoc().deviceCount;
    return Status::ok();
  });
}

aclError aclrtCreateStream(aclrtStream* stream) {
  return guard("aclrtCreateStream", [&] { return asctwin::acl::createStream(stream); });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return guard("aclrtDestroyStream", [&] { return asctwin::acl::destroyStream(stream); });
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  return guard("aclrtDestroyStreamForce",
               [&] { return asctwin::acl::destroyStreamForce(stream); });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return guard("aclrtSynchronizeStream", [&] {
    asctwin::device::Stream* s = nullptr;
    Status st = asctwin::acl::resolveStream(stream, &s);
    if (!st) return st;
    return s->synchronize();
  });
}

}  // extern "C"
