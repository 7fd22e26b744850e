// C entry points: device queries and settings, versions, P2P
// (acl/acl_rt.h, acl/acl_base_rt.h).
#include <array>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <unistd.h>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "device/soc.h"

#ifndef ASCTWIN_VERSION_STRING
#define ASCTWIN_VERSION_STRING "0.0.0"
#endif

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace asctwin::acl {
namespace {

// Per-device settings a program can make and read back.
struct DeviceSettings {
  std::mutex mu;
  std::map<int32_t, std::map<int, uint32_t>> resLimits;  // device -> type -> value
  std::set<std::pair<int32_t, int32_t>> peers;           // (device, peer) enabled
  std::map<int32_t, int> satMode;                        // device -> aclrtFloatOverflowMode
};
DeviceSettings& settings() {
  static auto* s = new DeviceSettings();
  return *s;
}

// The twin's version: the runtime package is asctwin's own (x.y.z).
void parseVersion(int parts[3]) {
  parts[0] = parts[1] = parts[2] = 0;
  std::sscanf(ASCTWIN_VERSION_STRING, "%d.%d.%d", &parts[0], &parts[1], &parts[2]);
}

// The packages a twin install has: CANN itself, the runtime and the compiler
// are asctwin; driver and firmware do not exist off the NPU.
Status checkPackage(const char* pkgName) {
  if (pkgName == nullptr) return invalidParam("pkgName must not be null");
  static const std::array<const char*, 4> known = {"cann", "runtime", "compiler", "opp"};
  for (const char* k : known)
    if (std::strcmp(pkgName, k) == 0) return Status::ok();
  if (std::strcmp(pkgName, "driver") == 0 || std::strcmp(pkgName, "firmware") == 0)
    return notSupported(std::string("package '") + pkgName + "' has no version on the twin");
  return invalidParam(std::string("pkgName '") + pkgName +
                      "' is not an installed package (cann, runtime, compiler or opp)");
}

Status currentDeviceOrError(int32_t* dev) {
  return currentDevice(dev);
}

int defaultSatMode() {
  return ACL_RT_OVERFLOW_MODE_INFNAN;
}

}  // namespace

// The resource limit in force for `type` on `device` (0: none set).
uint32_t deviceResLimit(int32_t device, int type) {
  auto& s = settings();
  std::lock_guard lock(s.mu);
  auto d = s.resLimits.find(device);
  if (d == s.resLimits.end()) return 0;
  auto t = d->second.find(type);
  return t == d->second.end() ? 0 : t->second;
}

bool peerAccessEnabled(int32_t device, int32_t peer) {
  auto& s = settings();
  std::lock_guard lock(s.mu);
  return s.peers.count({device, peer}) != 0;
}

}  // namespace asctwin::acl

using asctwin::acl::checkDeviceId;

extern "C" {

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
  return guard("aclsysGetVersionStr", [&] {
    Status s = asctwin::acl::checkPackage(pkgName);
    if (!s) return s;
    if (versionStr == nullptr) return invalidParam("versionStr must not be null");
    std::snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s", ASCTWIN_VERSION_STRING);
    return Status::ok();
  });
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
  return guard("aclsysGetVersionNum", [&] {
    Status s = asctwin::acl::checkPackage(pkgName);
    if (!s) return s;
    if (versionNum == nullptr) return invalidParam("versionNum must not be null");
    int v[3];
    asctwin::acl::parseVersion(v);
    // Weights as CANN's: major, minor and patch ordered, newer is larger.
    *versionNum = v[0] * 1000000 + v[1] * 10000 + v[2] * 100;
    return Status::ok();
  });
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion* version) {
  return guard("aclsysGetCANNVersion", [&] {
    if (version == nullptr) return invalidParam("version must not be null");
    if (static_cast<int>(name) < ACL_PKG_NAME_CANN || static_cast<int>(name) > ACL_PKG_NAME_DRIVER)
      return invalidParam("name " + std::to_string(static_cast<int>(name)) +
                          " is not an aclCANNPackageName");
    if (name == ACL_PKG_NAME_DRIVER) return asctwin::acl::notSupported("the driver package");
    std::memset(version, 0, sizeof *version);
    int v[3];
    asctwin::acl::parseVersion(v);
    std::snprintf(version->version, sizeof version->version, "%s", ASCTWIN_VERSION_STRING);
    std::snprintf(version->majorVersion, sizeof version->majorVersion, "%d", v[0]);
    std::snprintf(version->minorVersion, sizeof version->minorVersion, "%d", v[1]);
    std::snprintf(version->releaseVersion, sizeof version->releaseVersion, "%d", v[2]);
    std::snprintf(version->patchVersion, sizeof version->patchVersion, "0");
    return Status::ok();
  });
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus) {
  return guard("aclrtQueryDeviceStatus", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (deviceStatus == nullptr) return invalidParam("deviceStatus must not be null");
    *deviceStatus = ACL_RT_DEVICE_STATUS_NORMAL;
    return Status::ok();
  });
}

aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo* utilizationInfo) {
  return guard("aclrtGetDeviceUtilizationRate", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (utilizationInfo == nullptr) return invalidParam("utilizationInfo must not be null");
    // The twin keeps no utilisation counters: compute units report 0 %, and
    // memory -1 (not supported, as on the real device).
    utilizationInfo->cubeUtilization = 0;
    utilizationInfo->vectorUtilization = 0;
    utilizationInfo->aicpuUtilization = 0;
    utilizationInfo->memoryUtilization = -1;
    return Status::ok();
  });
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority, int32_t* greatestPriority) {
  return guard("aclrtDeviceGetStreamPriorityRange", [&] {
    if (leastPriority == nullptr || greatestPriority == nullptr)
      return invalidParam("leastPriority and greatestPriority must not be null");
    *leastPriority = 7;
    *greatestPriority = 0;
    return Status::ok();
  });
}

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) {
  return guard("aclrtGetDeviceInfo", [&] {
    Status s = checkDeviceId(static_cast<int32_t>(deviceId), "deviceId");
    if (!s) return s;
    if (value == nullptr) return invalidParam("value must not be null");
    const auto& soc = asctwin::device::currentSoc();
    switch (static_cast<int>(attr)) {
      case ACL_DEV_ATTR_AICPU_CORE_NUM:
        *value = 6;
        break;
      case ACL_DEV_ATTR_AICORE_CORE_NUM:
      case ACL_DEV_ATTR_CUBE_CORE_NUM:
        *value = soc.aicCores;
        break;
      case ACL_DEV_ATTR_VECTOR_CORE_NUM:
        *value = soc.aivCores;
        break;
      case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE:
        *value = static_cast<int64_t>(soc.ubBytes);
        break;
      case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE:
        *value = static_cast<int64_t>(soc.hbmBytes);
        break;
      case ACL_DEV_ATTR_L2_CACHE_SIZE:
        *value = 192ll << 20;
        break;
      case ACL_DEV_ATTR_PHY_CHIP_ID:
        *value = deviceId;
        break;
      case ACL_DEV_ATTR_IS_VIRTUAL:
        *value = 0;
        break;
      case ACL_DEV_ATTR_NPU_ARCH:
        *value = 2201;
        break;
      case ACL_DEV_ATTR_HD_CONNECT_TYPE:
        *value = ACL_HOST_DEVICE_CONNECT_TYPE_PCIE;
        break;
      default:
        return asctwin::acl::notSupported("device attribute " +
                                          std::to_string(static_cast<int>(attr)));
    }
    return Status::ok();
  });
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t* value) {
  return guard("aclGetDeviceCapability", [&] {
    Status s = checkDeviceId(static_cast<int32_t>(deviceId), "deviceId");
    if (!s) return s;
    if (value == nullptr) return invalidParam("value must not be null");
    const auto& soc = asctwin::device::currentSoc();
    switch (static_cast<int>(deviceInfo)) {
      case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = soc.aicCores;
        break;
      case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = soc.aivCores;
        break;
      case ACL_DEVICE_INFO_L2_SIZE:
        *value = 192ll << 20;
        break;
      default:
        return invalidParam("deviceInfo " + std::to_string(static_cast<int>(deviceInfo)) +
                            " is not an aclDeviceInfo the twin reports");
    }
    return Status::ok();
  });
}

aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType,
                                  int32_t* value) {
  return guard("aclrtGetDeviceCapability", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (value == nullptr) return invalidParam("value must not be null");
    const int f = static_cast<int>(devFeatureType);
    if (f != ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV &&
        f != ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV)
      return invalidParam("devFeatureType " + std::to_string(f) + " is not an aclrtDevFeatureType");
    // Captured tasks can be updated (aclmdlRICaptureTaskUpdate*); queues are host side.
    *value = f == ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV ? ACL_DEV_FEATURE_SUPPORT
                                                                : ACL_DEV_FEATURE_NOT_SUPPORT;
    return Status::ok();
  });
}

aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t* value) {
  return guard("aclrtGetDeviceResLimit", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (value == nullptr) return invalidParam("value must not be null");
    const int t = static_cast<int>(type);
    if (t != ACL_RT_DEV_RES_CUBE_CORE && t != ACL_RT_DEV_RES_VECTOR_CORE)
      return invalidParam("type must be ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
    const uint32_t limit = asctwin::acl::deviceResLimit(deviceId, t);
    const auto& soc = asctwin::device::currentSoc();
    *value = limit != 0 ? limit : (t == ACL_RT_DEV_RES_CUBE_CORE ? soc.aicCores : soc.aivCores);
    return Status::ok();
  });
}

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value) {
  return guard("aclrtSetDeviceResLimit", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    const int t = static_cast<int>(type);
    if (t != ACL_RT_DEV_RES_CUBE_CORE && t != ACL_RT_DEV_RES_VECTOR_CORE)
      return invalidParam("type must be ACL_RT_DEV_RES_CUBE_CORE or ACL_RT_DEV_RES_VECTOR_CORE");
    const auto& soc = asctwin::device::currentSoc();
    const uint32_t max = t == ACL_RT_DEV_RES_CUBE_CORE ? soc.aicCores : soc.aivCores;
    if (value == 0 || value > max)
      return invalidParam("value must be in [1, " + std::to_string(max) + "] (the SoC's " +
                          (t == ACL_RT_DEV_RES_CUBE_CORE ? "cube" : "vector") + " cores), got " +
                          std::to_string(value));
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    st.resLimits[deviceId][t] = value;
    return Status::ok();
  });
}

aclError aclrtResetDeviceResLimit(int32_t deviceId) {
  return guard("aclrtResetDeviceResLimit", [&] {
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    st.resLimits.erase(deviceId);
    return Status::ok();
  });
}

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
  return guard("aclrtDeviceCanAccessPeer", [&] {
    if (canAccessPeer == nullptr) return invalidParam("canAccessPeer must not be null");
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    s = checkDeviceId(peerDeviceId, "peerDeviceId");
    if (!s) return s;
    if (deviceId == peerDeviceId)
      return invalidParam("deviceId and peerDeviceId must differ, both are " +
                          std::to_string(deviceId));
    // Twin devices share the host's memory: every pair can exchange data.
    *canAccessPeer = 1;
    return Status::ok();
  });
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
  return guard("aclrtDeviceEnablePeerAccess", [&] {
    int32_t dev = -1;
    Status s = asctwin::acl::currentDeviceOrError(&dev);
    if (!s) return s;
    s = checkDeviceId(peerDeviceId, "peerDeviceId");
    if (!s) return s;
    if (peerDeviceId == dev)
      return invalidParam("peerDeviceId must differ from the current device " +
                          std::to_string(dev));
    if (flags != 0) return invalidParam("flags is reserved and must be 0");
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    st.peers.insert({dev, peerDeviceId});
    return Status::ok();
  });
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
  return guard("aclrtDeviceDisablePeerAccess", [&] {
    int32_t dev = -1;
    Status s = asctwin::acl::currentDeviceOrError(&dev);
    if (!s) return s;
    s = checkDeviceId(peerDeviceId, "peerDeviceId");
    if (!s) return s;
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    if (st.peers.erase({dev, peerDeviceId}) == 0)
      return invalidParam("peer access from device " + std::to_string(dev) + " to device " +
                          std::to_string(peerDeviceId) + " is not enabled");
    return Status::ok();
  });
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status) {
  return guard("aclrtDevicePeerAccessStatus", [&] {
    if (status == nullptr) return invalidParam("status must not be null");
    Status s = checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    s = checkDeviceId(peerDeviceId, "peerDeviceId");
    if (!s) return s;
    *status = asctwin::acl::peerAccessEnabled(deviceId, peerDeviceId) ? 1 : 0;
    return Status::ok();
  });
}

aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode) {
  return guard("aclrtSetDeviceSatMode", [&] {
    int32_t dev = -1;
    Status s = asctwin::acl::currentDeviceOrError(&dev);
    if (!s) return s;
    const int m = static_cast<int>(mode);
    if (m != ACL_RT_OVERFLOW_MODE_SATURATION && m != ACL_RT_OVERFLOW_MODE_INFNAN)
      return invalidParam(
          "mode must be ACL_RT_OVERFLOW_MODE_SATURATION (0) or "
          "ACL_RT_OVERFLOW_MODE_INFNAN (1), got " +
          std::to_string(m));
    // The twin's vector numerics are IEEE (INF/NaN); saturating float results
    // and the overflow flags it goes with are not modelled.
    if (m == ACL_RT_OVERFLOW_MODE_SATURATION)
      return asctwin::acl::notSupported(
          "ACL_RT_OVERFLOW_MODE_SATURATION (the twin computes in "
          "IEEE INF/NaN mode)");
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    st.satMode[dev] = m;
    return Status::ok();
  });
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode) {
  return guard("aclrtGetDeviceSatMode", [&] {
    if (mode == nullptr) return invalidParam("mode must not be null");
    int32_t dev = -1;
    Status s = asctwin::acl::currentDeviceOrError(&dev);
    if (!s) return s;
    auto& st = asctwin::acl::settings();
    std::lock_guard lock(st.mu);
    auto it = st.satMode.find(dev);
    *mode = static_cast<aclrtFloatOverflowMode>(
        it == st.satMode.end() ? asctwin::acl::defaultSatMode() : it->second);
    return Status::ok();
  });
}

aclError aclrtDeviceGetBareTgid(int32_t* pid) {
  return guard("aclrtDeviceGetBareTgid", [&] {
    if (pid == nullptr) return invalidParam("pid must not be null");
    *pid = static_cast<int32_t>(getpid());
    return Status::ok();
  });
}

aclError aclrtGetDevicesTopo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t* value) {
  return guard("aclrtGetDevicesTopo", [&] {
    Status s = checkDeviceId(static_cast<int32_t>(deviceId), "deviceId");
    if (!s) return s;
    s = checkDeviceId(static_cast<int32_t>(otherDeviceId), "otherDeviceId");
    if (!s) return s;
    if (value == nullptr) return invalidParam("value must not be null");
    *value = deviceId == otherDeviceId ? ACL_RT_DEVS_TOPOLOGY_HCCS : ACL_RT_DEVS_TOPOLOGY_PIX;
    return Status::ok();
  });
}

}  // extern "C"
