// Shared pieces of the cube instructions (src/isa/cube_*.cpp): operand
// resolution in the cube buffers, exact byte runs for the records, and the
// fractal constants of docs/cube.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "asctwin/isa/intrinsics_cube.h"
#include "isa/operand.h"

namespace asctwin::isa {

inline constexpr uint32_t kFractalBytes = 512;  // one L0A/L0B fractal (16 rows of 32 bytes)
inline constexpr uint32_t kCubeRows = 16;       // M0 = N0 = 16

inline Space spaceOf(CubeBuf b) {
  switch (b) {
    case CubeBuf::L1:
      return Space::L1;
    case CubeBuf::L0A:
      return Space::L0A;
    case CubeBuf::L0B:
      return Space::L0B;
    case CubeBuf::L0C:
      return Space::L0C;
    case CubeBuf::BT:
      return Space::BT;
    case CubeBuf::FB:
      return Space::FB;
    default:
      return Space::GM;
  }
}

// Fails the launch with `what` at the instruction's site.
[[noreturn]] inline void cubeFail(Ctx& x, const std::string& what) {
  x.c.launch->raise(x.c, x.site, what);
}

// Resolves a local operand and requires `align`-byte alignment (the cube
// buffers' rules: L0A/L0B 512, L0C 64 for Fixpipe / 1024 for Mmad, BT 64,
// FB 128, L1 32).
inline LocalOp cubeLocal(Ctx& x, CubeBuf b, const void* p, uint32_t align, const char* role) {
  LocalOp op = resolveLocal(x, spaceOf(b), p, role);
  if (op.offset % align != 0)
    x.c.launch->raise(x.c, x.site,
                      std::string(role) + " " + spaceLetters(op.space) + " address " +
                          std::to_string(op.offset) + " is not " + std::to_string(align) +
                          "-byte aligned",
                      kernel::Problem::Misaligned);
  return op;
}

// The byte runs an operand touches, as offsets from one base address;
// sorted and merged into an exact record access. Runs merge only within a
// group (nextGroup() starts one): a fractal copy keeps one run per fractal,
// so the checker can tell a fractal with unwritten padding from one that
// nothing wrote (Access::copiesPadding).
//
// Big instructions (an Mmad names thousands of 32- and 64-byte rows) make
// this the main cost of check mode, so a run that continues the previous one
// of its group is merged as it is added, and the sort is skipped for runs
// added in order and is a radix sort on the offsets otherwise.
class ByteRuns {
 public:
  void add(uint64_t offset, uint64_t bytes) {
    if (bytes == 0) return;
    if (!runs_.empty()) {
      Span& last = runs_.back();
      if (last.group == group_ && last.off + last.bytes == offset) {
        last.bytes += bytes;
        return;
      }
    }
    runs_.push_back({offset, bytes, group_});
  }
  void nextGroup() { ++group_; }
  bool empty() const { return runs_.empty(); }
  kernel::Access access(Space s, bool write, uintptr_t base) {
    sortByOffset();
    std::vector<Span> merged;
    for (const Span& r : runs_) {
      if (!merged.empty() && r.group == merged.back().group &&
          r.off <= merged.back().off + merged.back().bytes) {
        merged.back().bytes = std::max(merged.back().bytes, r.off + r.bytes - merged.back().off);
      } else {
        merged.push_back(r);
      }
    }
    kernel::Access a;
    a.space = s;
    a.write = write;
    if (merged.empty()) return a;
    const uint64_t lo = merged.front().off;
    a.addr = base + lo;
    a.blockCount = 1;
    uint64_t hi = 0;
    for (const Span& r : merged) hi = std::max(hi, r.off + r.bytes);
    a.blockBytes = static_cast<uint32_t>(hi - lo);
    a.strideBytes = hi - lo;
    if (merged.size() > 1) {
      auto runs = std::make_shared<std::vector<kernel::Run>>();
      runs->reserve(merged.size());
      for (const Span& r : merged)
        runs->push_back(
            kernel::Run{static_cast<uint32_t>(r.off - lo), static_cast<uint32_t>(r.bytes)});
      a.runs = std::move(runs);
    }
    return a;
  }
  // [lo, hi) of all runs (0, 0 when empty).
  void extent(uint64_t* lo, uint64_t* hi) const {
    *lo = UINT64_MAX;
    *hi = 0;
    for (const Span& r : runs_) {
      *lo = std::min(*lo, r.off);
      *hi = std::max(*hi, r.off + r.bytes);
    }
    if (runs_.empty()) *lo = 0;
  }

 private:
  struct Span {
    uint64_t off;
    uint64_t bytes;
    uint32_t group;
  };
  // Orders runs_ by offset (runs of equal offset in any order: merging only
  // needs the offsets sorted).
  void sortByOffset() {
    const auto byOffset = [](const Span& a, const Span& b) { return a.off < b.off; };
    if (std::is_sorted(runs_.begin(), runs_.end(), byOffset)) return;
    uint64_t hi = 0;
    for (const Span& r : runs_) hi = std::max(hi, r.off);
    constexpr int kBits = 11;
    if (runs_.size() < 256 || hi >= (uint64_t{1} << (3 * kBits))) {
      std::sort(runs_.begin(), runs_.end(), byOffset);
      return;
    }
    // LSD radix sort, 11 bits a pass, as many passes as the offsets need.
    std::vector<Span> out(runs_.size());
    for (int shift = 0; (hi >> shift) != 0; shift += kBits) {
      uint32_t start[(1u << kBits) + 1] = {};
      for (const Span& r : runs_) ++start[((r.off >> shift) & ((1u << kBits) - 1)) + 1];
      for (uint32_t d = 1; d <= (1u << kBits); ++d) start[d] += start[d - 1];
      for (const Span& r : runs_) out[start[(r.off >> shift) & ((1u << kBits) - 1)]++] = r;
      runs_.swap(out);
    }
  }
  std::vector<Span> runs_;
  uint32_t group_ = 0;
};

}  // namespace asctwin::isa
