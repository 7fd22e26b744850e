// The twin's random-number task (aclrtRandomNumAsync): the rules of
// shared/spec/dsa-random-stream.md, last section, as host functions over the
// Philox4x32-10 stream of src/dsa. Word i of a task is word i % 4 of block
// base + i / 4 (128-bit counter addition), key (lo32(seed), hi32(seed)).
//
//   dropout bitmask  the DSA packed mask with keep probability 1 - ratio
//                    (computed in double): bit i = u(word i) >= (float)ratio;
//                    16 * ceil(n / 128) bytes; 2 blocks per mask byte group
//                    of 8 words (one block per 4 words, whole 128-bit rows)
//   uniform          floats: min + u(word i) * (max - min) in float, rounded
//                    to the output type (nearest even); 32-bit integers: word
//                    i mapped to [min, max) by multiply-shift,
//                    min + (w * range) >> 32 (bias at most range / 2^32 per
//                    value, no rejection, so an element never needs a second
//                    word); 64-bit integers: words 2i (low) and 2i + 1 (high),
//                    min + (x * range) >> 64 (bias at most range / 2^64)
//   normal           elements 2k, 2k + 1 from words 2k, 2k + 1: Box-Muller on
//                    u1 = 1 - u(word 2k) in (0, 1] and u2 = u(word 2k + 1):
//                    r = sqrt(-2 ln u1), z0 = r cos(2 pi u2), z1 = r sin(2 pi u2)
//                    (in double), then mean + stddev * (float)z in float
//   truncated normal element i draws from its own sub-stream, blocks
//                    base + 64 i ..: attempt a takes words 2a, 2a + 1 of it
//                    into the Box-Muller pair (z0, z1), and the first of them
//                    with |z| <= 2 is the value (up to 128 attempts, then 0)
// u(w) = float((w & 0x7FFFFF) | 0x3F800000) - 1 (the DSA's [0, 1) grid).
// After the task the counter is advanced by the blocks consumed.
#pragma once

#include <cstdint>

#include "dsa/philox.h"

namespace asctwin::ops::random_num {

enum class Func : uint32_t { kDropoutBitmask = 0, kUniform = 1, kNormal = 2, kTruncatedNormal = 3 };

struct RandomTask {
  Func func = Func::kUniform;
  int32_t dtype = 0;   // aclDataType of the result
  uint64_t count = 0;  // elements
  uint64_t seed = 0;
  dsa::PhiloxCounter base{};  // the counter read from randomCounterAddr
  double ratio = 0;           // dropout: the drop ratio
  double minF = 0, maxF = 1;  // uniform, float outputs
  int64_t minI = 0;           // uniform, integer outputs: [minI, minI + range)
  uint64_t range = 1;
  float mean = 0, stddev = 1;  // normal, truncated normal
};

// Bytes of the result for `count` elements (the mask size for the bitmask).
uint64_t resultBytes(const RandomTask& t);
// Philox blocks the task consumes (the counter advance).
uint64_t blocksConsumed(const RandomTask& t);
// Writes resultBytes(t) bytes at `out` (host memory).
void generate(const RandomTask& t, void* out);

// u(w) of the spec.
float unitFloat(uint32_t w);

}  // namespace asctwin::ops::random_num
