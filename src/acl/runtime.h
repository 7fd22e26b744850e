// The ACL runtime state, for the C entry points and for the layers below
// (kernel launcher, DSA tasks, operators), which enqueue their work on streams
// through resolveStream().
//
// State: initialised or not (aclInit/aclFinalize); per device a reference
// count (aclrtSetDevice/aclrtResetDevice) and its default context; contexts
// created with aclrtCreateContext; per context a default stream and the
// streams created in it; per thread the current context (hence the current
// device).
//
// As in the real runtime, runtime calls do not need aclInit: aclInit reads
// the configuration and aclFinalize releases every device, but devices,
// streams and memory work without them. What needs a device returns
// ACL_ERROR_RT_CONTEXT_NULL (107002) on a thread without a current context.
#pragma once

#include <cstdint>
#include <functional>

#include "acl/acl_rt.h"
#include "common/status.h"
#include "device/stream.h"

namespace asctwin::acl {

// True between aclInit and aclFinalize.
bool isInitialized();

// The calling thread's current device: ACL_ERROR_RT_CONTEXT_NULL when the
// thread has no current context (never set, or its device was reset since).
Status currentDevice(int32_t* deviceId);

// Turns a C stream handle into a stream: null is the current context's
// default stream (needs a current context); otherwise the handle must be a
// live stream (ACL_ERROR_INVALID_PARAM with a message if it is not).
Status resolveStream(aclrtStream stream, device::Stream** out);
// As resolveStream, for a stream handle that must not be null.
Status resolveCreatedStream(aclrtStream stream, const char* what, device::Stream** out);

// deviceId in [0, deviceCount) (ACL_ERROR_RT_INVALID_DEVICEID).
Status checkDeviceId(int32_t deviceId, const char* what);
// The number of twin devices: ASCTWIN_DEVICE_COUNT (1..64) or the SoC's.
uint32_t deviceCount();

// ACL_OPT_DETERMINISTIC as set by aclrtSetSysParamOpt (false by default).
bool deterministic();

// Calls fn for every live stream (default, created and force-destroyed ones
// whose work still runs), under the state lock: fn must not call back.
void forEachStream(const std::function<void(device::Stream&)>& fn);

// Calls fn for every stream destroyed with aclrtDestroyStreamForce whose work
// still runs (under the state lock).
void forEachBusyOrphan(const std::function<void(device::Stream&)>& fn);

// Implementation of the runtime entry points (no message prefix; the C
// functions add the API name).
Status initialize(const char* configPath);
Status finalize();
Status setDevice(int32_t deviceId);
Status resetDevice(int32_t deviceId);
// Releases the device whatever its reference count (one call after any number
// of aclrtSetDevice), waiting for its queued work.
Status resetDeviceForce(int32_t deviceId);
// Waits for every stream of the calling thread's current device (including
// streams destroyed with aclrtDestroyStreamForce whose work is still running);
// returns the first latched error of the live ones. timeoutMs < 0: no limit.
Status synchronizeDevice(int32_t timeoutMs = -1);
Status createStream(aclrtStream* stream, const device::Stream::Config& config);
Status destroyStream(aclrtStream stream);
// The handle dies at once; queued work is not waited for (it completes in the
// background, as tasks already dispatched to a device do). Device reset and
// aclFinalize wait for it.
Status destroyStreamForce(aclrtStream stream);

// Contexts (aclrtContext handles).
Status createContext(aclrtContext* context, int32_t deviceId);
Status destroyContext(aclrtContext context);
Status setCurrentContext(aclrtContext context);
Status getCurrentContext(aclrtContext* context);
// The device of a live context (explicit or a device's default one).
Status contextDevice(aclrtContext context, int32_t* deviceId);

}  // namespace asctwin::acl
