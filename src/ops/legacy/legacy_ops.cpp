// Host side of the legacy operators: tiling, dimension collapsing and the
// synchronous kernel launches.
#include "ops/legacy/legacy_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "acl/dtype.h"
#include "acl/tensor.h"
#include "common/error_message.h"
#include "device/soc.h"
#include "ops/legacy/elementwise_kernels.h"
#include "ops/legacy/strided_copy_kernel.h"

namespace asctwin::ops::legacy {
namespace {

constexpr uint32_t kElementwiseTile = 8192;  // elements per UB tile (multiple of 256)

uint32_t vectorCores() {
  return std::max<uint32_t>(1, device::currentSoc().aivCores);
}

LaunchOptions vectorLaunch(const char* name, uint32_t blocks) {
  LaunchOptions o;
  o.spec = KernelSpec{KernelKind::Vector, 0, 0};
  o.numBlocks = std::max<uint32_t>(1, blocks);
  o.name = name;
  return o;
}

Status invalid(const std::string& op, const std::string& msg) {
  return Status(code::kNnParamInvalid, op + ": " + msg);
}

// Collapses the common shape of two views: drops extent-1 dimensions and
// merges neighbours that are contiguous in both. Rank 0 (or all ones) becomes
// [1] with strides [1].
void collapse(const View& src, const View& dst, StridedCopyArgs* a) {
  std::vector<int64_t> dims, ss, ds;
  for (size_t i = 0; i < dst.dims.size(); ++i) {
    if (dst.dims[i] == 1) continue;
    dims.push_back(dst.dims[i]);
    ss.push_back(src.strides[i]);
    ds.push_back(dst.strides[i]);
  }
  if (dims.empty()) {
    dims = {1};
    ss = {1};
    ds = {1};
  }
  std::vector<int64_t> md{dims[0]}, ms{ss[0]}, mdst{ds[0]};
  for (size_t i = 1; i < dims.size(); ++i) {
    if (ms.back() == ss[i] * dims[i] && mdst.back() == ds[i] * dims[i]) {
      md.back() *= dims[i];
      ms.back() = ss[i];
      mdst.back() = ds[i];
    } else {
      md.push_back(dims[i]);
      ms.push_back(ss[i]);
      mdst.push_back(ds[i]);
    }
  }
  a->rank = static_cast<uint32_t>(md.size());
  for (size_t i = 0; i < md.size(); ++i) {
    a->dims[i] = md[i];
    a->srcStrides[i] = ms[i];
    a->dstStrides[i] = mdst[i];
  }
}

// Several elements of the view land on one location (a stride 0 over an
// extent above 1).
bool writesOverlap(const View& v) {
  for (size_t i = 0; i < v.dims.size(); ++i)
    if (v.dims[i] > 1 && v.strides[i] == 0) return true;
  return false;
}

Status checkView(const std::string& op, const View& v, const char* what) {
  if (v.dims.size() > kMaxViewRank)
    return invalid(
        op, std::string(what) + " rank must be at most 8, got " + std::to_string(v.dims.size()));
  if (v.strides.size() != v.dims.size())
    return invalid(op, std::string(what) + " needs one stride per dimension");
  if (v.numel() > 0 && v.data == nullptr)
    return Status(code::kNnParamNullptr, op + ": " + what + " has no data");
  return Status::ok();
}

template <typename T>
Status runStridedCopy(const std::string& op, const View& src, const View& dst, bool fillMode,
                      uint64_t fillBits) {
  StridedCopyArgs a;
  collapse(fillMode ? dst : src, dst, &a);
  a.fillMode = fillMode ? 1 : 0;
  a.fillBits = fillBits;
  a.srcOffset = fillMode ? 0 : src.offset;
  a.dstOffset = dst.offset;
  a.srcStorage = fillMode ? 0 : src.storageElements;
  a.dstStorage = dst.storageElements;
  const bool packed = !fillMode && a.srcStrides[a.rank - 1] == 1 && a.dstStrides[a.rank - 1] == 1;
  a.tile = packed ? kPackedTileBytes / sizeof(T) : kSlotTileElements;
  uint64_t rows = 1;
  for (uint32_t k = 0; k + 1 < a.rank; ++k) rows *= static_cast<uint64_t>(a.dims[k]);
  const uint64_t rowLen = static_cast<uint64_t>(a.dims[a.rank - 1]);
  const uint64_t items = rows * ((rowLen + a.tile - 1) / a.tile);
  const uint64_t byWork = (dst.numel() + 16383) / 16384;
  const auto blocks = static_cast<uint32_t>(std::min<uint64_t>({vectorCores(), items, byWork}));
  const int rc = asctwin::run(stridedCopyKernel<T>, vectorLaunch(op.c_str(), blocks),
                              static_cast<uint8_t*>(fillMode ? nullptr : src.data),
                              static_cast<uint8_t*>(dst.data), a);
  return launchStatus(rc, op);
}

Status stridedCopyBytes(const std::string& op, const View& src, const View& dst, bool fillMode,
                        uint64_t fillBits) {
  switch (dst.elementSize()) {
    case 1:
      return runStridedCopy<uint8_t>(op, src, dst, fillMode, fillBits);
    case 2:
      return runStridedCopy<int16_t>(op, src, dst, fillMode, fillBits);
    case 4:
      return runStridedCopy<int32_t>(op, src, dst, fillMode, fillBits);
    case 8:
      return runStridedCopy<int64_t>(op, src, dst, fillMode, fillBits);
    default:
      return invalid(op, "unsupported element size " + std::to_string(dst.elementSize()));
  }
}

template <typename S, typename D>
Status runCast(const void* src, void* dst, uint64_t n, bool toBool) {
  const ElementwiseTiling t = elementwiseTiling(n, kElementwiseTile, vectorCores());
  const int rc = asctwin::run(castKernel<S, D>, vectorLaunch("Cast", t.blockDim),
                              static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst), t,
                              static_cast<uint32_t>(toBool ? 1 : 0));
  return launchStatus(rc, "Cast");
}

}  // namespace

uint64_t View::numel() const {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

size_t View::elementSize() const {
  return acl::dataTypeSize(dtype);
}

bool View::rowMajorContiguous() const {
  if (numel() == 0) return true;
  const std::vector<int64_t> dense = acl::rowMajorStrides(dims);
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != 1 && strides[i] != dense[i]) return false;
  return true;
}

View View::of(const aclTensor& t) {
  View v;
  v.dtype = t.dataType;
  v.data = t.data;
  v.storageElements = static_cast<uint64_t>(t.storageNumel());
  v.offset = t.offset;
  v.dims = t.viewDims;
  v.strides = t.strides;
  return v;
}

View View::dense(void* data, aclDataType dtype, const std::vector<int64_t>& dims) {
  View v;
  v.dtype = dtype;
  v.data = data;
  v.dims = dims;
  v.strides = acl::rowMajorStrides(dims);
  v.storageElements = v.numel();
  return v;
}

uint64_t valueBits(aclDataType dtype, double value) {
  uint64_t bits = 0;
  switch (dtype) {
    case ACL_FLOAT16:
      return acl::floatToHalf(static_cast<float>(value));
    case ACL_BF16:
      return acl::floatToBf16(static_cast<float>(value));
    case ACL_FLOAT: {
      const auto f = static_cast<float>(value);
      std::memcpy(&bits, &f, 4);
      return bits;
    }
    case ACL_DOUBLE:
      std::memcpy(&bits, &value, 8);
      return bits;
    case ACL_BOOL:
      return value != 0.0 ? 1 : 0;
    default: {
      const auto i = static_cast<int64_t>(value);
      std::memcpy(&bits, &i, 8);
      const size_t size = acl::dataTypeSize(dtype);
      return size >= 8 ? bits : bits & ((uint64_t{1} << (8 * size)) - 1);
    }
  }
}

Status fill(const View& dst, double value, const char* opName) {
  const std::string op = opName;
  if (Status s = checkView(op, dst, "dst"); !s) return s;
  if (dst.numel() == 0) return Status::ok();
  if (writesOverlap(dst))
    return invalid(op, "dst has a stride 0 over a dimension above 1 (overlapping writes)");
  return stridedCopyBytes(op, dst, dst, true, valueBits(dst.dtype, value));
}

Status zerosLike(const View& dst) {
  return fill(dst, 0.0, "ZerosLike");
}

Status onesLike(const View& dst) {
  return fill(dst, 1.0, "OnesLike");
}

Status dropoutDoMask(aclDataType dtype, const void* x, const void* mask, float keepProb, void* y,
                     uint64_t n) {
  if (n == 0) return Status::ok();
  if (x == nullptr || mask == nullptr || y == nullptr)
    return Status(code::kNnParamNullptr, "DropoutDoMask: x, mask and y must not be null");
  if (!(keepProb > 0.0f && keepProb <= 1.0f))
    return invalid("DropoutDoMask", "keep_prob must be within (0, 1]");
  const ElementwiseTiling t = elementwiseTiling(n, kElementwiseTile, vectorCores());
  const float scale = 1.0f / keepProb;
  int rc = 0;
  if (dtype == ACL_FLOAT16) {
    rc = asctwin::run(dropoutDoMaskKernel<half>, vectorLaunch("DropoutDoMask", t.blockDim),
                      static_cast<const uint8_t*>(x), static_cast<const uint8_t*>(mask),
                      static_cast<uint8_t*>(y), t, scale);
  } else if (dtype == ACL_FLOAT) {
    rc = asctwin::run(dropoutDoMaskKernel<float>, vectorLaunch("DropoutDoMask", t.blockDim),
                      static_cast<const uint8_t*>(x), static_cast<const uint8_t*>(mask),
                      static_cast<uint8_t*>(y), t, scale);
  } else {
    return invalid("DropoutDoMask",
                   "dtype must be ACL_FLOAT16 or ACL_FLOAT, got " + acl::dataTypeName(dtype));
  }
  return launchStatus(rc, "DropoutDoMask");
}

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
    return invalid("Cast", acl::dataTypeName(srcType) + " -> " + acl::dataTypeName(dstType) +
                               " is not supported");
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

Status stridedCopy(const View& src, const View& dst, const char* opName) {
  const std::string op = opName;
  if (Status s = checkView(op, src, "src"); !s) return s;
  if (Status s = checkView(op, dst, "dst"); !s) return s;
  if (src.dims != dst.dims) return invalid(op, "src and dst shapes differ");
  if (src.elementSize() != dst.elementSize())
    return invalid(op, "src and dst element sizes differ");
  if (dst.numel() == 0) return Status::ok();
  if (writesOverlap(dst))
    return invalid(op, "dst has a stride 0 over a dimension above 1 (overlapping writes)");
  return stridedCopyBytes(op, src, dst, false, 0);
}

Status viewCopy(const void* src, const View& dst) {
  View d = dst;
  if (d.dtype == ACL_DOUBLE) d.dtype = ACL_INT64;  // the INT64 bit-view of design §3.2.3
  const View s = View::dense(const_cast<void*>(src), d.dtype, d.dims);
  return stridedCopy(s, d, "ViewCopy");
}

Status contiguous(const View& src, void* dst) {
  View s = src;
  if (s.dtype == ACL_DOUBLE) s.dtype = ACL_INT64;
  const View d = View::dense(dst, s.dtype, s.dims);
  return stridedCopy(s, d, "Contiguous");
}

aclDataType legacyComputeType(aclDataType outType) {
  switch (outType) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_DOUBLE:
      return ACL_FLOAT;
    default:
      return ACL_FLOAT16;
  }
}

Status launchStatus(int rc, const std::string& what) {
  if (rc == 0) return Status::ok();
  const char* msg = lastErrorMessage();
  return Status(rc, what + ": " + (msg != nullptr ? msg : "kernel failed"));
}

}  // namespace asctwin::ops::legacy
