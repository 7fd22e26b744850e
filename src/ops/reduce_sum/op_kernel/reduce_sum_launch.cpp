// Host side of the ReduceSum op_kernel: launches the kernels on the kernel
// twin (from inside a stream task) and returns their errors.
#include <string>

#include "asctwin/kernel/launch.h"
#include "common/error_message.h"
#include "ops/reduce_sum/op_kernel/reduce_sum_kernel.h"

namespace asctwin::ops::reduce_sum {
namespace {

template <typename... A>
Status launchNow(const char* name, uint32_t blocks, void (*kernel)(A...), auto&&... args) {
  LaunchOptions opt;
  opt.spec = KernelSpec{KernelKind::Vector, 0, 0};
  opt.numBlocks = blocks;
  opt.name = name;
  const int rc = asctwin::run(kernel, opt, args...);
  if (rc != 0) return Status(rc, lastErrorMessage());
  return Status::ok();
}

}  // namespace

Status runReduceSum(const ReduceSumTiling& tiling, const void* x, void* acc, void* partials,
                    void* sync, void* out) {
  if (tiling.blockDim == 0 || acc == nullptr || partials == nullptr || sync == nullptr ||
      (tiling.inElems != 0 && x == nullptr) || (tiling.castOut != 0 && out == nullptr))
    return Status(code::kInvalidParam, "ReduceSum launch: null buffer or empty launch");
  return launchNow("ReduceSum", tiling.blockDim, reduce_sum, x, acc, partials, sync, out, tiling);
}

Status runStridedCopy(const StridedCopyTiling& tiling, const void* src, void* dst) {
  if (tiling.blockDim == 0 || src == nullptr || dst == nullptr)
    return Status(code::kInvalidParam, "ReduceSum strided copy launch: null buffer");
  return launchNow("ReduceSum.StridedCopy", tiling.blockDim, strided_copy, src, dst, tiling);
}

}  // namespace asctwin::ops::reduce_sum
