// The DSA random stream over index ranges: 32-bit words, the uniform/bit rule,
// and packed mask bytes, each computable for any sub-range on its own (a
// sub-range is always exactly that slice of the whole stream). Two
// implementations: the portable scalar reference (philox.h, the spec's float
// rule taken literally), an AVX2 and an AVX-512 path chosen at run time by the
// project's one CPU-level switch (common/cpu_isa.h, ASCTWIN_ISA); all give
// identical bits (tests/dsa prove it over random ranges).
//
// These functions are pure and single-threaded; they accept any (seed,
// offset), because the stream is defined for every int64 pair. The rule
// "offset % 4 == 0" belongs to the operator and the device task (bit_mask.h).
// Element indices are uint64_t, so block indices stay below 2^62.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace asctwin::dsa {

// Which code computes the stream.
enum class Impl {
  kAuto,    // the fastest level in force (AVX-512, else AVX2, else scalar)
  kScalar,  // the portable reference
  kAvx2,    // AVX2 kernels (x86-64 with AVX2 only)
  kAvx512,  // AVX-512 kernels (x86-64 with AVX-512 F/BW/DQ/VL only)
};

const char* implName(Impl impl);
// True when `impl` can run on this CPU at the level in force (kAuto and
// kScalar always can).
bool implAvailable(Impl impl);
// The implementation `impl` stands for: kAuto becomes the best available one;
// an unavailable vector level becomes the best available one below it.
Impl resolveImpl(Impl impl);

// ---- from word to bit (spec "From word to bit") --------------------------

inline constexpr uint32_t kMantissaMask = 0x007FFFFFu;
inline constexpr uint32_t kThresholdNever = 1u << 23;  // no 23-bit mantissa reaches it

// The uniform of a word: bits((w & 0x7FFFFF) | 0x3F800000) - 1.0f, in [0, 1).
constexpr float uniformOf(uint32_t w) {
  return std::bit_cast<float>((w & kMantissaMask) | 0x3F800000u) - 1.0f;
}
// The spec's bit, literally: u >= q.
constexpr bool bitOfFloat(uint32_t w, float dropProb) {
  return uniformOf(w) >= dropProb;
}

// The integer form of the same rule: (w & 0x7FFFFF) >= maskThreshold(q).
//
// Proof that it equals bitOfFloat for every float q (NaN and infinities too):
// let m = w & 0x7FFFFF < 2^23. (1 + m*2^-23) is a float in [1, 2) and the
// subtraction of 1 is exact (the result m*2^-23 needs at most 23 significant
// bits), so u = m * 2^-23 exactly. For 0 < q <= 1, q * 2^23 is exact (scaling by
// a power of two, no overflow or underflow), hence u >= q  <=>  m >= q * 2^23
// <=>  m >= ceil(q * 2^23) because m is an integer; ceil(q * 2^23) lies in
// [1, 2^23]. For q <= 0 (including -0 and -inf) u >= q always holds: T = 0.
// For q > 1 (+inf included) and for NaN (every comparison false) it never
// holds: T = 2^23, which no 23-bit m reaches. tests/dsa check this
// exhaustively over all m for edge q, at every grid boundary and randomly.
uint32_t maskThreshold(float dropProb);
constexpr bool bitOfThreshold(uint32_t w, uint32_t threshold) {
  return (w & kMantissaMask) >= threshold;
}

// ---- ranges -----------------------------------------------------------------

// out[k] = element (first + k) of the stream, k in [0, count).
// Requires first + count <= 2^64.
void streamWords(int64_t seed, int64_t offset, uint64_t first, size_t count, uint32_t* out,
                 Impl impl = Impl::kAuto);

// Mask byte k holds elements 8k .. 8k+7, element 8k+b in bit b (LSB first).
// out[k] = mask byte (firstByte + k), k in [0, count), for drop probability q.
// Requires (firstByte + count) * 8 <= 2^64.
void maskBytes(int64_t seed, int64_t offset, float dropProb, uint64_t firstByte, size_t count,
               uint8_t* out, Impl impl = Impl::kAuto);

}  // namespace asctwin::dsa
