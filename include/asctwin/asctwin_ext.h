/* asctwin/asctwin_ext.h: asctwin's own C extension (not part of CANN).
 * Memory statistics, on-demand red-zone checks, SoC description control and
 * the library version. Usable from C11 and C++. Every function returns an
 * aclError and leaves a message for aclGetRecentErrMsg() when it fails. None
 * of them needs aclInit.
 *
 * How the allocator charges an allocation (the statistics follow the rules of
 * a framework caching allocator, so they compare with what torch_npu reports
 * through max_memory_allocated / max_memory_reserved):
 *  - a request of n bytes is charged n + 32 bytes rounded up to a multiple of
 *    512 ("in use" bytes); e.g. 1 B -> 512 B, 480 B -> 512 B, 481 B -> 1024 B;
 *  - charged blocks live in segments ("reserved" bytes): a block of at most
 *    1 MiB goes into a shared 2 MiB segment, a block above 1 MiB and below
 *    10 MiB into a shared 20 MiB segment, and a larger block gets a segment of
 *    its own, its size rounded up to a multiple of 2 MiB. A block takes the
 *    first segment of its kind with enough free bytes, or a new one; a segment
 *    is given back as soon as its last block is freed;
 *  - a request that would make reserved bytes exceed the SoC's hbmBytes fails
 *    with ACL_ERROR_BAD_ALLOC.
 * Each allocation is surrounded by red zones (checked when it is freed and by
 * asctwinMemCheckRedZones) and starts filled with the byte 0xFF. */
#ifndef ASCTWIN_ASCTWIN_EXT_H_
#define ASCTWIN_ASCTWIN_EXT_H_

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Per-device allocator statistics, in bytes unless named otherwise. */
typedef struct asctwinMemStats {
  uint64_t requestedBytes;      /* sum of the live requests' sizes */
  uint64_t inUseBytes;          /* sum of the live requests' charged sizes */
  uint64_t peakInUseBytes;      /* maximum of inUseBytes since the last reset */
  uint64_t reservedBytes;       /* sum of the live segments' sizes */
  uint64_t peakReservedBytes;   /* maximum of reservedBytes since the last reset */
  uint64_t liveAllocations;     /* number of live allocations */
  uint64_t peakLiveAllocations; /* maximum of liveAllocations since the last reset */
  uint64_t totalAllocations;    /* allocations made since the process started */
} asctwinMemStats;

/* deviceId in [0, deviceCount) of the SoC in force (else
 * ACL_ERROR_RT_INVALID_DEVICEID); stats must not be null. */
ACL_FUNC_VISIBILITY aclError asctwinMemGetStats(int32_t deviceId, asctwinMemStats* stats);
/* Sets the peak figures to the current ones. */
ACL_FUNC_VISIBILITY aclError asctwinMemResetPeakStats(int32_t deviceId);
/* Verifies the red zones of every live allocation; the first corruption found
 * is returned as ACL_ERROR_FAILURE with a message naming the allocation and
 * the offset. */
ACL_FUNC_VISIBILITY aclError asctwinMemCheckRedZones(void);

/* SoC description. Presets: "ascend910b" (default), "ascend910_93". Fields:
 * aicCores, aivCores, ubBytes, l1Bytes, l0aBytes, l0bBytes, l0cBytes,
 * hbmBytes, deviceCount. Selecting a preset drops earlier field overrides;
 * asctwinSocReset returns to the description given by the environment
 * (ASCTWIN_SOC and the ASCTWIN_* field variables). */
ACL_FUNC_VISIBILITY aclError asctwinSocSelect(const char* preset);
ACL_FUNC_VISIBILITY aclError asctwinSocSetField(const char* field, uint64_t value);
ACL_FUNC_VISIBILITY aclError asctwinSocGetField(const char* field, uint64_t* value);
ACL_FUNC_VISIBILITY aclError asctwinSocReset(void);

/* The library version, e.g. "0.1.0". Never null. */
ACL_FUNC_VISIBILITY const char* asctwinVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ASCTWIN_EXT_H_ */
