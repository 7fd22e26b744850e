// Runtime state: initialisation, devices (reference counted, per-thread
// current device), default and created streams.
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "acl/c_boundary.h"
#include "acl/config.h"
#include "acl/runtime.h"
#include "device/soc.h"

namespace asctwin::acl {
namespace {

struct DeviceContext {
  uint32_t refs = 0;
  uint64_t epoch = 0;  // identifies this activation of the device
  std::unique_ptr<device::Stream> defaultStream;
};

struct RuntimeState {
  std::mutex mu;
  bool initialized = false;
  uint64_t nextEpoch = 1;
  std::map<int32_t, DeviceContext> devices;
  // Streams made by aclrtCreateStream, owned here until destroyed.
  std::unordered_map<const device::Stream*, std::unique_ptr<device::Stream>> created;
};

// Never destroyed: streams' worker threads may outlive static destruction in a
// program that exits without aclFinalize.
RuntimeState& state() {
  static auto* s = new RuntimeState();
  return *s;
}

// The calling thread's current device and the activation it belongs to: it is
// current only while that activation lasts (no reset to zero references since).
struct ThreadCurrent {
  int32_t device = -1;
  uint64_t epoch = 0;
};
thread_local ThreadCurrent tlsCurrent;

Status uninitialized() {
  return Status(asctwin::code::kUninitialize,
                "the runtime is not initialised: call aclInit first (and not after aclFinalize)");
}

// Takes every stream of device `id` (or of all devices when id < 0) out of the
// state, for destruction outside the lock (destruction waits for queued work).
std::vector<std::unique_ptr<device::Stream>> takeStreamsLocked(RuntimeState& st, int32_t id) {
  std::vector<std::unique_ptr<device::Stream>> out;
  for (auto it = st.created.begin(); it != st.created.end();) {
    if (id < 0 || it->second->device() == id) {
      out.push_back(std::move(it->second));
      it = st.created.erase(it);
    } else {
      ++it;
    }
  }
  for (auto it = st.devices.begin(); it != st.devices.end();) {
    if (id < 0 || it->first == id) {
      if (it->second.defaultStream) out.push_back(std::move(it->second.defaultStream));
      it = st.devices.erase(it);
    } else {
      ++it;
    }
  }
  return out;
}

}  // namespace

bool isInitialized() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  return st.initialized;
}

Status requireInitialized() {
  return isInitialized() ? Status::ok() : uninitialized();
}

Status checkDeviceId(int32_t deviceId, const char* what) {
  const uint32_t count = device::currentSoc().deviceCount;
  if (deviceId < 0 || static_cast<uint32_t>(deviceId) >= count)
    return Status(asctwin::code::kRtInvalidDeviceId,
                  std::string(what) + " must be in [0, " + std::to_string(count) +
                      ") (deviceCount of the SoC in force), got " + std::to_string(deviceId));
  return Status::ok();
}

Status currentDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return invalidParam("deviceId must not be null");
  auto& st = state();
  std::lock_guard lock(st.mu);
  if (!st.initialized) return uninitialized();
  const ThreadCurrent cur = tlsCurrent;
  auto it = cur.device < 0 ? st.devices.end() : st.devices.find(cur.device);
  if (it == st.devices.end() || it->second.refs == 0 || it->second.epoch != cur.epoch)
    return Status(asctwin::code::kRtContextNull,
                  "the calling thread has no current device: call aclrtSetDevice on this thread "
                  "first (the current device is per thread and ends when the device is reset)");
  *deviceId = cur.device;
  return Status::ok();
}

Status resolveStream(aclrtStream stream, device::Stream** out) {
  if (out == nullptr) return invalidParam("out must not be null");
  *out = nullptr;
  if (stream == nullptr) {
    int32_t dev = -1;
    Status s = currentDevice(&dev);
    if (!s) return Status(s.code(), "stream is null (the default stream): " + s.message());
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(dev);
    if (it == st.devices.end() || !it->second.defaultStream)
      return Status(asctwin::code::kRtContextNull,
                    "device " + std::to_string(dev) + " has no default stream (it was reset)");
    *out = it->second.defaultStream.get();
    return Status::ok();
  }
  auto* s = static_cast<device::Stream*>(stream);
  if (!device::Stream::isLive(s))
    return invalidParam("stream " + hexPointer(stream) +
                        " is not a live stream (destroyed already, or not created by "
                        "aclrtCreateStream)");
  *out = s;
  return Status::ok();
}

Status initialize(const char* configPath) {
  auto& st = state();
  std::lock_guard lock(st.mu);
  if (st.initialized)
    return Status(asctwin::code::kRepeatInitialize,
                  "aclInit was already called; call aclFinalize before initialising again");
  Status env = device::socEnvironmentStatus();
  if (!env) return Status(env.code(), "the SoC environment is malformed: " + env.message());
  if (configPath != nullptr) {
    Status cfg = checkConfigFile(configPath);
    if (!cfg) return cfg;
  }
  st.initialized = true;
  return Status::ok();
}

Status finalize() {
  std::vector<std::unique_ptr<device::Stream>> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    if (!st.initialized)
      return Status(asctwin::code::kRepeatFinalize,
                    "aclFinalize without a matching aclInit (never initialised, or already "
                    "finalised)");
    st.initialized = false;
    doomed = takeStreamsLocked(st, -1);
  }
  doomed.clear();  // waits for each stream's queued work
  return Status::ok();
}

Status setDevice(int32_t deviceId) {
  if (!isInitialized()) return uninitialized();
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  auto& st = state();
  std::lock_guard lock(st.mu);
  if (!st.initialized) return uninitialized();
  DeviceContext& ctx = st.devices[deviceId];
  if (ctx.refs == 0) {
    ctx.epoch = st.nextEpoch++;
    ctx.defaultStream = std::make_unique<device::Stream>(deviceId);
  }
  ++ctx.refs;
  tlsCurrent = ThreadCurrent{deviceId, ctx.epoch};
  return Status::ok();
}

Status resetDevice(int32_t deviceId) {
  if (!isInitialized()) return uninitialized();
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  std::vector<std::unique_ptr<device::Stream>> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(deviceId);
    if (it == st.devices.end() || it->second.refs == 0)
      return invalidParam("deviceId " + std::to_string(deviceId) +
                          " is not set: every aclrtResetDevice needs an earlier aclrtSetDevice "
                          "of the same device");
    if (--it->second.refs == 0) doomed = takeStreamsLocked(st, deviceId);
  }
  doomed.clear();
  return Status::ok();
}

Status createStream(aclrtStream* stream) {
  if (stream == nullptr) {
    if (!isInitialized()) return uninitialized();
    return invalidParam("stream must not be null");
  }
  *stream = nullptr;
  int32_t dev = -1;
  Status s = currentDevice(&dev);
  if (!s) return s;
  auto created = std::make_unique<device::Stream>(dev);
  device::Stream* raw = created.get();
  auto& st = state();
  std::lock_guard lock(st.mu);
  st.created.emplace(raw, std::move(created));
  *stream = raw;
  return Status::ok();
}

Status destroyStream(aclrtStream stream) {
  std::unique_ptr<device::Stream> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    if (!st.initialized) return uninitialized();
    if (stream == nullptr)
      return invalidParam("stream must not be null (the default stream cannot be destroyed)");
    auto it = st.created.find(static_cast<const device::Stream*>(stream));
    if (it == st.created.end()) {
      bool isDefault = false;
      for (const auto& [id, ctx] : st.devices)
        if (ctx.defaultStream.get() == stream) isDefault = true;
      if (isDefault)
        return invalidParam("stream " + hexPointer(stream) +
                            " is a device's default stream, which cannot be destroyed");
      return invalidParam("stream " + hexPointer(stream) +
                          " is not a live stream created by aclrtCreateStream (destroyed "
                          "already, or its device was reset)");
    }
    doomed = std::move(it->second);
    st.created.erase(it);
  }
  doomed.reset();  // waits for the queued work
  return Status::ok();
}

}  // namespace asctwin::acl
