// BilinearInterpolation against a scalar oracle of the reference's steps
// (BilinearInterpolation(ISASI).md): iteration r of the hRepeat * vRepeat
// gathers 8 blocks of src0 at the byte offsets src0Offset[8r .. 8r + 7];
// each block is multiplied by src1[r] (repeatMode false) or by
// src1[8r + block] (true); the hRepeat products of a vertical step are
// summed, the later iteration first (half, nearest even after each
// operation); lane l of vertical step v goes to dst at v * vROffset +
// (l / 16) * dstBlkStride * 16 + l % 16 when the mask enables it. Plus the
// reference's worked example and its documented constraints.
#include "isa/isa_test_util.h"
#include "isa/half_oracle.h"
#include "kernel/vec/oracle.h"

namespace asctwin::isatest {
namespace {

// Region a: src0 (src0Size halves) at 0, src1 at byte 4096, the offsets at
// byte 8192; region b: sharedTmpBuffer; region d: dst.
constexpr uint32_t kSrc1Byte = 4096, kOffsetByte = 8192;

struct Params {
  uint32_t src0Size, src1Size;
  bool bitMask;
  uint64_t mask;     // continuous form
  uint64_t bits[2];  // bit form
  uint8_t hRepeat, vRepeat;
  bool repeatMode;
  uint16_t dstBlkStride, vROffset;
  uint32_t tmpBytes;
};

struct BilinearBody {
  using Args = Params;
  static void run(const Ub& ub, const Args& p) {
    LocalTensor<half> src0 = ub.A<half>();
    src0.SetSize(p.src0Size);
    LocalTensor<half> src1 = ub.A<half>()[kSrc1Byte / 2];
    src1.SetSize(p.src1Size);
    LocalTensor<uint32_t> offs = ub.A<uint32_t>()[kOffsetByte / 4];
    offs.SetSize(uint32_t{p.hRepeat} * p.vRepeat * 8);
    LocalTensor<uint8_t> tmp = ub.b;
    tmp.SetSize(p.tmpBytes);
    if (p.bitMask) {
      uint64_t m[2] = {p.bits[0], p.bits[1]};
      BilinearInterpolation(ub.D<half>(), src0, offs, src1, m, p.hRepeat, p.repeatMode,
                            p.dstBlkStride, p.vROffset, p.vRepeat, tmp);
    } else {
      BilinearInterpolation(ub.D<half>(), src0, offs, src1, p.mask, p.hRepeat, p.repeatMode,
                            p.dstBlkStride, p.vROffset, p.vRepeat, tmp);
    }
  }
};

class BilinearTest : public IsaTest {
 protected:
  std::vector<uint16_t> src0_, src1_;
  std::vector<uint32_t> offs_;
  std::vector<uint16_t> d0_ = std::vector<uint16_t>(8192, 0x7BFF);

  std::vector<uint8_t> regionA() const {
    std::vector<uint8_t> a(kRegion, 0);
    std::memcpy(a.data(), src0_.data(), src0_.size() * 2);
    std::memcpy(a.data() + kSrc1Byte, src1_.data(), src1_.size() * 2);
    std::memcpy(a.data() + kOffsetByte, offs_.data(), offs_.size() * 4);
    return a;
  }
  std::vector<uint16_t> go(const Params& p) {
    return valuesOf<uint16_t>(run<BilinearBody>(regionA(), {}, bytesOf(d0_), p), d0_.size());
  }
  bool enabled(const Params& p, uint32_t l) const {
    if (!p.bitMask) return l < p.mask;
    return ((p.bits[l / 64] >> (l % 64)) & 1u) != 0;
  }
  std::vector<uint16_t> oracle(const Params& p) const {
    std::vector<uint16_t> want = d0_;
    auto product = [&](uint32_t r, uint32_t l) {
      const uint32_t byte = offs_[r * 8 + l / 16] + (l % 16) * 2;
      const double x = halfValue(src0_[byte / 2]);
      const double w = halfValue(src1_[p.repeatMode ? r * 8 + l / 16 : r]);
      return halfRint(static_cast<long double>(x) * static_cast<long double>(w));
    };
    for (uint32_t v = 0; v < p.vRepeat; ++v)
      for (uint32_t l = 0; l < 128; ++l) {
        if (!enabled(p, l)) continue;
        uint16_t acc = product(v * p.hRepeat, l);
        for (uint32_t k = 1; k < p.hRepeat; ++k)
          acc = halfRint(static_cast<long double>(halfValue(product(v * p.hRepeat + k, l))) +
                         static_cast<long double>(halfValue(acc)));
        acc = halfRint(static_cast<long double>(halfValue(acc)) + 0.0L);  // the copy out adds 0
        want[v * p.vROffset + (l / 16) * p.dstBlkStride * 16 + l % 16] = acc;
      }
    return want;
  }
};

Params docParams() {
  Params p{};
  p.src0Size = 512;
  p.src1Size = 16;
  p.mask = 128;
  p.hRepeat = 2;
  p.vRepeat = 2;
  p.repeatMode = false;
  p.dstBlkStride = 1;
  p.vROffset = 128;
  p.tmpBytes = (512 + 16) * 32;
  return p;
}

TEST_F(BilinearTest, DocExample) {
  // src0 = 1..512, src0Offset = 0, 32, ..., 992, src1 = 2..17, hRepeat 2,
  // vRepeat 2, mask 128 (and the bit form's all-ones), vROffset 128:
  // dst = [389, 394, 399, 404, ..., 4096].
  for (int i = 0; i < 512; ++i) src0_.push_back(halfRint(i + 1));
  for (int i = 0; i < 16; ++i) src1_.push_back(halfRint(i + 2));
  for (int i = 0; i < 32; ++i) offs_.push_back(32u * i);
  for (bool bits : {false, true}) {
    Params p = docParams();
    p.bitMask = bits;
    p.bits[0] = p.bits[1] = ~0ull;
    const auto got = go(p);
    EXPECT_EQ(halfValue(got[0]), 389);
    EXPECT_EQ(halfValue(got[1]), 394);
    EXPECT_EQ(halfValue(got[2]), 399);
    EXPECT_EQ(halfValue(got[3]), 404);
    EXPECT_EQ(halfValue(got[255]), 4096);
    const auto want = oracle(p);
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
  }
}

TEST_F(BilinearTest, DocExampleRepeatModeTrue) {
  // The reference's repeatMode = true walk-through: src1 = 2..33, block b of
  // iteration r times src1[8r + b] (dst[0] = 1 * 2 + 129 * 10).
  for (int i = 0; i < 512; ++i) src0_.push_back(halfRint(i + 1));
  for (int i = 0; i < 32; ++i) src1_.push_back(halfRint(i + 2));
  for (int i = 0; i < 32; ++i) offs_.push_back(32u * i);
  Params p = docParams();
  p.src1Size = 32;
  p.repeatMode = true;
  p.tmpBytes = (512 + 32) * 32;
  const auto got = go(p);
  EXPECT_EQ(halfValue(got[0]), 1 * 2 + 129 * 10);
  EXPECT_EQ(halfValue(got[16]), 17 * 3 + 145 * 11);
  const auto want = oracle(p);
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

TEST_F(BilinearTest, RandomGatherMasksStrides) {
  std::mt19937 rng(21);
  src0_ = [&] {
    std::vector<uint16_t> v(512);
    std::uniform_real_distribution<float> u(-4, 4);
    for (auto& x : v) x = halfRint(u(rng));
    return v;
  }();
  std::uniform_int_distribution<uint32_t> blk(0, 31);
  for (int i = 0; i < 3 * 2 * 8; ++i) offs_.push_back(32u * blk(rng));
  std::uniform_real_distribution<float> w(0, 1);
  for (int i = 0; i < 48; ++i) src1_.push_back(halfRint(w(rng)));
  Params p = docParams();
  p.src1Size = 48;
  p.hRepeat = 3;
  p.dstBlkStride = 2;
  p.vROffset = 512;
  p.tmpBytes = (512 + 48) * 32;
  for (bool repeatMode : {true, false}) {
    p.repeatMode = repeatMode;
    p.bitMask = false;
    p.mask = 100;
    auto got = go(p);
    auto want = oracle(p);
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
    p.bitMask = true;
    p.bits[0] = 0x00FF00FF00FF0F0Full;
    p.bits[1] = 0xF0F0F0F000000001ull;
    got = go(p);
    want = oracle(p);
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
  }
  // One horizontal iteration: no sums, vertical steps 160 elements apart.
  p.hRepeat = 1;
  p.vRepeat = 6;
  p.vROffset = 400;
  p.dstBlkStride = 1;
  const auto got = go(p);
  const auto want = oracle(p);
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
}

TEST_F(BilinearTest, DocumentedConstraintsFail) {
  Params p = docParams();
  p.tmpBytes = (512 + 16) * 32 - 32;
  EXPECT_NE(fails<BilinearBody>(p).find("sharedTmpBuffer must hold at least"), std::string::npos);
  p = docParams();
  p.vROffset = 112;
  EXPECT_NE(fails<BilinearBody>(p).find("vROffset must be in [128, 65535)"), std::string::npos);
  p = docParams();
  p.vROffset = 136;
  EXPECT_NE(fails<BilinearBody>(p).find("multiple of 32 bytes"), std::string::npos);
  p = docParams();
  p.vRepeat = 0;
  EXPECT_NE(fails<BilinearBody>(p).find("hRepeat and vRepeat must be in [1, 255]"),
            std::string::npos);
}

}  // namespace
}  // namespace asctwin::isatest
