// DropoutDoMask on the kernel twin (dropout_do_mask_kernel.h). Call it from
// inside a stream task: it launches at once and waits.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/status.h"

namespace asctwin::ops::kernels {

// y[i] = bit_i(mask) ? x[i] / keepProb : 0 for i in [0, n), in `dtype`
// (ACL_FLOAT16 or ACL_FLOAT); x and y dense, and y may be x (in place).
// mask is the packed DSA mask (bit i = bit i % 8 of byte i / 8).
Status dropoutDoMask(aclDataType dtype, const void* x, const void* mask, float keepProb, void* y,
                     uint64_t n);

}  // namespace asctwin::ops::kernels
