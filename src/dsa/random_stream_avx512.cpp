// AVX-512 kernels of the DSA random stream, bit-identical to the scalar
// reference (philox.h). Compiled for the baseline ISA with per-function target
// attributes; nothing here runs unless cpuLevel() allows AVX-512.
//
// Layout: one __m512i holds one Philox counter word for 8 consecutive blocks,
// block j + l in 64-bit lane l, the word in the lane's low 32 bits. The high
// 32 bits are scratch: _mm512_mul_epu32 reads only the low half of each lane,
// so a full 64-bit product can stand as the next round's "lo" word and the
// high halves never reach an output (outputs take the low halves only). That
// saves the blends the 32-bit layout needs, and vpternlogd computes the
// round's three-way XOR in one instruction:
//   per 8 blocks and round: 2 multiplies, 2 moves (hi -> low half), 2 XOR3,
// i.e. 60 vector uops per 32 words on the two 512-bit ports (0 and 5): about
// 0.94 cycles per word is the bound of this formulation. One move is a shift
// (port 0), the other a shuffle (port 5), so neither port gets both. Everything
// else is kept off those ports:
//   * the round keys are read as embedded-broadcast memory operands of the
//     XOR3 ({1to16}: a load, no ALU uop), instead of being broadcast from
//     general registers each round (2 extra port-5 uops per key);
//   * the mask bits of 8 blocks take 2 merges, 2 ANDs and 2 compares (the
//     words of a block pair up in one 64-bit lane) instead of 4 + 4 + 4;
//     the bit interleave is done by BMI2 pdep on the scalar ports.
// Six independent sets of 8 blocks are in flight: the dependency chain of a
// round is 7 cycles (multiply, move, XOR3); measured with asctwin-bench-dsa
// on a 3.4 GHz Xeon (Sapphire Rapids class), 6 sets beat 4 by 10-15 % and 8
// spill. On an AMD EPYC Zen 5 guest (four 512-bit pipes, ~3.6 GHz) 6 stay
// the best (Gbit per CPU-second, 2 MiB of mask: 4 sets 5.0, 5 sets 5.5,
// 6 sets 6.0, 7 sets 5.4, 8 sets 4.9-5.0), ~0.60 cycles per word against
// the ~0.52 of 66 vector instructions per 32 words on four pipes.
#include <cstring>

#include "dsa/kernels.h"
#include "dsa/random_stream.h"

#if defined(__x86_64__)
// GCC 12's avx512fintrin.h builds some intrinsics on a self-initialised
// "undefined" vector, which -Wmaybe-uninitialized flags at their call sites
// (a false positive in the compiler's own header; GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#define ASCTWIN_AVX512_TARGET "avx512f,avx512bw,avx512dq,avx512vl,avx2,bmi2"
#define ASCTWIN_AVX512_INLINE __attribute__((target(ASCTWIN_AVX512_TARGET), always_inline)) inline
#define ASCTWIN_AVX512_FN __attribute__((target(ASCTWIN_AVX512_TARGET)))

namespace asctwin::dsa::detail {
namespace {

constexpr int kXor3 = 0x96;  // vpternlog truth table of a ^ b ^ c

// The ten round keys, k0 and k1 per round.
struct RoundKeys512 {
  uint32_t k0[kPhiloxRounds];
  uint32_t k1[kPhiloxRounds];
};

RoundKeys512 roundKeys512(int64_t seed) {
  PhiloxKey k = streamKey(seed);
  RoundKeys512 rk{};
  for (int r = 0; r < kPhiloxRounds; ++r) {
    if (r > 0) {
      k[0] += kPhiloxW0;
      k[1] += kPhiloxW1;
    }
    rk.k0[r] = k[0];
    rk.k1[r] = k[1];
  }
  return rk;
}

// The keys as memory operands: the compiler may not see through `p` (the
// empty asm), so it reads each key at its use, where it folds the read into
// the XOR3 as an embedded broadcast instead of keeping 20 keys in registers
// or broadcasting them from general registers every round.
ASCTWIN_AVX512_INLINE const RoundKeys512* opaque(const RoundKeys512* p) {
  __asm__("" : "+r"(p));
  return p;
}

// Counters of blocks first .. first+7 (lane l = block first + l). The block
// index stays below 2^62, so c1 is exactly its high 32 bits: no carry logic.
ASCTWIN_AVX512_INLINE void loadCounters512(__m512i block, __m512i c2, __m512i c3, __m512i* x) {
  x[0] = block;                         // low half = lo32(block)
  x[1] = _mm512_srli_epi64(block, 32);  // low half = hi32(block)
  x[2] = c2;
  x[3] = c3;
}

// Philox4x32-10 on S independent sets of 8 blocks.
template <int S>
ASCTWIN_AVX512_INLINE void philox512(const RoundKeys512* rk, __m512i (&x)[S][4]) {
  const __m512i m0 = _mm512_set1_epi64(kPhiloxM0);
  const __m512i m1 = _mm512_set1_epi64(kPhiloxM1);
#pragma GCC unroll 10
  for (int r = 0; r < kPhiloxRounds; ++r) {
#pragma GCC unroll 8
    for (int s = 0; s < S; ++s) {
      const __m512i p0 = _mm512_mul_epu32(x[s][0], m0);  // M0 * c0, 64-bit
      const __m512i p1 = _mm512_mul_epu32(x[s][2], m1);  // M1 * c2, 64-bit
      // hi(p) moved to the low half: a shift (port 0) and a shuffle (port 5).
      const __m512i hi0 = _mm512_srli_epi64(p0, 32);
      const __m512i hi1 = _mm512_shuffle_epi32(p1, _MM_PERM_DDBB);
      x[s][0] = _mm512_ternarylogic_epi32(hi1, x[s][1],
                                          _mm512_set1_epi32(static_cast<int>(rk->k0[r])), kXor3);
      x[s][1] = p1;
      x[s][2] = _mm512_ternarylogic_epi32(hi0, x[s][3],
                                          _mm512_set1_epi32(static_cast<int>(rk->k1[r])), kXor3);
      x[s][3] = p0;
    }
  }
}

// Mask bits of the 32 elements of 8 blocks: element 4l + w is word w of
// block l; its bit is (word & 0x7FFFFF) >= threshold.
ASCTWIN_AVX512_INLINE uint32_t maskOf512(const __m512i* x, __m512i threshold) {
  const __m512i mantissa = _mm512_set1_epi32(static_cast<int>(kMantissaMask));
  // Words (w0, w1) and (w2, w3) of block l side by side in 64-bit lane l:
  // the odd dwords take the low dword of x1 (x3).
  const __m512i w01 = _mm512_mask_shuffle_epi32(x[0], 0xAAAA, x[1], _MM_PERM_CCAA);
  const __m512i w23 = _mm512_mask_shuffle_epi32(x[2], 0xAAAA, x[3], _MM_PERM_CCAA);
  // Bit 2l + v of k01 is word v of block l; of k23 word 2 + v.
  const __mmask16 k01 = _mm512_cmpge_epu32_mask(_mm512_and_si512(w01, mantissa), threshold);
  const __mmask16 k23 = _mm512_cmpge_epu32_mask(_mm512_and_si512(w23, mantissa), threshold);
  return _pdep_u32(_cvtmask16_u32(k01), 0x33333333u) | _pdep_u32(_cvtmask16_u32(k23), 0xCCCCCCCCu);
}

// The 32 words of 8 blocks in element order, stored at out[0..31].
ASCTWIN_AVX512_INLINE void storeWords512(const __m512i* x, uint32_t* out) {
  // (w0, w1) and (w2, w3) of each block side by side in one 64-bit lane.
  const __m512i w01 = _mm512_mask_shuffle_epi32(x[0], 0xAAAA, x[1], _MM_PERM_CCAA);
  const __m512i w23 = _mm512_mask_shuffle_epi32(x[2], 0xAAAA, x[3], _MM_PERM_CCAA);
  // Blocks 0..3 then 4..7: lanes (w01[l], w23[l]) for l in order.
  const __m512i lo =
      _mm512_permutex2var_epi64(w01, _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), w23);
  const __m512i hi =
      _mm512_permutex2var_epi64(w01, _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15), w23);
  _mm512_storeu_si512(out, lo);
  _mm512_storeu_si512(out + 16, hi);
}

constexpr int kSets512 = 6;

template <typename Emit>
ASCTWIN_AVX512_INLINE void runGroups512(int64_t seed, int64_t offset, uint64_t firstBlock,
                                        size_t groups, Emit emit) {
  const RoundKeys512 keys = roundKeys512(seed);
  const RoundKeys512* rk = opaque(&keys);
  const auto off = static_cast<uint64_t>(offset);
  const __m512i c2 = _mm512_set1_epi64(static_cast<uint32_t>(off));
  const __m512i c3 = _mm512_set1_epi64(static_cast<uint32_t>(off >> 32));
  const __m512i step = _mm512_set1_epi64(8);
  __m512i block = _mm512_add_epi64(_mm512_set1_epi64(static_cast<long long>(firstBlock)),
                                   _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
  size_t g = 0;
  for (; g + kSets512 <= groups; g += kSets512) {
    __m512i x[kSets512][4];
#pragma GCC unroll 8
    for (int s = 0; s < kSets512; ++s) {
      loadCounters512(block, c2, c3, x[s]);
      block = _mm512_add_epi64(block, step);
    }
    philox512<kSets512>(rk, x);
#pragma GCC unroll 8
    for (int s = 0; s < kSets512; ++s) emit(g + s, x[s]);
  }
  for (; g < groups; ++g) {
    __m512i x[1][4];
    loadCounters512(block, c2, c3, x[0]);
    block = _mm512_add_epi64(block, step);
    philox512<1>(rk, x);
    emit(g, x[0]);
  }
}

}  // namespace

ASCTWIN_AVX512_FN void wordsGroupsAvx512(int64_t seed, int64_t offset, uint64_t firstBlock,
                                         size_t groups, uint32_t* out) {
  runGroups512(
      seed, offset, firstBlock, groups,
      [out](size_t g, const __m512i* x) __attribute__((
          target(ASCTWIN_AVX512_TARGET), always_inline)) { storeWords512(x, out + 32 * g); });
}

ASCTWIN_AVX512_FN void maskGroupsAvx512(int64_t seed, int64_t offset, uint32_t threshold,
                                        uint64_t firstBlock, size_t groups, uint8_t* out) {
  const __m512i t = _mm512_set1_epi32(static_cast<int>(threshold));
  runGroups512(
      seed, offset, firstBlock, groups,
      [ out, t ](size_t g, const __m512i* x)
          __attribute__((target(ASCTWIN_AVX512_TARGET), always_inline)) {
            const uint32_t bits = maskOf512(x, t);
            std::memcpy(out + 4 * g, &bits, 4);
          });
}

}  // namespace asctwin::dsa::detail

#else  // not x86-64: the dispatcher never selects these.

#include <cstdlib>

namespace asctwin::dsa::detail {
void wordsGroupsAvx512(int64_t, int64_t, uint64_t, size_t, uint32_t*) {
  std::abort();
}
void maskGroupsAvx512(int64_t, int64_t, uint32_t, uint64_t, size_t, uint8_t*) {
  std::abort();
}
}  // namespace asctwin::dsa::detail

#endif
