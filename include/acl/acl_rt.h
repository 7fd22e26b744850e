/* acl/acl_rt.h: the ACL runtime (devices, streams, device memory) of asctwin.
 *
 * Behaviour in brief (see the function comments for the details):
 *  - As in CANN, runtime calls work without aclInit (aclInit reads the
 *    configuration file, aclFinalize releases every device).
 *  - aclrtSetDevice makes a device current for the calling thread (as in CANN,
 *    the current device is per thread); memory and stream calls made on a
 *    thread without a current device fail with ACL_ERROR_RT_CONTEXT_NULL.
 *  - A null aclrtStream means the current device's default stream.
 *  - Device memory is host memory owned by asctwin's allocator: every device
 *    pointer is checked against the live allocations, never overrun silently.
 * Every failing call returns its code and leaves a message for
 * aclGetRecentErrMsg() that names the parameter and the rule it broke. */
#ifndef ASCTWIN_ACL_ACL_RT_H_
#define ASCTWIN_ACL_ACL_RT_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- process ---------------------------------------------------------------- */
/* configPath may be null. A non-null path must name a readable file holding an
 * empty document or a JSON object (its keys are accepted and ignored).
 * Calling aclInit twice without aclFinalize: ACL_ERROR_REPEAT_INITIALIZE.
 * A malformed ASCTWIN_* environment variable fails aclInit with its message. */
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
/* Resets every device (waiting for queued stream work and destroying all
 * streams). Without a matching aclInit: ACL_ERROR_REPEAT_FINALIZE. Device
 * allocations stay valid after finalize (and count in the statistics) until
 * freed after a new aclInit. aclInit may be called again after aclFinalize. */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/* ---- devices ---------------------------------------------------------------- */
/* deviceId in [0, deviceCount) of the SoC in force, else
 * ACL_ERROR_RT_INVALID_DEVICEID. Reference counted per process: each
 * aclrtSetDevice needs one aclrtResetDevice; the last one destroys the
 * device's streams. */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
/* Releases the device whatever its reference count; waits for its work. */
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId);
/* Waits for every stream of the calling thread's current device; returns the
 * first latched stream error. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);
/* The calling thread's current device; ACL_ERROR_RT_CONTEXT_NULL if none. */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);

/* ---- streams ---------------------------------------------------------------- */
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);
/* Waits for the stream's queued work, then destroys it. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);
/* Destroys the stream without waiting for its queued work, which completes in
 * the background (device reset and aclFinalize wait for it). */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream);
/* Waits for the stream's work; returns the first error a task met since the
 * previous synchronisation (its message via aclGetRecentErrMsg) and clears it. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/* ---- memory ----------------------------------------------------------------- */
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);
/* Synchronous copy. count <= destMax; device-side pointers must lie inside a
 * live allocation with the whole range; host-side pointers must not be device
 * memory. Overlapping ranges are handled (memmove). Needs no current device
 * (nor do aclrtMemset, aclrtFree, aclrtMallocHost and aclrtFreeHost). It
 * does not wait for streams: synchronise them first. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind);
/* Sets count bytes of device memory to the low byte of value (like memset);
 * count <= maxCount. */
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value,
                                         size_t count);
/* Asynchronous variants: validated when called, carried out in stream order
 * (and checked again then: memory freed meanwhile is a stream error). */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src,
                                              size_t count, aclrtMemcpyKind kind,
                                              aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value,
                                              size_t count, aclrtStream stream);
/* Current device: total = the SoC's HBM bytes, free = total - reserved bytes. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

/* ---- system parameters ------------------------------------------------------ */
/* ACL_OPT_DETERMINISTIC: 1 = deterministic computation, 0 = default. Process
 * wide. Other options or values are rejected with ACL_ERROR_INVALID_PARAM. */
ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);
ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACL_ACL_RT_H_ */
