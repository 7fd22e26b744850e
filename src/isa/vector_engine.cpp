#include "isa/vector_engine.h"

#include <algorithm>
#include <cstring>

namespace asctwin::isa {
namespace {

// The low n bits set (n <= 128), as two words.
void firstBits(uint64_t n, uint64_t out[2]) {
  out[0] = n >= 64 ? ~0ull : (n == 0 ? 0 : (~0ull >> (64 - n)));
  out[1] = n <= 64 ? 0 : (n >= 128 ? ~0ull : (~0ull >> (128 - n)));
}

bool bit(const uint64_t m[2], uint32_t l) {
  return (m[l / 64] >> (l % 64)) & 1u;
}

}  // namespace

void Lanes::active(uint64_t r, uint64_t out[2]) const {
  if (counter) {
    const uint64_t done = r * perRepeat;
    const uint64_t left = count > done ? count - done : 0;
    firstBits(std::min<uint64_t>(left, perRepeat), out);
    return;
  }
  out[0] = mask[0];
  out[1] = mask[1];
}

bool Lanes::maskedPrefix(uint64_t* n) const {
  uint64_t full[2];
  firstBits(perRepeat, full);
  if (mask[0] == full[0] && mask[1] == full[1]) {
    *n = repeats * perRepeat;
    return true;
  }
  if (repeats != 1) return false;
  // One iteration whose mask is the first k lanes.
  const uint64_t k =
      static_cast<uint64_t>(__builtin_popcountll(mask[0]) + __builtin_popcountll(mask[1]));
  uint64_t want[2];
  firstBits(k, want);
  if (mask[0] != want[0] || mask[1] != want[1]) return false;
  *n = k;
  return true;
}

Lanes lanesFrom(const kernel::MachineState& regs, uint64_t repeat, uint32_t perRepeat) {
  Lanes l;
  l.perRepeat = perRepeat;
  if (regs.counterMode) {
    l.counter = true;
    l.count = regs.maskLow;
    l.repeats = (l.count + perRepeat - 1) / perRepeat;
    return l;
  }
  l.repeats = repeat;
  uint64_t full[2];
  firstBits(perRepeat, full);
  l.mask[0] = regs.maskLow & full[0];
  l.mask[1] = regs.maskHigh & full[1];
  if ((l.mask[0] | l.mask[1]) == 0) l.repeats = 0;  // mask 0: nothing runs
  return l;
}

Lanes allLanes(uint64_t repeat, uint32_t perRepeat) {
  Lanes l;
  l.perRepeat = perRepeat;
  l.repeats = repeat;
  firstBits(perRepeat, l.mask);
  return l;
}

void extentOf(const Lanes& lanes, const Stream& s, uint64_t* lo, uint64_t* hi) {
  *lo = UINT64_MAX;
  *hi = 0;
  if (lanes.repeats == 0) {
    *lo = 0;
    return;
  }
  // Offsets grow with the iteration for a fixed lane, and with the lane
  // inside an iteration: the first enabled lane of the first iteration is
  // the lowest; the highest is the last enabled lane of the last iteration,
  // or of the last full one before a shorter last (counter mode).
  auto edges = [&](uint64_t r) {
    uint64_t act[2];
    lanes.active(r, act);
    if ((act[0] | act[1]) == 0) return;
    const uint32_t first = act[0] != 0 ? static_cast<uint32_t>(__builtin_ctzll(act[0]))
                                       : 64 + static_cast<uint32_t>(__builtin_ctzll(act[1]));
    const uint32_t last = act[1] != 0 ? 127 - static_cast<uint32_t>(__builtin_clzll(act[1]))
                                      : 63 - static_cast<uint32_t>(__builtin_clzll(act[0]));
    *lo = std::min(*lo, s.offsetOf(r, first));
    *hi = std::max(*hi, s.offsetOf(r, last) + s.elem);
  };
  edges(0);
  if (lanes.repeats > 1) {
    edges(lanes.repeats - 1);
    edges(lanes.repeats - 2);
  }
  if (*lo == UINT64_MAX) *lo = 0;
}

kernel::Access accessOf(const Lanes& lanes, const Stream& s, kernel::Space space, bool write) {
  kernel::Access a;
  a.space = space;
  a.write = write;
  a.addr = reinterpret_cast<uintptr_t>(s.base);
  uint64_t n = 0;
  if (s.contiguous(lanes.perRepeat) && lanes.prefix(&n)) {
    a.blockCount = 1;
    a.blockBytes = static_cast<uint32_t>(n * s.elem);
    a.strideBytes = a.blockBytes;
    return a;
  }
  auto runs = std::make_shared<std::vector<kernel::Run>>();
  const uint32_t perBlock = kBlockBytes / s.elem;
  uint64_t hi = 0;
  for (uint64_t r = 0; r < lanes.repeats; ++r) {
    uint64_t act[2];
    lanes.active(r, act);
    for (uint32_t l = 0; l < lanes.perRepeat;) {
      if (!bit(act, l)) {
        ++l;
        continue;
      }
      // A run of enabled lanes inside one block.
      uint32_t e = l + 1;
      while (e < lanes.perRepeat && e % perBlock != 0 && bit(act, e)) ++e;
      const uint64_t off = s.offsetOf(r, l);
      const uint32_t bytes = (e - l) * s.elem;
      if (!runs->empty() && runs->back().offset + runs->back().bytes == off) {
        runs->back().bytes += bytes;
      } else {
        runs->push_back(kernel::Run{static_cast<uint32_t>(off), bytes});
      }
      hi = std::max(hi, off + bytes);
      l = e;
    }
  }
  a.blockCount = 1;
  a.blockBytes = static_cast<uint32_t>(hi);
  a.strideBytes = hi;
  a.runs = std::move(runs);
  return a;
}

// The enabled lanes of block b of an iteration, as a bit field of at most
// 32 lanes (lanes per block = 32 / element size).
namespace {
uint32_t blockBits(const uint64_t act[2], uint32_t b, uint32_t perBlock) {
  const uint32_t first = b * perBlock;
  const uint64_t word = act[first / 64] >> (first % 64);
  return perBlock >= 32 ? static_cast<uint32_t>(word)
                        : static_cast<uint32_t>(word & ((uint64_t{1} << perBlock) - 1));
}
}  // namespace

uint32_t gatherLanes(const Stream& s, uint64_t r, const uint64_t act[2], uint32_t perRepeat,
                     uint8_t* out) {
  const uint32_t perBlock = kBlockBytes / s.elem;
  const uint32_t full = perBlock >= 32 ? ~0u : (1u << perBlock) - 1;
  uint32_t k = 0;
  for (uint32_t b = 0; b * perBlock < perRepeat; ++b) {
    const uint32_t bits = blockBits(act, b, perBlock);
    if (bits == 0) continue;
    const uint8_t* blk = s.base + s.offsetOf(r, b * perBlock);
    if (bits == full) {  // the whole block
      std::memcpy(out + static_cast<size_t>(k) * s.elem, blk, kBlockBytes);
      k += perBlock;
      continue;
    }
    for (uint32_t l = 0; l < perBlock; ++l)
      if ((bits >> l) & 1u)
        std::memcpy(out + static_cast<size_t>(k++) * s.elem, blk + l * s.elem, s.elem);
  }
  return k;
}

void scatterLanes(const Stream& s, uint64_t r, const uint64_t act[2], uint32_t perRepeat,
                  const uint8_t* in) {
  const uint32_t perBlock = kBlockBytes / s.elem;
  const uint32_t full = perBlock >= 32 ? ~0u : (1u << perBlock) - 1;
  uint32_t k = 0;
  for (uint32_t b = 0; b * perBlock < perRepeat; ++b) {
    const uint32_t bits = blockBits(act, b, perBlock);
    if (bits == 0) continue;
    uint8_t* blk = s.base + s.offsetOf(r, b * perBlock);
    if (bits == full) {
      std::memcpy(blk, in + static_cast<size_t>(k) * s.elem, kBlockBytes);
      k += perBlock;
      continue;
    }
    for (uint32_t l = 0; l < perBlock; ++l)
      if ((bits >> l) & 1u)
        std::memcpy(blk + l * s.elem, in + static_cast<size_t>(k++) * s.elem, s.elem);
  }
}

}  // namespace asctwin::isa
