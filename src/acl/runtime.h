// The ACL runtime state, for the C entry points and for the layers below
// (kernel launcher, DSA tasks, operators), which enqueue their work on streams
// through resolveStream().
//
// State: initialised or not (aclInit/aclFinalize); per device a reference
// count (aclrtSetDevice/aclrtResetDevice), a default stream and the streams
// created on it; per thread the current device.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/status.h"
#include "device/stream.h"

namespace asctwin::acl {

// ACL_ERROR_UNINITIALIZE unless aclInit has been called (and not finalised).
Status requireInitialized();
bool isInitialized();

// The calling thread's current device: ACL_ERROR_UNINITIALIZE before aclInit,
// ACL_ERROR_RT_CONTEXT_NULL when the thread has no current device (never set,
// or the device was reset since).
Status currentDevice(int32_t* deviceId);

// Turns a C stream handle into a stream: null is the current device's default
// stream (needs a current device); otherwise the handle must be a live stream
// (ACL_ERROR_INVALID_PARAM with a message if it is not).
Status resolveStream(aclrtStream stream, device::Stream** out);

// deviceId in [0, deviceCount) of the SoC in force (ACL_ERROR_RT_INVALID_DEVICEID).
Status checkDeviceId(int32_t deviceId, const char* what);

// ACL_OPT_DETERMINISTIC as set by aclrtSetSysParamOpt (false by default).
bool deterministic();

// Implementation of the runtime entry points (no message prefix; the C
// functions add the API name).
Status initialize(const char* configPath);
Status finalize();
Status setDevice(int32_t deviceId);
Status resetDevice(int32_t deviceId);
Status createStream(aclrtStream* stream);
Status destroyStream(aclrtStream stream);

}  // namespace asctwin::acl
