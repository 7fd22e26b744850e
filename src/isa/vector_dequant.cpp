// The int16 -> 8-bit dequantising conversions of the vector unit
// (vconv_deqs162b8h/l with the parameters in DEQSCALE, vconv_vdeqs162b8h/l
// with 16 parameter sets in UB at the address DEQSCALE holds) and the API's
// read of DEQSCALE. The element operation is the SetDeqScale / CastDequant
// reference's: dst = saturate(round(src * scale + offset)), into int8 when the
// set's sign mode is 1 and into uint8 when it is 0.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "asctwin/isa/runtime_vector.h"
#include "isa/vector_common.h"

namespace asctwin::isa {
namespace {

constexpr uint32_t kLanes = kRepeatBytes / 2;  // int16 sources: 128 lanes per iteration
constexpr uint32_t kLanesPerBlock = kBlockBytes / 2;
constexpr uint32_t kTableSets = 16;  // one set per lane of a block
constexpr uint32_t kTableBytes = kTableSets * 8;

// One parameter set in the s162b8 layout of DEQSCALE (SetDeqScale reference,
// table 1): the float scale in bits 0..31, which the hardware takes as
// (1, 8, 10), i.e. without the low 13 mantissa bits; a signed 9-bit offset
// in bits 37..45; the sign mode in bit 46.
struct DeqSet {
  double scale = 0;
  int32_t offset = 0;
  bool sign = false;
};

DeqSet decode(uint64_t config) {
  const uint32_t bits = static_cast<uint32_t>(config) & 0xFFFFE000u;
  float scale;
  std::memcpy(&scale, &bits, sizeof(scale));
  auto offset = static_cast<int32_t>((config >> 37) & 0x1FFu);
  if ((offset & 0x100) != 0) offset -= 0x200;
  return {static_cast<double>(scale), offset, ((config >> 46) & 1u) != 0};
}

// src * scale + offset is exact in double (16 x 11 significant bits plus a
// 9-bit integer, or a product too small to move the rounding); the result
// rounds to nearest even and saturates to the set's 8-bit range; NaN gives 0.
uint8_t dequant(int16_t v, const DeqSet& p) {
  const double x = static_cast<double>(v) * p.scale + p.offset;
  if (x != x) return 0;
  const double lo = p.sign ? -128.0 : 0.0, hi = p.sign ? 127.0 : 255.0;
  const double r = x <= lo ? lo : (x >= hi ? hi : std::nearbyint(x));
  return p.sign ? static_cast<uint8_t>(static_cast<int8_t>(r)) : static_cast<uint8_t>(r);
}

// Where the 16 sets of vconv_vdeqs162b8h/l are. DEQSCALE holds the table's
// UB address in 32-byte units, as on the NPU (SetDeqScale's and
// asc_set_deq_scale's `addr >> 5`); the twin's addresses may be host
// addresses in the core's UB image, so the unit address is shifted back and
// resolved like any operand. CANN's CPU mode (the real C++ API compiled with
// ASCENDC_CPU_DEBUG, i.e. devkit mode) writes the host address itself: a
// value inside the UB image is taken as that. The two readings cannot meet:
// a host address of the image is far above the image's size, and 32 times
// it is far above the image's end.
const void* deqTableAddress(const Ctx& x, uint64_t config) {
  const auto lo = reinterpret_cast<uintptr_t>(x.c.ub);
  if (config >= lo && config < lo + x.c.ubBytes)
    return reinterpret_cast<const void*>(static_cast<uintptr_t>(config));
  return reinterpret_cast<const void*>(static_cast<uintptr_t>(config << 5));
}

// The 16 enabled-lane bits of block b of an iteration.
uint32_t blockBits(const uint64_t act[2], uint32_t b) {
  const uint32_t first = b * kLanesPerBlock;
  return static_cast<uint32_t>(act[first / 64] >> (first % 64)) & 0xFFFFu;
}

}  // namespace

void vconvDeqB8(bool vector, bool high, void* dst, const void* src, uint8_t repeat, VStride dstS,
                VStride srcS, const char* name) {
  Ctx x = enter(name);
  const Lanes lanes = lanesFrom(x.c.regs, repeat, kLanes);
  if (lanes.empty()) return;
  const Stream s = ubStream(x, src, 2, srcS, lanes, "src");
  const LocalOp d = resolveLocal(x, Space::UB, dst, "dst");
  // The 16 results of source block b land in half a destination block.
  const uint32_t halfOffset = high ? kLanesPerBlock : 0;
  auto blockAt = [dstS](uint64_t r, uint32_t b) {
    return (r * dstS.rep + uint64_t{b} * dstS.blk) * kBlockBytes;
  };
  uint64_t hi = 0;
  for (uint64_t r = 0; r < lanes.repeats; ++r) {
    uint64_t act[2];
    lanes.active(r, act);
    for (uint32_t b = 0; b < kLanes / kLanesPerBlock; ++b) {
      const uint32_t bits = blockBits(act, b);
      if (bits != 0)
        hi = std::max<uint64_t>(hi, blockAt(r, b) + halfOffset + 32 - __builtin_clz(bits));
    }
  }
  checkLocalExtent(x, d, hi, "dst");
  const uint64_t config = x.c.regs.deqScale;
  const uint8_t* table = nullptr;
  if (vector)
    table = ubBytes(x, deqTableAddress(x, config), kTableBytes,
                    "the parameter table at DEQSCALE (32-byte units)")
                .ptr;
  uint8_t* const dp = d.ptr;
  auto describe = [&](Instr& in) {
    record(x, in, lanes, s, false);
    if (table != nullptr)
      in.add(access2d(Space::UB, false, reinterpret_cast<uintptr_t>(table), 1, kTableBytes,
                      kTableBytes));
    kernel::Access a;
    a.space = Space::UB;
    a.write = true;
    a.addr = reinterpret_cast<uintptr_t>(dp);
    auto runs = std::make_shared<std::vector<kernel::Run>>();
    for (uint64_t r = 0; r < lanes.repeats; ++r) {
      uint64_t act[2];
      lanes.active(r, act);
      for (uint32_t b = 0; b < kLanes / kLanesPerBlock; ++b) {
        const uint32_t bits = blockBits(act, b);
        for (uint32_t l = 0; l < kLanesPerBlock;) {
          if (((bits >> l) & 1u) == 0) {
            ++l;
            continue;
          }
          uint32_t e = l + 1;
          while (e < kLanesPerBlock && ((bits >> e) & 1u) != 0) ++e;
          const auto off = static_cast<uint32_t>(blockAt(r, b) + halfOffset + l);
          if (!runs->empty() && runs->back().offset + runs->back().bytes == off)
            runs->back().bytes += e - l;
          else
            runs->push_back(kernel::Run{off, e - l});
          l = e;
        }
      }
    }
    a.blockCount = 1;
    a.blockBytes = static_cast<uint32_t>(hi);
    a.strideBytes = hi;
    a.runs = std::move(runs);
    in.add(a);
  };
  emit(x, PIPE_V, describe, [=] {
    // The table is read when the instruction runs, as the vector unit does.
    DeqSet sets[kTableSets];
    for (uint32_t j = 0; j < kTableSets; ++j) {
      uint64_t c = config;
      if (table != nullptr) std::memcpy(&c, table + j * 8, 8);
      sets[j] = decode(c);
    }
    for (uint64_t r = 0; r < lanes.repeats; ++r) {
      uint64_t act[2];
      lanes.active(r, act);
      // An iteration reads all its sources before it writes.
      int16_t in[kLanes];
      for (uint32_t l = 0; l < kLanes; ++l)
        if (((act[l / 64] >> (l % 64)) & 1u) != 0)
          std::memcpy(&in[l], s.base + s.offsetOf(r, l), 2);
      for (uint32_t l = 0; l < kLanes; ++l)
        if (((act[l / 64] >> (l % 64)) & 1u) != 0)
          dp[blockAt(r, l / kLanesPerBlock) + halfOffset + l % kLanesPerBlock] =
              dequant(in[l], sets[l % kLanesPerBlock]);
    }
  });
}

uint64_t deqScaleRegister() {
  Ctx x = enter("get_deqscale");
  return x.c.regs.deqScale;
}

}  // namespace asctwin::isa
