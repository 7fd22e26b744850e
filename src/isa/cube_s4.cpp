// int4b_t on the cube (docs/cube.md, "int4"): the transposing load into
// L0B (load_cbuf_to_cb_transpose_s4) and the operands of mad_s4 widened to
// the int8 layouts the int8 kernel reads. Two int4 share a byte: element
// 2i in the low nibble, 2i + 1 in the high one (LoadDataWithTranspose's
// "6 and 7 make 118").
#include "isa/cube_s4.h"

#include <cstring>

#include "isa/cube_common.h"

namespace asctwin::isa {
namespace {

constexpr uint32_t kSquareBytes = 4 * kFractalBytes;  // 64 x 64 int4

int8_t nibble(const uint8_t* p, uint64_t element) {
  const uint8_t byte = p[element / 2];
  const auto v = static_cast<uint8_t>(element % 2 == 0 ? byte & 0xF : byte >> 4);
  return static_cast<int8_t>(v >= 8 ? int{v} - 16 : int{v});
}

void setNibble(uint8_t* p, uint64_t element, uint8_t v) {
  uint8_t& byte = p[element / 2];
  byte = element % 2 == 0 ? static_cast<uint8_t>((byte & 0xF0) | (v & 0xF))
                          : static_cast<uint8_t>((byte & 0x0F) | (v << 4));
}

}  // namespace

void load2dTransposeS4(void* dst, const void* src, uint16_t startIndex, uint8_t repeat,
                       uint16_t srcStride, uint16_t dstGap, uint16_t dstFracGap, const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;  // documented NOP
  const uint64_t dStride = (uint64_t{dstGap} + 1) * kFractalBytes;
  const uint64_t fracStep = (uint64_t{dstFracGap} + 1) * kFractalBytes;
  const uint64_t srcEnd =
      (uint64_t{startIndex} + (uint64_t{repeat} - 1) * srcStride + 1) * kSquareBytes;
  const LocalOp so = cubeLocal(x, CubeBuf::L1, src, 32, "src");
  checkLocalExtent(x, so, srcEnd, "src");
  const LocalOp dop = cubeLocal(x, CubeBuf::L0B, dst, kFractalBytes, "dst");
  checkLocalExtent(x, dop, (repeat - 1) * dStride + 3 * fracStep + kFractalBytes, "dst");
  const uint8_t* sp = so.ptr;
  uint8_t* d = dop.ptr;
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    ByteRuns writes;
    for (uint32_t r = 0; r < repeat; ++r) {
      reads.add((startIndex + uint64_t{r} * srcStride) * kSquareBytes, kSquareBytes);
      reads.nextGroup();
      for (uint32_t q = 0; q < 4; ++q) writes.add(r * dStride + q * fracStep, kFractalBytes);
    }
    kernel::Access ra = reads.access(Space::L1, false, reinterpret_cast<uintptr_t>(sp));
    ra.copiesPadding = true;
    in.add(ra);
    in.add(writes.access(Space::L0B, true, reinterpret_cast<uintptr_t>(d)));
  };
  emit(x, PIPE_MTE1, describe, [=] {
    // Four fractals of 16 rows x 64 int4 are rows 0-63 of one square;
    // row q * 16 + i of the transpose goes to row i of fractal q.
    uint8_t out[kSquareBytes];
    for (uint32_t r = 0; r < repeat; ++r) {
      const uint8_t* from = sp + (startIndex + uint64_t{r} * srcStride) * kSquareBytes;
      for (uint32_t row = 0; row < 64; ++row)
        for (uint32_t col = 0; col < 64; ++col)
          setNibble(out, uint64_t{col} * 64 + row,
                    static_cast<uint8_t>(nibble(from, uint64_t{row} * 64 + col)));
      for (uint32_t q = 0; q < 4; ++q)
        std::memcpy(d + r * dStride + q * fracStep, out + q * kFractalBytes, kFractalBytes);
    }
  });
}

void widenS4Operand(const madk::Shape& s4, const madk::Shape& s8, const uint8_t* src, bool isA,
                    uint8_t* dst) {
  // s4: the int4 operand's byte layout (K in bytes); s8: the int8 layout
  // with K in elements. Every element of s8's fractals is written; those
  // past the int4 fractals' K are 0.
  const uint32_t rows = isA ? (s8.gemv ? 1u : s8.m1 * 16) : s8.n1 * 16;
  const uint32_t kInt4 = s4.k1 * 64;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t kk = 0; kk < s8.k1 * 32; ++kk) {
      int8_t v = 0;
      if (kk < kInt4) {
        const uint64_t byteOff = isA ? madk::aOffset(s4, r, kk / 2) : madk::bOffset(s4, kk / 2, r);
        v = nibble(src + byteOff, kk % 2);
      }
      const uint64_t to = isA ? madk::aOffset(s8, r, kk) : madk::bOffset(s8, kk, r);
      dst[to] = static_cast<uint8_t>(v);
    }
}

}  // namespace asctwin::isa
