// The op_api of aclnnAdd / aclnnMul (and their in-place forms): validation,
// promotion, broadcast, tiling and the executor.
#pragma once

#include <cstdint>

#include "aclnn/aclnn_base.h"
#include "common/status.h"
#include "ops/elementwise_binary/op_host/binary_tiling.h"

namespace asctwin::ops::binary {

// self op other -> out. alpha (Add only) may be null for Mul. `opName` names
// the entry point in messages.
Status planBinary(const char* opName, BinaryOp op, const aclTensor* self, const aclTensor* other,
                  const aclScalar* alpha, const aclTensor* out, uint64_t* workspaceSize,
                  aclOpExecutor** executor);

}  // namespace asctwin::ops::binary
