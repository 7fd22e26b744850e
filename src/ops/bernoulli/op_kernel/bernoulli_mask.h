// BernoulliMask op_kernel: expands a packed DSA mask (bit i = bit i % 8 of
// byte i / 8) into 0/1 elements of the output dtype (design 3.4).
#pragma once

#include <cstdint>

#include "common/status.h"
#include "ops/bernoulli/op_host/bernoulli_tiling_data.h"

namespace asctwin::ops::bernoulli {

// The Ascend C kernel (bernoulli_mask_kernel.cpp): one entry, dispatching on
// tiling.tilingKey to the per-dtype instantiation. Launch it with
// tiling.blockDim vector blocks, all resident (it uses SyncAll when
// tiling.maskAliasesOut).
void bernoulli_mask(uint8_t* mask, uint8_t* out, BernoulliMaskTiling tiling);

// Runs the BernoulliMask kernel now (call it from inside a stream task): expands the packed
// mask at `mask` (device memory, 16*ceil(N/128) bytes, bit i = bit i%8 of byte i/8) into N
// elements of the tiling's dtype at `out` (device memory). When tiling.maskAliasesOut, mask == out
// (the mask occupies the first bytes of out) and the kernel works in high-to-low waves.
// Launched with tiling.blockDim blocks, all resident. Returns the kernel's error if any.
// A tiling that computeBernoulliMaskTiling() would not produce, null pointers,
// aliased mode with mask != out, or overlapping mask and out in non-aliased
// mode give ACL_ERROR_INVALID_PARAM (code::kInvalidParam) without a launch.
Status runBernoulliMask(const BernoulliMaskTiling& tiling, const void* mask, void* out);

}  // namespace asctwin::ops::bernoulli
