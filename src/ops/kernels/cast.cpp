#include "ops/kernels/cast.h"

#include <string>
#include <vector>

#include "acl/dtype.h"
#include "ops/common/launch.h"
#include "ops/kernels/cast_kernel.h"
#include "ops/kernels/strided_copy.h"

namespace asctwin::ops::kernels {
namespace {

template <typename S, typename D>
Status runCast(const void* src, void* dst, uint64_t n, bool toBool) {
  const ElementwiseTiling t = elementwiseTiling(n, kElementwiseTile, vectorCoreCount());
  const int rc =
      runVectorKernel("Cast", t.blockDim, castKernel<S, D>, static_cast<const uint8_t*>(src),
                      static_cast<uint8_t*>(dst), t, static_cast<uint32_t>(toBool ? 1 : 0));
  return launchStatus(rc, "Cast");
}

}  // namespace

bool castSupported(aclDataType src, aclDataType dst) {
  if (src == dst) return acl::dataTypeSize(src) > 0;
  if (src == ACL_FLOAT16)
    return dst == ACL_BF16 || dst == ACL_INT8 || dst == ACL_UINT8 || dst == ACL_BOOL ||
           dst == ACL_INT16;
  if (src == ACL_FLOAT) return dst == ACL_INT32 || dst == ACL_INT64 || dst == ACL_DOUBLE;
  return false;
}

Status cast(const void* src, aclDataType srcType, void* dst, aclDataType dstType, uint64_t n) {
  if (!castSupported(srcType, dstType))
    return Status(code::kNnParamInvalid, "Cast: " + acl::dataTypeName(srcType) + " -> " +
                                             acl::dataTypeName(dstType) + " is not supported");
  if (n == 0) return Status::ok();
  if (src == nullptr || dst == nullptr)
    return Status(code::kNnParamNullptr, "Cast: src and dst must not be null");
  if (srcType == dstType) {
    const std::vector<int64_t> dims{static_cast<int64_t>(n)};
    return stridedCopy(View::dense(const_cast<void*>(src), srcType, dims),
                       View::dense(dst, dstType, dims), "Cast");
  }
  if (srcType == ACL_FLOAT16) {
    switch (dstType) {
      case ACL_BF16:
        return runCast<half, bfloat16_t>(src, dst, n, false);
      case ACL_INT8:
        return runCast<half, int8_t>(src, dst, n, false);
      case ACL_UINT8:
        return runCast<half, uint8_t>(src, dst, n, false);
      case ACL_BOOL:
        return runCast<half, uint8_t>(src, dst, n, true);
      default:
        return runCast<half, int16_t>(src, dst, n, false);
    }
  }
  switch (dstType) {
    case ACL_INT32:
      return runCast<float, int32_t>(src, dst, n, false);
    case ACL_INT64:
      return runCast<float, int64_t>(src, dst, n, false);
    default:
      return runCast<float, double>(src, dst, n, false);
  }
}

}  // namespace asctwin::ops::kernels
