// The cube unit's data movement in: GM -> L1 with ND -> NZ
// (copy_gm_to_cbuf_multi_nd2nz_*), the 2-D fractal loads (load_gm_to_*,
// load_cbuf_to_ca/cb, load_cbuf_to_*_transpose), the fills
// (create_*_matrix) and L1 -> BT / FB. img2col is in cube_img2col.cpp.
// Layouts and units: docs/cube.md.
#include <cstring>

#include "isa/cube_common.h"
#include "isa/cube_copy_kernels.h"

namespace asctwin::isa {
namespace {

// A source operand of a load: a GM range or a resolved local operand.
struct Source {
  const uint8_t* ptr = nullptr;  // host address of the operand's first byte
  Space space = Space::GM;
};

Source sourceOf(Ctx& x, CubeBuf buf, const void* p, uint64_t extent, const char* role) {
  Source s;
  s.space = spaceOf(buf);
  if (buf == CubeBuf::GM) {
    s.ptr = static_cast<const uint8_t*>(p);
    checkGmRange(x, reinterpret_cast<uintptr_t>(p), extent, role);
  } else {
    const LocalOp op = cubeLocal(x, buf, p, 32, role);
    checkLocalExtent(x, op, extent, role);
    s.ptr = op.ptr;
  }
  return s;
}

uint8_t* destOf(Ctx& x, CubeBuf buf, void* p, uint32_t align, uint64_t extent, const char* role) {
  const LocalOp op = cubeLocal(x, buf, p, align, role);
  checkLocalExtent(x, op, extent, role);
  return op.ptr;
}

uint32_t fractalAlign(CubeBuf b) {
  return b == CubeBuf::L0A || b == CubeBuf::L0B ? kFractalBytes : 32;
}

}  // namespace

void nd2nz(void* dst, const void* src, uint32_t es, const Nd2NzArgs& a, const char* name) {
  Ctx x = enter(name);
  if (a.ndNum == 0 || a.nValue == 0 || a.dValue == 0) return;  // documented NOP
  if (a.dstNzC0Stride == 0 || a.dstNzNStride == 0 || a.srcDValue == 0)
    cubeFail(x, "Nd2NzParams: dstNzC0Stride, dstNzNStride and srcDValue must be at least 1, got " +
                    std::to_string(a.dstNzC0Stride) + ", " + std::to_string(a.dstNzNStride) +
                    " and " + std::to_string(a.srcDValue));
  if (a.nValue > 16384)
    cubeFail(x, "Nd2NzParams.nValue must be in [0, 16384], got " + std::to_string(a.nValue));
  const uint64_t rowBytes = uint64_t{a.dValue} * es;
  const uint64_t blocks = (rowBytes + 31) / 32;
  const uint64_t matrixDst = uint64_t{a.dstNzMatrixStride} * es;
  const uint64_t matrixSrc = uint64_t{a.srcNdMatrixStride} * es;
  const uint64_t pitch = uint64_t{a.srcDValue} * es;
  const uint64_t c0Stride = uint64_t{a.dstNzC0Stride} * 32;
  const uint64_t nStride = uint64_t{a.dstNzNStride} * 32;
  const uint64_t dstExtent =
      (a.ndNum - 1) * matrixDst + (blocks - 1) * c0Stride + (a.nValue - 1) * nStride + 32;
  const uint64_t srcExtent = (a.ndNum - 1) * matrixSrc + (a.nValue - 1) * pitch + rowBytes;
  uint8_t* d = destOf(x, CubeBuf::L1, dst, 32, dstExtent, "dst");
  const auto s = reinterpret_cast<const uint8_t*>(src);
  checkGmRange(x, reinterpret_cast<uintptr_t>(src), srcExtent, "src");
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    ByteRuns writes;
    for (uint32_t i = 0; i < a.ndNum; ++i)
      for (uint32_t r = 0; r < a.nValue; ++r) {
        reads.add(i * matrixSrc + r * pitch, rowBytes);
        for (uint64_t c = 0; c < blocks; ++c)
          writes.add(i * matrixDst + c * c0Stride + r * nStride, 32);
      }
    in.add(reads.access(Space::GM, false, reinterpret_cast<uintptr_t>(s)));
    in.add(writes.access(Space::L1, true, reinterpret_cast<uintptr_t>(d)));
  };
  x.c.launch->schedPoint(x.c);
  emit(x, PIPE_MTE2, describe, [=] {
    // Each row's 32-byte blocks, the last one completed with the documented zeros.
    for (uint32_t i = 0; i < a.ndNum; ++i)
      copyk::nd2nzMatrix(d + i * matrixDst, s + i * matrixSrc, a.nValue, rowBytes, pitch, nStride,
                         c0Stride);
  });
}

void load2d(CubeBuf dstBuf, void* dst, CubeBuf srcBuf, const void* src, uint32_t es,
            uint16_t startIndex, uint8_t repeat, uint16_t srcStride, uint16_t dstGap,
            bool transpose, bool decrement, const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;  // documented NOP
  if (transpose && (srcBuf != CubeBuf::L1 || es != 2))
    cubeFail(x,
             std::string("LoadData2DParams.ifTranspose needs an L1 source and 2-byte elements (") +
                 (es == 0 ? std::string("int4b_t") : std::to_string(es) + "-byte") +
                 " elements from " + spaceLetters(spaceOf(srcBuf)) + " given)");
  const int64_t lastIndex = decrement ? int64_t{startIndex} - int64_t{repeat - 1} * srcStride
                                      : int64_t{startIndex} + int64_t{repeat - 1} * srcStride;
  if (lastIndex < 0)
    cubeFail(x, "LoadData2DParams with addrMode 1 (decrement): fractal index " +
                    std::to_string(lastIndex) + " of repeat " + std::to_string(repeat - 1) +
                    " is below 0");
  const uint64_t hiIndex = decrement ? startIndex : static_cast<uint64_t>(lastIndex);
  const uint64_t dStride = (uint64_t{dstGap} + 1) * kFractalBytes;
  const Source s = sourceOf(x, srcBuf, src, (hiIndex + 1) * kFractalBytes, "src");
  uint8_t* d =
      destOf(x, dstBuf, dst, fractalAlign(dstBuf), (repeat - 1) * dStride + kFractalBytes, "dst");
  auto indexOf = [=](uint32_t r) -> uint64_t {
    return decrement ? startIndex - uint64_t{r} * srcStride : startIndex + uint64_t{r} * srcStride;
  };
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    for (uint32_t r = 0; r < repeat; ++r) {
      reads.add(indexOf(r) * kFractalBytes, kFractalBytes);
      reads.nextGroup();
    }
    kernel::Access ra = reads.access(s.space, false, reinterpret_cast<uintptr_t>(s.ptr));
    ra.copiesPadding = srcBuf != CubeBuf::GM;
    in.add(ra);
    in.add(access2d(spaceOf(dstBuf), true, reinterpret_cast<uintptr_t>(d), repeat, kFractalBytes,
                    dStride));
  };
  if (srcBuf == CubeBuf::GM) x.c.launch->schedPoint(x.c);
  const uint8_t* sp = s.ptr;
  emit(x, srcBuf == CubeBuf::GM ? PIPE_MTE2 : PIPE_MTE1, describe, [=] {
    for (uint32_t r = 0; r < repeat; ++r) {
      const uint8_t* from = sp + indexOf(r) * kFractalBytes;
      uint8_t* to = d + r * dStride;
      if (transpose) {
        copyk::transposeFractal16(to, from);
      } else {
        std::memmove(to, from, kFractalBytes);
      }
    }
  });
}

void load2dTranspose(CubeBuf dstBuf, void* dst, const void* src, uint32_t es, uint16_t startIndex,
                     uint8_t repeat, uint16_t srcStride, uint16_t dstGap, uint16_t dstFracGap,
                     const char* name) {
  Ctx x = enter(name);
  if (repeat == 0) return;  // documented NOP
  if (es != 1 && es != 2 && es != 4)
    cubeFail(x, "LoadDataWithTranspose moves 1-, 2- or 4-byte elements, got " + std::to_string(es));
  // One square block per repeat: 16 x 16 (b16: one fractal) or two fractals
  // (b8: 32 x 32 bytes, b32: 16 x 16 elements) written as two fractals
  // dstFracGap fractals apart.
  const uint32_t square = es == 2 ? kFractalBytes : 2 * kFractalBytes;
  const uint64_t dStride = (uint64_t{dstGap} + 1) * kFractalBytes;
  const uint64_t fracStep = (uint64_t{dstFracGap} + 1) * kFractalBytes;
  const uint64_t perRepeatDst = es == 2 ? kFractalBytes : fracStep + kFractalBytes;
  const uint64_t srcLast = (uint64_t{startIndex} + (uint64_t{repeat} - 1) * srcStride + 1) * square;
  const Source s = sourceOf(x, CubeBuf::L1, src, srcLast, "src");
  uint8_t* d = destOf(x, dstBuf, dst, kFractalBytes, (repeat - 1) * dStride + perRepeatDst, "dst");
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    ByteRuns writes;
    for (uint32_t r = 0; r < repeat; ++r) {
      reads.add((startIndex + uint64_t{r} * srcStride) * square, square);
      reads.nextGroup();
      writes.add(r * dStride, kFractalBytes);
      if (es != 2) writes.add(r * dStride + fracStep, kFractalBytes);
    }
    kernel::Access ra = reads.access(Space::L1, false, reinterpret_cast<uintptr_t>(s.ptr));
    ra.copiesPadding = true;
    in.add(ra);
    in.add(writes.access(spaceOf(dstBuf), true, reinterpret_cast<uintptr_t>(d)));
  };
  const uint8_t* sp = s.ptr;
  emit(x, PIPE_MTE1, describe, [=] {
    for (uint32_t r = 0; r < repeat; ++r) {
      const uint8_t* from = sp + (startIndex + uint64_t{r} * srcStride) * square;
      uint8_t* to0 = d + r * dStride;
      if (es == 2) {
        copyk::transposeFractal16(to0, from);
        continue;
      }
      uint8_t* to1 = to0 + fracStep;
      uint8_t out[2 * kFractalBytes];
      if (es == 1) {
        // 32 rows of 32 bytes (fractal 0: rows 0-15, fractal 1: rows
        // 16-31) transposed; rows 0-15 of the result go to the first
        // destination fractal.
        for (int rr = 0; rr < 32; ++rr)
          for (int cc = 0; cc < 32; ++cc) out[cc * 32 + rr] = from[rr * 32 + cc];
      } else {
        // 16 x 16 elements: fractal 0 holds columns 0-7, fractal 1 columns
        // 8-15 (16 rows of 8 each); the transpose's columns 0-7 go to the
        // first destination fractal, 8-15 to the second.
        for (int rr = 0; rr < 16; ++rr)
          for (int cc = 0; cc < 16; ++cc) {
            const uint8_t* e = from + (cc < 8 ? 0 : kFractalBytes) + (rr * 8 + cc % 8) * 4;
            // element S[rr][cc] -> T[cc][rr]; T column rr in half rr / 8
            uint8_t* o = out + (rr < 8 ? 0 : kFractalBytes) + (cc * 8 + rr % 8) * 4;
            std::memcpy(o, e, 4);
          }
      }
      std::memcpy(to0, out, kFractalBytes);
      std::memcpy(to1, out + kFractalBytes, kFractalBytes);
    }
  });
}

void createMatrix(CubeBuf dstBuf, void* dst, int64_t repeatBits, uint32_t es, uint32_t valueBits,
                  const char* name) {
  Ctx x = enter(name);
  const auto bits = static_cast<uint64_t>(repeatBits);
  const uint32_t repeat = bits & 0xFFFF;
  const uint32_t blockNum = (bits >> 16) & 0xFFFF;
  const uint32_t gap = (bits >> 32) & 0xFFFF;
  if (repeat == 0 || blockNum == 0) return;  // documented NOP
  if (repeat > 32767 || blockNum > 32767 || gap > 32767)
    cubeFail(x,
             "InitConstValueParams: repeatTimes, blockNum and dstGap must be in [0, 32767], got " +
                 std::to_string(repeat) + ", " + std::to_string(blockNum) + " and " +
                 std::to_string(gap));
  const uint32_t blk = dstBuf == CubeBuf::L1 ? 32 : kFractalBytes;
  const uint64_t run = uint64_t{blockNum} * blk;
  const uint64_t stride = run + uint64_t{gap} * blk;
  uint8_t* d =
      destOf(x, dstBuf, dst, blk == 32 ? 32 : kFractalBytes, (repeat - 1) * stride + run, "dst");
  auto describe = [&](Instr& in) {
    in.add(access2d(spaceOf(dstBuf), true, reinterpret_cast<uintptr_t>(d), repeat,
                    static_cast<uint32_t>(run), stride));
  };
  emit(x, dstBuf == CubeBuf::L1 ? PIPE_MTE2 : PIPE_MTE1, describe, [=] {
    for (uint32_t t = 0; t < repeat; ++t) {
      uint8_t* out = d + t * stride;
      for (uint64_t i = 0; i < run; i += es) std::memcpy(out + i, &valueBits, es);
    }
  });
}

void copyL1ToBt(uint64_t dst, const void* src, bool convert, uint16_t nBurst, uint16_t lenBurst,
                uint16_t srcGap, uint16_t dstGap, const char* name) {
  Ctx x = enter(name);
  if (nBurst == 0 || lenBurst == 0) return;  // documented NOP
  if (nBurst > 4095)
    cubeFail(x, "DataCopy to the BiasTable: blockCount must be in [0, 4095], got " +
                    std::to_string(nBurst));
  // A2/A3: blockLen and dstGap count 64 bytes of BT; srcGap 32 bytes of L1.
  // With conversion (half in L1 -> float in BT) a burst reads half as many
  // bytes as it writes.
  const uint64_t dBytes = uint64_t{lenBurst} * 64;
  const uint64_t sBytes = convert ? dBytes / 2 : dBytes;
  const uint64_t dStride = dBytes + uint64_t{dstGap} * 64;
  const uint64_t sStride = sBytes + uint64_t{srcGap} * 32;
  const Source s = sourceOf(x, CubeBuf::L1, src, (nBurst - 1) * sStride + sBytes, "src");
  uint8_t* d = destOf(x, CubeBuf::BT, reinterpret_cast<void*>(static_cast<uintptr_t>(dst)), 64,
                      (nBurst - 1) * dStride + dBytes, "dst");
  auto describe = [&](Instr& in) {
    kernel::Access ra = access2d(Space::L1, false, reinterpret_cast<uintptr_t>(s.ptr), nBurst,
                                 static_cast<uint32_t>(sBytes), sStride);
    ra.copiesPadding = true;  // whole 64-byte blocks; a bias row is padded to them
    in.add(ra);
    in.add(access2d(Space::BT, true, reinterpret_cast<uintptr_t>(d), nBurst,
                    static_cast<uint32_t>(dBytes), dStride));
  };
  const uint8_t* sp = s.ptr;
  emit(x, PIPE_MTE1, describe, [=] {
    for (uint32_t b = 0; b < nBurst; ++b) {
      const uint8_t* from = sp + b * sStride;
      uint8_t* to = d + b * dStride;
      if (!convert) {
        std::memmove(to, from, dBytes);
        continue;
      }
      for (uint64_t i = 0; i < dBytes / 4; ++i) {
        uint16_t h;
        std::memcpy(&h, from + i * 2, 2);
        const float f = numeric::halfToFloat(h);
        std::memcpy(to + i * 4, &f, 4);
      }
    }
  });
}

void copyL1ToFb(void* dst, const void* src, uint16_t nBurst, uint16_t lenBurst, uint16_t srcGap,
                uint16_t dstGap, const char* name) {
  Ctx x = enter(name);
  if (nBurst == 0 || lenBurst == 0) return;  // documented NOP
  // Bursts of lenBurst x 128 bytes; srcGap in 32 bytes, dstGap in 128 bytes.
  const uint64_t bytes = uint64_t{lenBurst} * 128;
  const uint64_t sStride = bytes + uint64_t{srcGap} * 32;
  const uint64_t dStride = bytes + uint64_t{dstGap} * 128;
  const Source s = sourceOf(x, CubeBuf::L1, src, (nBurst - 1) * sStride + bytes, "src");
  uint8_t* d = destOf(x, CubeBuf::FB, dst, 128, (nBurst - 1) * dStride + bytes, "dst");
  auto describe = [&](Instr& in) {
    in.add(access2d(Space::L1, false, reinterpret_cast<uintptr_t>(s.ptr), nBurst,
                    static_cast<uint32_t>(bytes), sStride));
    in.add(access2d(Space::FB, true, reinterpret_cast<uintptr_t>(d), nBurst,
                    static_cast<uint32_t>(bytes), dStride));
  };
  const uint8_t* sp = s.ptr;
  emit(x, PIPE_FIX, describe, [=] {
    for (uint32_t b = 0; b < nBurst; ++b) std::memmove(d + b * dStride, sp + b * sStride, bytes);
  });
}

}  // namespace asctwin::isa
