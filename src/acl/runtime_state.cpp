// Runtime state: initialisation, devices (reference counted), contexts
// (each device's default context and explicit ones), the per-thread current
// context, default and created streams.
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

// An aclrtContext handle points at one of these.
struct Context {
  int32_t device = -1;
  bool isDefault = false;  // the device's default context (aclrtSetDevice)
  std::unique_ptr<device::Stream> defaultStream;
};

struct DeviceState {
  uint32_t refs = 0;
  std::unique_ptr<Context> defaultContext;
};

struct CreatedStream {
  std::unique_ptr<device::Stream> stream;
  const Context* context = nullptr;
};

struct RuntimeState {
  std::mutex mu;
  bool initialized = false;
  std::map<int32_t, DeviceState> devices;
  std::unordered_map<const Context*, std::unique_ptr<Context>> explicitContexts;
  // Streams made by aclrtCreateStream & co, owned here until destroyed.
  std::unordered_map<const device::Stream*, CreatedStream> created;
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

// The calling thread's current context; it counts only while it is live
// (checked against the state on every use).
thread_local const Context* tlsCurrent = nullptr;

Status noCurrentContext() {
  return Status(
      ACL_ERROR_RT_CONTEXT_NULL,
      "the calling thread has no current context (no current device): call aclrtSetDevice or "
      "aclrtCreateContext/aclrtSetCurrentContext on this thread first (the current "
      "context is per thread and ends when its device is reset or it is destroyed)");
}

bool liveLocked(RuntimeState& st, const Context* ctx) {
  if (ctx == nullptr) return false;
  if (st.explicitContexts.count(ctx) != 0) return true;
  // Compared, never dereferenced: ctx may be a destroyed context.
  for (const auto& [id, dev] : st.devices)
    if (dev.defaultContext.get() == ctx) return true;
  return false;
}

const Context* currentLocked(RuntimeState& st) {
  return liveLocked(st, tlsCurrent) ? tlsCurrent : nullptr;
}

// Takes the streams of `ctx` (or of every context of device `id` when ctx is
// null and id >= 0, or all when both are "any") out of the state, for
// destruction outside the lock (destruction waits for queued work).
using Doomed = std::vector<std::unique_ptr<device::Stream>>;
void takeStreamsLocked(RuntimeState& st, const Context* ctx, int32_t id, Doomed* out) {
  for (auto it = st.created.begin(); it != st.created.end();) {
    const bool match =
        ctx != nullptr ? it->second.context == ctx : (id < 0 || it->second.stream->device() == id);
    if (match) {
      out->push_back(std::move(it->second.stream));
      it = st.created.erase(it);
    } else {
      ++it;
    }
  }
  if (ctx != nullptr) return;
  for (auto it = st.orphans.begin(); it != st.orphans.end();) {
    if (id < 0 || (*it)->device() == id) {
      out->push_back(std::move(*it));
      it = st.orphans.erase(it);
    } else {
      ++it;
    }
  }
}

// Releases device `id` (every device when id < 0): its default context and
// every stream on it. Explicit contexts of the device are released as well by
// a forced reset and by aclFinalize (`withExplicit`).
void releaseDeviceLocked(RuntimeState& st, int32_t id, bool withExplicit, Doomed* out) {
  takeStreamsLocked(st, nullptr, id, out);
  for (auto it = st.devices.begin(); it != st.devices.end();) {
    if (id < 0 || it->first == id) {
      if (it->second.defaultContext && it->second.defaultContext->defaultStream)
        out->push_back(std::move(it->second.defaultContext->defaultStream));
      it = st.devices.erase(it);
    } else {
      ++it;
    }
  }
  if (!withExplicit) return;
  for (auto it = st.explicitContexts.begin(); it != st.explicitContexts.end();) {
    if (id < 0 || it->second->device == id) {
      if (it->second->defaultStream) out->push_back(std::move(it->second->defaultStream));
      it = st.explicitContexts.erase(it);
    } else {
      ++it;
    }
  }
}

// Orphans whose work has finished, for destruction outside the lock.
void takeIdleOrphansLocked(RuntimeState& st, Doomed* out) {
  for (auto it = st.orphans.begin(); it != st.orphans.end();) {
    if ((*it)->idle()) {
      out->push_back(std::move(*it));
      it = st.orphans.erase(it);
    } else {
      ++it;
    }
  }
}

Status notSet(int32_t deviceId) {
  return invalidParam("deviceId " + std::to_string(deviceId) +
                      " is not set: every aclrtResetDevice needs an earlier aclrtSetDevice of the "
                      "same device, and a device released by aclrtResetDeviceForce (or by the last "
                      "aclrtResetDevice) must be set again first");
}

Context* defaultContextLocked(RuntimeState& st, int32_t deviceId) {
  DeviceState& dev = st.devices[deviceId];
  if (!dev.defaultContext) {
    dev.defaultContext = std::make_unique<Context>();
    dev.defaultContext->device = deviceId;
    dev.defaultContext->isDefault = true;
    dev.defaultContext->defaultStream = std::make_unique<device::Stream>(deviceId);
  }
  return dev.defaultContext.get();
}

}  // namespace

bool isInitialized() {
  auto& st = state();
  std::lock_guard lock(st.mu);
  return st.initialized;
}

uint32_t deviceCount() {
  return device::currentSoc().deviceCount;
}

Status checkDeviceId(int32_t deviceId, const char* what) {
  const uint32_t count = deviceCount();
  if (deviceId < 0 || static_cast<uint32_t>(deviceId) >= count)
    return Status(ACL_ERROR_RT_INVALID_DEVICEID,
                  std::string(what) + " must be in [0, " + std::to_string(count) +
                      ") (the twin's device count, ASCTWIN_DEVICE_COUNT), got " +
                      std::to_string(deviceId));
  return Status::ok();
}

Status currentDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return invalidParam("deviceId must not be null");
  auto& st = state();
  std::lock_guard lock(st.mu);
  const Context* ctx = currentLocked(st);
  if (ctx == nullptr) return noCurrentContext();
  *deviceId = ctx->device;
  return Status::ok();
}

void forEachStream(const std::function<void(device::Stream&)>& fn) {
  auto& st = state();
  std::lock_guard lock(st.mu);
  for (auto& [id, dev] : st.devices)
    if (dev.defaultContext && dev.defaultContext->defaultStream)
      fn(*dev.defaultContext->defaultStream);
  for (auto& [raw, ctx] : st.explicitContexts)
    if (ctx->defaultStream) fn(*ctx->defaultStream);
  for (auto& [raw, c] : st.created) fn(*c.stream);
  for (auto& o : st.orphans) fn(*o);
}

void forEachBusyOrphan(const std::function<void(device::Stream&)>& fn) {
  auto& st = state();
  std::lock_guard lock(st.mu);
  for (auto& o : st.orphans)
    if (!o->idle()) fn(*o);
}

Status resolveStream(aclrtStream stream, device::Stream** out) {
  if (out == nullptr) return invalidParam("out must not be null");
  *out = nullptr;
  if (stream == nullptr) {
    auto& st = state();
    std::lock_guard lock(st.mu);
    const Context* ctx = currentLocked(st);
    if (ctx == nullptr) {
      Status s = noCurrentContext();
      return Status(s.code(), "stream is null (the default stream): " + s.message());
    }
    *out = ctx->defaultStream.get();
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

Status resolveCreatedStream(aclrtStream stream, const char* what, device::Stream** out) {
  if (stream == nullptr) return invalidParam(std::string(what) + " must not be null");
  return resolveStream(stream, out);
}

Status initialize(const char* configPath) {
  auto& st = state();
  std::lock_guard lock(st.mu);
  if (st.initialized)
    return Status(ACL_ERROR_REPEAT_INITIALIZE,
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
  Doomed doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    if (!st.initialized)
      return Status(ACL_ERROR_REPEAT_FINALIZE,
                    "aclFinalize without a matching aclInit (never initialised, or already "
                    "finalised)");
    st.initialized = false;
    releaseDeviceLocked(st, -1, true, &doomed);
  }
  doomed.clear();  // waits for each stream's queued work
  return Status::ok();
}

Status setDevice(int32_t deviceId) {
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  auto& st = state();
  std::lock_guard lock(st.mu);
  Context* ctx = defaultContextLocked(st, deviceId);
  ++st.devices[deviceId].refs;
  tlsCurrent = ctx;
  return Status::ok();
}

Status resetDevice(int32_t deviceId) {
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  Doomed doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(deviceId);
    if (it == st.devices.end() || it->second.refs == 0) return notSet(deviceId);
    if (--it->second.refs == 0) releaseDeviceLocked(st, deviceId, false, &doomed);
  }
  doomed.clear();
  return Status::ok();
}

Status resetDeviceForce(int32_t deviceId) {
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  Doomed doomed;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.devices.find(deviceId);
    bool hasExplicit = false;
    for (const auto& [raw, ctx] : st.explicitContexts) hasExplicit |= ctx->device == deviceId;
    if ((it == st.devices.end() || it->second.refs == 0) && !hasExplicit) return notSet(deviceId);
    releaseDeviceLocked(st, deviceId, true, &doomed);
  }
  doomed.clear();
  return Status::ok();
}

Status synchronizeDevice(int32_t timeoutMs) {
  std::vector<device::Stream*> live;
  Doomed finished;
  int32_t dev = -1;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    const Context* ctx = currentLocked(st);
    if (ctx == nullptr) return noCurrentContext();
    dev = ctx->device;
    auto it = st.devices.find(dev);
    if (it != st.devices.end() && it->second.defaultContext &&
        it->second.defaultContext->defaultStream)
      live.push_back(it->second.defaultContext->defaultStream.get());
    for (const auto& [raw, c] : st.explicitContexts)
      if (c->device == dev && c->defaultStream) live.push_back(c->defaultStream.get());
    for (const auto& [raw, c] : st.created)
      if (c.stream->device() == dev) live.push_back(c.stream.get());
    if (timeoutMs < 0) {
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
  }
  finished.clear();  // destruction waits for their work; their errors have no reader
  Status first;
  for (device::Stream* stream : live) {
    Status r = stream->synchronizeFor(std::chrono::milliseconds(timeoutMs));
    if (r.code() == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT)
      return Status(r.code(),
                    "the device's work did not finish within " + std::to_string(timeoutMs) + " ms");
    if (!r && first) first = r;
  }
  return first;
}

Status createStream(aclrtStream* stream, const device::Stream::Config& config) {
  if (stream == nullptr) return invalidParam("stream must not be null");
  *stream = nullptr;
  auto& st = state();
  std::lock_guard lock(st.mu);
  const Context* ctx = currentLocked(st);
  if (ctx == nullptr) return noCurrentContext();
  auto made = std::make_unique<device::Stream>(ctx->device, config);
  device::Stream* raw = made.get();
  st.created.emplace(raw, CreatedStream{std::move(made), ctx});
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
    for (const auto& [id, dev] : st.devices)
      if (dev.defaultContext && dev.defaultContext->defaultStream.get() == stream)
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
    if (it->second.stream->capturing())
      return Status(ACL_ERROR_RT_STREAM_CAPTURED,
                    "stream " + hexPointer(stream) +
                        " is being captured: end the capture (aclmdlRICaptureEnd) first");
    doomed = std::move(it->second.stream);
    st.created.erase(it);
  }
  doomed.reset();  // waits for the queued work
  return Status::ok();
}

Status destroyStreamForce(aclrtStream stream) {
  Doomed reaped;
  auto& st = state();
  std::lock_guard lock(st.mu);
  decltype(RuntimeState::created)::iterator it;
  Status s = findCreatedLocked(st, stream, &it);
  if (!s) return s;
  it->second.stream->clearCaptureSink();
  it->second.stream->retire();
  st.orphans.push_back(std::move(it->second.stream));
  st.created.erase(it);
  takeIdleOrphansLocked(st, &reaped);  // idle: destroying them does not wait
  return Status::ok();
}

Status createContext(aclrtContext* context, int32_t deviceId) {
  if (context == nullptr) return invalidParam("context must not be null");
  *context = nullptr;
  Status s = checkDeviceId(deviceId, "deviceId");
  if (!s) return s;
  auto ctx = std::make_unique<Context>();
  ctx->device = deviceId;
  ctx->defaultStream = std::make_unique<device::Stream>(deviceId);
  auto& st = state();
  std::lock_guard lock(st.mu);
  Context* raw = ctx.get();
  st.explicitContexts.emplace(raw, std::move(ctx));
  tlsCurrent = raw;
  *context = raw;
  return Status::ok();
}

Status destroyContext(aclrtContext context) {
  if (context == nullptr) return invalidParam("context must not be null");
  Doomed doomed;
  std::unique_ptr<Context> owned;
  {
    auto& st = state();
    std::lock_guard lock(st.mu);
    auto it = st.explicitContexts.find(static_cast<const Context*>(context));
    if (it == st.explicitContexts.end()) {
      if (liveLocked(st, static_cast<const Context*>(context)))
        return invalidParam("context " + hexPointer(context) +
                            " is a device's default context, which aclrtDestroyContext cannot "
                            "destroy (aclrtResetDevice releases it)");
      return invalidParam("context " + hexPointer(context) +
                          " is not a live context created by aclrtCreateContext");
    }
    takeStreamsLocked(st, it->second.get(), -1, &doomed);
    owned = std::move(it->second);
    st.explicitContexts.erase(it);
    if (owned->defaultStream) doomed.push_back(std::move(owned->defaultStream));
    if (tlsCurrent == owned.get()) tlsCurrent = nullptr;
  }
  doomed.clear();
  return Status::ok();
}

Status setCurrentContext(aclrtContext context) {
  if (context == nullptr) return invalidParam("context must not be null");
  auto& st = state();
  std::lock_guard lock(st.mu);
  const auto* ctx = static_cast<const Context*>(context);
  if (!liveLocked(st, ctx))
    return invalidParam("context " + hexPointer(context) +
                        " is not a live context (destroyed, its device reset, or never created)");
  tlsCurrent = ctx;
  return Status::ok();
}

Status getCurrentContext(aclrtContext* context) {
  if (context == nullptr) return invalidParam("context must not be null");
  auto& st = state();
  std::lock_guard lock(st.mu);
  const Context* ctx = currentLocked(st);
  if (ctx == nullptr) return noCurrentContext();
  *context = const_cast<Context*>(ctx);
  return Status::ok();
}

Status contextDevice(aclrtContext context, int32_t* deviceId) {
  auto& st = state();
  std::lock_guard lock(st.mu);
  const auto* ctx = static_cast<const Context*>(context);
  if (!liveLocked(st, ctx))
    return invalidParam("context " + hexPointer(context) + " is not a live context");
  *deviceId = ctx->device;
  return Status::ok();
}

}  // namespace asctwin::acl
