#include "ops/kernels/dropout_do_mask.h"

#include "acl/dtype.h"
#include "ops/common/launch.h"
#include "ops/kernels/dropout_do_mask_kernel.h"

namespace asctwin::ops::kernels {
namespace {

constexpr const char* kOp = "DropoutDoMask";

template <typename T>
int run(const ElementwiseTiling& t, const void* x, const void* mask, float scale, void* y) {
  return runVectorKernel(kOp, t.blockDim, dropoutDoMaskKernel<T>, static_cast<const uint8_t*>(x),
                         static_cast<const uint8_t*>(mask), static_cast<uint8_t*>(y), t, scale);
}

}  // namespace

Status dropoutDoMask(aclDataType dtype, const void* x, const void* mask, float keepProb, void* y,
                     uint64_t n) {
  if (n == 0) return Status::ok();
  if (x == nullptr || mask == nullptr || y == nullptr)
    return Status(code::kNnParamNullptr, "DropoutDoMask: x, mask and y must not be null");
  if (!(keepProb > 0.0f && keepProb <= 1.0f))
    return Status(code::kNnParamInvalid, "DropoutDoMask: keep_prob must be within (0, 1]");
  if (dtype != ACL_FLOAT16 && dtype != ACL_FLOAT)
    return Status(
        code::kNnParamInvalid,
        "DropoutDoMask: dtype must be ACL_FLOAT16 or ACL_FLOAT, got " + acl::dataTypeName(dtype));
  const ElementwiseTiling t = elementwiseTiling(n, kElementwiseTile, vectorCoreCount());
  const float scale = 1.0f / keepProb;
  const int rc =
      dtype == ACL_FLOAT16 ? run<half>(t, x, mask, scale, y) : run<float>(t, x, mask, scale, y);
  return launchStatus(rc, kOp);
}

}  // namespace asctwin::ops::kernels
