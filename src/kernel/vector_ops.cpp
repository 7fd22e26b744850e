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
  issue(c, in, [&] { vec::cast(dst.ptr, toVec(dstType), src.ptr, toVec(srcType), round, count); });
}

void vecDuplicate(const LocalRef& dst, DType type, uint64_t valueBits, uint32_t count,
                  const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (count == 0) return;
  vecOperand(c, in, dst, true, uint64_t{count} * dtypeBytes(type), "dst");
  issue(c, in, [&] { vec::duplicate(dst.ptr, toVec(type), valueBits, count); });
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
  issue(c, in, [&] { vec::binary(vop, dst.ptr, a.ptr, b.ptr, toVec(type), count); });
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
  issue(c, in, [&] { vec::scalarOp(vop, dst.ptr, a.ptr, scalarBits, toVec(type), count); });
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
  issue(c, in, [&] {
    vec::select(dst.ptr, mask.ptr, src0.ptr, src1 ? src1->ptr : nullptr, scalarBits, toVec(type),
                mode, count);
  });
}

void vecCompareScalar(const LocalRef& dst, const LocalRef& src, uint64_t scalarBits, DType type,
                      uint8_t cmpMode, uint32_t count, const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (cmpMode > 5) c.launch->raise(c, site, "unknown CMPMODE");
  if (count == 0) return;
  vecOperand(c, in, src, false, uint64_t{count} * dtypeBytes(type), "src0");
  vecOperand(c, in, dst, true, (uint64_t{count} + 7) / 8, "dst");
  issue(c, in, [&] {
    vec::compareScalar(dst.ptr, src.ptr, scalarBits, toVec(type),
                       static_cast<vec::CmpMode>(cmpMode), count);
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
  issue(c, in, [&] {
    vec::compare(dst.ptr, a.ptr, b.ptr, toVec(type), static_cast<vec::CmpMode>(cmpMode), count);
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
  // Every gathered element must lie inside this core's UB.
  const uint64_t srcOff = static_cast<uint64_t>(src.ptr - c.ub);
  uint64_t lo = UINT64_MAX, hi = 0;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t off;
    __builtin_memcpy(&off, offsets.ptr + uint64_t{i} * 4, 4);
    const uint64_t at = srcOff + baseAddr + off;
    if (off % elemSize != 0 || at + elemSize > c.ubBytes)
      c.launch->raise(c, site,
                      "Gather offset[" + std::to_string(i) + "] = " + std::to_string(off) +
                          " (+ base " + std::to_string(baseAddr) +
                          ") is misaligned or outside the UB");
    lo = std::min(lo, at);
    hi = std::max(hi, at + elemSize);
  }
  in.add(operand(
      LocalRef{Space::UB, c.ub + lo, static_cast<uint32_t>(lo), static_cast<uint32_t>(hi - lo), 0},
      false, hi - lo));
  issue(c, in, [&] {
    vec::gather(dst.ptr, src.ptr, reinterpret_cast<const uint32_t*>(offsets.ptr), baseAddr,
                elemSize, count);
  });
}

void vecCreateIndex(const LocalRef& dst, DType type, uint64_t firstBits, uint32_t count,
                    const Site& site) {
  CoreState& c = currentCore();
  Instr in = vecInstr(c, site);
  if (count == 0) return;
  vecOperand(c, in, dst, true, uint64_t{count} * dtypeBytes(type), "dst");
  issue(c, in, [&] { vec::createVecIndex(dst.ptr, toVec(type), firstBits, count); });
}

}  // namespace asctwin::kernel
