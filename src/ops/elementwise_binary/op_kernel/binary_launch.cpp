// Host side of the binary op_kernel: launches the kernel on the kernel twin
// (from inside a stream task) and returns its error.
#include "ops/common/launch.h"
#include "ops/elementwise_binary/op_kernel/binary_kernel.h"

namespace asctwin::ops::binary {

Status runBinary(const BinaryTiling& tiling, const void* self, const void* other, void* out) {
  if (tiling.blockDim == 0 || self == nullptr || other == nullptr || out == nullptr)
    return Status(code::kInvalidParam, "elementwise binary launch: null buffer or empty launch");
  return launchStatus(runVectorKernel(tiling.op == kOpAdd ? "Add" : "Mul", tiling.blockDim,
                                      elementwise_binary, self, other, out, tiling));
}

}  // namespace asctwin::ops::binary
