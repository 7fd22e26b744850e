/* aclnnop/aclnn_bernoulli.h: the Bernoulli operators of the ACLNN API
 * (asctwin). Usable from C11 and C++; `aclnn_bernoulli.h` is the same header
 * under CANN's other include path.
 *
 * Every operator is called in two phases (aclnn/aclnn_base.h):
 * aclnnXxxGetWorkspaceSize validates the operands, chooses a plan and returns
 * its workspace size and an executor; aclnnXxx(workspace, workspaceSize,
 * executor, stream) enqueues the plan on the stream and consumes the executor.
 *
 * out[i] is 0 or 1 in the dtype of self/out, with P(out[i] = 1) = prob (or
 * prob[i]). The values of self are never read. The random stream is the DSA
 * stream of (seed, offset): element i of the tensor in row-major order takes
 * 32-bit word i of the stream, u_i = its 23-bit uniform, and
 * out[i] = (u_i >= (float)(1 - prob)). The same (seed, offset, prob, shape)
 * gives the same bits on every plan, path and core count.
 *
 * Scalar probability: validation order (first failure wins)
 *   1. workspaceSize or executor null, then self, prob or out null
 *                                                      ACLNN_ERR_PARAM_NULLPTR
 *   2. self dtype not FP16/FP32/FP64/BF16/UINT8/INT8/INT16/INT32/INT64/BOOL,
 *      prob dtype not FP16/FP32/FP64/BF16, out dtype != self dtype
 *                                                      ACLNN_ERR_PARAM_INVALID
 *   3. prob not finite or outside [0, 1]               ACLNN_ERR_PARAM_INVALID
 *   4. rank above 8, or self and out shapes differ     ACLNN_ERR_PARAM_INVALID
 *   5. self or out in a private format                 ACLNN_ERR_PARAM_INVALID
 *   6. offset % 4 != 0                                 ACLNN_ERR_PARAM_INVALID
 *   asctwin adds, after these: out (selfRef) without data while not empty
 *   (ACLNN_ERR_PARAM_NULLPTR); out storage not device memory, or a view whose
 *   stride 0 makes several elements write one location (ACLNN_ERR_PARAM_INVALID);
 *   ASCTWIN_BERNOULLI_PATH set to anything but "new" or "legacy"
 *   (ACLNN_ERR_PARAM_INVALID, the message names the variable).
 * An empty tensor gives workspace 0 and an execute call that does nothing.
 *
 * Tensor probability: the same rules with prob a tensor of FP16/FP32/FP64/BF16
 * (rank <= 8, not a private format, device memory) that broadcasts to self's
 * shape (trailing dimensions; a dimension broadcasts when it is 1 or equal);
 * one that does not broadcast is ACLNN_ERR_PARAM_INVALID. The probabilities
 * are checked in [0, 1] when the operator runs: a NaN or out-of-range value is
 * an error of the stream, returned by aclrtSynchronizeStream, and nothing is
 * written. */
#ifndef ASCTWIN_ACLNNOP_ACLNN_BERNOULLI_H_
#define ASCTWIN_ACLNNOP_ACLNN_BERNOULLI_H_

#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self,
                                                               const aclScalar* prob, int64_t seed,
                                                               int64_t offset, aclTensor* out,
                                                               uint64_t* workspaceSize,
                                                               aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulli(void* workspace, uint64_t workspaceSize,
                                               aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(aclTensor* selfRef,
                                                                      const aclScalar* prob,
                                                                      int64_t seed, int64_t offset,
                                                                      uint64_t* workspaceSize,
                                                                      aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulli(void* workspace, uint64_t workspaceSize,
                                                      aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(
    const aclTensor* self, const aclTensor* prob, int64_t seed, int64_t offset, aclTensor* out,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliTensor(void* workspace, uint64_t workspaceSize,
                                                     aclOpExecutor* executor, aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(
    aclTensor* selfRef, const aclTensor* prob, int64_t seed, int64_t offset,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliTensor(void* workspace,
                                                            uint64_t workspaceSize,
                                                            aclOpExecutor* executor,
                                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNNOP_ACLNN_BERNOULLI_H_ */
