// C entry points of asctwin/asctwin_ext.h: memory statistics, red zones, SoC.
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "asctwin/asctwin_ext.h"
#include "device/allocator.h"
#include "device/soc.h"

#ifndef ASCTWIN_VERSION_STRING
#define ASCTWIN_VERSION_STRING "unknown"
#endif

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

extern "C" {

aclError asctwinMemGetStats(int32_t deviceId, asctwinMemStats* stats) {
  return guard("asctwinMemGetStats", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    if (stats == nullptr) return invalidParam("stats must not be null");
    const asctwin::device::MemStats m = asctwin::device::DeviceMemory::instance().stats(deviceId);
    stats->requestedBytes = m.requestedBytes;
    stats->inUseBytes = m.inUseBytes;
    stats->peakInUseBytes = m.peakInUseBytes;
    stats->reservedBytes = m.reservedBytes;
    stats->peakReservedBytes = m.peakReservedBytes;
    stats->liveAllocations = m.liveAllocations;
    stats->peakLiveAllocations = m.peakLiveAllocations;
    stats->totalAllocations = m.totalAllocations;
    return Status::ok();
  });
}

aclError asctwinMemResetPeakStats(int32_t deviceId) {
  return guard("asctwinMemResetPeakStats", [&] {
    Status s = asctwin::acl::checkDeviceId(deviceId, "deviceId");
    if (!s) return s;
    asctwin::device::DeviceMemory::instance().resetPeakStats(deviceId);
    return Status::ok();
  });
}

aclError asctwinMemCheckRedZones(void) {
  return guard("asctwinMemCheckRedZones",
               [] { return asctwin::device::DeviceMemory::instance().checkRedZones(); });
}

aclError asctwinSocSelect(const char* preset) {
  return guard("asctwinSocSelect", [&] {
    if (preset == nullptr) return invalidParam("preset must not be null");
    return asctwin::device::selectSocPreset(preset);
  });
}

aclError asctwinSocSetField(const char* field, uint64_t value) {
  return guard("asctwinSocSetField", [&] {
    if (field == nullptr) return invalidParam("field must not be null");
    return asctwin::device::setSocField(field, value);
  });
}

aclError asctwinSocGetField(const char* field, uint64_t* value) {
  return guard("asctwinSocGetField", [&] {
    if (field == nullptr) return invalidParam("field must not be null");
    return asctwin::device::getSocField(field, value);
  });
}

aclError asctwinSocReset(void) {
  return guard("asctwinSocReset", [] {
    asctwin::device::resetSoc();
    return Status::ok();
  });
}

const char* asctwinVersion(void) {
  return ASCTWIN_VERSION_STRING;
}

}  // extern "C"
