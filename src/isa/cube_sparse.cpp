// 4:2 structured sparsity (MmadWithSparse / LoadDataWithSparse, A2/A3;
// docs/cube.md "Sparse"). B (K x N, at most two non-zeros in every 4
// consecutive k) is stored densified, ceil(K / 2) x N int8 in Zn, with an
// index matrix of 2-bit entries in the same Zn layout (one uint8 holds 4
// entries, the first in the low bits; a 16 x 32-entry fractal is 128
// bytes). For dense row d of column j (group g = d / 2 of 4 original k),
// the even entry i1 picks A's element 4g + i1, the odd entry i2 picks
// 4g + max(1 + i2, i1): "the second non-zero among the last three", with
// the selection table's "X/X" rows (an i2 that would point at or before
// the first pick points at it). LoadDataWithSparse copies the index
// fractals into a buffer of a quarter of L0B at the L0B offset / 4, where
// MmadWithSparse reads them for its B.
#include "isa/cube_sparse.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "isa/cube_common.h"

namespace AscendC {
void SetIndexMatrix(void* indexMatrix) {
  asctwin::isa::setSparseIndexSource(indexMatrix, "SetIndexMatrix");
}
}  // namespace AscendC

namespace asctwin::isa {

inline constexpr uint32_t kIndexFractalBytes = 128;

uint8_t* sparseIndexBuffer(CoreState& c) {
  auto& buf = c.regs.sparseIndex;
  if (buf.empty()) buf.assign(c.l0bBytes / 4, 0xA7);  // garbage, as the other buffers at launch
  return buf.data();
}

void setSparseIndexSource(const void* idx, const char* name) {
  Ctx x = enter(name);
  x.c.regs.sparseIndexSource = static_cast<const uint8_t*>(idx);
}

void loadSparse(void* dst, const void* src, uint16_t startIndex, uint8_t repeat, const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;  // documented NOP
  const uint8_t* idxHost = x.c.regs.sparseIndexSource;
  if (idxHost == nullptr)
    cubeFail(x, "LoadDataWithSparse: no index matrix was given (SetIndexMatrix) on this core");
  const uint64_t last = uint64_t{startIndex} + repeat;
  const LocalOp so = cubeLocal(x, CubeBuf::L1, src, 32, "src");
  checkLocalExtent(x, so, last * kFractalBytes, "src");
  const LocalOp io = cubeLocal(x, CubeBuf::L1, idxHost, 32, "idx");
  checkLocalExtent(x, io, last * kIndexFractalBytes, "idx");
  const LocalOp dop = cubeLocal(x, CubeBuf::L0B, dst, kFractalBytes, "dst");
  checkLocalExtent(x, dop, uint64_t{repeat} * kFractalBytes, "dst");
  const uint8_t* sp = so.ptr + uint64_t{startIndex} * kFractalBytes;
  const uint8_t* ip = io.ptr + uint64_t{startIndex} * kIndexFractalBytes;
  uint8_t* d = dop.ptr;
  uint8_t* di = sparseIndexBuffer(x.c) + dop.offset / 4;
  auto describe = [&](Instr& in) {
    // The index buffer maps a quarter of L0B byte for byte: the L0B write
    // stands for both (a later overlapping load overlaps in L0B too).
    kernel::Access b = access2d(Space::L1, false, reinterpret_cast<uintptr_t>(sp), repeat,
                                kFractalBytes, kFractalBytes);
    b.copiesPadding = true;
    in.add(b);
    kernel::Access i = access2d(Space::L1, false, reinterpret_cast<uintptr_t>(ip), 1,
                                repeat * kIndexFractalBytes, repeat * kIndexFractalBytes);
    i.copiesPadding = true;
    in.add(i);
    in.add(access2d(Space::L0B, true, reinterpret_cast<uintptr_t>(d), 1, repeat * kFractalBytes,
                    repeat * kFractalBytes));
  };
  emit(x, PIPE_MTE1, describe, [=] {
    std::memmove(d, sp, uint64_t{repeat} * kFractalBytes);
    std::memmove(di, ip, uint64_t{repeat} * kIndexFractalBytes);
  });
}

bool madSparse(const madk::Shape& sa, const madk::Shape& sb, uint32_t n, const uint8_t* a,
               const uint8_t* b, const uint8_t* idx, uint8_t* c, const int32_t* bias, bool zeroInit,
               uint32_t* badColumn) {
  const uint32_t rows = sa.m1 * 16;
  const uint32_t cols = sb.n1 * 16;
  const uint32_t dense = sb.k;
  const uint32_t kLimit = sa.k1 * 32;  // A's elements in its fractals
  auto entry = [&](uint32_t d, uint32_t j) -> uint32_t {
    const uint64_t off = ((uint64_t{d / 32} * sb.n1 + j / 16) * 16 + j % 16) * 8 + (d % 32) / 4;
    return (idx[off] >> (2 * (d % 4))) & 3u;
  };
  // Per column: which A element each dense row multiplies.
  std::vector<uint32_t> pick(dense);
  for (uint32_t j = 0; j < cols; ++j) {
    for (uint32_t d = 0; d < dense; ++d) {
      uint32_t v = entry(d, j);
      const uint32_t first = d % 2 == 0 ? v : entry(d - 1, j);
      if (v == 3 || first == 3) {
        if (j < n) {
          *badColumn = j;
          return false;
        }
        v = 0;  // a padding column's garbage: its C is padding too
      }
      const uint32_t sel = d % 2 == 0 ? v : std::max(1 + v, first == 3 ? 0u : first);
      pick[d] = std::min(4 * (d / 2) + sel, kLimit - 1);
    }
    for (uint32_t i = 0; i < rows; ++i) {
      uint8_t* out = c + madk::cOffset(sa, i, j);
      uint32_t acc = 0;
      if (bias != nullptr) {
        acc = j < sb.nBias ? static_cast<uint32_t>(bias[j]) : 0u;
      } else if (!zeroInit) {
        std::memcpy(&acc, out, 4);
      }
      for (uint32_t d = 0; d < dense; ++d) {
        const auto av = static_cast<int8_t>(a[madk::aOffset(sa, i, pick[d])]);
        const auto bv = static_cast<int8_t>(b[madk::bOffset(sb, d, j)]);
        acc += static_cast<uint32_t>(int32_t{av} * int32_t{bv});
      }
      std::memcpy(out, &acc, 4);
    }
  }
  return true;
}

}  // namespace asctwin::isa
