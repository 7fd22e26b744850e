// Host side of the ReduceSum op_kernel: launches the kernel on the kernel
// twin (from inside a stream task) and returns its error.
#include "ops/common/launch.h"
#include "ops/reduce_sum/op_kernel/reduce_sum_kernel.h"

namespace asctwin::ops::reduce_sum {

Status runReduceSum(const ReduceSumTiling& tiling, const void* x, void* acc, void* partials,
                    void* sync, void* out) {
  if (tiling.blockDim == 0 || acc == nullptr || partials == nullptr || sync == nullptr ||
      (tiling.inElems != 0 && x == nullptr) || (tiling.castOut != 0 && out == nullptr))
    return Status(code::kInvalidParam, "ReduceSum launch: null buffer or empty launch");
  return launchStatus(runVectorKernel("ReduceSum", tiling.blockDim, reduce_sum, x, acc, partials,
                                      sync, out, tiling));
}

}  // namespace asctwin::ops::reduce_sum
