// The fast fractal copies (src/isa/cube_copy_kernels.h) against the
// element-wise rules of docs/cube.md, on random bytes with odd sizes and
// strides; cube_tests runs again with ASCTWIN_ISA=portable and avx2, so
// every level meets the same rules.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "asctwin/kernel/numeric.h"
#include "isa/cube_copy_kernels.h"

namespace {

namespace copyk = asctwin::isa::copyk;

std::vector<uint8_t> randomBytes(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(g());
  return v;
}

TEST(CubeCopyKernels, TransposeMovesElementRowColumnToColumnRow) {
  const std::vector<uint8_t> src = randomBytes(512, 1);
  std::vector<uint8_t> dst(512, 0);
  copyk::transposeFractal16(dst.data(), src.data());
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c)
      ASSERT_EQ(std::memcmp(&dst[(c * 16 + r) * 2], &src[(r * 16 + c) * 2], 2), 0)
          << "element (" << r << ", " << c << ")";
  // In place gives the same bytes.
  std::vector<uint8_t> same = src;
  copyk::transposeFractal16(same.data(), same.data());
  EXPECT_EQ(same, dst);
}

TEST(CubeCopyKernels, Nd2NzPlacesEveryBlockAndZeroPadsTheLast) {
  struct Case {
    uint32_t rows;
    uint64_t rowBytes, pitch, nStride, c0Stride;
  };
  for (const Case& cs :
       {Case{5, 64, 96, 32, 320}, Case{17, 70, 80, 32, 17 * 32 + 64}, Case{3, 30, 30, 64, 256},
        Case{16, 512, 2048, 32, 4096}, Case{7, 96, 100, 96, 32}}) {
    SCOPED_TRACE(testing::Message() << "rows " << cs.rows << " rowBytes " << cs.rowBytes);
    const uint64_t blocks = (cs.rowBytes + 31) / 32;
    const std::vector<uint8_t> src = randomBytes((cs.rows - 1) * cs.pitch + cs.rowBytes, 2);
    const uint64_t dstBytes = (blocks - 1) * cs.c0Stride + (cs.rows - 1) * cs.nStride + 32;
    std::vector<uint8_t> dst(dstBytes, 0xEE);
    std::vector<uint8_t> want(dstBytes, 0xEE);
    for (uint32_t r = 0; r < cs.rows; ++r)
      for (uint64_t b = 0; b < cs.rowBytes; ++b)
        want[r * cs.nStride + (b / 32) * cs.c0Stride + b % 32] = src[r * cs.pitch + b];
    for (uint32_t r = 0; r < cs.rows; ++r)
      for (uint64_t b = cs.rowBytes; b < blocks * 32; ++b)
        want[r * cs.nStride + (b / 32) * cs.c0Stride + b % 32] = 0;
    copyk::nd2nzMatrix(dst.data(), src.data(), cs.rows, cs.rowBytes, cs.pitch, cs.nStride,
                       cs.c0Stride);
    EXPECT_EQ(dst, want);
  }
}

TEST(CubeCopyKernels, Img2colZzPutsEachGroupInItsFractalRowOrThePadding) {
  const uint32_t mExt = 37, kGroups = 3;  // a partial last fractal row block
  const std::vector<uint8_t> l1 = randomBytes(4096, 3);
  std::mt19937 g(4);
  std::vector<int64_t> chunks(mExt * kGroups);
  for (auto& off : chunks) off = g() % 5 == 0 ? -1 : static_cast<int64_t>(g() % (4096 - 32));
  uint8_t pad[32];
  for (int i = 0; i < 32; ++i) pad[i] = static_cast<uint8_t>(0x40 + i % 2);
  const uint64_t bytes = uint64_t{(mExt + 15) / 16} * kGroups * 512;
  std::vector<uint8_t> dst(bytes, 0xEE);
  std::vector<uint8_t> want(bytes, 0xEE);
  for (uint32_t mi = 0; mi < mExt; ++mi)
    for (uint32_t qi = 0; qi < kGroups; ++qi) {
      const int64_t off = chunks[mi * kGroups + qi];
      std::memcpy(&want[((mi / 16) * kGroups + qi) * 512 + (mi % 16) * 32],
                  off < 0 ? pad : &l1[static_cast<size_t>(off)], 32);
    }
  copyk::img2colZz(dst.data(), l1.data(), chunks.data(), mExt, kGroups, pad);
  EXPECT_EQ(dst, want);
}

TEST(CubeCopyKernels, FloatsToHalvesRoundAsTheScalarConversionWithTheReluRule) {
  // Random bit patterns (NaNs, infinities, subnormals and all) plus the
  // edges: signed zeros, the largest half, the rounding boundary to inf.
  std::mt19937 g(6);
  std::vector<uint32_t> bits(1001);
  for (auto& b : bits) b = static_cast<uint32_t>(g());
  for (uint32_t e : {0x00000000u, 0x80000000u, 0x477FE000u, 0x477FF000u, 0xC77FF000u, 0x7F800000u,
                     0xFF800000u, 0x7FC00001u, 0xFF800001u, 0x33000000u, 0x33000001u, 0x387FC000u})
    bits.push_back(e);
  for (bool relu : {false, true}) {
    std::vector<uint8_t> in(bits.size() * 4), out(bits.size() * 2, 0xEE);
    std::memcpy(in.data(), bits.data(), in.size());
    copyk::floatsToHalves(out.data(), in.data(), static_cast<uint32_t>(bits.size()), relu);
    for (size_t i = 0; i < bits.size(); ++i) {
      float f;
      std::memcpy(&f, &bits[i], 4);
      if (relu && f < 0.0f) f = 0.0f;
      uint16_t got;
      std::memcpy(&got, &out[i * 2], 2);
      ASSERT_EQ(got, asctwin::numeric::floatToHalf(f))
          << "input bits 0x" << std::hex << bits[i] << " relu " << relu;
    }
  }
}

}  // namespace
