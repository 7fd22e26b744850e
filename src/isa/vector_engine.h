// The shape of a vector instruction (API reference, "高维切分" and "掩码"):
// it runs `repeats` iterations; each iteration processes up to 8 data blocks
// of 32 bytes per operand, i.e. 256 / (widest element size) lanes; lane l of
// iteration r of an operand sits at byte
//   (r * repStride + (l / lanesPerBlock) * blkStride) * 32 + (l % lanesPerBlock) * size
// from the operand's start. Which lanes run is the MASK register's business:
// in normal mode bit l of the 128-bit mask enables lane l of every
// iteration; in counter mode the mask is a lane count over all iterations
// (the iteration count follows from it, the instruction's repeat argument is
// ignored). A disabled lane's destination keeps its old value.
//
// Iterations run one after another: an iteration reads all its sources
// before it writes, so a destination that feeds a later iteration's source
// (dst == src1 with repStride 0: an accumulation) sees the earlier results,
// as the hardware does.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "asctwin/isa/runtime.h"
#include "kernel/instr.h"
#include "kernel/machine_state.h"

namespace asctwin::isa {

inline constexpr uint32_t kBlockBytes = 32;
inline constexpr uint32_t kRepeatBytes = 256;

// One operand of a vector instruction.
struct Stream {
  uint8_t* base = nullptr;  // host address of its first byte
  uint32_t elem = 0;        // element bytes (1, 2, 4, 8)
  VStride stride;
  uint64_t offsetOf(uint64_t r, uint32_t lane) const {
    const uint32_t perBlock = kBlockBytes / elem;
    return (r * stride.rep + static_cast<uint64_t>(lane / perBlock) * stride.blk) * kBlockBytes +
           static_cast<uint64_t>(lane % perBlock) * elem;
  }
  // Lane i of the flattened lanes sits at i * elem (no gaps, no overlap).
  bool contiguous(uint32_t perRepeat) const {
    return stride.blk == 1 && static_cast<uint64_t>(stride.rep) * kBlockBytes == perRepeat * elem;
  }
};

// Which lanes of which iterations run.
struct Lanes {
  uint32_t perRepeat = 0;  // lanes per iteration (<= 128)
  uint64_t repeats = 0;    // iterations carried out
  bool counter = false;
  uint64_t count = 0;         // counter mode: lanes over all iterations
  uint64_t mask[2] = {0, 0};  // normal mode: bit l enables lane l

  // The enabled lanes of iteration r.
  void active(uint64_t r, uint64_t out[2]) const;
  bool empty() const { return repeats == 0; }
  // Whether the enabled lanes are the first n of the flattened lanes
  // (inline: every vector instruction asks, most in counter mode).
  bool prefix(uint64_t* n) const {
    if (repeats == 0 || counter) {
      *n = repeats == 0 ? 0 : count;
      return true;
    }
    return maskedPrefix(n);
  }
  // prefix() in normal mode with at least one iteration.
  bool maskedPrefix(uint64_t* n) const;
};

// The lanes from the MASK register: `repeat` iterations of `perRepeat`
// lanes in normal mode, or the counted lanes in counter mode.
Lanes lanesFrom(const kernel::MachineState& regs, uint64_t repeat, uint32_t perRepeat);
// Every lane of `repeat` iterations (instructions that ignore the mask).
Lanes allLanes(uint64_t repeat, uint32_t perRepeat);

// [lo, hi) byte offsets (from the stream's base) that the enabled lanes touch.
void extentOf(const Lanes& lanes, const Stream& s, uint64_t* lo, uint64_t* hi);
// The record of a stream: exact runs of the enabled lanes' bytes.
kernel::Access accessOf(const Lanes& lanes, const Stream& s, kernel::Space space, bool write);

// Gathers iteration r's enabled lanes of `s` into `out` (packed); returns
// how many. Scatters packed values back to the enabled lanes.
uint32_t gatherLanes(const Stream& s, uint64_t r, const uint64_t act[2], uint32_t perRepeat,
                     uint8_t* out);
void scatterLanes(const Stream& s, uint64_t r, const uint64_t act[2], uint32_t perRepeat,
                  const uint8_t* in);

// Runs an element-wise instruction iteration by iteration: every
// iteration's enabled lanes are gathered, computed by f(dst, srcs, n) (n
// packed lanes; dst may be a source: in place) and scattered. Operands that
// are contiguous with a prefix of lanes enabled need none of this:
// emitElementwise (vector_common.h) calls f once over all of them instead.
inline constexpr int kMaxSrcs = 3;
template <class F>
void runElementwise(const Lanes& lanes, const Stream& dst, const Stream* srcs, int nSrcs, F&& f) {
  const uint8_t* s[kMaxSrcs] = {};
  // One iteration is at most 256 bytes of each operand.
  alignas(64) uint8_t tmpDst[kRepeatBytes];
  alignas(64) uint8_t tmpSrc[kMaxSrcs][kRepeatBytes];
  for (uint64_t r = 0; r < lanes.repeats; ++r) {
    uint64_t act[2];
    lanes.active(r, act);
    if ((act[0] | act[1]) == 0) continue;
    const auto k =
        static_cast<uint32_t>(__builtin_popcountll(act[0]) + __builtin_popcountll(act[1]));
    for (int i = 0; i < nSrcs; ++i) {
      gatherLanes(srcs[i], r, act, lanes.perRepeat, tmpSrc[i]);
      s[i] = tmpSrc[i];
    }
    f(tmpDst, s, k);
    scatterLanes(dst, r, act, lanes.perRepeat, tmpDst);
  }
}

}  // namespace asctwin::isa
