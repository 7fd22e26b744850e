// ByteRuns (src/isa/cube_common.h), the exact byte record of the cube's
// instructions: whatever the order of the runs added (in order, reversed,
// shuffled; few or thousands, small or GM-sized offsets), the access names
// exactly the bytes added, each group's bytes as maximal runs, runs of two
// groups never merged, sorted by offset. (A record's runs are 32-bit
// offsets from its first byte, so offsets stay below 2^32.)
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "isa/cube_common.h"

namespace {

using asctwin::isa::ByteRuns;

struct Piece {
  uint64_t off, bytes;
  uint32_t group;
};

// The expected runs: per group the maximal intervals of its bytes (groups
// are disjoint here), all sorted by offset.
std::vector<std::pair<uint64_t, uint64_t>> expected(const std::vector<Piece>& pieces) {
  std::map<uint32_t, std::vector<std::pair<uint64_t, uint64_t>>> byGroup;
  for (const Piece& p : pieces) byGroup[p.group].push_back({p.off, p.off + p.bytes});
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (auto& [g, v] : byGroup) {
    std::sort(v.begin(), v.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (const auto& iv : v) {
      if (!merged.empty() && iv.first <= merged.back().second) {
        merged.back().second = std::max(merged.back().second, iv.second);
      } else {
        merged.push_back(iv);
      }
    }
    out.insert(out.end(), merged.begin(), merged.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::pair<uint64_t, uint64_t>> actual(const asctwin::kernel::Access& a,
                                                  uintptr_t base) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  const uint64_t lo = a.addr - base;
  if (!a.runs) {
    out.push_back({lo, lo + a.blockBytes});
    return out;
  }
  for (const auto& r : *a.runs) out.push_back({lo + r.offset, lo + r.offset + r.bytes});
  return out;
}

// Fractal-like pieces: `groups` regions of 512 bytes `spacing` apart, each
// cut into 32-byte rows, some rows left out.
std::vector<Piece> fractals(uint32_t groups, uint64_t spacing, std::mt19937& g) {
  std::vector<Piece> out;
  for (uint32_t f = 0; f < groups; ++f)
    for (uint32_t r = 0; r < 16; ++r)
      if (g() % 7 != 0) out.push_back({f * spacing + r * 32, 32, f});
  return out;
}

void check(std::vector<Piece> pieces, const char* order, std::mt19937& g) {
  SCOPED_TRACE(testing::Message() << order << ", " << pieces.size() << " pieces");
  const auto want = expected(pieces);
  if (std::string(order) == "reversed") std::reverse(pieces.begin(), pieces.end());
  if (std::string(order) == "shuffled") std::shuffle(pieces.begin(), pieces.end(), g);
  // Groups as ByteRuns numbers them: consecutive calls of nextGroup().
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const Piece& a, const Piece& b) { return a.group < b.group; });
  ByteRuns runs;
  uint32_t group = 0;
  for (const Piece& p : pieces) {
    while (group < p.group) {
      runs.nextGroup();
      ++group;
    }
    runs.add(p.off, p.bytes);
  }
  const uintptr_t base = 0x10000;
  EXPECT_EQ(actual(runs.access(asctwin::kernel::Space::L0A, false, base), base), want);
}

TEST(ByteRuns, NameExactlyTheBytesAddedPerGroupInAnyOrder) {
  std::mt19937 g(5);
  for (const char* order : {"in order", "reversed", "shuffled"}) {
    check(fractals(4, 512, g), order, g);        // adjacent fractals, few runs: std::sort
    check(fractals(300, 512, g), order, g);      // thousands of runs: radix sort, 2 passes
    check(fractals(40, 1u << 26, g), order, g);  // offsets near 2^31: 3 passes
  }
}

TEST(ByteRuns, OneGroupOfRowsAddedOutOfOrderMergesIntoOneRun) {
  // The rows of 4 fractals added column-major, as Mmad's record adds A.
  ByteRuns runs;
  for (uint32_t r = 0; r < 16; ++r)
    for (uint32_t f = 0; f < 4; ++f) runs.add(f * 512 + r * 32, 32);
  const auto a = runs.access(asctwin::kernel::Space::L0A, false, 0x1000);
  EXPECT_EQ(a.addr, 0x1000u);
  EXPECT_EQ(a.blockBytes, 4u * 512u);
  EXPECT_EQ(a.runs, nullptr);
}

}  // namespace
