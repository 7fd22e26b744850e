// Philox4x32-10 and the stream layout against the spec's known answers and
// against Random123's own headers (Debian librandom123-dev), an implementation
// written independently of ours.
#include <gtest/gtest.h>

#include <Random123/philox.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "dsa/philox.h"
#include "dsa/random_stream.h"

namespace asctwin::dsa {
namespace {

#ifdef ASCTWIN_SANITIZED
constexpr int kRandomCases = 20000;
#else
constexpr int kRandomCases = 200000;
#endif

using R123 = r123::Philox4x32_R<10>;

PhiloxCounter viaRandom123(const PhiloxCounter& c, const PhiloxKey& k) {
  R123 g;
  R123::ctr_type ctr = {{c[0], c[1], c[2], c[3]}};
  R123::key_type key = {{k[0], k[1]}};
  const R123::ctr_type out = g(ctr, key);
  return {out.v[0], out.v[1], out.v[2], out.v[3]};
}

// The spec's known answers, checked at compile time as well.
static_assert(philox4x32_10({0, 0, 0, 0}, {0, 0}) ==
              PhiloxCounter{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});

TEST(Philox, SpecKnownAnswers) {
  struct Case {
    PhiloxCounter ctr;
    PhiloxKey key;
    PhiloxCounter out;
  };
  const Case cases[] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
      {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
       {0xffffffff, 0xffffffff},
       {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
      {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
       {0xa4093822, 0x299f31d0},
       {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(philox4x32_10(c.ctr, c.key), c.out);
    // The oracle agrees with the spec too (so it is a valid oracle).
    EXPECT_EQ(viaRandom123(c.ctr, c.key), c.out);
  }
}

TEST(Philox, MatchesRandom123OnRandomCountersAndKeys) {
  std::mt19937_64 rng(0x5eed1234);
  for (int i = 0; i < kRandomCases; ++i) {
    const uint64_t a = rng(), b = rng(), c = rng();
    const PhiloxCounter ctr = {static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32),
                               static_cast<uint32_t>(b), static_cast<uint32_t>(b >> 32)};
    const PhiloxKey key = {static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32)};
    ASSERT_EQ(philox4x32_10(ctr, key), viaRandom123(ctr, key)) << "case " << i;
  }
}

// Round function and key schedule separately: r rounds of ours (bumping the
// key before rounds 2..r) against Random123's R-round variant.
TEST(Philox, EachRoundCountMatchesRandom123) {
  std::mt19937_64 rng(77);
  for (int i = 0; i < 2000; ++i) {
    const uint64_t a = rng(), b = rng(), c = rng();
    const PhiloxCounter ctr0 = {static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32),
                                static_cast<uint32_t>(b), static_cast<uint32_t>(b >> 32)};
    const PhiloxKey key0 = {static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32)};
    PhiloxCounter ours = ctr0;
    PhiloxKey key = key0;
    for (unsigned r = 1; r <= 10; ++r) {
      if (r > 1) {
        key[0] += kPhiloxW0;
        key[1] += kPhiloxW1;
      }
      ours = philoxRound(ours, key);
      r123array4x32 rc = {{ctr0[0], ctr0[1], ctr0[2], ctr0[3]}};
      r123array2x32 rk = {{key0[0], key0[1]}};
      const r123array4x32 theirs = philox4x32_R(r, rc, rk);
      ASSERT_EQ(ours, (PhiloxCounter{theirs.v[0], theirs.v[1], theirs.v[2], theirs.v[3]}))
          << "rounds " << r;
    }
  }
}

TEST(Philox, CounterAddMatchesRandom123Incr) {
  std::mt19937_64 rng(99);
  const uint32_t edges[] = {0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff};
  const uint64_t adds[] = {0, 1, 2, 7, 0xffffffffull, 0x100000000ull, ~0ull, ~0ull - 3};
  auto check = [](const PhiloxCounter& c, uint64_t n) {
    r123array4x32 r = {{c[0], c[1], c[2], c[3]}};
    r.incr(n);
    ASSERT_EQ(counterAdd(c, n), (PhiloxCounter{r.v[0], r.v[1], r.v[2], r.v[3]}))
        << std::hex << c[0] << ' ' << c[1] << ' ' << c[2] << ' ' << c[3] << " + " << n;
  };
  for (uint32_t w0 : edges)
    for (uint32_t w1 : edges)
      for (uint32_t w2 : edges)
        for (uint64_t n : adds) check({w0, w1, w2, 0xffffffffu}, n);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t a = rng(), b = rng();
    check({static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32), static_cast<uint32_t>(b),
           static_cast<uint32_t>(b >> 32)},
          rng() >> (rng() % 64));
  }
  // Carry across every word boundary, including the wrap modulo 2^128.
  EXPECT_EQ(counterAdd({0xffffffff, 0, 0, 0}, 1), (PhiloxCounter{0, 1, 0, 0}));
  EXPECT_EQ(counterAdd({0xffffffff, 0xffffffff, 0, 0}, 1), (PhiloxCounter{0, 0, 1, 0}));
  EXPECT_EQ(counterAdd({0xffffffff, 0xffffffff, 0xffffffff, 0}, 1), (PhiloxCounter{0, 0, 0, 1}));
  EXPECT_EQ(counterAdd({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, 1),
            (PhiloxCounter{0, 0, 0, 0}));
}

// The mapping (seed, offset, index) -> word, built a second time from the
// spec text with Random123 types: key (lo, hi) of the seed, counter
// (0, 0, lo, hi) of the offset incremented by the block index with
// Random123's own carrying incr().
uint32_t wordViaRandom123(int64_t seed, int64_t offset, uint64_t index) {
  const auto s = static_cast<uint64_t>(seed), o = static_cast<uint64_t>(offset);
  R123::key_type key = {{static_cast<uint32_t>(s), static_cast<uint32_t>(s >> 32)}};
  R123::ctr_type ctr = {{0, 0, static_cast<uint32_t>(o), static_cast<uint32_t>(o >> 32)}};
  ctr.incr(index / 4);
  return R123()(ctr, key).v[index % 4];
}

TEST(Philox, StreamLayoutMatchesRandom123) {
  const int64_t seeds[] = {0,
                           1,
                           -1,
                           20260725,
                           std::numeric_limits<int64_t>::min(),
                           std::numeric_limits<int64_t>::max(),
                           int64_t{1} << 32,
                           (int64_t{1} << 32) - 1};
  const int64_t offsets[] = {0,
                             4,
                             -4,
                             -1,
                             int64_t{1} << 62,
                             (int64_t{1} << 32) - 4,
                             int64_t{1} << 32,
                             (int64_t{1} << 32) + 4,
                             (int64_t{3} << 32) - 4,
                             std::numeric_limits<int64_t>::min()};
  // Indices around the c0 -> c1 carry (block 2^32 = element 2^34) and the end
  // of the index space.
  const uint64_t indices[] = {0,
                              1,
                              2,
                              3,
                              4,
                              5,
                              1000,
                              (1ull << 34) - 5,
                              (1ull << 34) - 1,
                              1ull << 34,
                              (1ull << 34) + 3,
                              (1ull << 34) + 4,
                              (5ull << 34) + 1,
                              ~0ull - 3,
                              ~0ull};
  for (int64_t seed : seeds)
    for (int64_t offset : offsets)
      for (uint64_t index : indices)
        ASSERT_EQ(streamWord(seed, offset, index), wordViaRandom123(seed, offset, index))
            << "seed " << seed << " offset " << offset << " index " << index;
  std::mt19937_64 rng(4242);
  for (int i = 0; i < kRandomCases / 10; ++i) {
    const auto seed = static_cast<int64_t>(rng());
    const auto offset = static_cast<int64_t>(rng());
    const uint64_t index = rng() >> (rng() % 64);
    ASSERT_EQ(streamWord(seed, offset, index), wordViaRandom123(seed, offset, index));
  }
}

// The vectorised words against Random123 directly (not only against our
// scalar code), across the c0 -> c1 carry.
TEST(Philox, VectorWordsMatchRandom123) {
  std::vector<Impl> vector;
  for (Impl i : {Impl::kAvx2, Impl::kAvx512})
    if (implAvailable(i)) vector.push_back(i);
  if (vector.empty()) GTEST_SKIP() << "no vector level in force on this CPU";
  const uint64_t firsts[] = {0, 3, (1ull << 34) - 100, (1ull << 34) - 1, (7ull << 34) - 61};
  for (Impl impl : vector) {
    for (int64_t offset : {int64_t{0}, int64_t{-4}, (int64_t{1} << 32) - 4}) {
      for (uint64_t first : firsts) {
        std::vector<uint32_t> got(257);
        streamWords(-1, offset, first, got.size(), got.data(), impl);
        for (size_t k = 0; k < got.size(); ++k)
          ASSERT_EQ(got[k], wordViaRandom123(-1, offset, first + k))
              << implName(impl) << " index " << first + k;
      }
    }
  }
}

}  // namespace
}  // namespace asctwin::dsa
