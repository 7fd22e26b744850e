// Reduction instructions: vcadd/vcmax/vcmin (one result per iteration),
// vcgadd/vcgmax/vcgmin (one per 32-byte block), vcpadd (one per adjacent
// pair). The per-group arithmetic is the numeric core's (vec reduce.cpp);
// this file is the shape: which lanes form a group, where each result goes,
// and the registers the instructions leave behind (ACC_VAL, MAX_MIN_CNT).
#include <cstring>
#include <string>

#include "asctwin/isa/runtime_vector.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

// A reduction's source lanes and its results.
struct RedShape {
  Lanes lanes;
  Stream src;
  uint8_t* dst = nullptr;
  uint64_t dstBytes = 0;  // the extent of the results
};

vec::RedOp redOp(VRed op) {
  return op == VRed::Sum ? vec::RedOp::Sum : (op == VRed::Max ? vec::RedOp::Max : vec::RedOp::Min);
}

void requireType(Ctx& x, Elem t, const char* name) {
  if (!vec::reduceSupported(vecType(t)))
    x.c.launch->raise(x.c, x.site,
                      std::string(name) + " does not support " + vec::dtypeName(vecType(t)) +
                          " (half and float only)");
}

// The lanes of iteration r packed by position (disabled lanes are read as
// nothing: their bytes stay zero) and the enabled bits.
void readIteration(const RedShape& s, uint64_t r, uint8_t* out, uint64_t act[2]) {
  s.lanes.active(r, act);
  const uint32_t eb = s.src.elem;
  std::memset(out, 0, kRepeatBytes);
  for (uint32_t l = 0; l < s.lanes.perRepeat; ++l)
    if ((act[l / 64] >> (l % 64)) & 1u)
      std::memcpy(out + l * eb, s.src.base + s.src.offsetOf(r, l), eb);
}

void addAccesses(Instr& in, const RedShape& s) {
  in.add(accessOf(s.lanes, s.src, Space::UB, false));
  in.add(access2d(Space::UB, true, reinterpret_cast<uintptr_t>(s.dst), 1,
                  static_cast<uint32_t>(s.dstBytes), s.dstBytes));
}

uint8_t* resultArea(Ctx& x, void* dst, uint32_t align, uint64_t bytes) {
  const LocalOp op = resolveLocalAligned(x, Space::UB, dst, align, "dst");
  checkLocalExtent(x, op, bytes, "dst");
  return op.ptr;
}

}  // namespace

void vreduce(VRed op, Elem t, void* dst, const void* src, uint8_t repeat, uint16_t dstRepStride,
             uint16_t srcBlkStride, uint16_t srcRepStride, VOrder order, bool accumulate,
             const char* name) {
  Ctx x = enter(name);
  requireType(x, t, name);
  const uint32_t eb = elemBytes(t);
  RedShape s;
  s.lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (s.lanes.empty()) return;
  s.src = ubStream(x, src, eb, VStride{srcBlkStride, srcRepStride}, s.lanes, "src");
  // Result unit (the reference's dstRepStride unit): the value for a sum, the
  // value and its index (an integer of the same width) for max/min, or one
  // of them; ORDER_ONLY_INDEX stores a 32-bit index.
  const bool sum = op == VRed::Sum;
  uint32_t unit = eb;
  if (!sum) unit = order == VOrder::OnlyValue ? eb : (order == VOrder::OnlyIndex ? 4 : 2 * eb);
  const uint64_t results = sum && accumulate ? 1 : s.lanes.repeats;
  s.dstBytes = (results - 1) * uint64_t{dstRepStride} * unit + unit;
  s.dst = resultArea(x, dst, sum ? eb : unit, s.dstBytes);
  const vec::RedOp vop = redOp(op);
  const vec::DType vt = vecType(t);
  auto work = [=, &c = x.c] {
    alignas(64) uint8_t lanes[kRepeatBytes];
    uint64_t acc = 0;
    uint64_t bestBits = 0;
    uint32_t bestIndex = 0;
    bool haveBest = false;
    for (uint64_t r = 0; r < s.lanes.repeats; ++r) {
      uint64_t act[2];
      readIteration(s, r, lanes, act);
      uint32_t index = 0;
      const uint64_t v = vec::reduceLanes(vop, vt, lanes, act, s.lanes.perRepeat, &index);
      if (sum) {
        acc = r == 0 ? v : vec::accumulate(vt, acc, v);
        if (!accumulate) std::memcpy(s.dst + r * dstRepStride * unit, &v, eb);
        continue;
      }
      uint8_t* o = s.dst + r * dstRepStride * unit;
      switch (order) {
        case VOrder::ValueIndex:
          std::memcpy(o, &v, eb);
          std::memcpy(o + eb, &index, eb);
          break;
        case VOrder::IndexValue:
          std::memcpy(o, &index, eb);
          std::memcpy(o + eb, &v, eb);
          break;
        case VOrder::OnlyValue:
          std::memcpy(o, &v, eb);
          break;
        case VOrder::OnlyIndex:
          std::memcpy(o, &index, 4);
          break;
      }
      // MAX_MIN_CNT: the extreme over all iterations (the earliest on ties)
      // and its index inside its iteration.
      const uint64_t pair[2] = {bestBits, v};
      alignas(8) uint8_t two[8] = {};
      std::memcpy(two, &pair[0], eb);
      std::memcpy(two + eb, &pair[1], eb);
      const uint64_t both[2] = {haveBest ? 3ull : 2ull, 0};
      uint32_t which = 0;
      vec::reduceLanes(vop, vt, two, both, 2, &which);
      if (!haveBest || which == 1) {
        bestBits = v;
        bestIndex = index;
        haveBest = true;
      }
    }
    if (sum) {
      c.regs.accVal = acc;
      if (accumulate) std::memcpy(s.dst, &acc, eb);
    } else {
      c.regs.maxMinCnt = bestBits | (uint64_t{bestIndex} << 32);
    }
  };
  emit(
      x, PIPE_V, [&](Instr& in) { addAccesses(in, s); }, work);
}

void vreduceBlock(VRed op, Elem t, void* dst, const void* src, uint8_t repeat,
                  uint16_t dstRepStride, uint16_t srcBlkStride, uint16_t srcRepStride,
                  const char* name) {
  Ctx x = enter(name);
  requireType(x, t, name);
  const uint32_t eb = elemBytes(t);
  const uint32_t perBlock = kBlockBytes / eb;
  RedShape s;
  s.lanes = lanesFrom(x.c.regs, repeat, kRepeatBytes / eb);
  if (s.lanes.empty()) return;
  s.src = ubStream(x, src, eb, VStride{srcBlkStride, srcRepStride}, s.lanes, "src");
  // 8 results per iteration; dstRepStride counts one iteration's results.
  const uint64_t unit = 8 * eb;
  s.dstBytes = (s.lanes.repeats - 1) * uint64_t{dstRepStride} * unit + unit;
  s.dst = resultArea(x, dst, eb, s.dstBytes);
  const vec::RedOp vop = redOp(op);
  const vec::DType vt = vecType(t);
  auto work = [=] {
    alignas(64) uint8_t lanes[kRepeatBytes];
    for (uint64_t r = 0; r < s.lanes.repeats; ++r) {
      uint64_t act[2];
      readIteration(s, r, lanes, act);
      for (uint32_t b = 0; b < 8; ++b) {
        const uint32_t first = b * perBlock;
        const uint64_t bits = (act[first / 64] >> (first % 64)) &
                              (perBlock >= 64 ? ~0ull : (uint64_t{1} << perBlock) - 1);
        if (bits == 0) continue;  // a block without enabled lanes writes nothing
        const uint64_t en[2] = {bits, 0};
        const uint64_t v = vec::reduceLanes(vop, vt, lanes + first * eb, en, perBlock, nullptr);
        std::memcpy(s.dst + r * dstRepStride * unit + b * eb, &v, eb);
      }
    }
  };
  emit(
      x, PIPE_V, [&](Instr& in) { addAccesses(in, s); }, work);
}

void vreducePair(Elem t, void* dst, const void* src, uint8_t repeat, uint16_t dstRepStride,
                 uint16_t srcBlkStride, uint16_t srcRepStride, const char* name) {
  Ctx x = enter(name);
  requireType(x, t, name);
  const uint32_t eb = elemBytes(t);
  const uint32_t per = kRepeatBytes / eb;
  RedShape s;
  s.lanes = lanesFrom(x.c.regs, repeat, per);
  if (s.lanes.empty()) return;
  s.src = ubStream(x, src, eb, VStride{srcBlkStride, srcRepStride}, s.lanes, "src");
  // per / 2 results (128 bytes) per iteration; dstRepStride counts them.
  const uint64_t unit = per / 2 * eb;
  s.dstBytes = (s.lanes.repeats - 1) * uint64_t{dstRepStride} * unit + unit;
  s.dst = resultArea(x, dst, eb, s.dstBytes);
  const vec::DType vt = vecType(t);
  auto work = [=] {
    alignas(64) uint8_t lanes[kRepeatBytes];
    for (uint64_t r = 0; r < s.lanes.repeats; ++r) {
      uint64_t act[2];
      readIteration(s, r, lanes, act);
      for (uint32_t p = 0; p < per / 2; ++p) {
        const uint32_t l = 2 * p;
        const uint64_t bits = (act[l / 64] >> (l % 64)) & 3u;
        if (bits == 0) continue;
        const uint64_t en[2] = {bits, 0};
        const uint64_t v = vec::reduceLanes(vec::RedOp::Sum, vt, lanes + l * eb, en, 2, nullptr);
        std::memcpy(s.dst + r * dstRepStride * unit + p * eb, &v, eb);
      }
    }
  };
  emit(
      x, PIPE_V, [&](Instr& in) { addAccesses(in, s); }, work);
}

}  // namespace asctwin::isa
