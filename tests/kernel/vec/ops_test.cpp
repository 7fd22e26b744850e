// Select, Compare(s), Gather, CreateVecIndex, Duplicate and the arithmetic
// ops against scalar reference loops written here, on both paths.
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "kernel/vec/oracle.h"
#include "kernel/vec/vec.h"
#include "kernel/vec/vec_test_util.h"

namespace {

using asctwin::vec::BinOp;
using asctwin::vec::CmpMode;
using asctwin::vec::DType;
using asctwin::vec::scalarBits;
using asctwin::vec::ScalarOp;
using asctwin::vec::SelMode;
using vectest::Mode;

// The spec's mask bytes.
const std::uint8_t kSpecMask[8] = {0x00, 0x01, 0x02, 0x80, 0xA5, 0x5A, 0x7F, 0xFF};

bool maskBit(const std::vector<std::uint8_t>& m, std::size_t i) {
  return ((m[i / 8] >> (i % 8)) & 1) != 0;
}

std::vector<std::uint8_t> specMask(std::size_t bytes) {
  std::vector<std::uint8_t> m(bytes);
  for (std::size_t i = 0; i < bytes; ++i) m[i] = kSpecMask[i % 8];
  return m;
}

class Ops : public vectest::IsaTest {};

template <class T>
void checkSelect(DType t) {
  for (std::size_t n : {std::size_t{64}, std::size_t{100}, std::size_t{333}, std::size_t{7}}) {
    std::vector<T> s0(n), s1(n);
    for (std::size_t i = 0; i < n; ++i) {
      s0[i] = static_cast<T>(1000 + i);
      s1[i] = static_cast<T>(5000 + i);
    }
    const auto mask = specMask((n + 7) / 8);
    const T scalar = static_cast<T>(77);
    std::vector<T> out(n + 4, T{});
    // Tensor-tensor: mask bits in order over the whole count.
    asctwin::vec::select(out.data(), mask.data(), s0.data(), s1.data(), 0, t, SelMode::TensorTensor,
                         n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], maskBit(mask, i) ? s0[i] : s1[i]) << i;
    ASSERT_EQ(out[n], T{});  // nothing past the count
    // Tensor-scalar.
    asctwin::vec::select(out.data(), mask.data(), s0.data(), nullptr, scalarBits(scalar), t,
                         SelMode::TensorScalar, n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], maskBit(mask, i) ? s0[i] : scalar) << i;
    // CMPMASK register: one repeat (256 bytes) of bits, reused every repeat.
    const std::size_t perRepeat = 256 / sizeof(T);
    const auto reg = specMask((perRepeat + 7) / 8);
    asctwin::vec::select(out.data(), reg.data(), s0.data(), s1.data(), 0, t, SelMode::CmpMaskSpr,
                         n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], maskBit(reg, i % perRepeat) ? s0[i] : s1[i]) << i;
    }
  }
}

TEST_P(Ops, SelectAllModesAndWidths) {
  checkSelect<std::uint16_t>(DType::F16);
  checkSelect<std::uint32_t>(DType::F32);
  checkSelect<std::uint8_t>(DType::U8);
  checkSelect<std::uint64_t>(DType::F64);
}

TEST_P(Ops, SelectSpecBytesToHalfOnesAndZeros) {
  // The Bernoulli expansion: bit set -> 1.0, clear -> 0.0.
  const std::uint16_t ones[64] = {
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00,
      0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00};
  std::uint16_t out[64];
  asctwin::vec::select(out, kSpecMask, ones, nullptr, 0, DType::F16, SelMode::TensorScalar, 64);
  // Expected set positions written out: 0x01 -> bit 8; 0x02 -> bit 17; 0x80 -> 31;
  // 0xA5 -> 32,34,37,39; 0x5A -> 41,43,44,46; 0x7F -> 48..54; 0xFF -> 56..63.
  std::vector<int> set = {8,  17, 31, 32, 34, 37, 39, 41, 43, 44, 46, 48, 49,
                          50, 51, 52, 53, 54, 56, 57, 58, 59, 60, 61, 62, 63};
  for (int i = 0; i < 64; ++i) {
    const bool isSet = std::find(set.begin(), set.end(), i) != set.end();
    ASSERT_EQ(out[i], isSet ? 0x3C00 : 0x0000) << i;
  }
}

TEST_P(Ops, SelectCountZeroIsANoOp) {
  std::uint32_t out[4] = {9, 9, 9, 9};
  const std::uint32_t a[4] = {1, 2, 3, 4};
  asctwin::vec::select(out, kSpecMask, a, a, 0, DType::F32, SelMode::TensorTensor, 0);
  EXPECT_EQ(out[0], 9u);
}

// --- Compare ---------------------------------------------------------------

template <class V>
bool refCmp(CmpMode m, V a, V b) {
  switch (m) {
    case CmpMode::LT:
      return a < b;
    case CmpMode::GT:
      return a > b;
    case CmpMode::EQ:
      return a == b;
    case CmpMode::LE:
      return a <= b;
    case CmpMode::GE:
      return a >= b;
    case CmpMode::NE:
      return a != b;
  }
  return false;
}

constexpr CmpMode kCmpModes[] = {CmpMode::LT, CmpMode::GT, CmpMode::EQ,
                                 CmpMode::LE, CmpMode::GE, CmpMode::NE};

// T: storage; widen: storage -> compared value.
template <class T, class W>
void checkCompare(DType t, const std::vector<T>& a, const std::vector<T>& b, W widen) {
  const std::size_t n = a.size();
  const std::size_t bytes = (n + 7) / 8;
  for (CmpMode m : kCmpModes) {
    std::vector<std::uint8_t> out(bytes + 2, 0xCC);
    ASSERT_TRUE(asctwin::vec::compare(out.data(), a.data(), b.data(), t, m, n));
    for (std::size_t i = 0; i < bytes * 8; ++i) {
      const bool want = i < n && refCmp(m, widen(a[i]), widen(b[i]));
      ASSERT_EQ(maskBit(out, i), want) << "mode " << static_cast<int>(m) << " i " << i;
    }
    ASSERT_EQ(out[bytes], 0xCC);  // nothing written past ceil(n/8)
    // Compares against a scalar (element 3 of b).
    const T s = b[3];
    std::fill(out.begin(), out.end(), 0xCC);
    ASSERT_TRUE(asctwin::vec::compareScalar(out.data(), a.data(), scalarBits(s), t, m, n));
    for (std::size_t i = 0; i < bytes * 8; ++i) {
      const bool want = i < n && refCmp(m, widen(a[i]), widen(s));
      ASSERT_EQ(maskBit(out, i), want) << "scalar mode " << static_cast<int>(m) << " i " << i;
    }
    ASSERT_EQ(out[bytes], 0xCC);
  }
}

TEST_P(Ops, CompareEveryModeAndDtype) {
  std::mt19937 rng(31);
  const std::size_t n = 203;  // a partial last byte
  {
    std::vector<float> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<float>(rng() % 7) - 3.0f;
      b[i] = static_cast<float>(rng() % 7) - 3.0f;
    }
    a[5] = std::numeric_limits<float>::quiet_NaN();
    b[6] = std::numeric_limits<float>::quiet_NaN();
    a[7] = b[7] = std::numeric_limits<float>::quiet_NaN();
    a[8] = -0.0f;
    b[8] = 0.0f;
    a[9] = INFINITY;
    b[9] = INFINITY;
    b[3] = 1.0f;
    checkCompare(DType::F32, a, b, [](float x) { return x; });
    b[3] = std::numeric_limits<float>::quiet_NaN();  // NaN scalar: only NE holds
    checkCompare(DType::F32, a, b, [](float x) { return x; });
  }
  {
    std::vector<std::uint16_t> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<std::uint16_t>(0x3C00 + (rng() % 5) - 2 + ((rng() & 1) ? 0x8000 : 0));
      b[i] = static_cast<std::uint16_t>(0x3C00 + (rng() % 5) - 2);
    }
    a[4] = 0x7E00;
    b[10] = 0x7C01;  // signalling NaN
    a[11] = 0x8000;
    b[11] = 0x0000;
    const auto widenHalf = [](std::uint16_t h) { return vectest::value16(h, 5, 10); };
    checkCompare(DType::F16, a, b, widenHalf);
    const auto widenBf = [](std::uint16_t h) { return vectest::value16(h, 8, 7); };
    a[4] = 0x7FC0;
    checkCompare(DType::BF16, a, b, widenBf);
  }
  {
    std::vector<std::int16_t> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<std::int16_t>(rng() % 9 - 4);
      b[i] = static_cast<std::int16_t>(rng() % 9 - 4);
    }
    a[0] = INT16_MIN;
    b[0] = INT16_MAX;
    checkCompare(DType::S16, a, b, [](std::int16_t x) { return x; });
  }
  {
    std::vector<std::int32_t> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<std::int32_t>(rng() % 9) - 4;
      b[i] = static_cast<std::int32_t>(rng() % 9) - 4;
    }
    a[1] = INT32_MIN;
    checkCompare(DType::S32, a, b, [](std::int32_t x) { return x; });
    std::vector<std::uint32_t> ua(a.begin(), a.end()), ub(b.begin(), b.end());
    checkCompare(DType::U32, ua, ub, [](std::uint32_t x) { return x; });
  }
  {
    std::vector<std::uint8_t> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<std::uint8_t>(rng() % 4 + 126);
      b[i] = static_cast<std::uint8_t>(rng() % 4 + 126);
    }
    checkCompare(DType::U8, a, b, [](std::uint8_t x) { return x; });
    std::vector<std::int8_t> sa(a.begin(), a.end()), sb(b.begin(), b.end());
    checkCompare(DType::S8, sa, sb, [](std::int8_t x) { return x; });
  }
  {
    std::vector<double> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = static_cast<double>(rng() % 5);
      b[i] = static_cast<double>(rng() % 5);
    }
    a[2] = std::nan("");
    checkCompare(DType::F64, a, b, [](double x) { return x; });
    std::vector<std::int64_t> ia(n), ib(n);
    for (std::size_t i = 0; i < n; ++i) {
      ia[i] = static_cast<std::int64_t>(rng() % 5) - 2;
      ib[i] = static_cast<std::int64_t>(rng() % 5) - 2;
    }
    checkCompare(DType::S64, ia, ib, [](std::int64_t x) { return x; });
  }
}

TEST_P(Ops, CompareNaNTruthTable) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> a(16, nan);
  std::vector<float> b(16, 1.0f);
  for (CmpMode m : kCmpModes) {
    std::uint8_t out[2] = {0x55, 0x55};
    ASSERT_TRUE(asctwin::vec::compare(out, a.data(), b.data(), DType::F32, m, 16));
    const std::uint8_t want = m == CmpMode::NE ? 0xFF : 0x00;
    EXPECT_EQ(out[0], want) << static_cast<int>(m);
    EXPECT_EQ(out[1], want) << static_cast<int>(m);
  }
  std::uint8_t out = 0xFF;
  ASSERT_TRUE(
      asctwin::vec::compareScalar(&out, b.data(), scalarBits(2.0f), DType::F32, CmpMode::LT, 3));
  EXPECT_EQ(out, 0x07);  // 3 bits set, the 5 unused bits padded with 0
  out = 0xAB;
  ASSERT_TRUE(
      asctwin::vec::compareScalar(&out, b.data(), scalarBits(2.0f), DType::F32, CmpMode::LT, 0));
  EXPECT_EQ(out, 0xAB);  // count 0 writes nothing
}

// --- Gather / CreateVecIndex / Duplicate -------------------------------------

template <class T>
void checkGather() {
  std::mt19937 rng(41);
  std::vector<T> src(500);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(rng());
  const std::uint32_t baseAddr = 3 * sizeof(T);
  for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{257}}) {
    std::vector<std::uint32_t> off(n);
    for (auto& o : off) o = static_cast<std::uint32_t>((rng() % 490) * sizeof(T));
    std::vector<T> out(n + 1, T{0});
    asctwin::vec::gather(out.data(), src.data(), off.data(), baseAddr, sizeof(T), n,
                         src.size() * sizeof(T) - baseAddr);
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(out[i], src[(baseAddr + off[i]) / sizeof(T)]) << i;
    ASSERT_EQ(out[n], T{0});
  }
}

TEST_P(Ops, Gather) {
  checkGather<std::uint8_t>();
  checkGather<std::uint16_t>();
  checkGather<std::uint32_t>();
  checkGather<std::uint64_t>();
}

// The gather's bounds check against a per-offset scan written from its rule
// (misaligned or above maxOffset): every position of a bad offset, in both
// kinds, in lengths around the vector width; the first bad one is reported.
TEST_P(Ops, FirstBadOffsetFindsTheFirstOffender) {
  std::mt19937 rng(7);
  for (std::size_t n : {std::size_t{1}, std::size_t{8}, std::size_t{9}, std::size_t{100}}) {
    std::vector<std::uint32_t> off(n);
    for (auto& o : off) o = static_cast<std::uint32_t>(rng() % 1000) * 4;
    EXPECT_EQ(asctwin::vec::firstBadOffset(off.data(), n, 4, 3996), n);
    EXPECT_EQ(asctwin::vec::firstBadOffset(off.data(), n, 4, -1), 0u);
    for (std::size_t bad = 0; bad < n; ++bad) {
      for (std::uint32_t value : {4002u, 4000u, 0xFFFFFFFCu}) {  // misaligned, too high, huge
        std::vector<std::uint32_t> o = off;
        o[bad] = value;
        if (bad + 1 < n) o[n - 1] = 1;  // a later offender must not be the one reported
        ASSERT_EQ(asctwin::vec::firstBadOffset(o.data(), n, 4, 3996), bad) << n << " " << value;
      }
    }
  }
  const std::uint32_t ok = 3996;
  EXPECT_EQ(asctwin::vec::firstBadOffset(&ok, 0, 4, 0), 0u);  // nothing to check
}

TEST_P(Ops, GatherInterleavesFp64Words) {
  // The Bernoulli FP64 path: low words 0, high words from a select.
  std::vector<std::uint32_t> words = {0, 0x3FF00000u};  // [zero, high word of 1.0]
  std::vector<std::uint32_t> off = {0, 4, 0, 0, 0, 4};
  std::vector<double> out(3);
  asctwin::vec::gather(out.data(), words.data(), off.data(), 0, 4, off.size(), words.size() * 4);
  EXPECT_EQ(out[0], 1.0);
  EXPECT_EQ(out[1], 0.0);
  EXPECT_EQ(out[2], 1.0);
}

// `bytes` random bytes (from rng) that end exactly where an inaccessible
// page begins: a read past them faults. Unmapped when it goes out of scope.
class GuardedSource {
 public:
  GuardedSource(std::uint32_t bytes, std::mt19937& rng) {
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t pages = (bytes + page - 1) / page;
    mapBytes_ = (pages + 1) * page;
    map_ = mmap(nullptr, mapBytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map_ == MAP_FAILED) return;
    auto* guard = static_cast<unsigned char*>(map_) + pages * page;
    if (mprotect(guard, page, PROT_NONE) != 0) return;
    src_ = guard - bytes;
    for (std::uint32_t k = 0; k < bytes; ++k) src_[k] = static_cast<unsigned char>(rng());
  }
  ~GuardedSource() {
    if (map_ != MAP_FAILED) munmap(map_, mapBytes_);
  }
  GuardedSource(const GuardedSource&) = delete;
  GuardedSource& operator=(const GuardedSource&) = delete;
  bool ok() const { return src_ != nullptr; }
  unsigned char* data() const { return src_; }
  // The 32-bit word at byte `at`.
  std::uint32_t word(std::uint32_t at) const {
    std::uint32_t v;
    std::memcpy(&v, src_ + at, 4);
    return v;
  }

 private:
  std::size_t mapBytes_ = 0;
  void* map_ = MAP_FAILED;
  unsigned char* src_ = nullptr;
};

// 32-bit gathers whose groups of 16 offsets fall in two 64-byte windows (the
// AVX-512 permute path), mixed with groups that do not (misaligned, spread,
// windows reaching past the source), against element-by-element reads. The
// source ends at a page followed by an inaccessible one, so a window read
// past srcBytes would fault.
TEST_P(Ops, GatherWindowsMatchElementReads) {
  constexpr std::uint32_t kBytes = 1024;  // the source: the last 1 KiB before the guard
  std::mt19937 rng(5);
  const GuardedSource source(kBytes, rng);
  ASSERT_TRUE(source.ok());
  unsigned char* src = source.data();
  const auto word = [&](std::uint32_t at) { return source.word(at); };
  for (int round = 0; round < 300; ++round) {
    std::vector<std::uint32_t> off;
    const std::size_t groups = 1 + rng() % 12;
    for (std::size_t g = 0; g < groups; ++g) {
      const std::uint32_t kind = rng() % 5;
      // Window starts anywhere, up to the last word (windows near the end
      // must not be read as a whole).
      const std::uint32_t a = (rng() % (kBytes / 4)) * 4, b = (rng() % (kBytes / 4)) * 4;
      for (std::uint32_t l = 0; l < 16; ++l) {
        std::uint32_t o;
        if (l < 2) {
          o = l == 0 ? a : b;
        } else if (kind == 0) {  // the FP64 interleave: zero word, rising high words
          o = l % 2 == 0 ? a : b + 4 * (l / 2);
        } else if (kind == 1) {  // anywhere in the two windows
          o = (l % 2 == 0 ? a : b) + (rng() % 16) * 4;
        } else if (kind == 2) {  // one lane outside both windows
          o = l == 9 ? (a + 64 + (rng() % 8) * 4) : a + (rng() % 16) * 4;
        } else if (kind == 3) {  // misaligned but inside a window
          o = a + (rng() % 61);
        } else {  // spread
          o = (rng() % (kBytes / 4)) * 4;
        }
        off.push_back(std::min<std::uint32_t>(o, kBytes - 4));
      }
    }
    const std::size_t tail = rng() % 16;
    for (std::size_t t = 0; t < tail; ++t) off.push_back((rng() % (kBytes / 4)) * 4);
    std::vector<std::uint32_t> out(off.size() + 1, 0xA5A5A5A5u);
    asctwin::vec::gather(out.data(), src, off.data(), 0, 4, off.size(), kBytes);
    for (std::size_t i = 0; i < off.size(); ++i)
      ASSERT_EQ(out[i], word(off[i])) << "round " << round << " lane " << i << " offset " << off[i];
    ASSERT_EQ(out[off.size()], 0xA5A5A5A5u);
  }
}

// Groups that repeat the previous group's shape moved by one distance (the
// Bernoulli FP64 table: zero words and high words advancing together, up to
// the end of the source; a strided walk; distances that are misaligned,
// negative or carry a window past the source) against element reads, through gather and
// gatherChecked; and gatherChecked's answer against firstBadOffset when one offset is bad.
TEST_P(Ops, GatherMovedShapesAndFusedCheck) {
  constexpr std::uint32_t kBytes = 4096;  // the source ends at the inaccessible page
  std::mt19937 rng(11);
  const GuardedSource source(kBytes, rng);
  ASSERT_TRUE(source.ok());
  unsigned char* src = source.data();
  const auto word = [&](std::uint32_t at) { return source.word(at); };
  for (int round = 0; round < 400; ++round) {
    std::vector<std::uint32_t> off;
    const int kind = round % 4;
    if (kind == 0) {  // the FP64 table: entry 2i -> 4i, 2i + 1 -> high + 4i
      // The high words right after the zero words, or ending where the
      // source ends (the last windows of a run must stop short of it).
      const std::uint32_t k = 16 + rng() % 480;
      const std::uint32_t high = rng() % 2 == 0 ? 4 * k : kBytes - 4 * k;
      for (std::uint32_t i = 0; i < k && high + 4 * i + 4 <= kBytes; ++i) {
        off.push_back(4 * i);
        off.push_back(high + 4 * i);
      }
    } else {  // a first group, then moves by a distance drawn per run of groups
      std::vector<std::uint32_t> g(16);
      const std::uint32_t a = (rng() % 64) * 4, b = 1024 + (rng() % 64) * 4;
      for (std::uint32_t l = 0; l < 16; ++l) g[l] = (l % 2 == 0 ? a : b) + (rng() % 16) * 4;
      g[0] = a;
      g[1] = b;
      const std::size_t groups = 1 + rng() % 40;
      std::uint32_t delta = 32;
      for (std::size_t q = 0; q < groups; ++q) {
        for (std::uint32_t o : g) off.push_back(std::min<std::uint32_t>(o, kBytes - 4));
        if (rng() % 6 == 0) {
          const std::uint32_t pick = rng() % 4;
          delta = pick == 0   ? 2
                  : pick == 1 ? static_cast<std::uint32_t>(-64)
                  : pick == 2 ? 1000
                              : 64;
        }
        for (auto& o : g) o += delta;
        if (kind == 3) g[5] += 4;  // a shape that changes: the full test again
      }
    }
    const std::size_t tail = rng() % 16;
    for (std::size_t t = 0; t < tail; ++t) off.push_back((rng() % (kBytes / 4)) * 4);
    std::vector<std::uint32_t> ref(off.size());
    for (std::size_t i = 0; i < off.size(); ++i) ref[i] = off[i] + 4 <= kBytes ? word(off[i]) : 0;
    const std::size_t firstBad =
        asctwin::vec::firstBadOffset(off.data(), off.size(), 4, kBytes - 4);
    std::vector<std::uint32_t> out(off.size() + 1, 0xA5A5A5A5u);
    ASSERT_EQ(asctwin::vec::gatherChecked(out.data(), src, off.data(), 0, 4, off.size(), kBytes),
              firstBad)
        << "round " << round;
    if (firstBad == off.size()) {
      for (std::size_t i = 0; i < off.size(); ++i)
        ASSERT_EQ(out[i], ref[i]) << "round " << round << " lane " << i << " offset " << off[i];
      std::vector<std::uint32_t> plain(off.size() + 1, 0xA5A5A5A5u);
      asctwin::vec::gather(plain.data(), src, off.data(), 0, 4, off.size(), kBytes);
      ASSERT_EQ(plain, out) << "round " << round;
    }
    ASSERT_EQ(out[off.size()], 0xA5A5A5A5u);
    // One bad offset anywhere (misaligned, past the source, huge): reported
    // as firstBadOffset reports it, and nothing past the source is read.
    if (!off.empty() && firstBad == off.size()) {
      const std::size_t at = rng() % off.size();
      const std::uint32_t pick = rng() % 3;
      off[at] = pick == 0 ? off[at] + 2 : pick == 1 ? kBytes : 0xFFFFFFFCu;
      ASSERT_EQ(asctwin::vec::gatherChecked(out.data(), src, off.data(), 0, 4, off.size(), kBytes),
                at)
          << "round " << round;
    }
  }
  std::uint32_t one = 0;
  EXPECT_EQ(asctwin::vec::gatherChecked(&one, src, &one, 0, 4, 1, 3), 0u);  // no word fits
}

TEST_P(Ops, CreateVecIndex) {
  std::vector<std::int32_t> i32(100);
  asctwin::vec::createVecIndex(i32.data(), DType::S32, scalarBits(std::int32_t{-5}), 100);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(i32[i], i - 5);
  std::vector<std::int16_t> i16(40);
  asctwin::vec::createVecIndex(i16.data(), DType::S16, scalarBits(std::int16_t{32760}), 40);
  for (int i = 0; i < 40; ++i) ASSERT_EQ(i16[i], static_cast<std::int16_t>(32760 + i));  // wraps
  std::vector<float> f(300);
  asctwin::vec::createVecIndex(f.data(), DType::F32, scalarBits(0.5f), 300);
  for (int i = 0; i < 300; ++i) ASSERT_EQ(f[i], 0.5f + static_cast<float>(i));
  std::vector<std::uint16_t> h(3000);
  asctwin::vec::createVecIndex(h.data(), DType::F16, scalarBits(std::uint16_t{0x3800}),
                               3000);  // 0.5
  for (int i = 0; i < 3000; ++i) {
    const std::uint16_t want = vectest::halfTable().round(0.5L + i, Mode::Rint);
    ASSERT_EQ(h[i], want) << i;
  }
  std::uint32_t untouched = 7;
  asctwin::vec::createVecIndex(&untouched, DType::S32, 0, 0);
  EXPECT_EQ(untouched, 7u);
}

TEST_P(Ops, Duplicate) {
  for (std::size_t n : {std::size_t{1}, std::size_t{31}, std::size_t{1000}}) {
    std::vector<std::uint16_t> h(n + 1, 0);
    asctwin::vec::duplicate(h.data(), DType::F16, scalarBits(std::uint16_t{0x3C00}), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], 0x3C00);
    ASSERT_EQ(h[n], 0);
    std::vector<float> f(n + 1, 0.0f);
    asctwin::vec::duplicate(f.data(), DType::F32, scalarBits(-2.5f), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(f[i], -2.5f);
    ASSERT_EQ(f[n], 0.0f);
    std::vector<std::int8_t> b(n + 1, 0);
    asctwin::vec::duplicate(b.data(), DType::S8, scalarBits(std::int8_t{-3}), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(b[i], -3);
    std::vector<std::uint64_t> q(n + 1, 0);
    asctwin::vec::duplicate(q.data(), DType::U64, 0x0123456789ABCDEFull, n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(q[i], 0x0123456789ABCDEFull);
    ASSERT_EQ(q[n], 0u);
  }
  float x = 1.0f;
  asctwin::vec::duplicate(&x, DType::F32, scalarBits(3.0f), 0);
  EXPECT_EQ(x, 1.0f);
}

// --- Arithmetic --------------------------------------------------------------

// Reference float op with the twin's rules (canonical NaN, max(-0,+0) = +0).
double refFloat(BinOp op, double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
  switch (op) {
    case BinOp::Add:
      return a + b;
    case BinOp::Sub:
      return a - b;
    case BinOp::Mul:
      return a * b;
    case BinOp::Div:
      return a / b;
    case BinOp::Max:
      if (a == b) return std::signbit(a) && std::signbit(b) ? a : std::fabs(a);
      return a > b ? a : b;
    case BinOp::Min:
      if (a == b) return std::signbit(a) || std::signbit(b) ? -std::fabs(a) : a;
      return a < b ? a : b;
    default:
      return 0;
  }
}

constexpr BinOp kFloatOps[] = {BinOp::Add, BinOp::Sub, BinOp::Mul,
                               BinOp::Div, BinOp::Max, BinOp::Min};

std::vector<float> arithFloats(std::size_t n, std::mt19937& rng) {
  std::vector<float> v(n);
  std::uniform_real_distribution<float> d(-100.0f, 100.0f);
  for (auto& x : v) x = d(rng);
  const float specials[] = {
      0.0f,  -0.0f,  INFINITY, -INFINITY, std::numeric_limits<float>::quiet_NaN(),
      1e38f, -1e38f, 1e-40f,   65504.0f,  3.0f};
  for (std::size_t i = 0; i < n; i += 13) v[i] = specials[(i / 13) % 10];
  return v;
}

TEST_P(Ops, FloatBinaryOps) {
  std::mt19937 rng(51);
  const std::size_t n = 1031;
  const auto a = arithFloats(n, rng);
  auto b = arithFloats(n, rng);
  std::reverse(b.begin(), b.end());
  for (BinOp op : kFloatOps) {
    std::vector<float> out(n);
    ASSERT_TRUE(asctwin::vec::binary(op, out.data(), a.data(), b.data(), DType::F32, n));
    for (std::size_t i = 0; i < n; ++i) {
      const double want = refFloat(op, a[i], b[i]);
      const float wantF =
          static_cast<float>(op == BinOp::Max || op == BinOp::Min
                                 ? want
                                 : static_cast<double>(op == BinOp::Add   ? a[i] + b[i]
                                                       : op == BinOp::Sub ? a[i] - b[i]
                                                       : op == BinOp::Mul ? a[i] * b[i]
                                                                          : a[i] / b[i]));
      if (std::isnan(want) || std::isnan(wantF)) {
        ASSERT_EQ(vectest::bitsOf(out[i]), 0x7FC00000u)
            << "canonical NaN, op " << static_cast<int>(op);
      } else {
        ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(wantF))
            << "op " << static_cast<int>(op) << " " << a[i] << " " << b[i];
      }
    }
    // The scalar forms.
    if (op == BinOp::Add || op == BinOp::Mul || op == BinOp::Max || op == BinOp::Min) {
      const ScalarOp sop = op == BinOp::Add   ? ScalarOp::Adds
                           : op == BinOp::Mul ? ScalarOp::Muls
                           : op == BinOp::Max ? ScalarOp::Maxs
                                              : ScalarOp::Mins;
      const float s = -0.0f;
      ASSERT_TRUE(asctwin::vec::scalarOp(sop, out.data(), a.data(), scalarBits(s), DType::F32, n));
      for (std::size_t i = 0; i < n; ++i) {
        const double want = refFloat(op, a[i], s);
        if (std::isnan(want)) {
          ASSERT_EQ(vectest::bitsOf(out[i]), 0x7FC00000u);
        } else {
          ASSERT_EQ(vectest::bitsOf(out[i]), vectest::bitsOf(static_cast<float>(want)))
              << "sop " << static_cast<int>(sop) << " a=" << a[i];
        }
      }
    }
  }
}

// half / bf16: compute exactly in double, round once with the table oracle.
void checkHalfLike(DType t, const vectest::Table16& table, int expBits, int manBits) {
  std::mt19937 rng(61);
  const std::size_t n = 2053;
  std::vector<std::uint16_t> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<std::uint16_t>(rng());
    b[i] = static_cast<std::uint16_t>(rng());
    if (i % 3 == 0) b[i] = static_cast<std::uint16_t>(a[i] ^ (rng() & 0x1F));  // close values
  }
  const std::uint16_t qnan = t == DType::F16 ? 0x7E00 : 0x7FC0;
  const std::uint16_t infBits = t == DType::F16 ? 0x7C00 : 0x7F80;
  const auto expect = [&](double r) -> std::uint16_t {
    if (std::isnan(r)) return qnan;
    if (std::isinf(r)) return static_cast<std::uint16_t>(r < 0 ? (0x8000 | infBits) : infBits);
    if (r == 0) return std::signbit(r) ? 0x8000 : 0;
    return table.round(r, Mode::Rint);
  };
  for (BinOp op : kFloatOps) {
    std::vector<std::uint16_t> out(n);
    ASSERT_TRUE(asctwin::vec::binary(op, out.data(), a.data(), b.data(), t, n));
    for (std::size_t i = 0; i < n; ++i) {
      const double x = vectest::value16(a[i], expBits, manBits);
      const double y = vectest::value16(b[i], expBits, manBits);
      // Exact in double for + - * (and max/min); a double quotient rounded
      // again to 16 bits equals the correctly rounded quotient (53 >= 2p+2).
      const double r = refFloat(op, x, y);
      ASSERT_EQ(out[i], expect(r))
          << "op " << static_cast<int>(op) << " a=" << std::hex << a[i] << " b=" << b[i];
    }
  }
  std::vector<std::uint16_t> out(n);
  const std::uint16_t s = t == DType::F16 ? 0x4100 : 0x4020;  // 2.5
  ASSERT_TRUE(asctwin::vec::scalarOp(ScalarOp::Muls, out.data(), a.data(), s, t, n));
  for (std::size_t i = 0; i < n; ++i) {
    const double r = refFloat(BinOp::Mul, vectest::value16(a[i], expBits, manBits), 2.5);
    ASSERT_EQ(out[i], expect(r)) << std::hex << a[i];
  }
}

TEST_P(Ops, HalfAndBf16BinaryOps) {
  checkHalfLike(DType::F16, vectest::halfTable(), 5, 10);
  checkHalfLike(DType::BF16, vectest::bf16Table(), 8, 7);
}

template <class T>
T refInt(BinOp op, T a, T b) {
  using U = std::conditional_t<(sizeof(T) < 4), std::uint32_t, std::make_unsigned_t<T>>;
  switch (op) {
    case BinOp::Add:
      return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    case BinOp::Sub:
      return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
    case BinOp::Mul:
      return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
    case BinOp::Max:
      return std::max(a, b);
    case BinOp::Min:
      return std::min(a, b);
    case BinOp::And:
      return static_cast<T>(a & b);
    case BinOp::Or:
      return static_cast<T>(a | b);
    default:
      return 0;
  }
}

template <class T>
void checkIntOps(DType t) {
  std::mt19937_64 rng(71);
  const std::size_t n = 517;
  std::vector<T> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<T>(rng());
    b[i] = static_cast<T>(rng());
  }
  a[0] = std::numeric_limits<T>::max();
  b[0] = 1;  // wraps
  a[1] = std::numeric_limits<T>::min();
  b[1] = static_cast<T>(-1);
  for (BinOp op :
       {BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Max, BinOp::Min, BinOp::And, BinOp::Or}) {
    std::vector<T> out(n);
    ASSERT_TRUE(asctwin::vec::binary(op, out.data(), a.data(), b.data(), t, n));
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(out[i], refInt(op, a[i], b[i])) << static_cast<int>(op);
    // In place (dst == a).
    std::vector<T> inplace = a;
    ASSERT_TRUE(asctwin::vec::binary(op, inplace.data(), inplace.data(), b.data(), t, n));
    ASSERT_EQ(inplace, out);
  }
  EXPECT_FALSE(asctwin::vec::binary(BinOp::Div, a.data(), a.data(), b.data(), t, n));
  const T s = static_cast<T>(3);
  const std::pair<ScalarOp, BinOp> pairs[] = {{ScalarOp::Adds, BinOp::Add},
                                              {ScalarOp::Muls, BinOp::Mul},
                                              {ScalarOp::Maxs, BinOp::Max},
                                              {ScalarOp::Mins, BinOp::Min}};
  for (const auto& [sop, op] : pairs) {
    std::vector<T> out(n);
    ASSERT_TRUE(asctwin::vec::scalarOp(sop, out.data(), a.data(), scalarBits(s), t, n));
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], refInt(op, a[i], s));
  }
  // Shifts: counts inside and outside the width.
  constexpr int kBits = static_cast<int>(sizeof(T) * 8);
  for (int c : {0, 1, 5, kBits - 1, kBits, kBits + 3, -1}) {
    std::vector<T> l(n), r(n);
    ASSERT_TRUE(asctwin::vec::scalarOp(ScalarOp::ShiftLeft, l.data(), a.data(),
                                       scalarBits(static_cast<T>(c)), t, n));
    ASSERT_TRUE(asctwin::vec::scalarOp(ScalarOp::ShiftRight, r.data(), a.data(),
                                       scalarBits(static_cast<T>(c)), t, n));
    const bool out = c < 0 || c >= kBits;
    for (std::size_t i = 0; i < n; ++i) {
      using U = std::make_unsigned_t<T>;
      const U ua = static_cast<U>(a[i]);
      const T wantL =
          out ? T{0} : static_cast<T>(static_cast<U>(static_cast<std::uint64_t>(ua) << c));
      T wantR;
      if (std::is_signed_v<T>) {
        const std::int64_t sa = static_cast<std::int64_t>(a[i]);
        wantR = static_cast<T>(out ? (sa < 0 ? -1 : 0) : (sa >> c));  // arithmetic
      } else {
        wantR = out ? T{0} : static_cast<T>(ua >> c);
      }
      ASSERT_EQ(l[i], wantL) << "shl " << c;
      ASSERT_EQ(r[i], wantR) << "shr " << c;
    }
  }
}

TEST_P(Ops, IntegerOpsEveryDtype) {
  checkIntOps<std::int8_t>(DType::S8);
  checkIntOps<std::uint8_t>(DType::U8);
  checkIntOps<std::int16_t>(DType::S16);
  checkIntOps<std::uint16_t>(DType::U16);
  checkIntOps<std::int32_t>(DType::S32);
  checkIntOps<std::uint32_t>(DType::U32);
  checkIntOps<std::int64_t>(DType::S64);
  checkIntOps<std::uint64_t>(DType::U64);
}

TEST_P(Ops, DoubleOpsAndSupportTable) {
  std::vector<double> a = {1.5, -2.0, 0.0, std::nan("")}, b = {0.5, 4.0, -0.0, 1.0}, out(4);
  ASSERT_TRUE(asctwin::vec::binary(BinOp::Mul, out.data(), a.data(), b.data(), DType::F64, 4));
  EXPECT_EQ(out[0], 0.75);
  EXPECT_EQ(out[1], -8.0);
  EXPECT_TRUE(std::signbit(out[2]));
  EXPECT_EQ(vectest::bitsOf(out[3]), 0x7FF8000000000000ull);
  EXPECT_FALSE(asctwin::vec::binarySupported(BinOp::And, DType::F32));
  EXPECT_FALSE(asctwin::vec::binarySupported(BinOp::Div, DType::S32));
  EXPECT_TRUE(asctwin::vec::binarySupported(BinOp::Div, DType::F16));
  EXPECT_FALSE(asctwin::vec::scalarOpSupported(ScalarOp::ShiftLeft, DType::F16));
  EXPECT_TRUE(asctwin::vec::scalarOpSupported(ScalarOp::ShiftRight, DType::S16));
  EXPECT_FALSE(asctwin::vec::scalarOp(ScalarOp::ShiftLeft, out.data(), a.data(), 1, DType::F64, 4));
  // count 0 writes nothing
  out[0] = 9.0;
  EXPECT_TRUE(asctwin::vec::binary(BinOp::Add, out.data(), a.data(), b.data(), DType::F64, 0));
  EXPECT_TRUE(asctwin::vec::scalarOp(ScalarOp::Adds, out.data(), a.data(), 0, DType::F64, 0));
  EXPECT_EQ(out[0], 9.0);
}

VEC_INSTANTIATE(Ops);

}  // namespace
