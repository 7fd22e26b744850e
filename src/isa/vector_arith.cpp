// Element-wise vector instructions: two tensors (vadd, vsub, vmul, vdiv,
// vmax, vmin, vand, vor), a tensor and a scalar (vadds, vmuls, vmaxs,
// vmins, vshl, vshr), vector_dup, and the conversions vconv_*. Their
// arithmetic is the numeric core's (src/kernel/vec); this file is their
// shape: lanes, strides, mask, record.
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
  emit(x, PIPE_V, describe, [=] {
    const Stream srcs[2] = {a, b};
    runElementwise(lanes, d, srcs, 2, [&](uint8_t* o, const uint8_t* const* s, uint64_t n) {
      vec::binary(vop, o, s[0], s[1], vt, n);
      if (sat) saturateFloat(vt, o, n);
    });
  });
}

void vscalar(VScalar op, Elem t, void* dst, const void* src, uint64_t scalar, uint8_t repeat,
             VStride dstS, VStride srcS, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const vec::ScalarOp vop = scalarOp(op);
  const vec::DType vt = vecType(t);
  if (!vec::scalarOpSupported(vop, vt))
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
  emit(x, PIPE_V, describe, [=] {
    runElementwise(lanes, d, &a, 1, [&](uint8_t* o, const uint8_t* const* s, uint64_t n) {
      vec::scalarOp(vop, o, s[0], scalar, vt, n);
      if (sat) saturateFloat(vt, o, n);
    });
  });
}

void vdup(Elem t, void* dst, uint64_t scalar, uint8_t repeat, VStride dstS, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const vec::DType vt = vecType(t);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (lanes.empty()) return;
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  emit(
      x, PIPE_V, [&](Instr& in) { record(x, in, lanes, d, true); },
      [=] {
        runElementwise(lanes, d, nullptr, 0, [&](uint8_t* o, const uint8_t* const*, uint64_t n) {
          vec::duplicate(o, vt, scalar, n);
        });
      });
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
  emit(x, PIPE_V, describe, [=] {
    runElementwise(lanes, d, &s, 1, [&](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
      vec::cast(o, vdt, in8[0], vst, round, n);
      if (sat) saturateFloat(vdt, o, n);
    });
  });
}

}  // namespace asctwin::isa
