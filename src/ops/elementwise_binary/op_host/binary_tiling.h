// Tiling of the element-wise binary operators (aclnnAdd, aclnnMul): the
// broadcast output shape, the element strides of each operand over it (0
// along broadcast dimensions), the element types, the compute type they are
// promoted to, alpha, and the split of the output elements over the blocks.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "common/status.h"
#include "ops/common/limits.h"

namespace asctwin::ops::binary {

enum BinaryOp : uint32_t { kOpAdd = 0, kOpMul = 1 };

// How the kernel computes: in float (FP16/BF16/FP32 operands), double (FP64),
// int64 (integer types, wrapping as the hardware's integer units do) or bool.
enum ComputeKind : uint32_t {
  kComputeFloat = 0,
  kComputeDouble = 1,
  kComputeInt = 2,
  kComputeBool = 3
};

struct BinaryTiling {
  uint32_t op = kOpAdd;
  uint32_t rank = 0;
  int64_t dims[kMaxRank] = {};
  int64_t selfStride[kMaxRank] = {};
  int64_t otherStride[kMaxRank] = {};
  int64_t outStride[kMaxRank] = {};
  int64_t selfOffset = 0;
  int64_t otherOffset = 0;
  int64_t outOffset = 0;
  uint64_t selfElems = 0;  // storage elements (the GM extent the kernel declares)
  uint64_t otherElems = 0;
  uint64_t outElems = 0;
  int32_t selfType = ACL_FLOAT;
  int32_t otherType = ACL_FLOAT;
  int32_t outType = ACL_FLOAT;
  uint32_t compute = kComputeFloat;
  double alphaFloat = 1.0;  // alpha for float/double compute
  int64_t alphaInt = 1;     // alpha for integer compute
  uint64_t total = 0;       // output elements
  uint32_t blockDim = 1;
};

// The element type self and other promote to (CANN's promotion table:
// bool < integers < floating; FP16 with BF16 gives FP32; UINT8 with INT8
// gives INT16; otherwise the wider type of the same category). ACL_DT_UNDEFINED
// when no promotion exists (e.g. a complex or string operand).
int promoteTypes(int a, int b);
// A value of type `from` may be written into an out of type `to`: not
// floating into integer/bool, not non-bool into bool.
bool canCastTo(int from, int to);
// The broadcast of two shapes (numpy rules); false when they do not broadcast.
bool broadcastShapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                     std::vector<int64_t>* out);

// Blocks for `total` output elements on a SoC with `aivCores` vector cores.
uint32_t binaryBlockDim(uint64_t total, uint32_t aivCores);

}  // namespace asctwin::ops::binary
