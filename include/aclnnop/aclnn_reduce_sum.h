/* aclnnop/aclnn_reduce_sum.h: the ReduceSum operator of the ACLNN API
 * (asctwin). Usable from C11 and C++; `aclnn_reduce_sum.h` is the same header
 * under CANN's other include path.
 *
 * out = sum of self over the dimensions listed in `dim`, computed in FP32 and
 * written in `dtype`. Two phases (aclnn/aclnn_base.h): GetWorkspaceSize
 * validates, plans and returns the workspace size and an executor; the execute
 * call enqueues the plan on the stream and consumes the executor.
 *
 * Operands
 *   self      FP32, FP16 or BF16, rank <= 8, any strides >= 0 (a view that is
 *             not row-major contiguous is first copied into the workspace).
 *   dim       the dimensions to reduce: each in [-rank, rank) (negative values
 *             count from the end; a rank-0 self accepts 0 and -1), no dimension
 *             twice. An empty list reduces nothing (out = self, converted).
 *   keepDims  reduced dimensions stay in out with extent 1.
 *   dtype     FP32, FP16 or BF16: the dtype of out.
 *   out       shape: self's shape without the reduced dimensions (with them as
 *             1 when keepDims); dtype == dtype; any strides that do not repeat
 *             an element (a non-contiguous out is written by a final copy).
 *
 * Validation order (first failure wins)
 *   1. workspaceSize or executor null, then self, dim or out null
 *                                                      ACLNN_ERR_PARAM_NULLPTR
 *   2. self or out not a live aclTensor, dim not a live aclIntArray
 *                                                      ACLNN_ERR_PARAM_INVALID
 *   3. self dtype or dtype not FP32/FP16/BF16, out dtype != dtype
 *                                                      ACLNN_ERR_PARAM_INVALID
 *   4. self or out rank above 8                        ACLNN_ERR_PARAM_INVALID
 *   5. a dim out of range, or a dimension listed twice ACLNN_ERR_PARAM_INVALID
 *   6. out shape not the reduced shape                 ACLNN_ERR_PARAM_INVALID
 *   7. self or out in a private format                 ACLNN_ERR_PARAM_INVALID
 *   8. self or out without data while not empty (ACLNN_ERR_PARAM_NULLPTR);
 *      storage not device memory, out repeating an element through a stride
 *      0 (ACLNN_ERR_PARAM_INVALID); ASCTWIN_REDUCE_SUM_BLOCKS malformed or
 *      above the SoC's AIV cores (ACLNN_ERR_PARAM_INVALID)
 *   Every rejection leaves a message naming the operand and the rule.
 * An empty out gives workspace 0 and an execute call that does nothing; an
 * empty reduction (a reduced dimension of extent 0) gives zeros.
 *
 * Numerics: the summation order
 * Every input element is converted exactly to FP32; all additions are FP32
 * additions (round to nearest even). The order depends only on self's shape
 * and on `dim` (not on strides, the block count, the UB size or the SoC):
 *   Canonical shape: drop the dimensions of extent 1, then merge every run of
 *   adjacent dimensions that are all reduced or all kept. N = elements of self.
 *   Lanes order (no dimension left, or the last canonical dimension kept):
 *     the reduced index tuples, in row-major order, are the rows k = 0..R-1
 *     (R = product of the reduced extents). G groups (below) with
 *     bound = min(240, R / 32, N / 16384); group g holds rows
 *     [floor(g*R/G), floor((g+1)*R/G)).
 *     Partial p_g(o) = (((0 + x(o, k0)) + x(o, k0+1)) + ...) over its rows.
 *   Rows order (the last canonical dimension reduced, extent L):
 *     W = min(4096, max(8, the smallest power of two >= L)) lanes; each row
 *     (one tuple of the other reduced dimensions, row-major order; Ro rows) is
 *     cut into ceil(L / 16384) segments of 16384 elements (the last one
 *     shorter); unit u = row * ceil(L / 16384) + segment, U = Ro * ceil(L /
 *     16384) units. G groups (below) with bound = min(240, U, N / 16384);
 *     group g holds units [floor(g*U/G), floor((g+1)*U/G)).
 *     Partial p_g(o): lanes P[0..W-1] = +0.0; for each unit of the group in
 *     order, for each element i of its segment in increasing order (i counts
 *     from the start of the row), P[i mod W] = P[i mod W] + x(o, row, i); then
 *     fold: for w = W/2, W/4, ..., 1: P[j] = P[j] + P[j + w] for j < w;
 *     p_g(o) = P[0].
 *   G is the largest divisor of 240 (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20,
 *   24, 30, 40, 48, 60, 80, 120, 240) that is at most max(1, bound); integer
 *   divisions round down.
 *   The result: s(o) = ((((+0.0) + p_0(o)) + p_1(o)) + ...) + p_{G-1}(o), the
 *   group partials added in ascending group order (by atomic adds into a
 *   zeroed FP32 accumulator). A -0.0 sum therefore comes out as +0.0.
 *   FP16/BF16 out: s(o) is rounded once, to nearest with ties to even
 *   (overflow gives infinity).
 * With ACL_OPT_DETERMINISTIC = 1 (aclrtSetSysParamOpt) the blocks that hold
 * the groups of the same outputs add their partials in turn (IBWait on the
 * previous block, IBSet once their atomic adds have landed), in ascending
 * group order, so the result is exactly s(o) above, bit for bit, on every run
 * and every block count. With it 0 (the default) the same
 * partials are added in whatever order the blocks finish: each output is a
 * sum of the same p_g(o) in some order, which may differ from run to run when
 * the partials do not add associatively. The setting in force when
 * GetWorkspaceSize is called applies. */
#ifndef ASCTWIN_ACLNNOP_ACLNN_REDUCE_SUM_H_
#define ASCTWIN_ACLNNOP_ACLNN_REDUCE_SUM_H_

#include <stdbool.h>

#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceSumGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* dim, bool keepDims, aclDataType dtype, aclTensor* out,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceSum(void* workspace, uint64_t workspaceSize,
                                               aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ACLNNOP_ACLNN_REDUCE_SUM_H_ */
