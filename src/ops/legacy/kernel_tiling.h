// Tiling shared by the legacy operators' kernels and their host wrappers:
// elementwise work split into per-core ranges (multiples of 256 elements, so
// that packed-mask bytes of different cores never straddle) and strided-copy
// arguments. Plain structs passed to the kernels by value.
#pragma once

#include <cstdint>

namespace asctwin::ops::legacy {

inline constexpr uint32_t kMaxKernelRank = 8;

struct ElementwiseTiling {
  uint64_t total = 0;    // elements
  uint64_t perCore = 0;  // elements per core, a multiple of 256 (the last core may get fewer)
  uint32_t tile = 0;     // elements per UB tile, a multiple of 256
  uint32_t blockDim = 1;
};

// blockDim = min(cores, ceil(total / tile)), perCore = align_up(ceil(total / blockDim), 256),
// then blockDim = ceil(total / perCore) so that no core is idle.
constexpr ElementwiseTiling elementwiseTiling(uint64_t total, uint32_t tile, uint32_t cores) {
  ElementwiseTiling t;
  t.total = total;
  t.tile = tile;
  if (total == 0) return t;
  uint64_t blocks = (total + tile - 1) / tile;
  if (blocks > cores) blocks = cores;
  if (blocks == 0) blocks = 1;
  const uint64_t per = (total + blocks - 1) / blocks;
  t.perCore = (per + 255) / 256 * 256;
  t.blockDim = static_cast<uint32_t>((total + t.perCore - 1) / t.perCore);
  return t;
}

// A strided copy after dimension collapsing: rank >= 1, dims > 0. The work is
// rows (all dimensions but the last) x chunks of `tile` elements of the last
// dimension; blocks take contiguous ranges of these items.
struct StridedCopyArgs {
  uint32_t rank = 1;
  uint32_t fillMode = 0;  // 1: write fillBits instead of reading the source
  int64_t dims[kMaxKernelRank] = {};
  int64_t srcStrides[kMaxKernelRank] = {};
  int64_t dstStrides[kMaxKernelRank] = {};
  int64_t srcOffset = 0;
  int64_t dstOffset = 0;
  uint64_t srcStorage = 0;  // elements the source storage holds
  uint64_t dstStorage = 0;
  uint64_t tile = 0;
  uint64_t fillBits = 0;
};

}  // namespace asctwin::ops::legacy
