// StridedCopy: the Ascend C kernel behind ViewCopy, Contiguous, Fill,
// ZerosLike and OnesLike. T is an integer type of the element width: bit
// patterns are moved, never converted (FP64 uses the INT64 bit-view).
//
// Each work item is one chunk of one row (last dimension). Scalar code
// computes the item's source and destination addresses; DataCopyPad moves
// the data:
//   * both last strides 1: one block of count * sizeof(T) bytes each way;
//   * otherwise "slot" mode: count blocks of sizeof(T) bytes, each element in
//     its own 32-byte UB slot, with GM gaps of (stride - 1) * sizeof(T) bytes;
//   * a source whose last stride is 0 (a broadcast self) is read once by the
//     scalar unit and duplicated over the slots.
// Fill mode duplicates the value over the UB buffer once and only stores.
// One UB buffer: MTE2 -> MTE3 flags order a load before its store, and
// MTE3 -> MTE2 / MTE3 -> V flags order a store before the next overwrite.
#pragma once

#include "kernel_operator.h"
#include "ops/legacy/kernel_tiling.h"

namespace asctwin::ops::legacy {

inline constexpr uint64_t kPackedTileBytes = 64 * 1024;
inline constexpr uint64_t kSlotTileElements = 2048;  // 64 KiB of 32-byte slots

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
  GlobalTensor<T> s;
  GlobalTensor<T> d;
  if (!fill) s.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src), a.srcStorage);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst), a.dstStorage);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  const uint32_t ubElems = static_cast<uint32_t>(packed && !fill ? tile : tile * kPerSlot);
  pipe.InitBuffer(buf, ubElems * static_cast<uint32_t>(sizeof(T)));
  LocalTensor<T> ub = buf.Get<T>();
  if (fill) {
    T v;
    __builtin_memcpy(&v, &a.fillBits, sizeof(T));
    Duplicate(ub, v, static_cast<int32_t>(ubElems));
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
        Duplicate(ub, v, static_cast<int32_t>(count * kPerSlot));
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
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
      }
    }
    if (packed) {
      DataCopyPad(d[static_cast<uint64_t>(dO)], ub,
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

}  // namespace asctwin::ops::legacy
