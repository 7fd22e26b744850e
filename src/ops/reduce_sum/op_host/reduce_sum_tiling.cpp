#include "ops/reduce_sum/op_host/reduce_sum_tiling.h"

#include <algorithm>
#include <string>

namespace asctwin::ops::reduce_sum {
namespace {

constexpr uint64_t kBlockElements = 65536;  // automatic block count: one block per 64 Ki inputs
constexpr uint64_t kMinLanesRange = 8192;   // lanes order: at least 8192 outputs per range
constexpr uint32_t kMaxTileLen = 8192;      // input tile (elements)
constexpr uint32_t kOutBatch = 1024;        // rows order: partials written together
constexpr uint32_t kMoveLen = 2048;         // zero / combine / cast chunk

Status invalid(const std::string& message) {
  return Status(code::kNnParamInvalid, message);
}

uint64_t product(const std::vector<CanonicalDim>& dims, size_t begin, size_t end, int kind) {
  uint64_t p = 1;
  for (size_t i = begin; i < end; ++i)
    if (kind < 0 || dims[i].reduced == (kind == 1)) p *= dims[i].extent;
  return p;
}

}  // namespace

std::vector<CanonicalDim> canonicalShape(const std::vector<int64_t>& shape,
                                         const std::vector<bool>& reduced) {
  std::vector<CanonicalDim> out;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    const auto extent = static_cast<uint64_t>(shape[i]);
    if (!out.empty() && out.back().reduced == reduced[i]) {
      out.back().extent *= extent;
    } else {
      out.push_back({extent, static_cast<bool>(reduced[i])});
    }
  }
  return out;
}

uint32_t groupCount(uint32_t mode, uint64_t units, uint64_t rows, uint64_t inElems) {
  uint64_t bound = std::min<uint64_t>(kMaxGroups, inElems / kMinGroupElements);
  bound = std::min(bound, mode == kModeLanes ? rows / kMinRowsPerGroup : units);
  uint32_t g = static_cast<uint32_t>(std::max<uint64_t>(1, bound));
  while (kMaxGroups % g != 0) --g;
  return g;
}

uint64_t reduceSumUbBytes(const ReduceSumTiling& tiling) {
  return ReduceSumUb(tiling).total();
}

Status computeReduceSumTiling(const ReduceSumProblem& p, const device::SocSpec& soc,
                              ReduceSumTiling* tiling) {
  if (p.shape.size() > kMaxRank || p.reduced.size() != p.shape.size())
    return invalid("ReduceSum tiling: rank must be at most 8 with one reduce flag per dimension");
  ReduceSumTiling t;
  t.inType = p.inType;
  t.outType = p.outType;
  t.deterministic = p.deterministic ? 1 : 0;
  t.castOut = p.castOut ? 1 : 0;
  uint64_t n = 1;
  for (int64_t d : p.shape) n *= static_cast<uint64_t>(d);
  t.inElems = n;

  std::vector<CanonicalDim> c = canonicalShape(p.shape, p.reduced);
  if (c.empty()) c.push_back({1, false});
  // Row-major strides of the canonical shape (the input is contiguous).
  std::vector<uint64_t> stride(c.size(), 1);
  for (size_t i = c.size() - 1; i > 0; --i) stride[i - 1] = stride[i] * c[i].extent;
  const size_t last = c.size() - 1;
  t.mode = c[last].reduced ? kModeRows : kModeLanes;
  t.inner = c[last].extent;
  for (size_t i = 0; i < last; ++i) {
    if (c[i].reduced) {
      t.redExtent[t.redRank] = c[i].extent;
      t.redStride[t.redRank++] = stride[i];
    } else {
      t.keptExtent[t.keptRank] = c[i].extent;
      t.keptStride[t.keptRank++] = stride[i];
    }
  }
  t.outElems = product(c, 0, c.size(), 0);
  if (t.mode == kModeLanes) {
    t.outerCount = product(c, 0, last, 0);
    t.rowCount = product(c, 0, c.size(), 1);
    t.units = t.rowCount;
  } else {
    t.outerCount = t.outElems;
    t.rowCount = product(c, 0, last, 1);
    t.segLen = kSegmentElements;
    t.segsPerRow = CeilDiv(t.inner, t.segLen);
    t.units = t.rowCount * t.segsPerRow;
    t.lanes = ReduceSumLanes(t.inner);
  }
  t.groups = groupCount(t.mode, t.units, t.rowCount, n);

  // Blocks.
  const uint32_t maxBlocks = std::max<uint32_t>(1, soc.aivCores);
  if (p.forcedBlocks > maxBlocks)
    return invalid("ReduceSum: the forced block count " + std::to_string(p.forcedBlocks) +
                   " exceeds the SoC's " + std::to_string(maxBlocks) +
                   " AIV cores (all blocks must be resident for the cross-core synchronisation)");
  const auto target =
      p.forcedBlocks != 0
          ? p.forcedBlocks
          : static_cast<uint32_t>(std::clamp<uint64_t>(CeilDiv(n, kBlockElements), 1, maxBlocks));
  const uint64_t minRange = t.mode == kModeLanes ? kMinLanesRange : 1;
  t.outSplits =
      static_cast<uint32_t>(std::clamp<uint64_t>(CeilDiv(t.outElems, minRange), 1, target));
  t.groupBlocks = std::clamp<uint32_t>(target / t.outSplits, 1, t.groups);
  t.blockDim = p.forcedBlocks != 0 ? p.forcedBlocks : t.groupBlocks * t.outSplits;

  // Tiles (they do not change the summation order).
  t.outBatch = kOutBatch;
  t.moveLen = kMoveLen;
  const uint32_t minTile = t.mode == kModeRows ? t.lanes : 8;
  for (t.tileLen = kMaxTileLen; t.tileLen > minTile && reduceSumUbBytes(t) > soc.ubBytes;)
    t.tileLen /= 2;
  if (reduceSumUbBytes(t) > soc.ubBytes)
    return invalid("ReduceSum: the kernel needs " + std::to_string(reduceSumUbBytes(t)) +
                   " bytes of UB per core, the SoC has " + std::to_string(soc.ubBytes));
  *tiling = t;
  return Status::ok();
}

}  // namespace asctwin::ops::reduce_sum
