// Host side of the StridedCopy family: view checks, dimension collapsing,
// the copy's tiling and its synchronous launch.
#include "ops/kernels/strided_copy.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "acl/dtype.h"
#include "ops/common/launch.h"
#include "ops/kernels/strided_copy_kernel.h"

namespace asctwin::ops::kernels {
namespace {

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

Status checkView(const std::string& op, const View& v, const char* what, bool needData = true) {
  if (v.dims.size() > kMaxRank)
    return invalid(op, std::string(what) + " rank must be at most " + std::to_string(kMaxRank) +
                           ", got " + std::to_string(v.dims.size()));
  if (v.strides.size() != v.dims.size())
    return invalid(op, std::string(what) + " needs one stride per dimension");
  if (needData && v.numel() > 0 && v.data == nullptr)
    return Status(code::kNnParamNullptr, op + ": " + what + " has no data");
  return Status::ok();
}

// Slot mode moves one element per 32-byte UB slot with a GM gap of
// (stride - 1) elements between them, a 32-bit byte count of DataCopyPad.
Status checkGap(const std::string& op, int64_t innerStride, size_t elementSize) {
  if (innerStride <= 1) return Status::ok();
  if (static_cast<uint64_t>(innerStride - 1) * elementSize <= UINT32_MAX) return Status::ok();
  return invalid(op, "an innermost stride of " + std::to_string(innerStride) +
                         " elements is too large for the copy engine");
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
  if (!packed) {
    if (Status s = checkGap(op, fillMode ? 1 : a.srcStrides[a.rank - 1], sizeof(T)); !s) return s;
    if (Status s = checkGap(op, a.dstStrides[a.rank - 1], sizeof(T)); !s) return s;
  }
  a.tile = packed ? kPackedTileBytes / sizeof(T) : kSlotTileElements;
  uint64_t rows = 1;
  for (uint32_t k = 0; k + 1 < a.rank; ++k) rows *= static_cast<uint64_t>(a.dims[k]);
  const uint64_t rowLen = static_cast<uint64_t>(a.dims[a.rank - 1]);
  const uint64_t items = rows * ((rowLen + a.tile - 1) / a.tile);
  const uint64_t byWork = (dst.numel() + 16383) / 16384;
  const auto blocks = static_cast<uint32_t>(std::min<uint64_t>({vectorCoreCount(), items, byWork}));
  const int rc = runVectorKernel(op.c_str(), blocks, stridedCopyKernel<T>,
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

Status checkCopy(const std::string& op, const View& src, const View& dst, bool needData) {
  if (Status s = checkView(op, src, "src", needData); !s) return s;
  if (Status s = checkView(op, dst, "dst", needData); !s) return s;
  if (src.dims != dst.dims) return invalid(op, "src and dst shapes differ");
  if (src.elementSize() != dst.elementSize())
    return invalid(op, "src and dst element sizes differ");
  if (dst.numel() == 0) return Status::ok();
  if (writesOverlap(dst))
    return invalid(op, "dst has a stride 0 over a dimension above 1 (overlapping writes)");
  return Status::ok();
}

}  // namespace

Status checkStridedCopy(const View& src, const View& dst, const char* opName) {
  const std::string op = opName;
  if (Status s = checkCopy(op, src, dst, false); !s) return s;
  if (dst.numel() == 0) return Status::ok();
  StridedCopyArgs a;
  collapse(src, dst, &a);
  if (a.srcStrides[a.rank - 1] == 1 && a.dstStrides[a.rank - 1] == 1) return Status::ok();
  if (Status s = checkGap(op, a.srcStrides[a.rank - 1], src.elementSize()); !s) return s;
  return checkGap(op, a.dstStrides[a.rank - 1], dst.elementSize());
}

Status stridedCopy(const View& src, const View& dst, const char* opName) {
  const std::string op = opName;
  if (Status s = checkCopy(op, src, dst, true); !s) return s;
  if (dst.numel() == 0) return Status::ok();
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

}  // namespace asctwin::ops::kernels
