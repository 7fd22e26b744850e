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
  // Streams destroyed with aclrtDestroyStreamForce whose work may still run:
  // their handles are dead; they are destroyed (waiting) once idle, or when
  // their device is reset.
  std::vector<std::unique_ptr<device::Stream>> orphans;
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

Status noCurrentDevice() {
  return Status(asctwin::code::kRtContextNull,
                "the calling thread has no current device: call aclrtSetDevice on this thread "
                "first (the current device is per thread and ends when the device is reset)");
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
  for (auto it = st.orphans.begin(); it != st.orphans.end();) {
    if (id < 0 || (*it)->device() == id) {
      out.push_back(std::move(*it));
      it = st.orphans.erase(it);
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

// Orphans whose work has finished, for destruction outside the lock.
std::vector<std::unique_ptr<device::Stream>> takeIdleOrphansLocked(RuntimeState& st) {
  std::vector<std::unique_ptr<device::Stream>> out;
  for (auto it = st.orphans.begin(); it != st.orphans.end();) {
    if ((*it)->idle()) {
      out.push_back(std::move(*it));
      it = st.orphans.erase(it);
    } else {
      ++it;
    }
  }
  return out;
}

Status notSet(int32_t deviceId) {
  return invalidParam("deviceId " + std::to_string(deviceId) +
                      " is not set: every aclrtResetDevice needs an earlier aclrtSetDevice of the "
                      "same device, and a device released by aclrtResetDeviceForce (or by the last "
                      "aclrtResetDevice) must be set again first");
}

}  // namespace

bool isInitialized() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  return st.initialized;
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
  const ThreadCurrent cur = tlsCurrent;
  auto it = cur.device < 0 ? st.devices.end() : st.devices.find(cur.device);
  if (it == st.devices.end() || it->second.refs == 0 || it->second.epoch != cur.epoch)
    return noCurrentDevice();
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
                  "aclInit was already called; call aclFinalize before initialising again (the "
                  "runtime stays initialised, this error can be ignored)");
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
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  auto& st = state();
  std::lock_guard lock(st.mu);
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
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  std::vector<std::unique_ptr<device::Stream>> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(deviceId);
    if (it == st.devices.end() || it->second.refs == 0) return notSet(deviceId);
    if (--it->second.refs == 0) doomed = takeStreamsLocked(st, deviceId);
  }
  doomed.clear();
  return Status::ok();
}

Status resetDeviceForce(int32_t deviceId) {
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  std::vector<std::unique_ptr<device::Stream>> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(deviceId);
    if (it == st.devices.end() || it->second.refs == 0) return notSet(deviceId);
    it->second.refs = 0;
    doomed = takeStreamsLocked(st, deviceId);
  }
  doomed.clear();
  return Status::ok();
}

Status synchronizeDevice() {
  int32_t dev = -1;
  Status s = currentDevice(&dev);
  if (!s) return s;
  std::vector<device::Stream*> live;
  std::vector<std::unique_ptr<device::Stream>> finished;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(dev);
    if (it != st.devices.end() && it->second.defaultStream)
      live.push_back(it->second.defaultStream.get());
    for (const auto& [raw, owned] : st.created)
      if (owned->device() == dev) live.push_back(owned.get());
    // Orphans of this device: waiting for them is waiting for the device.
    for (auto o = st.orphans.begin(); o != st.orphans.end();) {
      if ((*o)->device() == dev) {
        finished.push_back(std::move(*o));
        o = st.orphans.erase(o);
      } else {
        ++o;
      }
    }
  }
  finished.clear();  // destruction waits for their work; their errors have no reader
  Status first;
  for (device::Stream* stream : live) {
    Status r = stream->synchronize();
    if (!r && first) first = r;
  }
  return first;
}

Status createStream(aclrtStream* stream) {
  if (stream == nullptr) return invalidParam("stream must not be null");
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

namespace {
// Finds a created stream for the destroy calls; the message explains what the
// handle is when it is not one.
Status findCreatedLocked(RuntimeState& st, aclrtStream stream,
                         decltype(RuntimeState::created)::iterator* out) {
  if (stream == nullptr)
    return invalidParam("stream must not be null (the default stream cannot be destroyed)");
  auto it = st.created.find(static_cast<const device::Stream*>(stream));
  if (it == st.created.end()) {
    for (const auto& [id, ctx] : st.devices)
      if (ctx.defaultStream.get() == stream)
        return invalidParam("stream " + hexPointer(stream) +
                            " is a device's default stream, which cannot be destroyed");
    return invalidParam("stream " + hexPointer(stream) +
                        " is not a live stream created by aclrtCreateStream (destroyed already, "
                        "or its device was reset)");
  }
  *out = it;
  return Status::ok();
}
}  // namespace

Status destroyStream(aclrtStream stream) {
  std::unique_ptr<device::Stream> doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    decltype(RuntimeState::created)::iterator it;
    Status s = findCreatedLocked(st, stream, &it);
    if (!s) return s;
    doomed = std::move(it->second);
    st.created.erase(it);
  }
  doomed.reset();  // waits for the queued work
  return Status::ok();
}

Status destroyStreamForce(aclrtStream stream) {
  std::vector<std::unique_ptr<device::Stream>> reaped;
  auto& st = state();
  std::lock_guard lock(st.mu);
  decltype(RuntimeState::created)::iterator it;
  Status s = findCreatedLocked(st, stream, &it);
  if (!s) return s;
  it->second->retire();
  st.orphans.push_back(std::move(it->second));
  st.created.erase(it);
  reaped = takeIdleOrphansLocked(st);  // idle: destroying them does not wait
  return Status::ok();
}

}  // namespace asctwin::acl
