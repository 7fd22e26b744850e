// StridedCopy: the Ascend C kernel behind ViewCopy, Contiguous, Fill,
// ZerosLike and OnesLike (strided_copy.h), shared by every operator. T is an integer type of the
// element width: bit patterns are moved, never converted (FP64 uses the INT64 bit-view).
//
// Each work item is one chunk of one row (last dimension). Scalar code
// computes the item's source and destination addresses; DataCopyPad moves
// the data:
//   * both last strides 1: one block of count * sizeof(T) bytes each way;
//   * otherwise "slot" mode: count blocks of sizeof(T) bytes, each element in
//     its own 32-byte UB slot, with GM gaps of (stride - 1) * sizeof(T) bytes;
//     when only the source is strided and elements are 2 or 4 bytes, Gather
//     (offsets i * 32) packs the slots and one block is stored ("gather" mode:
//     a strided view made contiguous, e.g. a transposed self);
//   * a source whose last stride is 0 (a broadcast self) is read once by the
//     scalar unit and duplicated over the slots.
// Fill mode duplicates the value over the UB buffer once and only stores.
// One UB buffer: MTE2 -> MTE3 flags order a load before its store, and
// MTE3 -> MTE2 / MTE3 -> V flags order a store before the next overwrite.
#pragma once

#include <type_traits>

#include "kernel_operator.h"
#include "ops/common/limits.h"

namespace asctwin::ops::kernels {

// A strided copy after dimension collapsing: rank >= 1, dims > 0. The work is
// rows (all dimensions but the last) x chunks of `tile` elements of the last
// dimension; blocks take contiguous ranges of these items.
struct StridedCopyArgs {
  uint32_t rank = 1;
  uint32_t fillMode = 0;  // 1: write fillBits instead of reading the source
  int64_t dims[kMaxRank] = {};
  int64_t srcStrides[kMaxRank] = {};
  int64_t dstStrides[kMaxRank] = {};
  int64_t srcOffset = 0;
  int64_t dstOffset = 0;
  uint64_t srcStorage = 0;  // elements the source storage holds
  uint64_t dstStorage = 0;
  uint64_t tile = 0;
  uint64_t fillBits = 0;
};

inline constexpr uint64_t kPackedTileBytes = 64 * 1024;
inline constexpr uint64_t kSlotTileElements = 2048;  // 64 KiB of 32-byte slots

// Duplicate of a bit pattern of any width over `count` elements: the vector
// unit duplicates 16- and 32-bit values, so 1-byte patterns go as 16-bit
// pairs (the buffer's 32-byte padding absorbs an odd count) and 8-byte ones
// as two masked passes over 32-bit words (even words the low half, odd
// words the high half).
template <typename T>
__aicore__ inline void FillPattern(const AscendC::LocalTensor<T>& ub, T v, uint32_t count) {
  using namespace AscendC;
  if constexpr (sizeof(T) == 2 || sizeof(T) == 4) {
    using W = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
    W w;
    __builtin_memcpy(&w, &v, sizeof(T));
    Duplicate(ub.template ReinterpretCast<W>(), w, static_cast<int32_t>(count));
  } else if constexpr (sizeof(T) == 1) {
    uint8_t b;
    __builtin_memcpy(&b, &v, 1);
    const auto w = static_cast<uint16_t>(b | (b << 8));
    Duplicate(ub.template ReinterpretCast<uint16_t>(), w, static_cast<int32_t>((count + 1) / 2));
  } else {
    uint32_t half[2];
    __builtin_memcpy(half, &v, 8);
    LocalTensor<uint32_t> words = ub.template ReinterpretCast<uint32_t>();
    uint64_t even[2] = {0x5555555555555555ull, 0};
    uint64_t odd[2] = {0xAAAAAAAAAAAAAAAAull, 0};
    // 64 words per iteration, at most 255 iterations per call; the last,
    // partial iteration masks off the words past the end.
    const uint32_t full = count * 2 / 64;
    for (uint32_t done = 0; done < full; done += 255) {
      const auto n = static_cast<uint8_t>(full - done < 255 ? full - done : 255);
      Duplicate(words[done * 64], half[0], even, n, 1, 8);
      Duplicate(words[done * 64], half[1], odd, n, 1, 8);
    }
    const uint32_t rest = count * 2 % 64;
    if (rest != 0) {
      const uint64_t keep = (uint64_t{1} << rest) - 1;
      uint64_t evenTail[2] = {even[0] & keep, 0};
      uint64_t oddTail[2] = {odd[0] & keep, 0};
      Duplicate(words[full * 64], half[0], evenTail, 1, 1, 8);
      Duplicate(words[full * 64], half[1], oddTail, 1, 1, 8);
    }
  }
}

template <typename T>
__global__ __aicore__ void stridedCopyKernel(GM_ADDR src, GM_ADDR dst, StridedCopyArgs a) {
  using namespace AscendC;
  constexpr uint32_t kPerSlot = 32 / sizeof(T);
  const uint32_t r = a.rank;
  const int64_t rowLen = a.dims[r - 1];
  const int64_t srcInner = a.srcStrides[r - 1];
  const int64_t dstInner = a.dstStrides[r - 1];
  uint64_t rows = 1;
  for (uint32_t k = 0; k + 1 < r; ++k) rows *= static_cast<uint64_t>(a.dims[k]);
  const uint64_t tile = a.tile;
  const uint64_t chunks = (static_cast<uint64_t>(rowLen) + tile - 1) / tile;
  const uint64_t items = rows * chunks;
  const auto nb = static_cast<uint64_t>(GetBlockNum());
  const auto b = static_cast<uint64_t>(GetBlockIdx());
  const uint64_t begin = items * b / nb;
  const uint64_t end = items * (b + 1) / nb;
  if (begin >= end) return;

  const bool fill = a.fillMode != 0;
  const bool packed = dstInner == 1 && (fill || srcInner == 1);
  constexpr bool kCanGather = sizeof(T) == 2 || sizeof(T) == 4;
  const bool gather = kCanGather && !fill && srcInner > 1 && dstInner == 1;
  GlobalTensor<T> s;
  GlobalTensor<T> d;
  if (!fill) s.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src), a.srcStorage);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst), a.dstStorage);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  const uint32_t ubElems = static_cast<uint32_t>(packed && !fill ? tile : tile * kPerSlot);
  pipe.InitBuffer(buf, ubElems * static_cast<uint32_t>(sizeof(T)));
  LocalTensor<T> ub = buf.Get<T>();
  LocalTensor<T> out = ub;  // what the store reads
  TBuf<TPosition::VECCALC> packBuf;
  TBuf<TPosition::VECCALC> indexBuf;
  if constexpr (kCanGather) {
    if (gather) {
      pipe.InitBuffer(packBuf, static_cast<uint32_t>(tile * sizeof(T)));
      pipe.InitBuffer(indexBuf, static_cast<uint32_t>(tile * 4));
      LocalTensor<int32_t> idx = indexBuf.Get<int32_t>();
      CreateVecIndex(idx, 0, static_cast<uint32_t>(tile));
      ShiftLeft(idx, idx, 5, static_cast<int32_t>(tile));  // slot i starts at byte i * 32
      out = packBuf.Get<T>();
    }
  }
  if (fill) {
    T v;
    __builtin_memcpy(&v, &a.fillBits, sizeof(T));
    FillPattern(ub, v, ubElems);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
  }

  bool pending = false;
  for (uint64_t it = begin; it < end; ++it) {
    const uint64_t row = it / chunks;
    const uint64_t first = (it % chunks) * tile;
    const auto count = static_cast<uint32_t>(static_cast<uint64_t>(rowLen) - first < tile
                                                 ? static_cast<uint64_t>(rowLen) - first
                                                 : tile);
    int64_t so = a.srcOffset;
    int64_t dO = a.dstOffset;
    uint64_t rem = row;
    for (int k = static_cast<int>(r) - 2; k >= 0; --k) {
      const auto extent = static_cast<uint64_t>(a.dims[k]);
      const auto idx = static_cast<int64_t>(rem % extent);
      rem /= extent;
      so += idx * a.srcStrides[k];
      dO += idx * a.dstStrides[k];
    }
    so += static_cast<int64_t>(first) * srcInner;
    dO += static_cast<int64_t>(first) * dstInner;

    if (!fill) {
      if (pending) {
        WaitFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_V>(0);
      }
      if (srcInner == 0) {
        const T v = s.GetValue(static_cast<uint64_t>(so));
        FillPattern(ub, v, count * kPerSlot);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
      } else {
        if (packed) {
          DataCopyPad(ub, s[static_cast<uint64_t>(so)],
                      DataCopyExtParams(1, count * static_cast<uint32_t>(sizeof(T)), 0, 0, 0),
                      DataCopyPadExtParams<T>());
        } else {
          DataCopyPad(ub, s[static_cast<uint64_t>(so)],
                      DataCopyExtParams(static_cast<uint16_t>(count), sizeof(T),
                                        static_cast<uint32_t>((srcInner - 1) * sizeof(T)), 0, 0),
                      DataCopyPadExtParams<T>());
        }
        if (gather) {
          SetFlag<HardEvent::MTE2_V>(0);
          WaitFlag<HardEvent::MTE2_V>(0);
          if constexpr (kCanGather) Gather(out, ub, indexBuf.Get<uint32_t>(), 0, count);
          SetFlag<HardEvent::V_MTE3>(0);
          WaitFlag<HardEvent::V_MTE3>(0);
        } else {
          SetFlag<HardEvent::MTE2_MTE3>(0);
          WaitFlag<HardEvent::MTE2_MTE3>(0);
        }
      }
    }
    if (packed || gather) {
      DataCopyPad(d[static_cast<uint64_t>(dO)], out,
                  DataCopyExtParams(1, count * static_cast<uint32_t>(sizeof(T)), 0, 0, 0));
    } else {
      DataCopyPad(d[static_cast<uint64_t>(dO)], ub,
                  DataCopyExtParams(static_cast<uint16_t>(count), sizeof(T), 0,
                                    static_cast<uint32_t>((dstInner - 1) * sizeof(T)), 0));
    }
    if (!fill) {
      SetFlag<HardEvent::MTE3_MTE2>(0);
      SetFlag<HardEvent::MTE3_V>(0);
      pending = true;
    }
  }
  if (pending) {
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_V>(0);
  }
}

}  // namespace asctwin::ops::kernels
