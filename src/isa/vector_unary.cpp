// Unary math (vrelu, vexp, vln, vabs, vrec, vrsqrt, vsqrt, vnot) and the
// fused element-wise instructions (vaddrelu, vsubrelu, vmla, vmadd,
// vmaddrelu, vlrelu, vaxpy, and the converting vaddreluconv_*,
// vsubreluconv_*, vmulconv_*). Their arithmetic is the numeric core's
// (src/kernel/vec unary.cpp, cast.cpp); this file is their shape.
#include <string>

#include "asctwin/isa/runtime_vector.h"
#include "isa/saturation.h"
#include "isa/vec_ops.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

[[noreturn]] void unsupported(Ctx& x, const char* name, Elem t) {
  x.c.launch->raise(x.c, x.site,
                    std::string(name) + " does not support " + vec::dtypeName(vecType(t)));
}

}  // namespace

void vunary(VUn op, Elem t, void* dst, const void* src, uint8_t repeat, VStride dstS, VStride srcS,
            const char* name) {
  Ctx x = enter(name);
  const vec::UnOp vop = vecOp(op);
  const vec::DType vt = vecType(t);
  if (!vec::unarySupported(vop, vt)) unsupported(x, name, t);
  const uint32_t eb = elemBytes(t);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (lanes.empty()) return;
  const Stream s = ubStream(x, src, eb, srcS, lanes, "src");
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = op != VUn::Not && saturatesFloat(x.c.regs, vt);  // Not is bitwise
  emitElementwise(x, lanes, d, std::array<Stream, 1>{s}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    vec::unary(vop, o, in8[0], vt, n);
                    if (sat) saturateFloat(vt, o, n);
                  });
}

void vfused(VFused op, Elem dt, void* dst, Elem st, const void* src0, const void* src1,
            uint64_t scalar, uint8_t repeat, VStride dstS, VStride src0S, VStride src1S,
            const char* name) {
  Ctx x = enter(name);
  const vec::FusedOp vop = vecOp(op);
  const vec::DType vdt = vecType(dt), vst = vecType(st);
  if (!vec::fusedSupported(vop, vdt, vst)) unsupported(x, name, st);
  const uint32_t db = elemBytes(dt), sb = elemBytes(st);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / (db > sb ? db : sb));
  if (lanes.empty()) return;
  const bool two = src1 != nullptr;
  // AddRelu/SubRelu/LeakyRelu only write dst; the others read it too.
  const bool readsDst = op != VFused::AddRelu && op != VFused::SubRelu && op != VFused::LeakyRelu;
  const Stream a = ubStream(x, src0, sb, src0S, lanes, "src0");
  const Stream b = two ? ubStream(x, src1, sb, src1S, lanes, "src1") : Stream{};
  const Stream d = ubStream(x, dst, db, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    if (two) record(x, in, lanes, b, false);
    if (readsDst) record(x, in, lanes, d, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vdt);
  // The destination's old values are a source: gathered with the others
  // and then overwritten in the output lanes.
  emitElementwise(x, lanes, d, std::array<Stream, 3>{a, two ? b : a, d}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    if (o != in8[2]) std::memcpy(o, in8[2], n * db);
                    vec::fused(vop, o, vdt, in8[0], two ? in8[1] : nullptr, vst, scalar, n);
                    if (sat) saturateFloat(vdt, o, n);
                  });
}

void vfusedConv(VFusedConv op, Elem dt, void* dst, Elem st, const void* src0, const void* src1,
                uint8_t repeat, VStride dstS, VStride src0S, VStride src1S, const char* name) {
  Ctx x = enter(name);
  const vec::DType vdt = vecType(dt), vst = vecType(st);
  const bool mul = op == VFusedConv::Mul;
  const auto fop = op == VFusedConv::AddRelu ? vec::FusedOp::AddRelu : vec::FusedOp::SubRelu;
  const bool ok =
      (mul ? vec::binarySupported(vec::BinOp::Mul, vst) : vec::fusedSupported(fop, vst, vst)) &&
      vec::castSupported(vdt, vst, numeric::Round::Rint);
  if (!ok) unsupported(x, name, st);
  const uint32_t db = elemBytes(dt), sb = elemBytes(st);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / (db > sb ? db : sb));
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src0, sb, src0S, lanes, "src0");
  const Stream b = ubStream(x, src1, sb, src1S, lanes, "src1");
  const Stream d = ubStream(x, dst, db, dstS, lanes, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    record(x, in, lanes, b, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vdt);
  emitElementwise(x, lanes, d, std::array<Stream, 2>{a, b}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    // The result in the source type, then one conversion
                    // (chunks of one iteration's lanes at most keep the
                    // scratch small).
                    alignas(64) uint8_t tmp[kRepeatBytes * 2];
                    const uint64_t chunk = sizeof(tmp) / sb;
                    for (uint64_t i = 0; i < n; i += chunk) {
                      const uint64_t k = n - i < chunk ? n - i : chunk;
                      const uint8_t* pa = in8[0] + i * sb;
                      const uint8_t* pb = in8[1] + i * sb;
                      if (mul) {
                        vec::binary(vec::BinOp::Mul, tmp, pa, pb, vst, k);
                      } else {
                        vec::fused(fop, tmp, vst, pa, pb, vst, 0, k);
                      }
                      vec::cast(o + i * db, vdt, tmp, vst, numeric::Round::Rint, k);
                      if (sat) saturateFloat(vdt, o + i * db, k);
                    }
                  });
}

void vconvDeq(void* dst, const void* src, uint8_t repeat, VStride dstS, VStride srcS,
              const char* name) {
  Ctx x = enter(name);
  // An iteration covers 64 int32 sources and 64 halves.
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / 4);
  if (lanes.empty()) return;
  const Stream s = ubStream(x, src, 4, srcS, lanes, "src");
  const Stream d = ubStream(x, dst, 2, dstS, lanes, "dst");
  const auto scale = static_cast<uint16_t>(x.c.regs.deqScale & 0xFFFF);
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    record(x, in, lanes, d, true);
  };
  const bool sat = saturatesFloat(x.c.regs, vec::DType::F16);
  emitElementwise(x, lanes, d, std::array<Stream, 1>{s}, describe,
                  [=](uint8_t* o, const uint8_t* const* in8, uint64_t n) {
                    vec::dequantToHalf(o, in8[0], scale, n);
                    if (sat) saturateFloat(vec::DType::F16, o, n);
                  });
}

}  // namespace asctwin::isa
