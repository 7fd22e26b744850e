// Cast of dense elements on the kernel twin (the Cast kernel, cast_kernel.h).
// Call it from inside a stream task: it launches at once and waits.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/status.h"

namespace asctwin::ops::kernels {

// Supported (src -> dst): FP16 -> BF16, INT8, UINT8, BOOL, INT16; FP32 ->
// INT32, INT64, FP64; and any dtype to itself (a copy). Float -> integer
// truncates toward zero (and saturates); BOOL is value != 0. FP32 -> FP64 is
// exact and done by the kernel's scalar unit (as on hardware, where FP64
// vector support is missing and the conversion slow).
bool castSupported(aclDataType src, aclDataType dst);
Status cast(const void* src, aclDataType srcType, void* dst, aclDataType dstType, uint64_t n);

}  // namespace asctwin::ops::kernels
