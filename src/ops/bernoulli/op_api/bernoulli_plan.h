// op_api of the Bernoulli operators: validation (in the order of
// shared/spec/acl-host-api.md), path and plan choice, and the executors.
//
// Everything is decided at GetWorkspaceSize: the plan, the BernoulliMask
// tiling and the workspace layout (every piece at a 512-byte-aligned offset,
// the size the end of the last piece rounded up to 512). The executor keeps
// copies of the views it writes (clients may destroy their aclTensors after
// the execute call) and its execute call only enqueues stream tasks.
//
// Scalar probability, path "new" (design §3.1/§3.2):
//   empty                -> nothing, workspace 0
//   prob == 0 / 1        -> ZerosLike / OnesLike straight into the out view, workspace 0
//   dense alias (§3.2.2) -> DSAGenBitMask into the first M bytes of out, then
//                           BernoulliMask in aliased mode (high-to-low waves),
//                           workspace 0. (On hardware CANN reserves 1,024 B of
//                           workspace for every operator; the twin needs none.)
//   otherwise (§3.2.3)   -> own mask [M] in the workspace, BernoulliMask
//                           non-aliased; when out is row-major contiguous
//                           (storage offset, an oversized storage or a tiny
//                           tensor) it writes the view's bytes directly;
//                           otherwise into a contiguous temporary [N*B] in the
//                           workspace, then ViewCopy (FP64 via an INT64
//                           bit-view) into the view.
//      workspace = align512(M) [+ align512(N*B)]
// Path "legacy" (design §1.4), prob not 0/1:
//   [Contiguous(self) -> contiguous copy [N*B], when self is not row-major
//    contiguous and has data] -> DSAGenBitMask -> mask [M]
//   -> Fill(ones) [N*W], W = 2 (FP16 compute) or 4 (FP32 compute)
//   -> DropoutDoMask(keep_prob = 1) in place over the ones (doMaskOut shares
//      their storage, as CANN's executor reuses it)
//   -> Cast(target dtype): straight into out when out is row-major contiguous,
//      else into a Cast result [N*B] followed by ViewCopy; when the compute
//      dtype is the target dtype there is no Cast and ViewCopy copies doMaskOut.
//      workspace = align512(M) + align512(N*W) [+ align512(N*B) cast result]
//                  [+ align512(N*B) contiguous copy]
#pragma once

#include <cstdint>

#include "asctwin/asctwin_bernoulli.h"
#include "aclnn/acl_meta.h"
#include "common/status.h"

namespace asctwin::ops::bernoulli {

// The calling thread's path setting and the environment resolved: NEW or LEGACY.
Status resolvePath(int* path);
Status setThreadPath(int path);
int threadPath();

// The thread's last plan (asctwinBernoulliGetLastPlan).
asctwinBernoulliPlanInfo lastPlan();
void recordPlan(const asctwinBernoulliPlanInfo& info);
const char* planName(int plan);

// The GetWorkspaceSize bodies. `api` names the entry point in messages made
// here; `inplace` selects the parameter name selfRef for self/out.
Status planScalar(const char* api, const aclTensor* self, const aclScalar* prob, int64_t seed,
                  int64_t offset, const aclTensor* out, bool inplace, uint64_t* workspaceSize,
                  aclOpExecutor** executor);
Status planTensor(const char* api, const aclTensor* self, const aclTensor* prob, int64_t seed,
                  int64_t offset, const aclTensor* out, bool inplace, uint64_t* workspaceSize,
                  aclOpExecutor** executor);

}  // namespace asctwin::ops::bernoulli
