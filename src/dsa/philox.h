// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
// SC'11) and the mapping of the DSA random stream onto it, exactly as
// shared/spec/dsa-random-stream.md defines them. This is the portable scalar
// reference: every other path (the AVX2 kernels, the packed-mask engine, the
// operators) must agree with it bit for bit.
#pragma once

#include <array>
#include <cstdint>

namespace asctwin::dsa {

inline constexpr uint32_t kPhiloxM0 = 0xD2511F53u;  // multiplier of c0
inline constexpr uint32_t kPhiloxM1 = 0xCD9E8D57u;  // multiplier of c2
inline constexpr uint32_t kPhiloxW0 = 0x9E3779B9u;  // key bump of k0 (golden ratio)
inline constexpr uint32_t kPhiloxW1 = 0xBB67AE85u;  // key bump of k1 (sqrt(3) - 1)
inline constexpr int kPhiloxRounds = 10;

using PhiloxCounter = std::array<uint32_t, 4>;  // (c0, c1, c2, c3), c0 least significant
using PhiloxKey = std::array<uint32_t, 2>;      // (k0, k1)

// One round: (c0, c1, c2, c3) -> (hi(M1*c2) ^ c1 ^ k0, lo(M1*c2), hi(M0*c0) ^ c3 ^ k1, lo(M0*c0)).
constexpr PhiloxCounter philoxRound(const PhiloxCounter& c, const PhiloxKey& k) {
  const uint64_t p0 = uint64_t{kPhiloxM0} * c[0];
  const uint64_t p1 = uint64_t{kPhiloxM1} * c[2];
  return {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(p1),
          static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(p0)};
}

// Ten rounds; the key is bumped before rounds 2..10.
constexpr PhiloxCounter philox4x32_10(PhiloxCounter c, PhiloxKey k) {
  for (int r = 0; r < kPhiloxRounds; ++r) {
    if (r > 0) {
      k[0] += kPhiloxW0;
      k[1] += kPhiloxW1;
    }
    c = philoxRound(c, k);
  }
  return c;
}

// 128-bit addition counter + n (carry from c0 upward, wrapping modulo 2^128).
constexpr PhiloxCounter counterAdd(PhiloxCounter c, uint64_t n) {
  const uint64_t lo = (uint64_t{c[1]} << 32 | c[0]);
  const uint64_t sumLo = lo + n;
  uint64_t hi = (uint64_t{c[3]} << 32 | c[2]);
  if (sumLo < lo) ++hi;
  return {static_cast<uint32_t>(sumLo), static_cast<uint32_t>(sumLo >> 32),
          static_cast<uint32_t>(hi), static_cast<uint32_t>(hi >> 32)};
}

// The stream's key: (lo32(seed), hi32(seed)) of the two's-complement pattern.
constexpr PhiloxKey streamKey(int64_t seed) {
  const auto s = static_cast<uint64_t>(seed);
  return {static_cast<uint32_t>(s), static_cast<uint32_t>(s >> 32)};
}

// The stream's base counter: low 64 bits 0, high 64 bits the offset's pattern.
constexpr PhiloxCounter streamBaseCounter(int64_t offset) {
  const auto o = static_cast<uint64_t>(offset);
  return {0u, 0u, static_cast<uint32_t>(o), static_cast<uint32_t>(o >> 32)};
}

// Counter of block j: base + j as a 128-bit sum. (The base's low half is 0,
// so with a 64-bit j the sum never carries into c2; it is still computed as
// the general 128-bit addition the spec states.)
constexpr PhiloxCounter streamCounter(int64_t offset, uint64_t block) {
  return counterAdd(streamBaseCounter(offset), block);
}

// Block j of the stream: four words, elements 4j .. 4j+3.
constexpr PhiloxCounter streamBlock(int64_t seed, int64_t offset, uint64_t block) {
  return philox4x32_10(streamCounter(offset, block), streamKey(seed));
}

// Element i of the stream: word i % 4 of block i / 4.
constexpr uint32_t streamWord(int64_t seed, int64_t offset, uint64_t index) {
  return streamBlock(seed, offset, index / 4)[index % 4];
}

}  // namespace asctwin::dsa
