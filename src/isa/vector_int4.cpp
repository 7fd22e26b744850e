// The int4 conversions of the vector unit (vconv_f162s4{,r,f,c,a,z},
// vconv_s42f16). An iteration covers 128 lanes: 256 bytes of half and 64
// bytes of int4, two lanes per byte, lane 2i in the low nibble (the layout
// of the cube's int4 operands, docs/cube.md); the int4 operand's blocks
// hold 64 lanes, its strides count 32-byte blocks like any operand's. A
// disabled lane keeps its nibble. Numerics are the numeric core's: half ->
// int8 in the instruction's rounding mode, then saturated to [-8, 7] (NaN
// gives 0 as for int8); int4 -> half is exact.
#include <algorithm>
#include <cstring>
#include <string>

#include "isa/vec_ops.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

constexpr uint32_t kLanes = kRepeatBytes / 2;  // half lanes per iteration
constexpr uint32_t kInt4PerBlock = kBlockBytes * 2;

// The byte lanes of the int4 operand: byte j holds lanes 2j and 2j + 1, so
// it runs when either does (counter mode: ceil(count / 2) bytes).
Lanes byteLanes(const Lanes& half) {
  Lanes b;
  b.perRepeat = kLanes / 2;
  b.repeats = half.repeats;
  b.counter = half.counter;
  b.count = (half.count + 1) / 2;
  for (uint32_t j = 0; j < b.perRepeat; ++j) {
    const uint32_t l = 2 * j;
    const bool on = (((half.mask[l / 64] >> (l % 64)) & 3u) != 0);
    if (on) b.mask[j / 64] |= uint64_t{1} << (j % 64);
  }
  return b;
}

// Byte offset of int4 lane l of iteration r.
uint64_t nibbleByte(VStride s, uint64_t r, uint32_t l) {
  return (r * s.rep + uint64_t{l / kInt4PerBlock} * s.blk) * kBlockBytes + (l % kInt4PerBlock) / 2;
}

}  // namespace

void vconvS4(bool toS4, Rnd mode, void* dst, const void* src, uint8_t repeat, VStride dstS,
             VStride srcS, const char* name) {
  Ctx x = enter(name);
  const numeric::Round round = vecOp(mode);
  if (toS4 && !vec::castSupported(vec::DType::S8, vec::DType::F16, round))
    x.c.launch->raise(x.c, x.site, std::string(name) + ": no such rounding mode from half");
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kLanes);
  if (lanes.empty()) return;
  const Lanes bytes = byteLanes(lanes);
  // The half operand as any stream; the int4 one as a stream of its bytes.
  const Stream h = ubStream(x, toS4 ? src : dst, 2, toS4 ? srcS : dstS, lanes, "half");
  const Stream q = ubStream(x, toS4 ? dst : src, 1, toS4 ? dstS : srcS, bytes, "int4");
  auto describe = [&](Instr& in) {
    record(x, in, lanes, h, !toS4);
    record(x, in, bytes, q, toS4);
  };
  emit(x, PIPE_V, describe, [=] {
    for (uint64_t r = 0; r < lanes.repeats; ++r) {
      uint64_t act[2];
      lanes.active(r, act);
      if ((act[0] | act[1]) == 0) continue;
      // Each iteration reads all its lanes before it writes.
      alignas(64) uint8_t in[kRepeatBytes];
      alignas(64) uint8_t out[kRepeatBytes];
      if (toS4) {
        const uint32_t n = gatherLanes(h, r, act, kLanes, in);
        auto* s8 = reinterpret_cast<int8_t*>(out);
        vec::cast(s8, vec::DType::S8, in, vec::DType::F16, round, n);
        uint32_t k = 0;
        for (uint32_t l = 0; l < kLanes; ++l) {
          if (((act[l / 64] >> (l % 64)) & 1u) == 0) continue;
          const auto v = static_cast<uint8_t>(std::clamp<int>(s8[k++], -8, 7) & 0xF);
          uint8_t& b = q.base[nibbleByte(q.stride, r, l)];
          b = (l % 2 == 0) ? static_cast<uint8_t>((b & 0xF0) | v)
                           : static_cast<uint8_t>((b & 0x0F) | (v << 4));
        }
      } else {
        auto* s8 = reinterpret_cast<int8_t*>(in);
        uint32_t n = 0;
        for (uint32_t l = 0; l < kLanes; ++l) {
          if (((act[l / 64] >> (l % 64)) & 1u) == 0) continue;
          const uint8_t b = q.base[nibbleByte(q.stride, r, l)];
          const int nib = l % 2 == 0 ? (b & 0xF) : (b >> 4);
          s8[n++] = static_cast<int8_t>(nib >= 8 ? nib - 16 : nib);
        }
        vec::cast(out, vec::DType::F16, s8, vec::DType::S8, numeric::Round::None, n);
        scatterLanes(h, r, act, kLanes, out);
      }
    }
  });
}

}  // namespace asctwin::isa
