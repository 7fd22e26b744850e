// Element-wise vector instructions: two tensors (vadd, vsub, vmul, vdiv,
// vmax, vmin, vand, vor), a tensor and a scalar (vadds, vmuls, vmaxs,
// vmins, vshl, vshr), vector_dup, and the conversions vconv_*. Their
// arithmetic is the numeric core's (src/kernel/vec); this file is their
// shape: lanes, strides, mask, record. The one exception is vshr's rounding
// (below), which the numeric core does not have.
#include <cstring>
#include <string>

#include "isa/saturation.h"
#include "isa/vec_ops.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

vec::ScalarOp scalarOp(VScalar op) {
  switch (op) {
    case VScalar::Adds:
      return vec::ScalarOp::Adds;
    case VScalar::Muls:
      return vec::ScalarOp::Muls;
    case VScalar::Maxs:
      return vec::ScalarOp::Maxs;
    case VScalar::Mins:
      return vec::ScalarOp::Mins;
    case VScalar::Shl:
      return vec::ScalarOp::ShiftLeft;
    default:
      return vec::ScalarOp::ShiftRight;
  }
}

// vshr with its rounding operand set (signed lanes only): the arithmetic
// shift by n plus bit n - 1 of the source, i.e. src / 2^n rounded half up
// (the ShiftRight page's roundEn: 17 >> 5 with bit 4 set gives 0 + 1). For
// n >= the width every source rounds to 0; for n <= 0 nothing is shifted
// out and the result is the plain shift's. Each lane is read before it is
// written, so dst may be src.
template <typename T>
void shiftRightRound(uint8_t* o, const uint8_t* s, uint64_t scalarBits, uint64_t n) {
  constexpr int kBits = static_cast<int>(sizeof(T) * 8);
  T countT;
  std::memcpy(&countT, &scalarBits, sizeof(T));
  const int count = countT;
  for (uint64_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, s + i * sizeof(T), sizeof(T));
    T r;
    if (count >= kBits) {
      r = 0;
    } else if (count <= 0) {
      r = count == 0 ? v : static_cast<T>(v < 0 ? -1 : 0);
    } else {
      r = static_cast<T>((v >> count) + ((v >> (count - 1)) & 1));
    }
    std::memcpy(o + i * sizeof(T), &r, sizeof(T));
  }
}

}  // namespace

void vbinary(VBin op, Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat,
             VStride dstS, VStride src0S, VStride src1S, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const vec::BinOp vop = vecOp(op);
  const vec::DType vt = vecType(t);
  if (!vec::binarySupported(vop, vt))
    x.c.launch->raise(x.c, x.site, std::string(name) + " does not support " + vec::dtypeName(vt));
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src0, eb, src0S, lanes, "src0");
  const Stream b = ubStream(x, src1, eb, src1S, lanes, "src1");
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    record(x, in, lanes, b, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vt);
  emitElementwise(x, lanes, d, std::array<Stream, 2>{a, b}, describe,
                  [=](uint8_t* o, const uint8_t* const* s, uint64_t n) {
                    vec::binary(vop, o, s[0], s[1], vt, n);
                    if (sat) saturateFloat(vt, o, n);
                  });
}

void vscalar(VScalar op, Elem t, void* dst, const void* src, uint64_t scalar, uint8_t repeat,
             VStride dstS, VStride srcS, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const vec::ScalarOp vop = scalarOp(op);
  const vec::DType vt = vecType(t);
  const bool round = op == VScalar::ShrRound;
  if (!vec::scalarOpSupported(vop, vt) || (round && t != Elem::S16 && t != Elem::S32))
    x.c.launch->raise(x.c, x.site, std::string(name) + " does not support " + vec::dtypeName(vt));
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src, eb, srcS, lanes, "src");
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vt);
  emitElementwise(x, lanes, d, std::array<Stream, 1>{a}, describe,
                  [=](uint8_t* o, const uint8_t* const* s, uint64_t n) {
                    if (round && t == Elem::S16) {
                      shiftRightRound<int16_t>(o, s[0], scalar, n);
                    } else if (round) {
                      shiftRightRound<int32_t>(o, s[0], scalar, n);
                    } else {
                      vec::scalarOp(vop, o, s[0], scalar, vt, n);
                      if (sat) saturateFloat(vt, o, n);
                    }
                  });
}

void vdup(Elem t, void* dst, uint64_t scalar, uint8_t repeat, VStride dstS, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const vec::DType vt = vecType(t);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (lanes.empty()) return;
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  emitElementwise(
      x, lanes, d, std::array<Stream, 0>{}, [&](Instr& in) { record(x, in, lanes, d, true); },
      [=](uint8_t* o, const uint8_t* const*, uint64_t n) { vec::duplicate(o, vt, scalar, n); });
}

void vconv(Elem dt, void* dst, Elem st, const void* src, Rnd mode, uint8_t repeat, VStride dstS,
           VStride srcS, const char* name) {
  Ctx x = enter(name);
  const uint32_t db = elemBytes(dt), sb = elemBytes(st);
  const vec::DType vdt = vecType(dt), vst = vecType(st);
  const numeric::Round round = vecOp(mode);
  if (!vec::castSupported(vdt, vst, round))
    x.c.launch->raise(x.c, x.site,
                      std::string(name) + ": the numeric core has no conversion from " +
                          vec::dtypeName(vst) + " to " + vec::dtypeName(vdt));
  // An iteration covers 256 bytes of the wider operand.
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / (db > sb ? db : sb));
  if (lanes.empty()) return;
  const Stream s = ubStream(x, src, sb, srcS, lanes, "src");
  const Stream d = ubStream(x, dst, db, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vdt);
  emitElementwise(x, lanes, d, std::array<Stream, 1>{s}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    vec::cast(o, vdt, in8[0], vst, round, n);
                    if (sat) saturateFloat(vdt, o, n);
                  });
}

}  // namespace asctwin::isa
