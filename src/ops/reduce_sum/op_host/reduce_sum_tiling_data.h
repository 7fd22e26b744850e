// ReduceSum tiling data: the plain structs the host tiling fills and the
// kernels receive by value, and the constants that define the summation order.
// Only <cstdint>: the kernel sources include it next to kernel_operator.h.
//
// The summation order (public contract, see include/aclnnop/aclnn_reduce_sum.h)
// depends only on the shape of self and on `dim`, never on the block count, the
// UB size or the SoC:
//   - canonical shape: drop extent-1 dimensions, then merge every run of
//     adjacent dimensions that are all reduced or all kept;
//   - "lanes" order (no dimension left, or the last one kept): per output,
//     rows k = 0..R-1 (reduced index tuples in row-major order) are added
//     one after the other; groups are runs of rows;
//   - "rows" order (the last dimension reduced, extent L): per output, W lanes
//     (W = min(4096, max(8, bit_ceil(L)))), element i of a row goes to lane
//     i mod W, lanes are folded by halving at the end of a group; rows are cut
//     into segments of S = 16384 elements; groups are runs of segments;
//   - G groups (groupCount in reduce_sum_tiling.h); group g covers units
//     [floor(g * U / G), floor((g + 1) * U / G)); the group partials are added
//     into the zeroed FP32 accumulator in ascending group order (in
//     deterministic mode; in whatever order blocks finish otherwise).
// Blocks: block b < nG * nO works on output range b / nG (of nO) and on the
// groups of column b % nG (of nG); the blocks of one range take turns in
// column order in deterministic mode.
#pragma once

#include <cstdint>

#include "ops/common/limits.h"
#include "ops/common/tiling_math.h"

namespace asctwin::ops::reduce_sum {

// Element types (tiling keys).
inline constexpr uint32_t kTypeF32 = 0;
inline constexpr uint32_t kTypeF16 = 1;
inline constexpr uint32_t kTypeBf16 = 2;

// Summation orders.
inline constexpr uint32_t kModeLanes = 0;  // last canonical dimension kept (or none left)
inline constexpr uint32_t kModeRows = 1;   // last canonical dimension reduced

// Constants of the summation order (never change them: results would change).
// G is the largest divisor of 240 within the bound, so block counts that
// divide 240 (1..6, 8, 10, 12, 15, 16, 20, 24, 30, 40, ...) and G share the
// groups evenly.
inline constexpr uint32_t kMaxGroups = 240;
inline constexpr uint64_t kMinGroupElements = 16384;  // G <= N / 16384
inline constexpr uint64_t kMinRowsPerGroup = 32;      // lanes order: G <= R / 32
inline constexpr uint64_t kSegmentElements = 16384;   // rows order: S
inline constexpr uint32_t kMaxLanes = 4096;           // rows order: W <= 4096
inline constexpr uint32_t kMinLanes = 8;              // rows order: W >= 8 (one 32-byte block)

// Rows order: W for a last dimension of extent L.
__aicore__ inline constexpr uint32_t ReduceSumLanes(uint64_t rowLength) {
  uint32_t w = kMinLanes;
  while (w < kMaxLanes && w < rowLength) w *= 2;
  return w;
}

// The ReduceSum kernel's tiling (ReduceSum kernel, reduce_sum_kernel.cpp).
//
// Offsets: input element (o, r) of the contiguous input lies at
//   sum_d decode(o over kept dims)_d * keptStride[d]
//   + sum_d decode(r over reduced dims)_d * redStride[d]  (+ lane in lanes order)
// where kept dims are the outer kept dimensions in lanes order (the last
// canonical dimension, the lane dimension, is excluded) and all kept
// dimensions in rows order; reduced dims are all reduced dimensions in lanes
// order and the outer ones in rows order (the last, the row, is excluded).
struct ReduceSumTiling {
  uint32_t mode = kModeLanes;
  uint32_t inType = kTypeF32;
  uint32_t outType = kTypeF32;
  uint32_t deterministic = 0;  // 1: partials added in ascending group order (IBSet/IBWait turns)
  uint32_t castOut = 0;        // 1: cast the FP32 accumulator into `out` (FP16/BF16) at the end
  uint32_t blockDim = 1;       // blocks launched (n)
  uint32_t groupBlocks = 1;    // nG: blocks sharing the groups of one output range
  uint32_t outSplits = 1;      // nO: output ranges; block b < nG * nO works on
                               // output range b / nG, groups of block column b % nG
  uint32_t groups = 1;         // G
  uint32_t keptRank = 0;
  uint32_t redRank = 0;
  uint32_t lanes = kMinLanes;  // rows order: W
  uint32_t tileLen = 0;        // elements per input tile (lanes order: output lanes per chunk)
  uint32_t outBatch = 0;       // rows order: outputs whose partials are written together
  uint32_t moveLen = 0;        // elements per chunk of the zero / combine / cast phases
  uint32_t reserved = 0;
  uint64_t keptExtent[kMaxRank] = {};
  uint64_t keptStride[kMaxRank] = {};
  uint64_t redExtent[kMaxRank] = {};
  uint64_t redStride[kMaxRank] = {};
  uint64_t inElems = 0;     // elements of the contiguous input (N)
  uint64_t inner = 1;       // lanes order: lane extent A; rows order: row length L
  uint64_t outElems = 0;    // outputs
  uint64_t outerCount = 0;  // lanes order: outElems / A; rows order: outElems
  uint64_t rowCount = 0;    // lanes order: R rows per output; rows order: rows Ro per output
  uint64_t units = 0;       // U: lanes order R; rows order Ro * segsPerRow
  uint64_t segLen = kSegmentElements;  // rows order: S
  uint64_t segsPerRow = 0;             // rows order: ceil(L / S)
};

__aicore__ inline constexpr uint32_t ReduceSumTypeBytes(uint32_t type) {
  return type == kTypeF32 ? 4 : 2;
}

// UB buffers of the ReduceSum kernel, in bytes (each a multiple of 32).
struct ReduceSumUbLayout {
  uint32_t inQueue = 0;    // per buffer (2 buffers): tileLen input elements
  uint32_t castBuf = 0;    // tileLen FP32 (FP16/BF16 input only)
  uint32_t partQueue = 0;  // lanes order: tileLen FP32; rows order: outBatch FP32
  uint32_t laneBuf = 0;    // rows order: W FP32
  uint32_t moveBuf = 0;    // moveLen FP32 (zero and combine phases)
  uint32_t castIn = 0;     // moveLen FP32 (cast phase)
  uint32_t castOutQ = 0;   // moveLen FP16/BF16 (cast phase)
  uint32_t syncBuf = 0;    // 32 bytes (the IBSet/IBWait UB operand)
  __aicore__ constexpr uint64_t total() const {
    return 2ull * inQueue + castBuf + partQueue + laneBuf + moveBuf + castIn + castOutQ + syncBuf;
  }
};

__aicore__ inline constexpr ReduceSumUbLayout ReduceSumUb(const ReduceSumTiling& t) {
  ReduceSumUbLayout l;
  l.inQueue = static_cast<uint32_t>(
      AlignUp(static_cast<uint64_t>(t.tileLen) * ReduceSumTypeBytes(t.inType), 32));
  l.castBuf = t.inType == kTypeF32 ? 0 : static_cast<uint32_t>(AlignUp(t.tileLen * 4ull, 32));
  l.partQueue =
      static_cast<uint32_t>(AlignUp((t.mode == kModeLanes ? t.tileLen : t.outBatch) * 4ull, 32));
  l.laneBuf = t.mode == kModeRows ? static_cast<uint32_t>(AlignUp(t.lanes * 4ull, 32)) : 0;
  l.moveBuf = static_cast<uint32_t>(AlignUp(t.moveLen * 4ull, 32));
  l.castIn = t.castOut ? l.moveBuf : 0;
  l.castOutQ = t.castOut ? static_cast<uint32_t>(AlignUp(t.moveLen * 2ull, 32)) : 0;
  l.syncBuf = 32;
  return l;
}

}  // namespace asctwin::ops::reduce_sum
