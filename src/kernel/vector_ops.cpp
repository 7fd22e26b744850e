// The vector instructions (PIPE_V): operand checks, the instruction record,
// then the array kernels of src/kernel/vec.
#include <string>

#include "kernel/instr.h"
#include "kernel/vec/vec.h"

namespace asctwin::kernel {
namespace {

vec::DType toVec(DType t) {
  switch (t) {
    case DType::F16:
      return vec::DType::F16;
    case DType::BF16:
      return vec::DType::BF16;
    case DType::F32:
      return vec::DType::F32;
    case DType::F64:
      return vec::DType::F64;
    case DType::S8:
      return vec::DType::S8;
    case DType::U8:
    case DType::BOOL:
      return vec::DType::U8;
    case DType::S16:
      return vec::DType::S16;
    case DType::U16:
      return vec::DType::U16;
    case DType::S32:
      return vec::DType::S32;
    case DType::U32:
      return vec::DType::U32;
    case DType::S64:
      return vec::DType::S64;
    default:
      return vec::DType::U64;
  }
}

const char* roundName(VecRound r) {
  static const char* n[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                            "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
  return n[static_cast<int>(r) % 7];
}

Access operand(const LocalRef& r, bool write, uint64_t bytes) {
  Access a;
  a.space = r.space;
  a.write = write;
  a.addr = reinterpret_cast<uintptr_t>(r.ptr);
  a.blockBytes = static_cast<uint32_t>(bytes);
  a.blockCount = 1;
  a.strideBytes = bytes;
  a.buffer = r.bufferId;
  return a;
}

// Checks an operand of a vector instruction and adds it to the record.
void vecOperand(CoreState& c, Instr& in, const LocalRef& r, bool write, uint64_t bytes,
                const char* role) {
  if (r.space != Space::UB)
    c.launch->raise(
        c, in.site,
        std::string(role) + " of a vector instruction must be in UB, not " + spaceName(r.space));
  checkLocal(c, r, bytes, in.site, role);
  in.add(operand(r, write, bytes));
}

Instr vecInstr(CoreState& c, const Site& site) {
  c.launch->checkAbort();
  Instr in;
  in.pipe = PIPE_V;
  in.site = site;
  return in;
}

}  // namespace

void vecCast(const LocalRef& dst, DType dstType, const LocalRef& src, DType srcType, VecRound mode,
             uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  const auto round = static_cast<numeric::Round>(static_cast<uint8_t>(mode));
  if (!vec::castSupported(toVec(dstType), toVec(srcType), round))
    c.launch->raise(c, site,
                    std::string("Cast from ") + dtypeName(srcType) + " to " + dtypeName(dstType) +
                        " with " + roundName(mode) + " is not supported");
  if (count == 0) return;
  vecOperand(c, in, src, false, uint64_t{count} * dtypeBytes(srcType), "src");
  vecOperand(c, in, dst, true, uint64_t{count} * dtypeBytes(dstType), "dst");
  issue(c, in, [d = dst.ptr, dt = toVec(dstType), s = src.ptr, st = toVec(srcType), round, count] {
    vec::cast(d, dt, s, st, round, count);
  });
}

void vecDuplicate(const LocalRef& dst, DType type, uint64_t valueBits, uint32_t count,
                  const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (count == 0) return;
  vecOperand(c, in, dst, true, uint64_t{count} * dtypeBytes(type), "dst");
  issue(c, in, [d = dst.ptr, t = toVec(type), valueBits, count] {
    vec::duplicate(d, t, valueBits, count);
  });
}

void vecBinary(VecBinary op, const LocalRef& dst, const LocalRef& a, const LocalRef& b, DType type,
               uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  const auto vop = static_cast<vec::BinOp>(static_cast<uint8_t>(op));
  if (!vec::binarySupported(vop, toVec(type)))
    c.launch->raise(c, site, std::string(site.api) + " does not support " + dtypeName(type));
  if (count == 0) return;
  const uint64_t bytes = uint64_t{count} * dtypeBytes(type);
  vecOperand(c, in, a, false, bytes, "src0");
  vecOperand(c, in, b, false, bytes, "src1");
  vecOperand(c, in, dst, true, bytes, "dst");
  issue(c, in, [vop, d = dst.ptr, x = a.ptr, y = b.ptr, t = toVec(type), count] {
    vec::binary(vop, d, x, y, t, count);
  });
}

void vecScalar(VecScalar op, const LocalRef& dst, const LocalRef& a, uint64_t scalarBits,
               DType type, uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  const auto vop = static_cast<vec::ScalarOp>(static_cast<uint8_t>(op));
  if (!vec::scalarOpSupported(vop, toVec(type)))
    c.launch->raise(c, site, std::string(site.api) + " does not support " + dtypeName(type));
  if (count == 0) return;
  const uint64_t bytes = uint64_t{count} * dtypeBytes(type);
  vecOperand(c, in, a, false, bytes, "src");
  vecOperand(c, in, dst, true, bytes, "dst");
  issue(c, in, [vop, d = dst.ptr, x = a.ptr, scalarBits, t = toVec(type), count] {
    vec::scalarOp(vop, d, x, scalarBits, t, count);
  });
}

void vecSelect(const LocalRef& dst, const LocalRef& mask, const LocalRef& src0,
               const LocalRef* src1, uint64_t scalarBits, DType type, uint8_t selMode,
               uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (selMode > 2) c.launch->raise(c, site, "unknown SELMODE");
  const auto mode = static_cast<vec::SelMode>(selMode);
  if (src1 == nullptr && mode == vec::SelMode::TensorTensor)
    c.launch->raise(c, site, "VSEL_TENSOR_TENSOR_MODE needs a tensor src1, got a scalar");
  if (src1 != nullptr && mode == vec::SelMode::TensorScalar)
    c.launch->raise(c, site, "VSEL_TENSOR_SCALAR_MODE needs a scalar src1, got a tensor");
  if (count == 0) return;
  const uint64_t bytes = uint64_t{count} * dtypeBytes(type);
  const uint64_t perRepeat = 256 / dtypeBytes(type);
  const uint64_t maskBits =
      mode == vec::SelMode::CmpMaskSpr ? std::min<uint64_t>(count, perRepeat) : count;
  vecOperand(c, in, mask, false, (maskBits + 7) / 8, "selMask");
  vecOperand(c, in, src0, false, bytes, "src0");
  if (src1 != nullptr) vecOperand(c, in, *src1, false, bytes, "src1");
  vecOperand(c, in, dst, true, bytes, "dst");
  issue(c, in,
        [d = dst.ptr, m = mask.ptr, s0 = src0.ptr, s1 = src1 ? src1->ptr : nullptr, scalarBits,
         t = toVec(type), mode, count] { vec::select(d, m, s0, s1, scalarBits, t, mode, count); });
}

void vecCompareScalar(const LocalRef& dst, const LocalRef& src, uint64_t scalarBits, DType type,
                      uint8_t cmpMode, uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (cmpMode > 5) c.launch->raise(c, site, "unknown CMPMODE");
  if (count == 0) return;
  vecOperand(c, in, src, false, uint64_t{count} * dtypeBytes(type), "src0");
  vecOperand(c, in, dst, true, (uint64_t{count} + 7) / 8, "dst");
  issue(c, in, [d = dst.ptr, s = src.ptr, scalarBits, t = toVec(type), cmpMode, count] {
    vec::compareScalar(d, s, scalarBits, t, static_cast<vec::CmpMode>(cmpMode), count);
  });
}

void vecCompare(const LocalRef& dst, const LocalRef& a, const LocalRef& b, DType type,
                uint8_t cmpMode, uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (cmpMode > 5) c.launch->raise(c, site, "unknown CMPMODE");
  if (count == 0) return;
  const uint64_t bytes = uint64_t{count} * dtypeBytes(type);
  vecOperand(c, in, a, false, bytes, "src0");
  vecOperand(c, in, b, false, bytes, "src1");
  vecOperand(c, in, dst, true, (uint64_t{count} + 7) / 8, "dst");
  issue(c, in, [d = dst.ptr, x = a.ptr, y = b.ptr, t = toVec(type), cmpMode, count] {
    vec::compare(d, x, y, t, static_cast<vec::CmpMode>(cmpMode), count);
  });
}

void vecGather(const LocalRef& dst, const LocalRef& src, const LocalRef& offsets, uint32_t baseAddr,
               uint32_t elemSize, uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (count == 0) return;
  vecOperand(c, in, offsets, false, uint64_t{count} * 4, "srcOffset");
  vecOperand(c, in, dst, true, uint64_t{count} * elemSize, "dst");
  if (src.space != Space::UB) c.launch->raise(c, site, "src of Gather must be in UB");
  checkLocal(c, src, 0, site, "src");
  // Every gathered element must lie inside this core's UB. The offsets are
  // read when the instruction runs (in check mode, later than the issue).
  const uint64_t srcOff = static_cast<uint64_t>(src.ptr - c.ub);
  auto validate = [&c, site, srcOff, baseAddr, elemSize, count, offPtr = offsets.ptr](
                      uint64_t* loOut, uint64_t* hiOut) {
    uint64_t lo = UINT64_MAX, hi = 0;
    for (uint32_t i = 0; i < count; ++i) {
      uint32_t off;
      __builtin_memcpy(&off, offPtr + uint64_t{i} * 4, 4);
      const uint64_t at = srcOff + baseAddr + off;
      if (off % elemSize != 0 || at + elemSize > c.ubBytes)
        c.launch->raise(c, site,
                        "Gather offset[" + std::to_string(i) + "] = " + std::to_string(off) +
                            " (+ base " + std::to_string(baseAddr) +
                            ") is misaligned or outside the UB");
      lo = std::min(lo, at);
      hi = std::max(hi, at + elemSize);
    }
    *loOut = lo;
    *hiOut = hi;
  };
  auto run = [d = dst.ptr, s = src.ptr, o = offsets.ptr, baseAddr, elemSize, count] {
    vec::gather(d, s, reinterpret_cast<const uint32_t*>(o), baseAddr, elemSize, count);
  };
  if (c.hooks & kHookCheck) {
    // The bytes read are known only when it runs: record the UB from src on.
    Access whole = operand(LocalRef{Space::UB, src.ptr, static_cast<uint32_t>(srcOff),
                                    static_cast<uint32_t>(c.ubBytes - srcOff), 0},
                           false, c.ubBytes - srcOff);
    whole.exact = false;
    in.add(whole);
    issue(c, in, [validate, run] {
      uint64_t lo, hi;
      validate(&lo, &hi);
      run();
    });
    return;
  }
  uint64_t lo, hi;
  validate(&lo, &hi);
  in.add(operand(
      LocalRef{Space::UB, c.ub + lo, static_cast<uint32_t>(lo), static_cast<uint32_t>(hi - lo), 0},
      false, hi - lo));
  issue(c, in, run);
}

void vecCreateIndex(const LocalRef& dst, DType type, uint64_t firstBits, uint32_t count,
                    const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (count == 0) return;
  vecOperand(c, in, dst, true, uint64_t{count} * dtypeBytes(type), "dst");
  issue(c, in, [d = dst.ptr, t = toVec(type), firstBits, count] {
    vec::createVecIndex(d, t, firstBits, count);
  });
}

}  // namespace asctwin::kernel
