// ReduceSum op_api: validation and the plan (executor) behind
// aclnnReduceSumGetWorkspaceSize.
#pragma once

#include <cstdint>

#include "acl/tensor.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "common/status.h"

namespace asctwin::ops::reduce_sum {

Status planReduceSum(const aclTensor* self, const aclIntArray* dim, bool keepDims,
                     aclDataType dtype, aclTensor* out, uint64_t* workspaceSize,
                     aclOpExecutor** executor);

}  // namespace asctwin::ops::reduce_sum
