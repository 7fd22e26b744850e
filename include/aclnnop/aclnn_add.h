/* aclnnop/aclnn_add.h: the Add operator of the ACLNN API (asctwin).
 *
 *   out = self + alpha * other          (aclnnAdd)
 *   selfRef = selfRef + alpha * other   (aclnnInplaceAdd)
 *
 * self and other broadcast (numpy rules) to out's shape, which must be the
 * broadcast shape exactly. Element types: FLOAT, FLOAT16, BF16, DOUBLE, INT8,
 * UINT8, INT16, INT32, INT64, BOOL; self and other promote to a common type
 * (bool < integers < floating; FP16 with BF16 -> FLOAT; UINT8 with INT8 ->
 * INT16; else the wider), computed in FLOAT for the 16/32-bit floating types,
 * DOUBLE for DOUBLE, 64-bit wrapping integers for integers (BOOL: logical or),
 * and cast to out's type, which must accept the promoted one (no floating
 * into integer or bool, no non-bool into bool). alpha must not be floating
 * when the promoted type is integral. Strides >= 0 on every operand.
 *
 * Validation order (first failure wins): workspaceSize/executor null, self,
 * other, alpha or out null (ACLNN_ERR_PARAM_NULLPTR); not a live handle;
 * dtype not supported; promoted type not castable to out; floating alpha with
 * an integral promotion; rank above 8; shapes that do not broadcast or an out
 * that is not the broadcast shape; a private format; missing data or storage
 * that is not device memory, out repeating an element
 * (ACLNN_ERR_PARAM_INVALID / ACLNN_ERR_PARAM_NULLPTR). Workspace is 0. */
#ifndef ASCTWIN_ACLNNOP_ACLNN_ADD_H_
#define ASCTWIN_ACLNNOP_ACLNN_ADD_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor* self,
                                                         const aclTensor* other,
                                                         const aclScalar* alpha, aclTensor* out,
                                                         uint64_t* workspaceSize,
                                                         aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdd(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddGetWorkspaceSize(aclTensor* selfRef,
                                                                const aclTensor* other,
                                                                const aclScalar* alpha,
                                                                uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAdd(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNNOP_ACLNN_ADD_H_ */
