// The small operators of CANN 8.5.0's legacy Bernoulli chain (design §1.4):
//
//   Contiguous(self) -> DSAGenBitMask -> Fill(ones) -> DropoutDoMask
//     -> Cast(target dtype) -> ViewCopy(out)
//
// plus ZerosLike/OnesLike (the prob 0/1 fast paths). Each is an Ascend C
// kernel on the kernel twin (op_kernel-style sources in this directory) with a
// host wrapper here that computes its tiling and runs it at once on the
// calling thread (call them from inside a stream task; DSAGenBitMask is the
// DSA device task of src/dsa). Errors come back as a Status carrying the
// kernel's aclError code and message.
//
// Views are element-strided views on device memory, as aclTensor describes
// them; every kernel declares the whole storage to the twin (GlobalTensor
// sizes), so an access outside it is a reported error, never an overrun.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "common/status.h"

struct aclTensor;

namespace asctwin::ops::legacy {

inline constexpr size_t kMaxViewRank = 8;

// A strided view: element strides (>= 0), element offset, and the storage
// it lives in (elements, for bounds).
struct View {
  aclDataType dtype = ACL_FLOAT;
  void* data = nullptr;
  uint64_t storageElements = 0;
  int64_t offset = 0;
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;

  uint64_t numel() const;
  size_t elementSize() const;
  // Strides are the row-major dense ones (dimensions of extent 1 may have any
  // stride). Says nothing about the offset.
  bool rowMajorContiguous() const;

  // The view an aclTensor describes.
  static View of(const aclTensor& t);
  // A dense row-major view of `dims` starting at `data` (offset 0, storage =
  // exactly the view).
  static View dense(void* data, aclDataType dtype, const std::vector<int64_t>& dims);
};

// Raw bit pattern of `value` in `dtype` (floats rounded to nearest even,
// integers and BOOL by value); used for Fill. Integers take (int64_t)value.
uint64_t valueBits(aclDataType dtype, double value);

// Fill: every element of the view becomes `value` (any rank <= 8, any
// strides; several elements may share a location only if they get the same
// value, which they do). ZerosLike/OnesLike are fill(view, 0) / fill(view, 1).
Status fill(const View& dst, double value, const char* opName = "Fill");
Status zerosLike(const View& dst);
Status onesLike(const View& dst);

// DropoutDoMask: y[i] = bit_i(mask) ? x[i] / keepProb : 0 for i in [0, n), in
// `dtype` (ACL_FLOAT16 or ACL_FLOAT); x and y dense, and y may be x (in place).
// mask is the packed DSA mask (bit i = bit i % 8 of byte i / 8).
Status dropoutDoMask(aclDataType dtype, const void* x, const void* mask, float keepProb, void* y,
                     uint64_t n);

// Cast of n dense elements. Supported (src -> dst): FP16 -> BF16, INT8,
// UINT8, BOOL, INT16; FP32 -> INT32, INT64, FP64; and any dtype to itself (a
// copy). Float -> integer truncates toward zero (and saturates); BOOL is
// value != 0. FP32 -> FP64 is exact and done by the kernel's scalar unit (as
// on hardware, where FP64 vector support is missing and the conversion slow).
bool castSupported(aclDataType src, aclDataType dst);
Status cast(const void* src, aclDataType srcType, void* dst, aclDataType dstType, uint64_t n);

// Copies the elements of `src` into `dst` in row-major order of their common
// shape (same element width). Bit patterns are moved, never converted.
Status stridedCopy(const View& src, const View& dst, const char* opName = "StridedCopy");
// ViewCopy: a dense row-major source of dst's shape into the view `dst`.
// FP64 moves through an INT64 bit-view of both sides (design §3.2.3).
Status viewCopy(const void* src, const View& dst);
// Contiguous: the view `src` into a dense row-major buffer at `dst`.
Status contiguous(const View& src, void* dst);

// The compute dtype of the legacy chain for an output dtype: FP16 for FP16,
// BF16, INT8, UINT8, BOOL and INT16; FP32 for FP32, INT32, INT64 and FP64.
aclDataType legacyComputeType(aclDataType outType);

// Turns the result of asctwin::run (0 or an aclError code with the message in
// the thread's recent error) into a Status prefixed with `what`.
Status launchStatus(int rc, const std::string& what);

}  // namespace asctwin::ops::legacy
