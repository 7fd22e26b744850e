// Compare and select: vcmpv_* / vcmpvs_* (one result bit per lane into UB),
// vcmp_* (into the CMPMASK register), set_cmpmask / get_cmpmask, vsel in its
// three modes, and vgather.
//
// Result bits are little-endian: lane i of the flattened lanes is bit i % 8
// of byte i / 8 (API reference, Compare: "dst按照小端顺序排序").
//  - vcmpv/vcmpvs ignore the MASK register on A2/A3 (its mask argument is
//    "reserved" there): every lane of `repeat` iterations is compared and the
//    bits of iteration r are bytes [r * lanes / 8, (r + 1) * lanes / 8).
//  - vcmp writes the enabled lanes' bits of one iteration into CMPMASK; the
//    other bits keep their old value.
//  - vsel: a set selection bit takes src0, a clear one src1. Mode 0 reads the
//    bits from CMPMASK, the same bits for every iteration; mode 1 reads them
//    from UB at `src1` (the tensor-scalar form passes the mask there) and
//    takes the scalar from the low bytes of CMPMASK; mode 2 reads them from
//    the UB address held in CMPMASK. Modes 1 and 2 consume the bits
//    continuously: lane l of iteration r uses bit r * lanes + l.
#include <cstring>
#include <string>

#include "isa/vec_ops.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

bool bitAt(const uint8_t* bits, uint64_t i) {
  return (bits[i / 8] >> (i % 8)) & 1u;
}

}  // namespace

void vcmpv(Cmp op, Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat,
           VStride src0S, VStride src1S, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  const Lanes lanes = allLanes(repeat, per);
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src0, eb, src0S, lanes, "src0");
  const Stream b = ubStream(x, src1, eb, src1S, lanes, "src1");
  const LocalOp d = ubBytes(x, dst, uint64_t{repeat} * per / 8, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    record(x, in, lanes, b, false);
    in.add(access2d(Space::UB, true, reinterpret_cast<uintptr_t>(d.ptr), 1, repeat * per / 8,
                    repeat * per / 8));
  };
  const vec::DType vt = vecType(t);
  const vec::CmpMode mode = vecOp(op);
  emit(x, PIPE_V, describe, [=, out = d.ptr] {
    if (a.contiguous(per) && b.contiguous(per)) {
      vec::compare(out, a.base, b.base, vt, mode, uint64_t{repeat} * per);
      return;
    }
    alignas(64) uint8_t ta[kRepeatBytes], tb[kRepeatBytes];
    for (uint64_t r = 0; r < repeat; ++r) {
      gatherLanes(a, r, lanes.mask, per, ta);
      gatherLanes(b, r, lanes.mask, per, tb);
      vec::compare(out + r * per / 8, ta, tb, vt, mode, per);
    }
  });
}

void vcmpvs(Cmp op, Elem t, void* dst, const void* src, uint64_t scalar, uint8_t repeat,
            VStride srcS, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  const Lanes lanes = allLanes(repeat, per);
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src, eb, srcS, lanes, "src");
  const LocalOp d = ubBytes(x, dst, uint64_t{repeat} * per / 8, "dst");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    in.add(access2d(Space::UB, true, reinterpret_cast<uintptr_t>(d.ptr), 1, repeat * per / 8,
                    repeat * per / 8));
  };
  const vec::DType vt = vecType(t);
  const vec::CmpMode mode = vecOp(op);
  emit(x, PIPE_V, describe, [=, out = d.ptr] {
    if (a.contiguous(per)) {
      vec::compareScalar(out, a.base, scalar, vt, mode, uint64_t{repeat} * per);
      return;
    }
    alignas(64) uint8_t ta[kRepeatBytes];
    for (uint64_t r = 0; r < repeat; ++r) {
      gatherLanes(a, r, lanes.mask, per, ta);
      vec::compareScalar(out + r * per / 8, ta, scalar, vt, mode, per);
    }
  });
}

void vcmp(Cmp op, Elem t, const void* src0, const void* src1, VStride src0S, VStride src1S,
          const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  // One iteration, enabled lanes from the mask (normal mode).
  Lanes lanes = lanesFrom(x.c.regs, 1, per);
  if (lanes.counter) {
    lanes = allLanes(1, per);
    uint64_t act[2];
    Lanes counted = lanesFrom(x.c.regs, 1, per);
    counted.active(0, act);
    lanes.mask[0] = act[0];
    lanes.mask[1] = act[1];
    if ((act[0] | act[1]) == 0) lanes.repeats = 0;
  }
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src0, eb, src0S, lanes, "src0");
  const Stream b = ubStream(x, src1, eb, src1S, lanes, "src1");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, a, false);
    record(x, in, lanes, b, false);
  };
  const vec::DType vt = vecType(t);
  const vec::CmpMode mode = vecOp(op);
  emit(x, PIPE_V, describe, [=, &c = x.c] {
    alignas(64) uint8_t ta[kRepeatBytes], tb[kRepeatBytes];
    const uint64_t all[2] = {~0ull, ~0ull};
    gatherLanes(a, 0, all, per, ta);
    gatherLanes(b, 0, all, per, tb);
    uint8_t bits[16] = {};
    vec::compare(bits, ta, tb, vt, mode, per);
    uint64_t res[2];
    std::memcpy(res, bits, 16);
    for (int w = 0; w < 2; ++w)
      c.regs.cmpMask[w] = (c.regs.cmpMask[w] & ~lanes.mask[w]) | (res[w] & lanes.mask[w]);
  });
}

void setCmpMask(const void* src, const char* name) {
  Ctx x = enter(name);
  const LocalOp s = ubBytes(x, src, 16, "src");
  emit(
      x, PIPE_V,
      [&](Instr& in) {
        in.add(access2d(Space::UB, false, reinterpret_cast<uintptr_t>(s.ptr), 1, 16, 16));
      },
      [&c = x.c, p = s.ptr] { std::memcpy(c.regs.cmpMask, p, 16); });
}

void getCmpMask(void* dst, const char* name) {
  Ctx x = enter(name);
  const LocalOp d = ubBytes(x, dst, 16, "dst");
  emit(
      x, PIPE_V,
      [&](Instr& in) {
        in.add(access2d(Space::UB, true, reinterpret_cast<uintptr_t>(d.ptr), 1, 16, 16));
      },
      [&c = x.c, p = d.ptr] { std::memcpy(p, c.regs.cmpMask, 16); });
}

void vsel(Elem t, void* dst, const void* src0, const void* src1, uint8_t repeat, VStride dstS,
          VStride src0S, VStride src1S, uint8_t mode, const char* name) {
  Ctx x = enter(name);
  if (mode > 2) x.c.launch->raise(x.c, x.site, "vsel mode must be 0, 1 or 2");
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  const Lanes lanes = lanesFrom(x.c.regs, repeat, per);
  if (lanes.empty()) return;
  const Stream a = ubStream(x, src0, eb, src0S, lanes, "src0");
  const Stream d = ubStream(x, dst, eb, dstS, lanes, "dst");
  // The selection bits the instruction consumes (modes 1 and 2).
  const uint64_t selBytes = (lanes.repeats * per + 7) / 8;
  Stream b{};
  const uint8_t* selBits = nullptr;
  if (mode == 1) {
    selBits = ubBytes(x, src1, selBytes, "selMask").ptr;
  } else {
    b = ubStream(x, src1, eb, src1S, lanes, "src1");
  }
  if (mode == 2) {
    // The address register is read when the instruction is issued.
    const uint64_t addr = x.c.regs.cmpMask[0];
    const uint8_t* ub = kernel::localBase(Space::UB);
    const uint32_t size = kernel::localSize(Space::UB);
    const uint64_t off = addr < size ? addr : addr - reinterpret_cast<uintptr_t>(ub);
    if (off >= size)
      x.c.launch->raise(x.c, x.site,
                        "vsel mode 2: CMPMASK does not hold a UB address (set_cmpmask with the "
                        "selection mask's address first)");
    const LocalOp sel = ubBytes(x, ub + off, selBytes, "selMask");
    selBits = sel.ptr;
  }
  // The record (built only when check mode or an observer looks at it):
  // src0, the selection bits or src1, the bits of mode 2, dst.
  auto describe = [&](Instr& in) {
    const Access selAccess = access2d(Space::UB, false, reinterpret_cast<uintptr_t>(selBits), 1,
                                      static_cast<uint32_t>(selBytes), selBytes);
    record(x, in, lanes, a, false);
    if (mode == 1) {
      in.add(selAccess);
    } else {
      record(x, in, lanes, b, false);
    }
    if (mode == 2) in.add(selAccess);
    record(x, in, lanes, d, true);
  };
  const vec::DType vt = vecType(t);
  emit(x, PIPE_V, describe, [=, &c = x.c] {
    uint8_t cmp[16];
    std::memcpy(cmp, c.regs.cmpMask, 16);
    uint64_t n = 0;
    if (d.contiguous(per) && a.contiguous(per) && (mode == 1 || b.contiguous(per)) &&
        lanes.prefix(&n)) {
      // Every enabled lane in order: the numeric core's select over n lanes
      // (mode 0 reuses the 128 CMPMASK bits every iteration).
      uint64_t scalar = 0;
      std::memcpy(&scalar, cmp, eb);
      vec::select(d.base, mode == 0 ? cmp : selBits, a.base, mode == 1 ? nullptr : b.base, scalar,
                  vt, static_cast<vec::SelMode>(mode), n);
      return;
    }
    if (mode == 1 && d.contiguous(per) && a.stride.rep == 0 && lanes.prefix(&n)) {
      // src0 is one iteration read again by every iteration (constants: one
      // 256-byte iteration, or one 32-byte block with block stride 0): the
      // same select, src0 restarting at each iteration.
      uint64_t scalar = 0;
      std::memcpy(&scalar, cmp, eb);
      alignas(64) uint8_t first[kRepeatBytes];
      const uint64_t all[2] = {~0ull, ~0ull};
      gatherLanes(a, 0, all, per, first);
      vec::selectRepeatedSrc0(d.base, selBits, first, scalar, vt, per, n);
      return;
    }
    alignas(64) uint8_t ta[kRepeatBytes], tb[kRepeatBytes], to[kRepeatBytes];
    for (uint64_t r = 0; r < lanes.repeats; ++r) {
      uint64_t act[2];
      lanes.active(r, act);
      if ((act[0] | act[1]) == 0) continue;
      const uint64_t all[2] = {~0ull, ~0ull};
      gatherLanes(a, r, all, per, ta);
      if (mode != 1) gatherLanes(b, r, all, per, tb);
      for (uint32_t l = 0; l < per; ++l) {
        const bool take0 = mode == 0 ? bitAt(cmp, l) : bitAt(selBits, r * per + l);
        const uint8_t* from = take0 ? ta + l * eb : (mode == 1 ? cmp : tb + l * eb);
        std::memcpy(to + l * eb, from, eb);
      }
      // Only enabled lanes are written.
      uint8_t packed[kRepeatBytes];
      uint32_t k = 0;
      for (uint32_t l = 0; l < per; ++l)
        if ((act[l / 64] >> (l % 64)) & 1u) std::memcpy(packed + (k++) * eb, to + l * eb, eb);
      scatterLanes(d, r, act, per, packed);
    }
  });
}

void vgather(Elem t, void* dst, const void* offsets, uint32_t baseAddr, uint16_t dstRepStride,
             uint8_t repeat, const char* name) {
  Ctx x = enter(name);
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  const Lanes lanes = lanesFrom(x.c.regs, repeat, per);
  if (lanes.empty()) return;
  const uint32_t base = resolveUbAddress32(x, baseAddr, "base address");
  const Stream d = ubStream(x, dst, eb, VStride{1, dstRepStride}, lanes, "dst");
  // The offsets: one uint32 per lane of the flattened lanes.
  const Stream o = ubStream(x, offsets, 4, VStride{1, static_cast<uint16_t>(per * 4 / 32)},
                            Lanes{lanes.perRepeat,
                                  lanes.repeats,
                                  lanes.counter,
                                  lanes.count,
                                  {lanes.mask[0], lanes.mask[1]}},
                            "offsets");
  uint8_t* ub = kernel::localBase(Space::UB);
  const uint32_t ubSize = kernel::localSize(Space::UB);
  auto describe = [&](Instr& in) {
    record(x, in, lanes, o, false);
    record(x, in, lanes, d, true);
    // Which bytes it reads is known only when it runs: the whole UB from the
    // base on, for ordering, not for shadow state.
    Access whole = access2d(Space::UB, false, reinterpret_cast<uintptr_t>(ub + base), 1,
                            ubSize - base, ubSize - base);
    whole.exact = false;
    in.add(whole);
  };
  emit(x, PIPE_V, describe, [=, &c = x.c, site = x.site] {
    auto bad = [&](uint64_t lane, uint32_t off) {
      c.launch->raise(c, site,
                      "Gather offset[" + std::to_string(lane) + "] = " + std::to_string(off) +
                          " (+ base " + std::to_string(base) + ") is misaligned or outside the UB");
    };
    uint64_t n = 0;
    if (d.contiguous(per) && o.contiguous(per) && lanes.prefix(&n)) {
      // Every enabled lane in order: one gather that checks its offsets
      // (before reading them; an instruction that fails has written only
      // lanes before the bad one, as the per-iteration path below).
      const auto* offs = reinterpret_cast<const uint32_t*>(o.base);
      if (const size_t i = vec::gatherChecked(d.base, ub, offs, base, eb, n, ubSize - base); i < n)
        bad(i, offs[i]);
      return;
    }
    alignas(64) uint8_t out[kRepeatBytes];
    for (uint64_t r = 0; r < lanes.repeats; ++r) {
      uint64_t act[2];
      lanes.active(r, act);
      if ((act[0] | act[1]) == 0) continue;
      uint32_t k = 0;
      for (uint32_t l = 0; l < per; ++l) {
        if (!((act[l / 64] >> (l % 64)) & 1u)) continue;
        uint32_t off;
        std::memcpy(&off, o.base + o.offsetOf(r, l), 4);
        const uint64_t at = uint64_t{base} + off;
        if ((off & (eb - 1)) != 0 || at + eb > ubSize) bad(r * per + l, off);  // eb: 2 or 4
        std::memcpy(out + (k++) * eb, ub + at, eb);
      }
      scatterLanes(d, r, act, per, out);
    }
  });
}

}  // namespace asctwin::isa
