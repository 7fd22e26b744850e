/* asctwin/asctwin_bernoulli.h: asctwin's own controls for the Bernoulli
 * operators (not part of CANN). Usable from C11 and C++.
 *
 * Path: the scalar-probability operators have two implementations that give
 * byte-identical outputs:
 *   "new"    the memory-optimised design: prob 0/1 -> ZerosLike/OnesLike;
 *            a dense output big enough -> the alias plan (DSA mask written into
 *            the first bytes of out, BernoulliMask expands it in place,
 *            workspace 0); otherwise the fallback plan (own mask, contiguous
 *            temporary when out is not contiguous, ViewCopy);
 *   "legacy" CANN 8.5.0's chain Contiguous -> DSAGenBitMask -> Fill(ones) ->
 *            DropoutDoMask -> Cast -> ViewCopy with its full-shape intermediates.
 * The path of a call is, in this order: the calling thread's setting made with
 * asctwinBernoulliSetPath (NEW or LEGACY); otherwise the environment variable
 * ASCTWIN_BERNOULLI_PATH ("new" or "legacy"; unset or empty = "new"; any other
 * value makes GetWorkspaceSize fail with ACLNN_ERR_PARAM_INVALID and a message
 * naming the variable). The tensor-probability operators have one plan.
 *
 * Last plan: every successful GetWorkspaceSize of the four Bernoulli operators
 * records, for the calling thread, the plan it chose and its workspace layout;
 * tests and tools read it with asctwinBernoulliGetLastPlan. */
#ifndef ASCTWIN_ASCTWIN_BERNOULLI_H_
#define ASCTWIN_ASCTWIN_BERNOULLI_H_

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Path settings. */
#define ASCTWIN_BERNOULLI_PATH_ENV 0    /* follow ASCTWIN_BERNOULLI_PATH (the default) */
#define ASCTWIN_BERNOULLI_PATH_NEW 1    /* the memory-optimised design */
#define ASCTWIN_BERNOULLI_PATH_LEGACY 2 /* CANN 8.5.0's chain */

/* Plans. */
#define ASCTWIN_BERNOULLI_PLAN_NONE 0     /* no successful GetWorkspaceSize on this thread yet */
#define ASCTWIN_BERNOULLI_PLAN_EMPTY 1    /* empty tensor: nothing to do */
#define ASCTWIN_BERNOULLI_PLAN_ZEROS 2    /* prob == 0: ZerosLike into out */
#define ASCTWIN_BERNOULLI_PLAN_ONES 3     /* prob == 1: OnesLike into out */
#define ASCTWIN_BERNOULLI_PLAN_ALIAS 4    /* DSA mask in out, BernoulliMask in place */
#define ASCTWIN_BERNOULLI_PLAN_FALLBACK 5 /* own mask (+ temporary + ViewCopy) */
#define ASCTWIN_BERNOULLI_PLAN_LEGACY 6   /* the legacy chain */
#define ASCTWIN_BERNOULLI_PLAN_TENSOR 7   /* tensor probability (device task) */

/* The calling thread's path setting: ASCTWIN_BERNOULLI_PATH_ENV, _NEW or
 * _LEGACY; anything else is ACLNN_ERR_PARAM_INVALID. It stays until changed. */
ACL_FUNC_VISIBILITY aclnnStatus asctwinBernoulliSetPath(int path);
/* The calling thread's setting (not resolved against the environment). */
ACL_FUNC_VISIBILITY aclnnStatus asctwinBernoulliGetPath(int* path);

/* What a GetWorkspaceSize call planned. Byte offsets are into the workspace;
 * UINT64_MAX means "not in the workspace". Every piece of the workspace
 * starts at a multiple of 512 bytes and the workspace size is the end of the
 * last piece rounded up to 512. */
typedef struct asctwinBernoulliPlanInfo {
  int32_t plan;             /* ASCTWIN_BERNOULLI_PLAN_* */
  int32_t path;             /* ASCTWIN_BERNOULLI_PATH_NEW or _LEGACY as resolved */
  uint64_t workspaceSize;   /* what GetWorkspaceSize returned */
  uint64_t elements;        /* N, elements of out */
  uint64_t maskBytes;       /* M = 16 * ceil(N / 128) when a mask is made, else 0 */
  uint64_t maskOffset;      /* the mask's offset in the workspace (UINT64_MAX: in out) */
  uint64_t onesBytes;       /* legacy: the full-shape ones / DropoutDoMask output */
  uint64_t onesOffset;
  uint64_t tempBytes;       /* fallback: contiguous temporary; legacy: Cast result */
  uint64_t tempOffset;
  uint64_t contiguousBytes; /* legacy: contiguous copy of a non-contiguous self */
  uint64_t contiguousOffset;
  uint32_t tilingKey;       /* BernoulliMask tiling key (alias/fallback), else 0 */
  uint32_t blockDim;        /* BernoulliMask cores (alias/fallback), else 0 */
  uint32_t tasks;           /* stream tasks the execute call enqueues */
  uint32_t reserved;
} asctwinBernoulliPlanInfo;

/* The plan of the calling thread's last successful Bernoulli
 * GetWorkspaceSize (plan NONE before the first). info must not be null. */
ACL_FUNC_VISIBILITY aclnnStatus asctwinBernoulliGetLastPlan(asctwinBernoulliPlanInfo* info);

/* "none", "empty", "zeros", "ones", "alias", "fallback", "legacy", "tensor";
 * "unknown" for other values. Never null. */
ACL_FUNC_VISIBILITY const char* asctwinBernoulliPlanName(int plan);

#ifdef __cplusplus
}
#endif

#endif /* ASCTWIN_ASCTWIN_BERNOULLI_H_ */
