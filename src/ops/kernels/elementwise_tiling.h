// The split of element-wise work shared by the element-wise kernels
// (DropoutDoMask, Cast) and their host wrappers: per-core ranges that are
// multiples of 256 elements (so that packed-mask bytes of different cores
// never straddle), walked in UB tiles. A plain struct passed by value.
#pragma once

#include <cstdint>

namespace asctwin::ops::kernels {

inline constexpr uint32_t kElementwiseTile = 8192;  // elements per UB tile (multiple of 256)

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

}  // namespace asctwin::ops::kernels
