// The packed-mask engine over host memory: size rule, padding bits, exact
// write extent, slicing across the WorkerPool independent of the part count.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "device/worker_pool.h"
#include "dsa/bit_mask.h"
#include "dsa/philox.h"
#include "dsa/random_stream.h"

namespace asctwin::dsa {
namespace {

TEST(BitMask, SizeRule) {
  EXPECT_EQ(maskBytesFor(0), 0u);
  EXPECT_EQ(maskBytesFor(1), 16u);
  EXPECT_EQ(maskBytesFor(127), 16u);
  EXPECT_EQ(maskBytesFor(128), 16u);
  EXPECT_EQ(maskBytesFor(129), 32u);
  EXPECT_EQ(maskBytesFor(4096ull * 4096), 4096ull * 4096 / 8);
  EXPECT_EQ(maskBytesFor(~0ull), (~0ull / 128 + 1) * 16);
}

// Exactly M bytes are written, never one more, and n = 0 writes nothing.
TEST(BitMask, WritesExactlyMBytes) {
  for (uint64_t n : {0ull, 1ull, 8ull, 127ull, 128ull, 129ull, 1000ull, 70000ull}) {
    for (unsigned parts : {1u, 2u, 7u}) {
      const uint64_t m = maskBytesFor(n);
      std::vector<uint8_t> buf(m + 64, 0xC3);
      genBitMask(n, 5, 8, 0.5f, buf.data(), {Impl::kAuto, parts});
      for (uint64_t i = m; i < buf.size(); ++i)
        ASSERT_EQ(buf[i], 0xC3) << "n " << n << " byte " << i;
    }
  }
}

// Bits past N carry the stream's own values for those indices.
TEST(BitMask, PaddingBitsAreTheStreamsOwn) {
  const uint64_t n = 129;
  const float q = dropProbFromProb(0.35);
  std::vector<uint8_t> mask(maskBytesFor(n));
  genBitMask(n, 20260725, 4, q, mask.data());
  for (uint64_t i = 0; i < mask.size() * 8; ++i)
    ASSERT_EQ((mask[i / 8] >> (i % 8)) & 1, bitOfFloat(streamWord(20260725, 4, i), q) ? 1 : 0)
        << "bit " << i;
}

TEST(BitMask, ProbZeroAndOneAreExact) {
  const uint64_t n = 100000;
  std::vector<uint8_t> mask(maskBytesFor(n));
  genBitMask(n, 1, 0, dropProbFromProb(1.0), mask.data());
  for (uint8_t b : mask) ASSERT_EQ(b, 0xFF);
  genBitMask(n, 1, 0, dropProbFromProb(0.0), mask.data());
  for (uint8_t b : mask) ASSERT_EQ(b, 0x00);
}

TEST(BitMask, SplitCoversTheMaskInCacheLineSlices) {
  for (uint64_t bytes : {16ull, 64ull, 80ull, 4096ull, 125008ull, 2097152ull, 2097168ull}) {
    for (unsigned parts : {0u, 1u, 2u, 3u, 7u, 64u}) {
      const MaskSplit s = splitMask(bytes, parts);
      ASSERT_GE(s.slices, 1u);
      if (parts > 0) {
        EXPECT_LE(s.slices, parts);
      }
      EXPECT_EQ(s.sliceBytes % 64, 0u);
      EXPECT_GE(s.sliceBytes * s.slices, bytes);        // covers everything
      EXPECT_LT(s.sliceBytes * (s.slices - 1), bytes);  // no empty slice
    }
  }
  EXPECT_EQ(splitMask(0, 3).slices, 0u);
  // Automatic: one slice below 128 KiB, at most one per pool thread above.
  EXPECT_EQ(splitMask(100000, 0).slices, 1u);
  EXPECT_LE(splitMask(16u << 20, 0).slices, device::WorkerPool::instance().size());
}

// The result does not depend on how the work is cut: 1, 2, 3 and 7 parts,
// both implementations, against the scalar reference run as one range.
TEST(BitMask, IndependentOfPartsAndThreads) {
#ifdef ASCTWIN_SANITIZED
  const uint64_t n = 300003;  // speed only: the property does not depend on size
#else
  const uint64_t n = 1000003;  // M = 125008 bytes: not a multiple of the 64-byte slice unit
#endif
  const float q = dropProbFromProb(0.42);
  std::vector<uint8_t> reference(maskBytesFor(n));
  maskBytes(-7, 1ll << 40, q, 0, reference.size(), reference.data(), Impl::kScalar);
  std::vector<Impl> impls = {Impl::kScalar};
  for (Impl i : {Impl::kAvx2, Impl::kAvx512})
    if (implAvailable(i)) impls.push_back(i);
  for (Impl impl : impls) {
    for (unsigned parts : {1u, 2u, 3u, 7u, 0u}) {
      std::vector<uint8_t> got(reference.size(), 0);
      genBitMask(n, -7, 1ll << 40, q, got.data(), {impl, parts});
      ASSERT_EQ(got, reference) << implName(impl) << " parts " << parts;
    }
  }
}

}  // namespace
}  // namespace asctwin::dsa
