// BernoulliMask op_host: the tiling of design 3.3 (tile size, block split,
// tiling key) from the output dtype, the element count and the SoC.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/status.h"
#include "device/soc.h"
#include "ops/bernoulli/op_host/bernoulli_tiling_data.h"

namespace asctwin::ops::bernoulli {

// Fills *out for `n` output elements of `dtype` (FP16, FP32, FP64, BF16,
// UINT8, BOOL, INT8, INT16, INT32, INT64):
//   bytesPerElement = B + 5 (B output, 4 work, 1 mask, conservatively)
//   tileElements    = min(alignDown((UB - 8 KiB) / bytesPerElement, 256), 16384)
//   blockDim        = min(aivCores, ceil(N / tileElements))
//   elementsPerCore = alignUp(ceil(N / blockDim), 256)
//   blockDim        = ceil(N / elementsPerCore)
// UB and the AIV core count come from `soc`. Rejects (ACLNN_ERR_PARAM_INVALID,
// code::kNnParamInvalid, message naming the rule): an unsupported dtype;
// N == 0; N * B overflowing 64 bits; no AIV core; UB <= 8 KiB or too small for
// one 256-element tile; maskAliasesOut with an output smaller than the mask
// (N * B < 16 * ceil(N / 128)). A null `out` gives ACLNN_ERR_PARAM_NULLPTR.
Status computeBernoulliMaskTiling(aclDataType dtype, uint64_t n, bool maskAliasesOut,
                                  const device::SocSpec& soc, BernoulliMaskTiling* out);

// The tiling key and element bytes of an output dtype; false when unsupported.
bool bernoulliMaskKeyOf(aclDataType dtype, uint32_t* tilingKey, uint32_t* elementBytes);

// The UB the kernel carves for a tiling (design 3.4.3, single buffered):
//   maskQueue = alignUp(ceil(tile / 8), 32)
//   outQueue  = alignUp(tile * B, 32)
//   workBuf   = alignUp(tile * 4, 32) (FP64: at least 32 + 12 * 256 bytes)
struct BernoulliMaskUbBudget {
  uint32_t maskQueue = 0;
  uint32_t outQueue = 0;
  uint32_t workBuf = 0;
  uint32_t total = 0;
};
BernoulliMaskUbBudget bernoulliMaskUbBudget(const BernoulliMaskTiling& tiling);

}  // namespace asctwin::ops::bernoulli
