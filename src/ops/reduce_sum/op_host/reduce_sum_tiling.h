// ReduceSum op_host: the tiling, plain functions from the shapes, the reduced
// dimensions, the dtypes and the SoC description to the kernels' tiling
// structs. Nothing here touches device memory.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "device/soc.h"
#include "ops/reduce_sum/op_host/reduce_sum_tiling_data.h"

namespace asctwin::ops::reduce_sum {

// One dimension of the canonical shape.
struct CanonicalDim {
  uint64_t extent = 0;
  bool reduced = false;
};

// Drops extent-1 dimensions and merges every run of adjacent dimensions of the
// same kind (all reduced or all kept). The logical order of the elements (and
// so the summation order) is unchanged by both steps.
std::vector<CanonicalDim> canonicalShape(const std::vector<int64_t>& shape,
                                         const std::vector<bool>& reduced);

struct ReduceSumProblem {
  std::vector<int64_t> shape;  // the input's logical shape (read as a contiguous row-major tensor)
  std::vector<bool> reduced;   // one flag per dimension
  uint32_t inType = kTypeF32;
  uint32_t outType = kTypeF32;
  bool deterministic = false;
  bool castOut = false;       // the FP32 sums are cast into a FP16/BF16 output at the end
  uint32_t forcedBlocks = 0;  // 0: choose the block count from the data size
};

// The number of groups G of the summation order (documented formulas): the
// largest divisor of 240 that is at most max(1, bound), with
//   lanes order: bound = min(240, R / 32, N / 16384)
//   rows order:  bound = min(240, U, N / 16384), U = Ro * ceil(L / 16384)
uint32_t groupCount(uint32_t mode, uint64_t units, uint64_t rows, uint64_t inElems);

// Fills the ReduceSum kernel's tiling. Blocks: the target is forcedBlocks if
// set (it must be in [1, aivCores]), else clamp(ceil(N / 65536), 1,
// aivCores). Outputs are split first (ranges do not wait for each other):
// nO = clamp(ceil(outputs / minRange), 1, target) with minRange 8192 in lanes
// order (a range is the vector width of every row load) and 1 in rows order;
// then the groups: nG = clamp(target / nO, 1, G). n = nG * nO, or the forced
// count (blocks beyond nG * nO only zero their share of the accumulator).
// Tile sizes follow the UB size. None of this changes the results.
Status computeReduceSumTiling(const ReduceSumProblem& problem, const device::SocSpec& soc,
                              ReduceSumTiling* tiling);

// UB bytes the ReduceSum kernel carves for a tiling (every buffer rounded up
// to 32 bytes).
uint64_t reduceSumUbBytes(const ReduceSumTiling& tiling);

}  // namespace asctwin::ops::reduce_sum
