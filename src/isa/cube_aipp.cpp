// AIPP on the cube (LoadImageToLocal / SetAippFunctions, A2/A3;
// docs/cube.md "AIPP"): load_image_to_cbuf reads a window of an image in
// GM (YUV420SP, XRGB8888, RGB888 or YUV400, 8-bit) and writes it to L1 as
// H x W pixels of C channels, doing on the way, from the AIPP registers
// (set_aipp_spr_0..9, as SetAippFunctions writes them): channel swaps,
// single-line reads, colour-space conversion, the data-type conversion to
// int8 or half, channel padding and HW padding. The order and formulas are
// those of the reference's own software model of this instruction (the
// 950 CPU model in dav_3510/kernel_operator_mm_impl.h), written out here;
// where that model or the pages leave a choice open, docs/cube.md names the
// twin's.
#include <algorithm>
#include <cstring>
#include <string>

#include "asctwin/kernel/numeric.h"
#include "isa/cube_common.h"

namespace asctwin::isa {
namespace {

enum Format : uint32_t { kYuv420sp = 0, kXrgb8888 = 1, kRgb888 = 4, kYuv400 = 9 };

// The fields of the AIPP registers (kernel_reg.h's SetAippFunctionsImpl0..9).
struct Aipp {
  uint64_t src0 = 0, src1 = 0;
  bool csc = false;
  int32_t matrix[3][3] = {};
  int32_t biasIn[3] = {}, biasOut[3] = {};
  int32_t mean[3] = {};
  uint16_t min[3] = {}, var[3] = {};  // half bits
  uint16_t padValue[4] = {};          // the output type's bits
  uint16_t cPadValue = 0;
  bool swapRB = false, swapUV = false, swapAX = false, singleLine = false;
  uint32_t format = 0, paddingMode = 0, cPaddingMode = 0;
};

Aipp decode(const uint64_t* r) {
  Aipp a;
  a.src0 = r[0] & 0xFFFFFFFFFFFFull;
  a.src1 = r[1] & 0xFFFFFFFFFFFFull;
  a.csc = (r[1] >> 63) & 1;
  auto s16 = [](uint64_t v, int at) { return static_cast<int32_t>(static_cast<int16_t>(v >> at)); };
  a.matrix[0][0] = s16(r[2], 0);
  a.matrix[0][1] = s16(r[2], 16);
  a.matrix[0][2] = s16(r[2], 32);
  a.matrix[1][0] = s16(r[2], 48);
  a.matrix[1][1] = s16(r[3], 0);
  a.matrix[1][2] = s16(r[3], 16);
  a.matrix[2][0] = s16(r[3], 32);
  a.matrix[2][1] = s16(r[3], 48);
  a.matrix[2][2] = s16(r[4], 0);
  for (int c = 0; c < 3; ++c) {
    a.biasOut[c] = static_cast<int32_t>((r[4] >> (16 + 8 * c)) & 0xFF);
    a.biasIn[c] = static_cast<int32_t>((r[4] >> (40 + 8 * c)) & 0xFF);
    a.mean[c] = static_cast<int32_t>((r[5] >> (16 * c)) & 0xFF);
    a.min[c] = static_cast<uint16_t>(r[6] >> (16 * c));
    a.var[c] = static_cast<uint16_t>(r[7] >> (16 * c));
  }
  for (int c = 0; c < 4; ++c) a.padValue[c] = static_cast<uint16_t>(r[8] >> (16 * c));
  a.cPadValue = static_cast<uint16_t>(r[9]);
  a.swapRB = (r[9] >> 16) & 1;
  a.swapUV = (r[9] >> 17) & 1;
  a.swapAX = (r[9] >> 18) & 1;
  a.format = (r[9] >> 19) & 0x1F;
  a.singleLine = (r[9] >> 24) & 1;
  a.paddingMode = (r[9] >> 27) & 3;
  a.cPaddingMode = (r[9] >> 40) & 1;
  return a;
}

const char* formatName(uint32_t f) {
  switch (f) {
    case kYuv420sp:
      return "YUV420SP_U8";
    case kXrgb8888:
      return "XRGB8888_U8";
    case kRgb888:
      return "RGB888_U8";
    default:
      return "YUV400_U8";
  }
}

}  // namespace

void setAippRegister(uint32_t n, uint64_t value, const char* name) {
  Ctx x = enter(name);
  if (n >= 25)
    cubeFail(x, std::string(name) + ": AIPP_SPR_" + std::to_string(n) + " does not exist");
  x.c.regs.aipp[n] = value;
}

void loadImage(void* dst, uint32_t outBytes, const ImageArgs& g, const char* name) {
  Ctx x = enter(name);
  const Aipp a = decode(x.c.regs.aipp);
  auto bad = [&](const std::string& what) { cubeFail(x, "LoadImageToLocal: " + what); };
  if (a.format != kYuv420sp && a.format != kXrgb8888 && a.format != kRgb888 && a.format != kYuv400)
    bad("the AIPP input format " + std::to_string(a.format) +
        " (SetAippFunctions) is none of YUV420SP_U8 (0), XRGB8888_U8 (1), RGB888_U8 (4), "
        "YUV400_U8 (9)");
  if (outBytes != 1 && outBytes != 2) bad("the destination must be int8_t or half on A2/A3");
  const uint32_t horiz = uint32_t{g.horizSize} + 1;  // the instruction takes sizes minus 1
  uint32_t vert = uint32_t{g.vertSize} + 1;
  const uint32_t srcW = uint32_t{g.srcHorizSize} + 1;
  auto range = [&](const char* field, uint32_t v, uint32_t lo, uint32_t hi) {
    if (v < lo || v > hi)
      bad(std::string(field) + " " + std::to_string(v) + " is outside [" + std::to_string(lo) +
          ", " + std::to_string(hi) + "]");
  };
  range("horizSize", horiz, 2, 4095);
  range("vertSize", vert, 2, 4095);
  range("srcHorizSize", srcW, 2, 4095);
  range("horizStartPos", g.horizStartPos, 0, 4095);
  range("vertStartPos", g.vertStartPos, 0, 4095);
  range("topPadSize", g.topPad, 0, 32);
  range("botPadSize", g.botPad, 0, 32);
  range("leftPadSize", g.leftPad, 0, 32);
  range("rightPadSize", g.rightPad, 0, 32);
  if (g.horizStartPos % 2 != 0)  // every A2 input format asks for it
    bad(std::string("horizStartPos must be even for ") + formatName(a.format) + ", got " +
        std::to_string(g.horizStartPos));
  if (a.format == kYuv420sp && (g.vertStartPos % 2 != 0 || srcW % 2 != 0))
    bad("vertStartPos and srcHorizSize must be even for YUV420SP_U8, got " +
        std::to_string(g.vertStartPos) + " and " + std::to_string(srcW));
  if (a.singleLine) vert = 1;
  uint32_t top = g.topPad;
  uint32_t bot = g.botPad;
  if (a.paddingMode == 0) top = bot = 0;  // constant padding is left / right only
  if ((a.paddingMode == 2 || a.paddingMode == 3) &&
      (g.leftPad > horiz || g.rightPad > horiz || top > vert || bot > vert))
    bad("block and mirror padding copy from the image: left/right pads must not exceed "
        "horizSize and top/bottom pads vertSize");
  // Source: 1 byte per pixel in src0 (Y) and interleaved U, V pairs at half
  // the rows in src1 for YUV420SP / YUV400, 3 or 4 bytes per pixel otherwise.
  const uint32_t srcChannels = a.format == kRgb888 ? 3 : a.format == kXrgb8888 ? 4 : 1;
  const bool yuv = a.format == kYuv420sp || a.format == kYuv400;
  if (a.format == kYuv420sp && (a.src0 % 2 != 0 || a.src1 % 2 != 0))
    bad("src0 and src1 must be 2-byte aligned for YUV420SP_U8");
  if (a.format == kXrgb8888 && a.src0 % 4 != 0) bad("src0 must be 4-byte aligned for XRGB8888_U8");
  const uint64_t row0 = g.vertStartPos;
  const uint64_t s0Lo = (row0 * srcW + g.horizStartPos) * srcChannels;
  const uint64_t s0Hi = ((row0 + vert - 1) * srcW + g.horizStartPos + horiz) * srcChannels;
  checkGmRange(x, a.src0 + s0Lo, s0Hi - s0Lo, "src0 (image)");
  uint64_t s1Lo = 0;
  uint64_t s1Hi = 0;
  if (a.format == kYuv420sp) {
    s1Lo = (row0 / 2) * srcW + g.horizStartPos;
    s1Hi = ((row0 + vert - 1) / 2) * srcW + g.horizStartPos + (horiz + 1) / 2 * 2;
    checkGmRange(x, a.src1 + s1Lo, s1Hi - s1Lo, "src1 (UV plane)");
  }
  const uint32_t channels = !a.csc && a.format == kYuv400 ? 1 : 3;
  const uint32_t cOut = a.cPaddingMode == 0 ? 32 / outBytes : 4;
  const uint32_t height = vert + top + bot;
  const uint32_t width = horiz + g.leftPad + g.rightPad;
  const uint64_t dstBytes = uint64_t{height} * width * cOut * outBytes;
  const LocalOp dop = cubeLocal(x, CubeBuf::L1, dst, 32, "dst");
  checkLocalExtent(x, dop, dstBytes, "dst");
  const auto* s0 = reinterpret_cast<const uint8_t*>(a.src0);
  const auto* s1 = reinterpret_cast<const uint8_t*>(a.src1);
  uint8_t* d = dop.ptr;
  auto describe = [&](Instr& in) {
    ByteRuns r0;
    for (uint32_t r = 0; r < vert; ++r)
      r0.add(((row0 + r) * srcW + g.horizStartPos) * srcChannels, uint64_t{horiz} * srcChannels);
    in.add(r0.access(Space::GM, false, reinterpret_cast<uintptr_t>(s0)));
    if (a.format == kYuv420sp) {
      ByteRuns r1;
      for (uint32_t r = 0; r < vert; ++r)
        r1.add(((row0 + r) / 2) * srcW + g.horizStartPos, (horiz + 1) / 2 * 2);
      in.add(r1.access(Space::GM, false, reinterpret_cast<uintptr_t>(s1)));
    }
    in.add(access2d(Space::L1, true, reinterpret_cast<uintptr_t>(d), 1,
                    static_cast<uint32_t>(dstBytes), dstBytes));
  };
  x.c.launch->schedPoint(x.c);
  const uint32_t left = g.leftPad;
  const uint32_t hStart = g.horizStartPos;
  emit(x, PIPE_MTE2, describe, [=] {
    // The pixel value of output channel k (< channels) at image position
    // (r, c) of the window, before the data-type conversion.
    auto source = [&](uint32_t r, uint32_t c, uint32_t k) -> int32_t {
      const uint64_t y = row0 + r;
      const uint64_t xpos = uint64_t{hStart} + c;
      const uint8_t* px = s0 + (y * srcW + xpos) * srcChannels;
      auto chroma = [&](uint32_t which) -> int32_t {  // 0: U, 1: V
        if (a.format != kYuv420sp) return 0;
        const uint8_t* uv = s1 + (y / 2) * srcW + (xpos / 2) * 2;
        return uv[a.swapUV ? 1 - which : which];
      };
      if (a.csc) {
        if (yuv) {  // YUV -> RGB: the input biases, then the matrix
          const int32_t in3[3] = {px[0] - a.biasIn[0], chroma(0) - a.biasIn[1],
                                  chroma(1) - a.biasIn[2]};
          const int32_t sum =
              in3[0] * a.matrix[k][0] + in3[1] * a.matrix[k][1] + in3[2] * a.matrix[k][2];
          return std::clamp((sum + 128) / 256, 0, 255);
        }
        // RGB -> YUV: R, G, B after the swaps, the matrix, the output biases.
        int32_t rgb[3];
        if (a.format == kXrgb8888 && a.swapAX) {
          rgb[0] = px[a.swapRB ? 3 : 1];
          rgb[1] = px[2];
          rgb[2] = px[a.swapRB ? 1 : 3];
        } else {
          rgb[0] = px[a.swapRB ? 2 : 0];
          rgb[1] = px[1];
          rgb[2] = px[a.swapRB ? 0 : 2];
        }
        const int32_t sum =
            rgb[0] * a.matrix[k][0] + rgb[1] * a.matrix[k][1] + rgb[2] * a.matrix[k][2];
        return std::clamp((sum + 128) / 256 + a.biasOut[k], 0, 255);
      }
      uint32_t src = k;  // the swaps without conversion pick another source channel
      if (a.format == kXrgb8888 && a.swapAX) {
        src = a.swapRB ? 3 - k : k + 1;
      } else if (a.swapRB && (a.format == kRgb888 || a.format == kXrgb8888)) {
        src = 2 - k;
      }
      if (a.format == kYuv420sp && k != 0) return chroma(k - 1);
      return px[src];
    };
    auto put = [&](uint64_t at, uint16_t bits) { std::memcpy(d + at * outBytes, &bits, outBytes); };
    // Data-type conversion of output channel k: int8 saturates v - mean;
    // half rounds (v - mean) - min, then the product with var.
    auto convert = [&](int32_t v, uint32_t k) -> uint16_t {
      const int32_t centred = v - a.mean[k];
      if (outBytes == 1)
        return static_cast<uint16_t>(static_cast<uint8_t>(std::clamp(centred, -128, 127)));
      const uint16_t h1 =
          numeric::floatToHalf(static_cast<float>(centred) - numeric::halfToFloat(a.min[k]));
      return numeric::floatToHalf(numeric::halfToFloat(h1) * numeric::halfToFloat(a.var[k]));
    };
    // The window with its converted pixels and the channel padding.
    for (uint32_t i = 0; i < height; ++i)
      for (uint32_t j = 0; j < width; ++j) {
        const uint64_t base = (uint64_t{i} * width + j) * cOut;
        const bool inside = i >= top && i < top + vert && j >= left && j < left + horiz;
        for (uint32_t k = 0; k < cOut; ++k) {
          if (k >= channels) {
            put(base + k, a.cPadValue);
          } else if (inside) {
            put(base + k, convert(source(i - top, j - left, k), k));
          }
        }
      }
    // HW padding: constants (channels 0..3) or copies of the converted window.
    const uint32_t padChannels = a.paddingMode == 0 ? std::min<uint32_t>(4, cOut) : channels;
    auto mapIndex = [&](uint32_t v, uint32_t lo, uint32_t n, uint32_t lowPad, uint32_t highPad) {
      if (v >= lo && v < lo + n) return v;
      switch (a.paddingMode) {
        case 1:  // the nearest row / column of the image
          return v < lo ? lo : lo + n - 1;
        case 2:  // the block of the same size next to the edge
          return v < lo ? lo + v : v - highPad;
        default:  // its mirror image about the edge
          return v < lo ? 2 * lowPad - v - 1 : v - 2 * (v - lo - n) - 1;
      }
    };
    for (uint32_t i = 0; i < height; ++i)
      for (uint32_t j = 0; j < width; ++j) {
        const bool inside = i >= top && i < top + vert && j >= left && j < left + horiz;
        if (inside) continue;
        const uint64_t base = (uint64_t{i} * width + j) * cOut;
        for (uint32_t k = 0; k < padChannels; ++k) {
          if (a.paddingMode == 0) {
            put(base + k, a.padValue[k]);
          } else {
            const uint32_t si = mapIndex(i, top, vert, top, bot);
            const uint32_t sj = mapIndex(j, left, horiz, left, g.rightPad);
            std::memmove(d + (base + k) * outBytes,
                         d + ((uint64_t{si} * width + sj) * cOut + k) * outBytes, outBytes);
          }
        }
      }
  });
}

}  // namespace asctwin::isa
