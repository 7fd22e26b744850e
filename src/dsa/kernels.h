// Internal to src/dsa: the per-implementation kernels behind random_stream.h.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dsa/philox.h"

namespace asctwin::dsa::detail {

// Portable reference.
void wordsScalar(int64_t seed, int64_t offset, uint64_t first, size_t count, uint32_t* out);
void maskBytesScalar(int64_t seed, int64_t offset, float dropProb, uint64_t firstByte, size_t count,
                     uint8_t* out);

// Vector kernels over whole groups of 8 Philox blocks (32 words, 4 mask bytes)
// starting at block `firstBlock` (any value with firstBlock + 8 * groups <=
// 2^62). Callable only when cpuAllows() their level (common/cpu_isa.h).
void wordsGroupsAvx2(int64_t seed, int64_t offset, uint64_t firstBlock, size_t groups,
                     uint32_t* out);
void maskGroupsAvx2(int64_t seed, int64_t offset, uint32_t threshold, uint64_t firstBlock,
                    size_t groups, uint8_t* out);
void wordsGroupsAvx512(int64_t seed, int64_t offset, uint64_t firstBlock, size_t groups,
                       uint32_t* out);
void maskGroupsAvx512(int64_t seed, int64_t offset, uint32_t threshold, uint64_t firstBlock,
                      size_t groups, uint8_t* out);

}  // namespace asctwin::dsa::detail
