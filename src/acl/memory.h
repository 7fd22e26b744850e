// Device memory checks shared by the copy/set entry points (synchronous and
// asynchronous) and the tensor layer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/status.h"

namespace asctwin::acl {

// Which side of a copy a pointer is on.
enum class Side { kHost, kDevice };

// A pointer the caller says is device memory: [p, p + n) inside one live
// allocation. `what` names the parameter; `why` is appended to the message and
// says where the claim comes from (e.g. "kind ACL_MEMCPY_HOST_TO_DEVICE says
// dst is device memory").
Status checkDeviceRange(const void* p, size_t n, const char* what, const std::string& why);
// A pointer the caller says is host memory: neither end of [p, p + n) may lie
// in a live device allocation, and the range must not wrap around.
Status checkHostRange(const void* p, size_t n, const char* what, const std::string& why);

// ACL_MEMCPY_DEFAULT resolved from the pointers (other kinds unchanged).
int resolveMemcpyKind(int kind, const void* dst, const void* src);
// The checks of aclrtMemcpy (kind, nulls, count <= destMax, both sides).
Status checkMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind);
// The checks of aclrtMemset (null, count <= maxCount, device range; with
// allowHost, as aclrtMemset has it, host memory outside device memory too).
Status checkMemset(void* devPtr, size_t maxCount, size_t count, bool allowHost = false);

// aclrtFree of managed memory (aclrtMemAllocManaged): true when p was one
// (the result of the free in *result).
bool freeManaged(void* p, Status* result);

// "ACL_MEMCPY_HOST_TO_DEVICE" etc., or "aclrtMemcpyKind(9)".
std::string memcpyKindName(int kind);

}  // namespace asctwin::acl
