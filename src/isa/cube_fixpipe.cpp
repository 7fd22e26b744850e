// Fixpipe: L0C (Nz, fp32 or int32) -> GM / L1 (copy_matrix_cc_to_gm,
// copy_matrix_cc_to_cbuf) with the on-the-fly conversions of A2/A3:
// quantisation (QuantMode_t, scalar from QUANT_PRE or per channel from FB at
// FPC[15:8] x 128 bytes), ReLU, NZ -> ND (ND_PARA), the int8 channel merge
// and the fp32 channel split. Layouts and formulas: docs/cube.md.
#include <cmath>
#include <cstring>

#include "isa/cube_common.h"
#include "isa/cube_copy_kernels.h"
#include "isa/cube_unit_flag.h"
#include "kernel/atomic_apply.h"
#include "kernel/gm_store.h"

namespace asctwin::isa {
namespace {

using kernel::AtomicOp;
using kernel::DType;

uint32_t bytesOf(Elem e) {
  return elemBytes(e);
}

bool vectorQuant(QuantMode_t q) {
  return q == VDEQF16 || q == VQF322B8_PRE || q == VREQ8;
}

// The scale of a quantisation parameter: bits [31:13] as an fp32 with a
// 10-bit mantissa (the low 13 mantissa bits are not kept).
float scaleOf(uint64_t param) {
  const auto bits = static_cast<uint32_t>(param) & 0xFFFFE000u;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

float rintClamp(float v, float lo, float hi) {
  if (std::isnan(v)) return 0.0f;
  return std::nearbyint(std::fmin(std::fmax(v, lo), hi));
}

// One element: the fp32/int32 accumulator `raw` -> the destination's bits.
struct Converter {
  QuantMode_t quant;
  bool relu;
  Elem src, dst;

  void operator()(const uint8_t* raw, uint64_t param, uint8_t* out) const {
    float f = 0.0f;
    int32_t iv = 0;
    if (src == Elem::F32) {
      std::memcpy(&f, raw, 4);
    } else {
      std::memcpy(&iv, raw, 4);
    }
    switch (quant) {
      case NoQuant:
        if (src == Elem::F32) {
          if (relu && f < 0.0f) f = 0.0f;
          std::memcpy(out, &f, 4);
        } else {
          if (relu && iv < 0) iv = 0;
          std::memcpy(out, &iv, 4);
        }
        return;
      case F322F16:
      case F322BF16: {
        if (relu && f < 0.0f) f = 0.0f;
        const uint16_t h = quant == F322F16 ? numeric::floatToHalf(f) : numeric::floatToBf16(f);
        std::memcpy(out, &h, 2);
        return;
      }
      case DEQF16:
      case VDEQF16: {
        float v = static_cast<float>(iv) * scaleOf(param);
        if (relu && v < 0.0f) v = 0.0f;
        const uint16_t h = numeric::floatToHalf(v);
        std::memcpy(out, &h, 2);
        return;
      }
      default: {  // QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8: to int8 / uint8
        float v = src == Elem::F32 ? f : static_cast<float>(iv);
        if ((param >> 36) & 1) {  // shift mode: v / 2^n saturated to int16 first
          const uint32_t shift = (param >> 32) & 0xF;
          v = rintClamp(std::ldexp(v, -static_cast<int>(shift)), -32768.0f, 32767.0f);
        }
        v *= scaleOf(param);
        if (relu && v < 0.0f) v = 0.0f;
        int32_t offset = static_cast<int32_t>((param >> 37) & 0x1FF);
        if (offset >= 256) offset -= 512;  // a 9-bit signed offset
        const float q = rintClamp(v, -256.0f, 255.0f) + static_cast<float>(offset);
        const bool signedOut = ((param >> 46) & 1) != 0 || dst == Elem::S8;
        const float r = signedOut ? std::fmin(std::fmax(q, -128.0f), 127.0f)
                                  : std::fmin(std::fmax(q, 0.0f), 255.0f);
        const auto b = static_cast<int32_t>(r);
        *out = static_cast<uint8_t>(b & 0xFF);
        return;
      }
    }
  }
};

bool pairSupported(Elem src, Elem dst, QuantMode_t q) {
  if (src == Elem::F32) {
    switch (q) {
      case NoQuant:
        return dst == Elem::F32;
      case F322F16:
        return dst == Elem::F16;
      case F322BF16:
        return dst == Elem::BF16;
      case QF322B8_PRE:
      case VQF322B8_PRE:
        return dst == Elem::S8 || dst == Elem::U8;
      default:
        return false;
    }
  }
  if (src == Elem::S32) {
    switch (q) {
      case NoQuant:
        return dst == Elem::S32;
      case DEQF16:
      case VDEQF16:
        return dst == Elem::F16;
      case REQ8:
      case VREQ8:
        return dst == Elem::S8 || dst == Elem::U8;
      default:
        return false;
    }
  }
  return false;
}

const char* elemName(Elem e) {
  switch (e) {
    case Elem::F16:
      return "half";
    case Elem::BF16:
      return "bfloat16_t";
    case Elem::F32:
      return "float";
    case Elem::S8:
      return "int8_t";
    case Elem::U8:
      return "uint8_t";
    case Elem::S16:
      return "int16_t";
    case Elem::S32:
      return "int32_t";
    default:
      return "?";
  }
}

// Destination byte offset of element (m, n) of ND matrix `t` or of the NZ
// output.
struct DstLayout {
  bool nd, split, merge;
  uint32_t dsize, dstStride;
  uint64_t ndStride;  // bytes between ND matrices
  uint16_t nSize;
  uint64_t operator()(uint32_t t, uint32_t m, uint32_t n) const {
    if (nd) return t * ndStride + (uint64_t{m} * dstStride + n) * dsize;
    if (split) return uint64_t{n / 8} * dstStride * 32 + uint64_t{m} * 32 + uint64_t{n % 8} * 4;
    if (merge) {
      // int8: pairs of 16-column blocks become one 16 x 32 block; an odd
      // last block stays 16 wide.
      const uint32_t pair = n / 32;
      const bool lastOdd = (nSize / 16) % 2 == 1 && n >= (nSize / 32) * 32;
      const uint32_t width = lastOdd ? 16 : 32;
      return uint64_t{pair} * dstStride * 32 + uint64_t{m} * width + n % 32;
    }
    return uint64_t{n / 16} * dstStride * 32 + (uint64_t{m} * 16 + n % 16) * dsize;
  }
};

}  // namespace

void fixpipe(CubeBuf dstBuf, void* dst, Elem dstType, const void* src, Elem srcType,
             const FixArgs& a, const char* name) {
  Ctx x = enter(name);
  if (a.mSize == 0 || a.nSize == 0) return;  // documented NOP
  if (srcType != Elem::F32 && srcType != Elem::S32)
    cubeFail(x, "Fixpipe reads float or int32_t from L0C");
  if (a.quant > VREQ8)
    cubeFail(x, "Fixpipe: quantPre " + std::to_string(int{a.quant}) +
                    " is not a quantisation mode of A2/A3 (NoQuant .. VREQ8)");
  if (!pairSupported(srcType, dstType, a.quant))
    cubeFail(x, std::string("Fixpipe: quantPre ") + std::to_string(int{a.quant}) +
                    " does not turn " + elemName(srcType) + " into " + elemName(dstType));
  if (a.reluPre > 1)
    cubeFail(x, "Fixpipe: reluPre must be 0 or 1 (ClipReLU is not on A2/A3), got " +
                    std::to_string(a.reluPre));
  if (a.channelSplit &&
      (a.nz2nd || srcType != Elem::F32 || dstType != Elem::F32 || dstBuf != CubeBuf::GM))
    cubeFail(x, "Fixpipe: channel split needs float -> float NZ output to GM");
  if (a.nz2nd && dstBuf != CubeBuf::GM) cubeFail(x, "Fixpipe: NZ2ND writes to GM only");
  const bool merge = !a.nz2nd && bytesOf(dstType) == 1;
  if (!a.nz2nd && a.nSize % (a.channelSplit ? 8 : 16) != 0)
    cubeFail(x, "Fixpipe: nSize " + std::to_string(a.nSize) + " must be a multiple of " +
                    (a.channelSplit ? "8 (channel split)" : "16 (NZ output)"));
  if (a.dstStride == 0) cubeFail(x, "Fixpipe: dstStride must not be 0");

  uint32_t ndNum = 1;
  uint64_t srcNd = 0;
  uint64_t dstNd = 0;
  if (a.nz2nd) {
    const uint64_t nd = x.c.regs.ndPara;
    ndNum = nd & 0xFFFF;
    srcNd = ((nd >> 16) & 0xFFFF) * 16 * 64;  // units of 16 x C0_SIZE (C0_SIZE = 64 bytes)
    dstNd = (nd >> 32) & 0xFFFF;              // elements
    if (ndNum == 0) return;                   // documented NOP
    if (a.mSize > 8192) cubeFail(x, "Fixpipe with NZ2ND: mSize must be in [0, 8192]");
  }
  const uint32_t dsize = bytesOf(dstType);
  DstLayout lay{a.nz2nd, a.channelSplit, merge, dsize, a.dstStride, dstNd * dsize, a.nSize};
  const uint64_t srcRow = 64;  // 16 fp32/int32 of one row of an L0C fractal
  const uint64_t srcBlock = uint64_t{a.srcStride} * srcRow;  // between 16-column blocks
  auto srcOffset = [=](uint32_t t, uint32_t m, uint32_t n) -> uint64_t {
    return t * srcNd + uint64_t{n / 16} * srcBlock + uint64_t{m} * srcRow + uint64_t{n % 16} * 4;
  };
  const uint32_t nBlocks = (a.nSize + 15) / 16;
  const LocalOp so = cubeLocal(x, CubeBuf::L0C, src, 64, "src (L0C)");
  checkLocalExtent(x, so,
                   (ndNum - 1) * srcNd + (nBlocks - 1) * srcBlock + uint64_t{a.mSize} * srcRow,
                   "src (L0C)");
  const uint64_t dstExtent = lay(ndNum - 1, a.mSize - 1, a.nSize - 1) + dsize;
  uint8_t* dp = nullptr;
  const auto dAddr = reinterpret_cast<uintptr_t>(dst);
  if (dstBuf == CubeBuf::GM) {
    checkGmRange(x, dAddr, dstExtent, "dst");
    dp = reinterpret_cast<uint8_t*>(dAddr);
  } else {
    const LocalOp dop = cubeLocal(x, CubeBuf::L1, dst, 32, "dst");
    checkLocalExtent(x, dop, dstExtent, "dst");
    dp = dop.ptr;
  }
  // The quantisation parameters: the scalar register, or one uint64 per
  // column from FB at FPC[15:8] x 128 bytes.
  const uint64_t scalarParam = x.c.regs.quantPre;
  const uint8_t* fbParams = nullptr;
  if (vectorQuant(a.quant)) {
    const uint64_t off = ((x.c.regs.fpc >> 8) & 0xFF) * 128;
    if (off + uint64_t{a.nSize} * 8 > x.c.fbBytes)
      cubeFail(x, "Fixpipe: the per-channel quantisation parameters at FB offset " +
                      std::to_string(off) + " (FPC) for " + std::to_string(a.nSize) +
                      " columns overflow the " + std::to_string(x.c.fbBytes) + "-byte FB");
    fbParams = x.c.fb + off;
  } else if ((a.quant == DEQF16 || a.quant == QF322B8_PRE || a.quant == REQ8) &&
             scalarParam == kernel::kGarbageWord) {
    cubeFail(x,
             "Fixpipe: scalar quantisation without a QUANT_PRE value (SetFixpipePreQuantFlag "
             "or deqScalar)");
  }
  // The unit flags of the L0C fractals it reads (cube_unit_flag.h).
  UnitSet units;
  for (uint32_t t = 0; t < ndNum; ++t)
    for (uint32_t jb = 0; jb < nBlocks; ++jb)
      units.add(so.offset + srcOffset(t, 0, jb * 16),
                uint64_t{a.mSize - 1u} * srcRow + std::min<uint32_t>(16, a.nSize - jb * 16) * 4u);
  std::shared_ptr<const kernel::UnitFlagUse> uf =
      unitFlagIssue(x, a.unitFlag, true, units.take(), "Fixpipe");
  const AtomicOp op = dstBuf == CubeBuf::GM ? x.c.atomicOp : AtomicOp::None;
  const DType atype = x.c.atomicType;
  if (op != AtomicOp::None && kernel::dtypeBytes(atype) != dsize)
    cubeFail(x, std::string("Fixpipe into GM under an atomic ") + kernel::dtypeName(atype) +
                    " mode writes " + elemName(dstType));
  const Converter conv{a.quant, a.reluPre == 1, srcType, dstType};
  const bool plainCopy = a.quant == NoQuant && a.reluPre == 0;
  const uint8_t* sp = so.ptr;
  const uint16_t mSize = a.mSize;
  const uint16_t nSize = a.nSize;
  auto describe = [&](Instr& in) {
    ByteRuns reads;
    ByteRuns writes;
    // The reads column block by column block (a block's rows are
    // consecutive in L0C), the writes row by row: both in address order
    // for the usual layouts, so their runs merge as they are added.
    for (uint32_t t = 0; t < ndNum; ++t)
      for (uint32_t jb = 0; jb < nBlocks; ++jb)
        for (uint32_t m = 0; m < mSize; ++m)
          reads.add(srcOffset(t, m, jb * 16),
                    uint64_t{std::min<uint32_t>(16, nSize - jb * 16)} * 4);
    for (uint32_t t = 0; t < ndNum; ++t)
      for (uint32_t m = 0; m < mSize; ++m)
        for (uint32_t n = 0; n < nSize; ++n) writes.add(lay(t, m, n), dsize);
    in.add(reads.access(Space::L0C, false, reinterpret_cast<uintptr_t>(sp)));
    if (fbParams != nullptr)
      in.add(access2d(Space::FB, false, reinterpret_cast<uintptr_t>(fbParams), 1, nSize * 8u,
                      nSize * 8u));
    in.add(writes.access(spaceOf(dstBuf), true, reinterpret_cast<uintptr_t>(dp)));
    in.atomicOp = op;
    in.atomicType = atype;
    in.unitFlag = uf;
  };
  if (dstBuf == CubeBuf::GM) x.c.launch->schedPoint(x.c);
  const bool toGm = dstBuf == CubeBuf::GM;
  emit(x, PIPE_FIX, describe, [=, &c = x.c] {
    // Row by row: convert one destination row (ND) or element run, then
    // store it (under the atomic mode for GM).
    uint8_t row[4096 * 4];
    for (uint32_t t = 0; t < ndNum; ++t)
      for (uint32_t m = 0; m < mSize; ++m) {
        if (lay.nd) {
          if (plainCopy) {
            // NoQuant without ReLU: the row's 16-column runs move as they are.
            for (uint32_t n = 0; n < nSize; n += 16)
              std::memcpy(row + uint64_t{n} * 4, sp + srcOffset(t, m, n),
                          uint64_t{std::min<uint32_t>(16, nSize - n)} * 4);
          } else if (conv.quant == F322F16) {
            // The row's 16-column runs converted 8 values at a time.
            for (uint32_t n = 0; n < nSize; n += 16)
              copyk::floatsToHalves(row + uint64_t{n} * 2, sp + srcOffset(t, m, n),
                                    std::min<uint32_t>(16, nSize - n), conv.relu);
          } else {
            for (uint32_t n = 0; n < nSize; ++n) {
              uint64_t param = scalarParam;
              if (fbParams != nullptr) std::memcpy(&param, fbParams + uint64_t{n} * 8, 8);
              conv(sp + srcOffset(t, m, n), param, row + uint64_t{n} * dsize);
            }
          }
          uint8_t* out = dp + lay(t, m, 0);
          const size_t bytes = size_t{nSize} * dsize;
          if (!toGm) {
            std::memcpy(out, row, bytes);
          } else if (op == AtomicOp::None) {
            kernel::gmStore(out, row, bytes);
          } else {
            kernel::atomicCombine(op, atype, out, row, bytes);
          }
          continue;
        }
        for (uint32_t n = 0; n < nSize; ++n) {
          uint64_t param = scalarParam;
          if (fbParams != nullptr) std::memcpy(&param, fbParams + uint64_t{n} * 8, 8);
          uint8_t v[4];
          conv(sp + srcOffset(t, m, n), param, v);
          uint8_t* out = dp + lay(t, m, n);
          if (!toGm || op == AtomicOp::None) {
            std::memcpy(out, v, dsize);
          } else {
            kernel::atomicCombine(op, atype, out, v, dsize);
          }
        }
      }
    if (toGm) c.launch->noteProgress();
  });
}

}  // namespace asctwin::isa
