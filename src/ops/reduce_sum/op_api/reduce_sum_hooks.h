// Test and benchmark hooks of aclnnReduceSum (asctwin internal, C++).
#pragma once

#include <cstdint>

#include "ops/reduce_sum/op_host/reduce_sum_tiling_data.h"

namespace asctwin::ops::reduce_sum {

// Forces the block count of the ReduceSum kernel for the plans the calling
// thread makes from now on (0: automatic). Without it, the environment
// variable ASCTWIN_REDUCE_SUM_BLOCKS (a positive integer) forces it; a forced
// count above the SoC's AIV cores is rejected by GetWorkspaceSize. The result
// does not depend on the block count (only the speed does).
void setForcedBlockCount(uint32_t blocks);
uint32_t forcedBlockCount();

// What the calling thread's last successful aclnnReduceSumGetWorkspaceSize
// planned.
struct ReduceSumPlanInfo {
  bool empty = true;            // nothing to do (out has no elements)
  bool deterministic = false;   // ACL_OPT_DETERMINISTIC when the plan was made
  bool contiguousCopy = false;  // self is copied into a contiguous workspace first
  bool viewCopyOut = false;     // the result is copied into a non-contiguous out last
  bool accumulatorInWorkspace = false;
  uint64_t workspaceSize = 0;
  ReduceSumTiling tiling{};
};
ReduceSumPlanInfo lastPlan();

}  // namespace asctwin::ops::reduce_sum
