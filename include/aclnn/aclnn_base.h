/* aclnn/aclnn_base.h: status type, codes and executors of the ACLNN operator
 * API (asctwin). Usable from C11 and C++.
 *
 * ACLNN operators are called in two phases: aclnnXxxGetWorkspaceSize validates
 * the operands, plans the work and returns an executor and the workspace size
 * it needs; aclnnXxx(workspace, workspaceSize, executor, stream) enqueues the
 * plan on the stream and consumes the executor. An executor that will not be
 * executed is freed with aclDestroyAclOpExecutor. An execute call rejected
 * during validation leaves the executor alive (destroy it or retry). */
#ifndef ASCTWIN_ACLNN_ACLNN_BASE_H_
#define ASCTWIN_ACLNN_ACLNN_BASE_H_

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclnnStatus;
typedef struct aclOpExecutor aclOpExecutor;

#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101
#define ACLNN_ERR_INNER_NULLPTR 561103

/* Null: ACLNN_ERR_PARAM_NULLPTR. Not a live executor (already executed or
 * destroyed): ACLNN_ERR_PARAM_INVALID. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNN_ACLNN_BASE_H_ */
