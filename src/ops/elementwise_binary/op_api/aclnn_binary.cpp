// The extern "C" entry points of aclnnop/aclnn_add.h and aclnnop/aclnn_mul.h,
// behind the ACL C boundary.
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"

#include "acl/c_boundary.h"
#include "acl/executor.h"
#include "ops/elementwise_binary/op_api/binary_plan.h"

using asctwin::ops::binary::kOpAdd;
using asctwin::ops::binary::kOpMul;
using asctwin::ops::binary::planBinary;

extern "C" {

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                     const aclScalar* alpha, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return asctwin::acl::guard(
      "aclnnAddGetWorkspaceSize",
      [&] {
        return planBinary("aclnnAdd", kOpAdd, self, other, alpha, out, workspaceSize, executor);
      },
      asctwin::code::kNnInner);
}

aclnnStatus aclnnAdd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                     aclrtStream stream) {
  return asctwin::acl::executeC("aclnnAdd", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceAddGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                            const aclScalar* alpha, uint64_t* workspaceSize,
                                            aclOpExecutor** executor) {
  return asctwin::acl::guard(
      "aclnnInplaceAddGetWorkspaceSize",
      [&] {
        return planBinary("aclnnInplaceAdd", kOpAdd, selfRef, other, alpha, selfRef, workspaceSize,
                          executor);
      },
      asctwin::code::kNnInner);
}

aclnnStatus aclnnInplaceAdd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                            aclrtStream stream) {
  return asctwin::acl::executeC("aclnnInplaceAdd", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
  return asctwin::acl::guard(
      "aclnnMulGetWorkspaceSize",
      [&] {
        return planBinary("aclnnMul", kOpMul, self, other, nullptr, out, workspaceSize, executor);
      },
      asctwin::code::kNnInner);
}

aclnnStatus aclnnMul(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                     aclrtStream stream) {
  return asctwin::acl::executeC("aclnnMul", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  return asctwin::acl::guard(
      "aclnnInplaceMulGetWorkspaceSize",
      [&] {
        return planBinary("aclnnInplaceMul", kOpMul, selfRef, other, nullptr, selfRef,
                          workspaceSize, executor);
      },
      asctwin::code::kNnInner);
}

aclnnStatus aclnnInplaceMul(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                            aclrtStream stream) {
  return asctwin::acl::executeC("aclnnInplaceMul", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
