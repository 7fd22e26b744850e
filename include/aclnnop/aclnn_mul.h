/* aclnnop/aclnn_mul.h: the Mul operator of the ACLNN API (asctwin).
 *
 *   out = self * other          (aclnnMul)
 *   selfRef = selfRef * other   (aclnnInplaceMul)
 *
 * Broadcast, element types, promotion, casts and validation as aclnnAdd
 * (aclnnop/aclnn_add.h) without alpha; BOOL computes the logical and. */
#ifndef ASCTWIN_ACLNNOP_ACLNN_MUL_H_
#define ASCTWIN_ACLNNOP_ACLNN_MUL_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor* self,
                                                         const aclTensor* other, aclTensor* out,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMul(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor* selfRef,
                                                                const aclTensor* other,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMul(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNNOP_ACLNN_MUL_H_ */
