// What the element-wise kernels (Cast, DropoutDoMask) share on the device
// side: the calling core's element range of an ElementwiseTiling, the size of
// each tile of it, and the exact-size copies of a tile between GM and UB
// (count * sizeof(T) bytes: the tail of the last tile is never touched).
#pragma once

#include "kernel_operator.h"
#include "ops/kernels/elementwise_tiling.h"

namespace asctwin::ops::kernels {

// [begin, end) of the calling core; empty for a core past the total.
struct CoreRange {
  uint64_t begin = 0;
  uint64_t end = 0;
  bool empty() const { return begin >= end; }
  // Elements of the tile that starts at `pos`.
  uint32_t tileAt(uint64_t pos, uint32_t tile) const {
    return static_cast<uint32_t>(end - pos < tile ? end - pos : tile);
  }
};

__aicore__ inline CoreRange coreRange(const ElementwiseTiling& t) {
  const uint64_t start = static_cast<uint64_t>(AscendC::GetBlockIdx()) * t.perCore;
  if (start >= t.total) return {};
  return {start, t.total - start < t.perCore ? t.total : start + t.perCore};
}

template <typename T>
__aicore__ inline void copyTileIn(const AscendC::LocalTensor<T>& ub,
                                  const AscendC::GlobalTensor<T>& gm, uint32_t count) {
  AscendC::DataCopyPad(
      ub, gm, AscendC::DataCopyExtParams(1, count * static_cast<uint32_t>(sizeof(T)), 0, 0, 0),
      AscendC::DataCopyPadExtParams<T>());
}

template <typename T>
__aicore__ inline void copyTileOut(const AscendC::GlobalTensor<T>& gm,
                                   const AscendC::LocalTensor<T>& ub, uint32_t count) {
  AscendC::DataCopyPad(
      gm, ub, AscendC::DataCopyExtParams(1, count * static_cast<uint32_t>(sizeof(T)), 0, 0, 0));
}

}  // namespace asctwin::ops::kernels
