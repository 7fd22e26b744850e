// The extern "C" entry points of aclnnop/aclnn_reduce_sum.h, behind the ACL C
// boundary: a failed Status becomes the return code plus
// aclGetRecentErrMsg(), prefixed with the entry point's name.
#include "aclnnop/aclnn_reduce_sum.h"

#include "acl/c_boundary.h"
#include "acl/executor.h"
#include "ops/reduce_sum/op_api/reduce_sum_plan.h"

extern "C" {

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim,
                                           bool keepDims, aclDataType dtype, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return asctwin::acl::guard(
      "aclnnReduceSumGetWorkspaceSize",
      [&] {
        return asctwin::ops::reduce_sum::planReduceSum(self, dim, keepDims, dtype, out,
                                                       workspaceSize, executor);
      },
      asctwin::code::kNnInner);
}

aclnnStatus aclnnReduceSum(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream) {
  return asctwin::acl::executeC("aclnnReduceSum", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
