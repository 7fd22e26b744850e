// mad's numerics at every SIMD level the CPU has, called directly on
// fractal images: each level must give, bit for bit, the ordered fma chain
// of every element of C (docs/cube.md "Numerics") computed here by a scalar
// loop over the logical matrices. The images are built from the layout
// rules of docs/cube.md, independently of the kernels' offset helpers, with
// the K padding of A and B set to infinity and NaN (a kernel that read it
// would turn a result into NaN) and the M/N padding to finite garbage (the
// unit computes whole fractals, so those rows and columns are computed too).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "asctwin/kernel/numeric.h"
#include "common/cpu_isa.h"
#include "isa/cube_mad_kernels.h"

namespace {

using asctwin::CpuLevel;
using asctwin::isa::MadType;
namespace madk = asctwin::isa::madk;
namespace numeric = asctwin::numeric;

struct Case {
  MadType t;
  uint32_t m, k, n;
  bool kAlign = false;  // fp32 with kDirectionAlign (K fractals counted in 16s)
};

uint32_t ceilDiv(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}

uint32_t elemBytes(MadType t) {
  return t == MadType::F32 ? 4 : 2;
}

// The element bits of v in type t, and back to fp32 (exact for every value
// the test generates).
void storeElem(MadType t, uint8_t* p, float v) {
  if (t == MadType::F32) {
    std::memcpy(p, &v, 4);
    return;
  }
  const uint16_t h = t == MadType::F16 ? numeric::floatToHalf(v) : numeric::floatToBf16(v);
  std::memcpy(p, &h, 2);
}
float loadElem(MadType t, const uint8_t* p) {
  if (t == MadType::F32) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  return t == MadType::F16 ? numeric::halfToFloat(h) : numeric::bf16ToFloat(h);
}

struct Images {
  madk::Shape s{};
  std::vector<uint8_t> a, b, c;  // L0A (Zz or the GEMV vector), L0B (Zn), L0C (Nz)
  // Byte offsets by docs/cube.md's layout rules.
  uint32_t k0 = 0, k1 = 0, m1 = 0, n1 = 0, es = 0;
  bool gemv = false;
  size_t aAt(uint32_t i, uint32_t kk) const {
    if (gemv) return size_t{kk} * es;
    return ((size_t{i / 16} * k1 + kk / k0) * 512) + (i % 16) * 32 + (kk % k0) * es;
  }
  size_t bAt(uint32_t kk, uint32_t j) const {
    return ((size_t{kk / k0} * n1 + j / 16) * 512) + (j % 16) * 32 + (kk % k0) * es;
  }
  size_t cAt(uint32_t i, uint32_t j) const {
    return ((size_t{j / 16} * m1 + i / 16) * 1024) + (i % 16) * 64 + (j % 16) * 4;
  }
};

// Fills the images: valid values from {-2 .. 2} in steps that are exact in
// every type, M/N padding finite garbage, K padding infinity / NaN.
Images makeImages(const Case& cs, uint32_t seed) {
  Images im;
  im.es = elemBytes(cs.t);
  im.k0 = 32 / im.es;
  im.k1 = cs.t == MadType::F32 && cs.kAlign ? ceilDiv(cs.k, 16) * 2 : ceilDiv(cs.k, im.k0);
  im.m1 = ceilDiv(cs.m, 16);
  im.n1 = ceilDiv(cs.n, 16);
  im.gemv = cs.m == 1;
  const uint32_t rows = im.gemv ? 1 : im.m1 * 16;
  im.a.assign(im.gemv ? size_t{cs.k} * im.es : size_t{im.m1} * im.k1 * 512, 0);
  im.b.assign(size_t{im.k1} * im.n1 * 512, 0);
  im.c.assign(size_t{im.n1} * im.m1 * 1024, 0);
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> q(-64, 64);
  auto value = [&] { return static_cast<float>(q(g)) / 32.0f; };
  const float nan = std::nanf("");
  const float inf = INFINITY;
  if (!im.gemv) {
    for (uint32_t i = 0; i < rows; ++i)
      for (uint32_t kk = 0; kk < im.k1 * im.k0; ++kk)
        storeElem(cs.t, &im.a[im.aAt(i, kk)], kk >= cs.k ? (i % 2 ? nan : inf) : value());
  } else {
    for (uint32_t kk = 0; kk < cs.k; ++kk) storeElem(cs.t, &im.a[im.aAt(0, kk)], value());
  }
  for (uint32_t kk = 0; kk < im.k1 * im.k0; ++kk)
    for (uint32_t j = 0; j < im.n1 * 16; ++j)
      storeElem(cs.t, &im.b[im.bAt(kk, j)], kk >= cs.k ? (j % 2 ? inf : nan) : value());
  for (uint32_t i = 0; i < im.m1 * 16; ++i)
    for (uint32_t j = 0; j < im.n1 * 16; ++j) {
      const float v = value() * 8.0f;
      std::memcpy(&im.c[im.cAt(i, j)], &v, 4);
    }
  // The shape mad() gives the kernels (cube_mad.cpp).
  im.s.m = rows;
  im.s.k = cs.k;
  im.s.n = im.n1 * 16;
  im.s.nBias = cs.n;
  im.s.es = im.es;
  im.s.k0 = im.k0;
  im.s.k1 = im.k1;
  im.s.m1 = im.m1;
  im.s.n1 = im.n1;
  im.s.gemv = im.gemv;
  return im;
}

// mode 0: zero initial value, 1: C's values, 2: the bias row.
std::vector<uint8_t> oracle(const Case& cs, const Images& im, int mode, const float* bias) {
  std::vector<uint8_t> c = im.c;
  const uint32_t rows = im.gemv ? 1 : im.m1 * 16;
  for (uint32_t i = 0; i < rows; ++i)
    for (uint32_t j = 0; j < im.n1 * 16; ++j) {
      float acc = 0.0f;
      if (mode == 1) std::memcpy(&acc, &im.c[im.cAt(i, j)], 4);
      if (mode == 2) acc = j < cs.n ? bias[j] : 0.0f;
      for (uint32_t kk = 0; kk < cs.k; ++kk)
        acc = std::fma(loadElem(cs.t, &im.a[im.aAt(i, kk)]), loadElem(cs.t, &im.b[im.bAt(kk, j)]),
                       acc);
      std::memcpy(&c[im.cAt(i, j)], &acc, 4);
    }
  return c;
}

std::vector<CpuLevel> levels() {
  std::vector<CpuLevel> out{CpuLevel::kPortable};
  if (asctwin::cpuMaxLevel() >= CpuLevel::kAvx2) out.push_back(CpuLevel::kAvx2);
  if (asctwin::cpuMaxLevel() >= CpuLevel::kAvx512) out.push_back(CpuLevel::kAvx512);
  return out;
}

void checkCase(const Case& cs, uint32_t seed) {
  const Images im = makeImages(cs, seed);
  std::vector<float> bias(cs.n);
  for (uint32_t j = 0; j < cs.n; ++j) bias[j] = static_cast<float>(j % 11) * 0.75f - 3.0f;
  for (int mode : {0, 1, 2}) {
    const std::vector<uint8_t> want = oracle(cs, im, mode, bias.data());
    for (CpuLevel level : levels()) {
      SCOPED_TRACE(testing::Message()
                   << "type " << static_cast<int>(cs.t) << " m " << cs.m << " k " << cs.k << " n "
                   << cs.n << " kAlign " << cs.kAlign << " mode " << mode << " level "
                   << asctwin::cpuLevelName(level));
      std::vector<uint8_t> c = im.c;
      madk::madFloatAt(level, cs.t, im.s, im.a.data(), im.b.data(), c.data(),
                       mode == 2 ? bias.data() : nullptr, mode == 0);
      for (size_t off = 0; off < c.size(); off += 4) {
        uint32_t got, exp;
        std::memcpy(&got, &c[off], 4);
        std::memcpy(&exp, &want[off], 4);
        const uint32_t block = static_cast<uint32_t>(off / 1024);
        ASSERT_EQ(got, exp) << "C byte offset " << off << " (column block " << block / im.m1
                            << ", row " << (block % im.m1) * 16 + (off % 1024) / 64 << ", column "
                            << (block / im.m1) * 16 + (off % 64) / 4 << ")";
      }
    }
  }
}

// Shapes that reach every edge of the tiles: k not a multiple of 8 or 16,
// k = 1, column blocks not a multiple of the AVX-512 tile's 3 (5 = 3 + 2,
// 7 = 3 + 3 + 1), GEMV, and the corpus's and the benchmark's Mmad shapes.
const std::vector<Case> kShapes = {{MadType::F16, 16, 16, 16},    {MadType::F16, 16, 1, 16},
                                   {MadType::F16, 30, 70, 40},    {MadType::F16, 48, 33, 80},
                                   {MadType::F16, 64, 128, 112},  {MadType::F16, 1, 37, 40},
                                   {MadType::F16, 1, 8, 100},     {MadType::F16, 128, 64, 256},
                                   {MadType::F16, 128, 256, 128}, {MadType::F16, 48, 300, 48}};

// The test calls every level itself: the runs of cube_tests with
// ASCTWIN_ISA capped (cube.portable.*, cube.avx2.*) would only repeat it.
bool cappedRun() {
  return asctwin::cpuLevel() != asctwin::cpuMaxLevel();
}

TEST(MadKernels, HalfEveryLevelGivesTheOrderedFmaBits) {
  if (cappedRun()) GTEST_SKIP() << "every level runs in the uncapped run";
  uint32_t seed = 1;
  for (const Case& cs : kShapes) checkCase(cs, seed++);
}

TEST(MadKernels, Bf16EveryLevelGivesTheOrderedFmaBits) {
  if (cappedRun()) GTEST_SKIP() << "every level runs in the uncapped run";
  uint32_t seed = 100;
  for (Case cs : kShapes) {
    cs.t = MadType::BF16;
    checkCase(cs, seed++);
  }
}

TEST(MadKernels, FloatEveryLevelGivesTheOrderedFmaBits) {
  if (cappedRun()) GTEST_SKIP() << "every level runs in the uncapped run";
  uint32_t seed = 200;
  for (Case cs : kShapes) {
    cs.t = MadType::F32;
    checkCase(cs, seed++);
    cs.kAlign = true;
    checkCase(cs, seed++);
  }
}

}  // namespace
