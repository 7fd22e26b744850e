#include "ops/bernoulli/op_host/bernoulli_tiling.h"

#include <algorithm>
#include <string>

#include "acl/dtype.h"

namespace asctwin::ops::bernoulli {
namespace {

Status reject(const std::string& message) {
  return Status(code::kNnParamInvalid, "BernoulliMask tiling: " + message);
}

}  // namespace

bool bernoulliMaskKeyOf(aclDataType dtype, uint32_t* tilingKey, uint32_t* elementBytes) {
  uint32_t key = 0;
  uint32_t bytes = 0;
  switch (dtype) {
    case ACL_FLOAT16:
      key = kKeyFp16;
      bytes = 2;
      break;
    case ACL_FLOAT:
      key = kKeyFp32;
      bytes = 4;
      break;
    case ACL_DOUBLE:
      key = kKeyFp64;
      bytes = 8;
      break;
    case ACL_UINT8:
    case ACL_BOOL:
      key = kKeyUint8;
      bytes = 1;
      break;
    case ACL_INT8:
      key = kKeyInt8;
      bytes = 1;
      break;
    case ACL_INT16:
      key = kKeyInt16;
      bytes = 2;
      break;
    case ACL_INT32:
      key = kKeyInt32;
      bytes = 4;
      break;
    case ACL_INT64:
      key = kKeyInt64;
      bytes = 8;
      break;
    case ACL_BF16:
      key = kKeyBf16;
      bytes = 2;
      break;
    default:
      return false;
  }
  if (tilingKey != nullptr) *tilingKey = key;
  if (elementBytes != nullptr) *elementBytes = bytes;
  return true;
}

BernoulliMaskUbBudget bernoulliMaskUbBudget(const BernoulliMaskTiling& tiling) {
  BernoulliMaskUbBudget b;
  b.maskQueue = BernoulliMaskQueueBytes(tiling.tileElements);
  b.outQueue = BernoulliOutQueueBytes(tiling.tileElements, tiling.elementBytes);
  b.workBuf = BernoulliWorkBufBytes(tiling.tileElements, tiling.tilingKey);
  b.total = b.maskQueue + b.outQueue + b.workBuf;
  return b;
}

Status computeBernoulliMaskTiling(aclDataType dtype, uint64_t n, bool maskAliasesOut,
                                  const device::SocSpec& soc, BernoulliMaskTiling* out) {
  if (out == nullptr)
    return Status(code::kNnParamNullptr, "BernoulliMask tiling: the output tiling is null");
  BernoulliMaskTiling t;
  if (!bernoulliMaskKeyOf(dtype, &t.tilingKey, &t.elementBytes))
    return reject("dtype " + acl::dataTypeName(dtype) +
                  " is not supported (FP16, FP32, FP64, BF16, UINT8, BOOL, INT8, INT16, INT32, "
                  "INT64)");
  const uint64_t b = t.elementBytes;
  if (n == 0)
    return reject("the element count must be positive, got 0 (an empty tensor launches no kernel)");
  if (n > UINT64_MAX / 8)
    return reject("the element count " + std::to_string(n) + " times " + std::to_string(b) +
                  " bytes overflows 64 bits");
  if (soc.aivCores == 0) return reject("the SoC " + soc.name + " has no AIV core");
  if (soc.ubBytes <= kUbReserveBytes)
    return reject("UB of " + std::to_string(soc.ubBytes) + " bytes must exceed the " +
                  std::to_string(kUbReserveBytes) + "-byte reserve");
  const uint64_t bytesPerElement = b + 5;
  const uint64_t fit = (soc.ubBytes - kUbReserveBytes) / bytesPerElement;
  uint64_t tile = std::min<uint64_t>(fit / kElementAlign * kElementAlign, kMaxTileElements);
  if (tile < kElementAlign)
    return reject("UB of " + std::to_string(soc.ubBytes) +
                  " bytes is too small for one 256-element tile: (UB - 8192) / (B + 5) = " +
                  std::to_string(fit) + " elements for B = " + std::to_string(b));
  // FP64's work buffer has a floor (its gather tables for one 256-element
  // step, kFp64MinWorkBytes), which the B + 5 rule does not see below
  // 1024-element tiles: shrink the tile until the buffers leave the reserve
  // free (Select's scalar temporary and the other APIs' TMP_UB_SIZE area
  // live there).
  const uint64_t avail = soc.ubBytes - kUbReserveBytes;
  auto budgetOf = [&](uint64_t elements) {
    return uint64_t{BernoulliMaskQueueBytes(static_cast<uint32_t>(elements))} +
           BernoulliOutQueueBytes(static_cast<uint32_t>(elements), static_cast<uint32_t>(b)) +
           BernoulliWorkBufBytes(static_cast<uint32_t>(elements), t.tilingKey);
  };
  while (tile > kElementAlign && budgetOf(tile) > avail) tile -= kElementAlign;
  if (budgetOf(tile) > avail)
    return reject("UB of " + std::to_string(soc.ubBytes) + " bytes is too small for one " +
                  std::to_string(kElementAlign) + "-element tile of " + acl::dataTypeName(dtype) +
                  ": its buffers need " + std::to_string(budgetOf(tile)) + " bytes besides the " +
                  std::to_string(kUbReserveBytes) + "-byte reserve");
  const uint64_t maskBytes = BernoulliMaskBytes(n);
  if (maskAliasesOut && n * b < maskBytes)
    return reject("the mask cannot alias the output: N * B = " + std::to_string(n * b) +
                  " bytes < mask bytes 16 * ceil(N / 128) = " + std::to_string(maskBytes));
  t.totalElements = n;
  t.tileElements = static_cast<uint32_t>(tile);
  t.maskAliasesOut = maskAliasesOut ? 1u : 0u;
  const uint64_t blocks = std::min<uint64_t>(soc.aivCores, CeilDiv(n, tile));
  t.elementsPerCore = AlignUp(CeilDiv(n, blocks), kElementAlign);
  t.blockDim = static_cast<uint32_t>(CeilDiv(n, t.elementsPerCore));
  const BernoulliMaskUbBudget budget = bernoulliMaskUbBudget(t);
  if (budget.total > avail)  // guaranteed by the loop above; kept as the invariant
    return reject("the UB budget of " + std::to_string(budget.total) + " bytes exceeds UB of " +
                  std::to_string(soc.ubBytes) + " bytes less the " +
                  std::to_string(kUbReserveBytes) + "-byte reserve");
  *out = t;
  return Status::ok();
}

}  // namespace asctwin::ops::bernoulli
