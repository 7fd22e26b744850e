// The random stream over ranges: the spec's golden values, scalar reference
// vs AVX2 identity, sub-range identity, seed/offset sensitivity.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "dsa/bit_mask.h"
#include "dsa/philox.h"
#include "dsa/random_stream.h"

namespace asctwin::dsa {
namespace {

std::string hex(const std::vector<uint8_t>& bytes) {
  std::string s;
  char buf[3];
  for (uint8_t b : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    s += buf;
  }
  return s;
}

// The vector implementations this CPU runs at the level in force.
std::vector<Impl> vectorImpls() {
  std::vector<Impl> v;
  for (Impl i : {Impl::kAvx2, Impl::kAvx512})
    if (implAvailable(i)) v.push_back(i);
  return v;
}

std::vector<Impl> impls() {
  std::vector<Impl> v = {Impl::kScalar};
  for (Impl i : vectorImpls()) v.push_back(i);
  return v;
}

// ---- golden values of the spec --------------------------------------------

TEST(StreamGolden, FirstWords) {
  const std::vector<uint32_t> want = {0xe1007001, 0xad383ebb, 0x756fd361, 0x7bf4a7f7,
                                      0x6060fe38, 0x07e281b2, 0x583f0b9d, 0x9d93630a};
  for (Impl impl : impls()) {
    // A long range (so the vector path runs) whose first words are checked.
    std::vector<uint32_t> got(1000);
    streamWords(20260725, 4, 0, got.size(), got.data(), impl);
    EXPECT_EQ(std::vector<uint32_t>(got.begin(), got.begin() + 8), want) << implName(impl);
  }
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(streamWord(20260725, 4, i), want[i]);
}

struct GoldenMask {
  int64_t seed;
  int64_t offset;
  double prob;
  uint64_t n;
  const char* hex;
};

const GoldenMask kGoldenMasks[] = {
    {20260725, 4, 0.35, 129, "3c08a284d048c3a00a0e80129084559545408a444a0480ec1c02aba284ab493a"},
    {-1, 0, 0.5, 16, "be2d31e760ffa8f5b702ba83bad11608"},
    {0, int64_t{1} << 62, 0.9, 8, "ffefef7dfffddfeffdfdfffff7f7ffff"},
};

TEST(StreamGolden, Masks) {
  for (const GoldenMask& g : kGoldenMasks) {
    const float q = dropProbFromProb(g.prob);
    const uint64_t bytes = maskBytesFor(g.n);
    ASSERT_EQ(bytes * 2, std::strlen(g.hex));
    for (Impl impl : impls()) {
      std::vector<uint8_t> viaRange(bytes);
      maskBytes(g.seed, g.offset, q, 0, bytes, viaRange.data(), impl);
      EXPECT_EQ(hex(viaRange), g.hex) << implName(impl) << " seed " << g.seed;
      std::vector<uint8_t> viaEngine(bytes);
      genBitMask(g.n, g.seed, g.offset, q, viaEngine.data(), {impl, 0});
      EXPECT_EQ(hex(viaEngine), g.hex) << implName(impl) << " seed " << g.seed;
    }
  }
}

TEST(StreamGolden, OnesIn65536) {
  const uint64_t n = 65536;
  for (Impl impl : impls()) {
    for (unsigned parts : {1u, 3u}) {
      std::vector<uint8_t> mask(maskBytesFor(n));
      genBitMask(n, 20260725, 4, dropProbFromProb(0.35), mask.data(), {impl, parts});
      uint64_t ones = 0;
      for (uint8_t b : mask) ones += static_cast<uint64_t>(std::popcount(b));
      EXPECT_EQ(ones, 22908u) << implName(impl) << " parts " << parts;
    }
  }
}

// ---- scalar reference vs AVX2 -----------------------------------------------

struct Triple {
  int64_t seed;
  int64_t offset;
  uint64_t first;
};

std::vector<Triple> randomTriples(uint64_t rngSeed, int count) {
  const int64_t edgeSeeds[] = {0,
                               -1,
                               1,
                               std::numeric_limits<int64_t>::min(),
                               std::numeric_limits<int64_t>::max(),
                               int64_t{1} << 32,
                               (int64_t{1} << 32) - 1,
                               -(int64_t{1} << 32)};
  const int64_t edgeOffsets[] = {0,
                                 4,
                                 -4,
                                 -1,
                                 2,
                                 (int64_t{1} << 32) - 4,
                                 int64_t{1} << 32,
                                 (int64_t{1} << 32) + 4,
                                 -(int64_t{1} << 32),
                                 std::numeric_limits<int64_t>::min(),
                                 int64_t{1} << 62};
  // Element indices around block 2^32 (c0 -> c1 carry), around other 2^32
  // multiples of blocks, and at the end of the index space.
  const uint64_t edgeFirsts[] = {0,
                                 1,
                                 2,
                                 3,
                                 (1ull << 34) - 200,
                                 (1ull << 34) - 33,
                                 (1ull << 34) - 1,
                                 (3ull << 34) - 129,
                                 ~0ull - 4095};
  std::mt19937_64 rng(rngSeed);
  std::vector<Triple> out;
  for (int i = 0; i < count; ++i) {
    Triple t;
    t.seed = (i % 3 == 0) ? edgeSeeds[rng() % std::size(edgeSeeds)] : static_cast<int64_t>(rng());
    t.offset =
        (i % 2 == 0) ? edgeOffsets[rng() % std::size(edgeOffsets)] : static_cast<int64_t>(rng());
    t.first = (i % 4 == 0) ? edgeFirsts[rng() % std::size(edgeFirsts)] : rng() >> (rng() % 64);
    if (t.first > ~0ull - 4096) t.first = ~0ull - 4096;
    out.push_back(t);
  }
  return out;
}

TEST(StreamImpl, VectorWordsEqualScalar) {
  if (vectorImpls().empty()) GTEST_SKIP() << "no vector level in force on this CPU";
  for (Impl impl : vectorImpls()) {
    std::mt19937_64 rng(1);
    for (const Triple& t : randomTriples(11, 400)) {
      const size_t count = rng() % 700;
      std::vector<uint32_t> a(count + 1, 0xdeadbeef), b(count + 1, 0xdeadbeef);
      streamWords(t.seed, t.offset, t.first, count, a.data(), Impl::kScalar);
      streamWords(t.seed, t.offset, t.first, count, b.data(), impl);
      ASSERT_EQ(a, b) << implName(impl) << " seed " << t.seed << " offset " << t.offset << " first "
                      << t.first << " count " << count;
      ASSERT_EQ(b[count], 0xdeadbeefu) << implName(impl) << " wrote past the range";
    }
  }
}

TEST(StreamImpl, VectorMaskEqualsScalar) {
  if (vectorImpls().empty()) GTEST_SKIP() << "no vector level in force on this CPU";
  const float edgeQ[] = {0.0f,
                         -0.0f,
                         1.0f,
                         0.5f,
                         std::nextafter(0.5f, 1.0f),
                         std::nextafter(0.5f, 0.0f),
                         std::numeric_limits<float>::denorm_min(),
                         0x1p-23f,
                         std::nextafter(1.0f, 0.0f),
                         dropProbFromProb(0.35),
                         dropProbFromProb(0.001),
                         dropProbFromProb(0.999)};
  for (Impl impl : vectorImpls()) {
    std::mt19937_64 rng(2);
    for (const Triple& t : randomTriples(12, 400)) {
      const float q = (rng() % 2 == 0) ? edgeQ[rng() % std::size(edgeQ)]
                                       : std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
      const uint64_t firstByte = t.first / 8;
      const size_t count = rng() % 300;
      std::vector<uint8_t> a(count + 1, 0xA5), b(count + 1, 0xA5);
      maskBytes(t.seed, t.offset, q, firstByte, count, a.data(), Impl::kScalar);
      maskBytes(t.seed, t.offset, q, firstByte, count, b.data(), impl);
      ASSERT_EQ(a, b) << implName(impl) << " seed " << t.seed << " offset " << t.offset
                      << " firstByte " << firstByte << " count " << count << " q " << q;
      ASSERT_EQ(b[count], 0xA5) << implName(impl) << " wrote past the range";
    }
  }
}

// The mask bytes are the bit rule applied to the words (the AVX2 mask kernel
// never goes through the words kernel, so this ties the two together).
TEST(StreamImpl, MaskBytesAreTheBitRuleOfTheWords) {
  std::mt19937_64 rng(3);
  for (Impl impl : impls()) {
    for (const Triple& t : randomTriples(13, 60)) {
      const float q = std::uniform_real_distribution<float>(0.0f, 1.0f)(rng);
      const uint64_t firstByte = t.first / 8;
      const size_t count = 1 + rng() % 100;
      std::vector<uint8_t> mask(count);
      maskBytes(t.seed, t.offset, q, firstByte, count, mask.data(), impl);
      std::vector<uint32_t> words(count * 8);
      streamWords(t.seed, t.offset, firstByte * 8, words.size(), words.data(), Impl::kScalar);
      for (size_t i = 0; i < words.size(); ++i)
        ASSERT_EQ((mask[i / 8] >> (i % 8)) & 1, bitOfFloat(words[i], q) ? 1 : 0)
            << implName(impl) << " element " << i;
    }
  }
}

// ---- sub-ranges -------------------------------------------------------------

TEST(StreamRange, AnySubRangeIsThatSliceOfTheWhole) {
  std::mt19937_64 rng(5);
  const uint64_t base = (1ull << 34) - 2048;  // the whole straddles the c0 -> c1 carry
  for (Impl impl : impls()) {
    std::vector<uint32_t> whole(4096);
    streamWords(7, 8, base, whole.size(), whole.data(), impl);
    std::vector<uint8_t> wholeMask(4096);
    maskBytes(7, 8, 0.3f, base / 8, wholeMask.size(), wholeMask.data(), impl);
    for (int i = 0; i < 300; ++i) {
      uint64_t a = rng() % 4097, b = rng() % 4097;
      if (a > b) std::swap(a, b);
      std::vector<uint32_t> part(b - a);
      streamWords(7, 8, base + a, part.size(), part.data(), impl);
      ASSERT_TRUE(std::equal(part.begin(), part.end(), whole.begin() + static_cast<ptrdiff_t>(a)))
          << implName(impl) << " words [" << a << ", " << b << ")";
      std::vector<uint8_t> partMask(b - a);
      maskBytes(7, 8, 0.3f, base / 8 + a, partMask.size(), partMask.data(), impl);
      ASSERT_TRUE(std::equal(partMask.begin(), partMask.end(),
                             wholeMask.begin() + static_cast<ptrdiff_t>(a)))
          << implName(impl) << " mask bytes [" << a << ", " << b << ")";
    }
  }
}

// ---- sensitivity --------------------------------------------------------------

double fractionOfDifferentBits(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  uint64_t diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff += static_cast<uint64_t>(std::popcount(a[i] ^ b[i]));
  return static_cast<double>(diff) / (32.0 * static_cast<double>(a.size()));
}

std::vector<uint32_t> words(int64_t seed, int64_t offset, size_t n = 4096) {
  std::vector<uint32_t> w(n);
  streamWords(seed, offset, 0, n, w.data());
  return w;
}

// Flipping any one bit of the seed or of the offset gives an unrelated
// stream: about half of the 131072 bits differ (sd 0.0014; bound 0.02).
TEST(StreamSensitivity, EverySeedBitAndOffsetBitMatters) {
  const int64_t seed = 20260725, offset = 4;
  const std::vector<uint32_t> ref = words(seed, offset);
  for (int bit = 0; bit < 64; ++bit) {
    const auto otherSeed = static_cast<int64_t>(static_cast<uint64_t>(seed) ^ (1ull << bit));
    EXPECT_NEAR(fractionOfDifferentBits(ref, words(otherSeed, offset)), 0.5, 0.02)
        << "seed bit " << bit;
    const auto otherOffset = static_cast<int64_t>(static_cast<uint64_t>(offset) ^ (1ull << bit));
    EXPECT_NEAR(fractionOfDifferentBits(ref, words(seed, otherOffset)), 0.5, 0.02)
        << "offset bit " << bit;
  }
}

// Offsets select a new high counter half, not a shift of one stream: the
// stream at offset 4 is not the offset-0 stream advanced by 4 words.
TEST(StreamSensitivity, OffsetsAreDisjointStreamsNotShifts) {
  const std::vector<uint32_t> at0 = words(1, 0, 8192);
  for (int64_t offset : {4, 8, 16, 1024}) {
    const std::vector<uint32_t> other = words(1, offset, 4096);
    const std::vector<uint32_t> shifted(at0.begin() + offset, at0.begin() + offset + 4096);
    EXPECT_NEAR(fractionOfDifferentBits(other, shifted), 0.5, 0.02) << "offset " << offset;
  }
}

TEST(StreamSensitivity, SameInputsSameBits) {
  EXPECT_EQ(words(99, 12), words(99, 12));
  std::vector<uint8_t> a(4096), b(4096);
  genBitMask(4096 * 8, 99, 12, 0.25f, a.data(), {Impl::kAuto, 2});
  genBitMask(4096 * 8, 99, 12, 0.25f, b.data(), {Impl::kAuto, 2});
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace asctwin::dsa
