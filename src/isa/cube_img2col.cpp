// LoadData 3-D v2 (img2colv2_cbuf_to_ca / _cb): the feature map in L1
// (NC1HWC0 with N = 1, shape from FMATRIX) is unfolded into the im2col
// matrix (row m: output position, column k: (c1, kh, kw, c0)) and the block
// [mStartPt, +mExtension) x [kStartPt, +kExtension) lands in L0A (Zz, or
// transposed for b16) or L0B (Zn), as the reference's load3d.py pseudocode
// describes. Padding positions take the PADDING register; L1 reads past
// L1_3D_SIZE (when set) wrap to the start of L1.
#include <cstring>
#include <vector>

#include "isa/cube_common.h"
#include "isa/cube_copy_kernels.h"

namespace asctwin::isa {
namespace {

struct Geometry {
  uint32_t l1W, l1H, padL, padR, padT, padB;
  uint32_t fw, fh, hOut, wOut, c1;
};

}  // namespace

void img2col(CubeBuf dstBuf, void* dst, const void* src, uint32_t es, const Img2colArgs& args,
             const char* name) {
  Ctx x = enter(name);
  // int4b_t (img2colv2_cbuf_to_ca_s4): C0 is 64 int4 = 32 bytes, so in
  // bytes it is the 1-byte path with the K and channel values halved.
  Img2colArgs a = args;
  if (a.int4) {
    if (a.transpose) cubeFail(x, "LoadData 3-D: enTranspose is not supported for int4b_t");
    if (a.channelSize % 64 != 0 || a.kExtension % 64 != 0 || a.kStartPt % 64 != 0)
      cubeFail(x,
               "LoadData 3-D with int4b_t: channelSize, kStartPt and kExtension must be "
               "multiples of C0 (64), got " +
                   std::to_string(a.channelSize) + ", " + std::to_string(a.kStartPt) + " and " +
                   std::to_string(a.kExtension) + "; the twin supports whole C0 channel groups");
    a.channelSize /= 2;
    a.kExtension /= 2;
    a.kStartPt /= 2;
  }
  const auto& regs = x.c.regs;
  const uint64_t fm = a.fMatrixB ? regs.fmatrixB : regs.fmatrix;
  Geometry g{};
  g.l1W = fm & 0xFFFF;
  g.l1H = (fm >> 16) & 0xFFFF;
  g.padL = (fm >> 32) & 0xFF;
  g.padR = (fm >> 40) & 0xFF;
  g.padT = (fm >> 48) & 0xFF;
  g.padB = (fm >> 56) & 0xFF;
  const uint64_t rpt = regs.l3dRpt;
  const uint32_t repeatTime = (rpt >> 16) & 0xFF;
  if (a.kExtension == 0 || a.mExtension == 0 || a.channelSize == 0 || g.l1H == 0 || g.l1W == 0 ||
      repeatTime == 0 || (a.filterW == 0 && !a.filterSizeW) || (a.filterH == 0 && !a.filterSizeH))
    return;  // documented NOPs
  if (regs.fmatrix == kernel::kGarbageWord && !a.fMatrixB)
    cubeFail(x, "LoadData 3-D: the feature map (SetFmatrix / FMATRIX) was never set on this core");
  if (repeatTime != 1)
    cubeFail(x, "LoadData 3-D: repeatTime " + std::to_string(repeatTime) +
                    " of SetLoadDataRepeat; the twin carries out repeatTime 1");
  if (es != 1 && es != 2 && es != 4)
    cubeFail(x, "LoadData 3-D moves 1-, 2- or 4-byte elements, got " + std::to_string(es));
  const uint32_t c0 = 32 / es;
  if (dstBuf == CubeBuf::L0B && es == 1)
    cubeFail(x, "LoadData 3-D from L1 to L0B does not support 1-byte elements on A2/A3");
  if (a.channelSize % c0 != 0)
    cubeFail(x, "LoadData 3-D: channelSize " + std::to_string(a.channelSize) +
                    " is not a multiple of C0 (" + std::to_string(c0) +
                    "); the twin supports whole C0 channel groups");
  if (a.kExtension % c0 != 0 || a.kStartPt % c0 != 0)
    cubeFail(x, "LoadData 3-D: kStartPt and kExtension must be multiples of C0 (" +
                    std::to_string(c0) + "), got " + std::to_string(a.kStartPt) + " and " +
                    std::to_string(a.kExtension));
  if (a.strideW == 0 || a.strideH == 0 || a.dilationW == 0 || a.dilationH == 0)
    cubeFail(x, "LoadData 3-D: strides and dilations must be at least 1");
  g.fw = a.filterW + (a.filterSizeW ? 256u : 0u);
  g.fh = a.filterH + (a.filterSizeH ? 256u : 0u);
  const int64_t kwD = int64_t{g.fw - 1} * a.dilationW + 1;
  const int64_t khD = int64_t{g.fh - 1} * a.dilationH + 1;
  const int64_t wOut = (int64_t{g.l1W} + g.padL + g.padR - kwD) / a.strideW + 1;
  const int64_t hOut = (int64_t{g.l1H} + g.padT + g.padB - khD) / a.strideH + 1;
  if (wOut <= 0 || hOut <= 0)
    cubeFail(x, "LoadData 3-D: the filter does not fit the padded feature map (" +
                    std::to_string(g.l1H) + " x " + std::to_string(g.l1W) + ")");
  g.wOut = static_cast<uint32_t>(wOut);
  g.hOut = static_cast<uint32_t>(hOut);
  g.c1 = a.channelSize / c0;

  const LocalOp srcOp = cubeLocal(x, CubeBuf::L1, src, 32, "src");
  const LocalOp dstOp = cubeLocal(x, dstBuf, dst, kFractalBytes, "dst");
  const uint32_t boundary = static_cast<uint32_t>(regs.l13dSize);
  const uint32_t mExt = a.mExtension;
  const uint32_t kGroups = a.kExtension / c0;  // C0 groups of the block
  const uint32_t m1 = (mExt + 15) / 16;

  // The L1 byte offset each (row, C0 group) of the block reads; -1: padding.
  auto chunks = std::make_shared<std::vector<int64_t>>(uint64_t{mExt} * kGroups);
  const uint32_t taps = g.fw * g.fh;
  // Per C0 group its channel group and the tap's row and column offsets;
  // the output position (ho, wo) of row m steps along (no division per chunk).
  struct Group {
    uint32_t cg;
    int64_t dh, dw;
  };
  std::vector<Group> groups(kGroups);
  for (uint32_t qi = 0; qi < kGroups; ++qi) {
    const uint32_t q = a.kStartPt / c0 + qi;
    const uint32_t tap = q % taps;
    groups[qi] = {q / taps, int64_t{tap / g.fw} * a.dilationH - g.padT,
                  int64_t{tap % g.fw} * a.dilationW - g.padL};
  }
  int64_t ho = static_cast<int64_t>(uint64_t{a.mStartPt} / g.wOut);
  int64_t wo = static_cast<int64_t>(uint64_t{a.mStartPt} % g.wOut);
  for (uint32_t mi = 0; mi < mExt; ++mi) {
    for (uint32_t qi = 0; qi < kGroups; ++qi) {
      const uint32_t cg = groups[qi].cg;
      const int64_t h = ho * a.strideH + groups[qi].dh;
      const int64_t w = wo * a.strideW + groups[qi].dw;
      int64_t off = -1;
      if (cg < g.c1 && h >= 0 && h < g.l1H && w >= 0 && w < g.l1W) {
        off = static_cast<int64_t>(srcOp.offset) +
              ((int64_t{cg} * g.l1H + h) * g.l1W + w) * int64_t{c0} * es;
        if (boundary != 0) off %= boundary;
        if (off + 32 > static_cast<int64_t>(x.c.l1Bytes))
          cubeFail(x, "LoadData 3-D reads L1 bytes [" + std::to_string(off) + ", " +
                          std::to_string(off + 32) + ") past the " + std::to_string(x.c.l1Bytes) +
                          "-byte L1");
      }
      (*chunks)[uint64_t{mi} * kGroups + qi] = off;
    }
    if (++wo == static_cast<int64_t>(g.wOut)) {
      wo = 0;
      ++ho;
    }
  }

  // Where element (mi, k) of the block goes in the destination (bytes).
  const bool toB = dstBuf == CubeBuf::L0B;
  // The transpose of the whole block (L0A only; L0B ignores it): b16 and
  // b32 (the reference example mmad_load3dv2 uses it for float on A2).
  const bool transA = !toB && a.transpose;
  if (transA && es == 1)
    cubeFail(x, "LoadData 3-D: enTranspose into L0A supports 2- and 4-byte elements");
  const uint32_t k16 = (a.kExtension + 15) / 16 * 16;
  auto dstOffset = [=](uint32_t mi, uint32_t k) -> uint64_t {
    const uint32_t mb = mi / 16;
    const uint32_t r = mi % 16;
    if (!toB && !transA) {  // Zz: fractal (mb, k / c0), row r, column k % c0
      return ((uint64_t{mb} * kGroups + k / c0) * 16 + r) * 32 + uint64_t{k % c0} * es;
    }
    if (transA && es == 2) {  // whole block transposed: fractal (k / 16, mb), row k % 16, column r
      return ((uint64_t{k / 16} * m1 + mb) * 16 + k % 16) * 32 + uint64_t{r} * es;
    }
    if (transA) {  // b32: 16 x 8 fractals (k / 16, mb, half r / 8), row k % 16, column r % 8
      return ((((uint64_t{k / 16} * m1 + mb) * 2 + r / 8) * 16 + k % 16) * 8 + r % 8) * 4;
    }
    if (es == 2) {  // L0B b16: fractal (mb, k / 16), row k % 16, column r
      return ((uint64_t{mb} * kGroups + k / 16) * 16 + k % 16) * 32 + uint64_t{r} * es;
    }
    // L0B b32: for each half (8 rows of m) of a 16-row block, every k (padded
    // to 16) holds 8 consecutive m values.
    return ((uint64_t{mb} * 2 + r / 8) * k16 + k) * 32 + uint64_t{r % 8} * 4;
  };
  const uint64_t dstExtent = toB && es == 4      ? uint64_t{m1} * 2 * k16 * 32
                             : transA && es == 4 ? uint64_t{k16 / 16} * m1 * 2 * kFractalBytes
                                                 : uint64_t{m1} * kGroups * kFractalBytes;
  checkLocalExtent(x, dstOp, dstExtent, "dst");

  uint8_t* l1 = x.c.l1;
  uint8_t* d = dstOp.ptr;
  // The pad value per element: int4 fills both nibbles of a byte.
  const uint64_t padByte = a.int4 ? (regs.padding & 0xF) * 0x11 : regs.padding & 0xFF;
  const uint64_t padBits = es == 1 ? (padByte << 8) | padByte : regs.padding;
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    ByteRuns writes;
    // One read group per destination fractal (16 rows of one C0 group).
    for (uint32_t mb = 0; mb * 16 < mExt; ++mb)
      for (uint32_t qi = 0; qi < kGroups; ++qi) {
        for (uint32_t mi = mb * 16; mi < std::min(mExt, mb * 16 + 16); ++mi) {
          const int64_t off = (*chunks)[uint64_t{mi} * kGroups + qi];
          if (off >= 0) reads.add(static_cast<uint64_t>(off), 32);
          if (!toB && !transA) {  // Zz: the C0 group is 32 contiguous bytes
            writes.add(dstOffset(mi, qi * c0), 32);
            continue;
          }
          for (uint32_t c = 0; c < c0; ++c) writes.add(dstOffset(mi, qi * c0 + c), es);
        }
        reads.nextGroup();
      }
    kernel::Access ra = reads.access(Space::L1, false, reinterpret_cast<uintptr_t>(l1));
    ra.copiesPadding = true;
    in.add(ra);
    in.add(writes.access(spaceOf(dstBuf), true, reinterpret_cast<uintptr_t>(d)));
  };
  emit(x, PIPE_MTE1, describe, [=] {
    if (!toB && !transA) {  // Zz: each C0 group is 32 contiguous bytes of a fractal row
      uint8_t pad[32];
      for (uint32_t c = 0; c < c0; ++c) std::memcpy(pad + c * es, &padBits, es);
      copyk::img2colZz(d, l1, chunks->data(), mExt, kGroups, pad);
      return;
    }
    for (uint32_t mi = 0; mi < mExt; ++mi)
      for (uint32_t qi = 0; qi < kGroups; ++qi) {
        const int64_t off = (*chunks)[uint64_t{mi} * kGroups + qi];
        for (uint32_t c = 0; c < c0; ++c) {
          uint8_t* to = d + dstOffset(mi, qi * c0 + c);
          if (off < 0) {
            std::memcpy(to, &padBits, es);
          } else {
            std::memcpy(to, l1 + off + uint64_t{c} * es, es);
          }
        }
      }
  });
}

}  // namespace asctwin::isa
