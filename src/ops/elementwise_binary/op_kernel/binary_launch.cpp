// Host side of the binary op_kernel: launches the kernel on the kernel twin
// (from inside a stream task) and returns its error.
#include "asctwin/kernel/launch.h"
#include "common/error_message.h"
#include "ops/elementwise_binary/op_kernel/binary_kernel.h"

namespace asctwin::ops::binary {

Status runBinary(const BinaryTiling& tiling, const void* self, const void* other, void* out) {
  if (tiling.blockDim == 0 || self == nullptr || other == nullptr || out == nullptr)
    return Status(code::kInvalidParam, "elementwise binary launch: null buffer or empty launch");
  LaunchOptions opt;
  opt.spec = KernelSpec{KernelKind::Vector, 0, 0};
  opt.numBlocks = tiling.blockDim;
  opt.name = tiling.op == kOpAdd ? "Add" : "Mul";
  auto* s = static_cast<uint8_t*>(const_cast<void*>(self));
  auto* o = static_cast<uint8_t*>(const_cast<void*>(other));
  const int rc = asctwin::run(elementwise_binary, opt, s, o, static_cast<uint8_t*>(out), tiling);
  if (rc != 0) return Status(rc, lastErrorMessage());
  return Status::ok();
}

}  // namespace asctwin::ops::binary
