// BernoulliMask tiling data: the plain struct the host tiling fills and the
// kernel receives by value, and the formulas both sides must agree on (UB
// budget, aliased wave starts). Only <cstdint>: the kernel source includes it
// next to kernel_operator.h, so it must compile for the device as well.
#pragma once

#include <cstdint>

#include "ops/common/tiling_math.h"

namespace asctwin::ops::bernoulli {

struct BernoulliMaskTiling {
  uint64_t totalElements = 0;    // N
  uint64_t elementsPerCore = 0;  // alignUp(ceil(N / blockDim), 256), blockDim recomputed from it
  uint32_t tileElements = 0;     // min(alignDown((UB - 8 KiB) / (B + 5), 256), 16384)
  uint32_t maskAliasesOut = 0;   // 1: the mask sits in the first bytes of out (high-to-low waves)
  uint32_t blockDim = 0;         // min(aivCores, ceil(N / tile)), recomputed = ceil(N / epc)
  uint32_t tilingKey = 0;        // 1 FP16, 2 FP32, 3 FP64, 4 UINT8/BOOL, 5 INT8, 6 INT16, 7 INT32,
                                 // 8 INT64, 9 BF16
  uint32_t elementBytes = 0;     // B
};

// Tiling keys (design 3.3.3).
inline constexpr uint32_t kKeyFp16 = 1;
inline constexpr uint32_t kKeyFp32 = 2;
inline constexpr uint32_t kKeyFp64 = 3;
inline constexpr uint32_t kKeyUint8 = 4;  // UINT8 and BOOL
inline constexpr uint32_t kKeyInt8 = 5;
inline constexpr uint32_t kKeyInt16 = 6;
inline constexpr uint32_t kKeyInt32 = 7;
inline constexpr uint32_t kKeyInt64 = 8;
inline constexpr uint32_t kKeyBf16 = 9;

// Element ranges of blocks, waves and tiles start at multiples of 256
// elements, so every mask slice starts on a 32-byte boundary.
inline constexpr uint32_t kElementAlign = 256;
inline constexpr uint32_t kMaxTileElements = 16384;
inline constexpr uint64_t kUbReserveBytes = 8 * 1024;
inline constexpr uint32_t kUbBlockBytes = 32;
// FP64: the work buffer holds [K zero words | K words of 1.875f | K high
// words | 2K gather offsets] with K >= 256, so it needs at least 20 * 256
// bytes.
inline constexpr uint32_t kFp64WorkBytesPerElement = 20;
inline constexpr uint32_t kFp64MinWorkBytes = kFp64WorkBytesPerElement * kElementAlign;
// FP64: at most this many elements per Select + Gather step: one Gather of
// 2K words takes at most 255 iterations of 64 words (K <= 8160), rounded
// down to a multiple of 256. The work buffer bounds K first (57344 bytes
// for the A2's 192 KiB UB: K = 2816).
inline constexpr uint32_t kFp64MaxGatherElements = 7936;

// The tiling arithmetic is the foundation's (ops/common/tiling_math.h); these
// names remain for the kernel source, which still spells them so.
__aicore__ inline constexpr uint64_t BernoulliCeilDiv(uint64_t a, uint64_t b) {
  return CeilDiv(a, b);
}
__aicore__ inline constexpr uint64_t BernoulliAlignUp(uint64_t a, uint64_t b) {
  return AlignUp(a, b);
}
// M = 16 * ceil(N / 128): the packed mask bytes the DSA writes for N elements.
__aicore__ inline constexpr uint64_t BernoulliMaskBytes(uint64_t n) {
  return CeilDiv(n, 128) * 16;
}

// UB budget (design 3.4.3), single buffered.
__aicore__ inline constexpr uint32_t BernoulliMaskQueueBytes(uint32_t tile) {
  return static_cast<uint32_t>(AlignUp(CeilDiv(tile, 8), kUbBlockBytes));
}
__aicore__ inline constexpr uint32_t BernoulliOutQueueBytes(uint32_t tile, uint32_t elementBytes) {
  return static_cast<uint32_t>(AlignUp(static_cast<uint64_t>(tile) * elementBytes, kUbBlockBytes));
}
__aicore__ inline constexpr uint32_t BernoulliWorkBufBytes(uint32_t tile, uint32_t tilingKey) {
  const uint32_t bytes =
      static_cast<uint32_t>(AlignUp(static_cast<uint64_t>(tile) * 4, kUbBlockBytes));
  return tilingKey == kKeyFp64 && bytes < kFp64MinWorkBytes ? kFp64MinWorkBytes : bytes;
}
// FP64: elements per Select + Gather step (a multiple of 256, >= 256).
__aicore__ inline constexpr uint32_t BernoulliFp64GatherElements(uint32_t workBufBytes) {
  const uint32_t k = workBufBytes / kFp64WorkBytesPerElement / kElementAlign * kElementAlign;
  return k < kFp64MaxGatherElements ? k : kFp64MaxGatherElements;
}

// Aliased mode (design 3.4.2): the not-yet-expanded range is [0, end); the
// wave expands [start, end) with start = alignUp(ceil(ceil(end / 8) / d), 256).
// Then d * start >= ceil(end / 8): the wave's output bytes [d*start, d*end)
// lie above every mask byte still to be read ([0, ceil(end / 8))). For
// end > 256, start < end, so every wave makes progress.
__aicore__ inline constexpr uint64_t BernoulliAliasWaveStart(uint64_t end, uint32_t elementBytes) {
  return AlignUp(CeilDiv(CeilDiv(end, 8), elementBytes), kElementAlign);
}

}  // namespace asctwin::ops::bernoulli
