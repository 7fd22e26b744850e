// AddDeqRelu and CastDequant against scalar oracles written from the API
// reference (AddDeqRelu.md, CastDequant.md, SetDeqScale.md) and its worked
// examples:
//  - AddDeqRelu: dst = max(0, Cast(x * 2^-17 * scale * 2^17)), x the int32
//    sum converted to float (nearest even), each product a float rounding,
//    the half cast to nearest even (RINT);
//  - CastDequant int32 -> half: Cast(src * scale), RINT;
//  - CastDequant int16 -> b8: saturate(RINT(src * scale + offset)), scale a
//    float taken as (1, 8, 10) (its low 13 mantissa bits dropped), offset a
//    signed 9-bit integer, int8 for sign mode 1 and uint8 for 0; the 16
//    results of a 32-byte source block in the high (halfBlock) or low half of
//    the destination block; with isVecDeq, lane j of every block uses set j.
// Half roundings come from the table oracle of tests/kernel/vec (no code
// shared with asctwin::numeric).
#include <algorithm>
#include <cmath>

#include "isa/isa_test_util.h"
#include "isa/dequant_oracle.h"
#include "isa/half_oracle.h"
#include "kernel/vec/oracle.h"

namespace asctwin::isatest {
namespace {

uint16_t halfBitsOf(float f) {
  return halfRint(f);
}

// --- AddDeqRelu ------------------------------------------------------------------------------
enum class Form { Count, Len, Bits, LenNoSet, TypedCount };

struct AddDeqReluBody {
  struct Args {
    Form form;
    uint16_t scale;  // half bits
    int32_t count;
    uint64_t len;
    uint64_t bits[2];
    uint8_t repeat;
    BinaryRepeatParams p;
  };
  static void run(const Ub& ub, const Args& a) {
    SetDeqScale(half::fromBits(a.scale));
    const auto d = ub.D<half>();
    const auto s0 = ub.A<int32_t>(), s1 = ub.B<int32_t>();
    uint64_t m[2] = {a.bits[0], a.bits[1]};
    switch (a.form) {
      case Form::Count:
        AddDeqRelu(d, s0, s1, a.count);
        break;
      case Form::TypedCount:
        AddDeqRelu<half, int32_t>(d, s0, s1, a.count);
        break;
      case Form::Len:
        AddDeqRelu(d, s0, s1, a.len, a.repeat, a.p);
        break;
      case Form::Bits:
        AddDeqRelu(d, s0, s1, m, a.repeat, a.p);
        break;
      case Form::LenNoSet:
        SetVectorMask<int32_t>(0, (a.len >= 64 ? ~0ull : (1ull << a.len) - 1));
        AddDeqRelu<false>(d, s0, s1, MASK_PLACEHOLDER, a.repeat, a.p);
        break;
    }
  }
};

// The reference's formula on the instruction sequence's roundings.
uint16_t addDeqReluOracle(int32_t a, int32_t b, uint16_t scaleBits) {
  float f = static_cast<float>(static_cast<int64_t>(a) + b);  // the sum fits int32 here
  f = f * (1.0f / 131072.0f);
  f = f * static_cast<float>(halfValue(scaleBits));
  f = f * 131072.0f;
  const uint16_t h = halfBitsOf(f);
  return halfValue(h) > 0 ? h : 0;  // Relu: max(0, x), +0 for x <= 0
}

class AddDeqReluTest : public IsaTest {
 protected:
  std::vector<int32_t> a_, b_;
  std::vector<uint16_t> d0_;
  void fill(size_t n, int32_t lo, int32_t hi, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int32_t> u(lo, hi);
    a_.resize(n);
    b_.resize(n);
    for (auto& v : a_) v = u(rng);
    for (auto& v : b_) v = u(rng);
    d0_.assign(8192, 0x7BFF);  // 65504: a value no result here takes
  }
  std::vector<uint16_t> go(const AddDeqReluBody::Args& args) {
    return valuesOf<uint16_t>(run<AddDeqReluBody>(bytesOf(a_), bytesOf(b_), bytesOf(d0_), args),
                              d0_.size());
  }
  static bool zeroOrEqual(uint16_t got, uint16_t want) {
    return got == want || (halfValue(got) == 0 && halfValue(want) == 0);
  }
};

TEST_F(AddDeqReluTest, DocExampleFirstN) {
  // AddDeqRelu.md: scale 0.1, the first nine inputs and outputs (printed to
  // one decimal), count 512.
  const int32_t s0[] = {70, 36, 43, 54, 28, 49, 27, 82, 95};
  const int32_t s1[] = {19, 33, 34, 50, 42, 2, 97, 93, 99};
  const double doc[] = {8.9, 6.9, 7.7, 10.4, 7.0, 5.1, 12.4, 17.5, 19.4};
  fill(512, 0, 99, 1);
  std::copy(std::begin(s0), std::end(s0), a_.begin());
  std::copy(std::begin(s1), std::end(s1), b_.begin());
  const uint16_t scale = halfBitsOf(0.1f);
  AddDeqReluBody::Args args{};
  args.form = Form::Count;
  args.scale = scale;
  args.count = 512;
  const auto got = go(args);
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(halfValue(got[i]), doc[i], 0.05) << i;
  for (int i = 0; i < 512; ++i)
    ASSERT_TRUE(zeroOrEqual(got[i], addDeqReluOracle(a_[i], b_[i], scale))) << i;
  for (size_t i = 512; i < d0_.size(); ++i) ASSERT_EQ(got[i], d0_[i]) << i;
}

TEST_F(AddDeqReluTest, FirstNInPassesOfTheTemporaryArea) {
  // 5000 lanes: two passes of 2048 (the 8 KiB area) and a tail of 904;
  // negative sums give 0, large ones round in float and in half.
  fill(5000, -(1 << 29), 1 << 29, 2);
  const uint16_t scale = halfBitsOf(3.0e-5f);
  for (Form f : {Form::Count, Form::TypedCount}) {
    AddDeqReluBody::Args args{};
    args.form = f;
    args.scale = scale;
    args.count = 5000;
    const auto got = go(args);
    for (int i = 0; i < 5000; ++i)
      ASSERT_TRUE(zeroOrEqual(got[i], addDeqReluOracle(a_[i], b_[i], scale)))
          << i << " " << a_[i] << "+" << b_[i];
    for (size_t i = 5000; i < d0_.size(); ++i) ASSERT_EQ(got[i], d0_[i]) << i;
  }
}

TEST_F(AddDeqReluTest, ContinuousMaskDocExampleAndPartialLanes) {
  fill(8192, -300, 300, 3);
  const uint16_t scale = halfBitsOf(0.1f);
  // The reference's example: mask 64, repeat 4, {1, 1, 1, 4, 8, 8}; then 40
  // lanes, and 40 iterations (one pass of 32 and a tail of 8).
  struct Case {
    uint64_t len;
    uint8_t repeat;
  };
  for (const Case c : {Case{64, 4}, Case{40, 4}, Case{64, 40}, Case{17, 37}}) {
    AddDeqReluBody::Args args{};
    args.form = Form::Len;
    args.scale = scale;
    args.len = c.len;
    args.repeat = c.repeat;
    args.p = BinaryRepeatParams(1, 1, 1, 4, 8, 8);
    const auto got = go(args);
    for (uint32_t r = 0; r < c.repeat; ++r)
      for (uint32_t l = 0; l < 64; ++l) {
        const uint32_t i = r * 64 + l;
        if (l < c.len)
          ASSERT_TRUE(zeroOrEqual(got[i], addDeqReluOracle(a_[i], b_[i], scale)))
              << "len " << c.len << " r " << r << " l " << l;
        else
          ASSERT_EQ(got[i], d0_[i]) << "len " << c.len << " r " << r << " l " << l;
      }
    for (size_t i = c.repeat * 64u; i < d0_.size(); ++i) ASSERT_EQ(got[i], d0_[i]) << i;
  }
}

TEST_F(AddDeqReluTest, BitMaskAndStrides) {
  fill(8192, -1000, 1000, 4);
  const uint16_t scale = halfBitsOf(0.37f);
  // Every other lane; sources read with repeat stride 16 blocks (every
  // other iteration's data), dst written with repeat stride 8 (128 halves).
  AddDeqReluBody::Args args{};
  args.form = Form::Bits;
  args.scale = scale;
  args.bits[0] = 0x5555555555555555ull;
  args.bits[1] = 0;
  args.repeat = 5;
  args.p = BinaryRepeatParams(1, 1, 1, 8, 16, 16);
  const auto got = go(args);
  for (uint32_t r = 0; r < 5; ++r)
    for (uint32_t l = 0; l < 64; ++l) {
      const uint32_t i = r * 128 + l, s = r * 128 + l;
      if (l % 2 == 0)
        ASSERT_TRUE(zeroOrEqual(got[i], addDeqReluOracle(a_[s], b_[s], scale))) << r << " " << l;
      else
        ASSERT_EQ(got[i], d0_[i]) << r << " " << l;
    }
}

TEST_F(AddDeqReluTest, DocExampleFullBitMaskAndMaskSetOutside) {
  // mask[2] = {UINT64_MAX, UINT64_MAX} and a mask set by SetVectorMask
  // (isSetMask = false): the 256 results of the reference's example.
  fill(8192, 0, 99, 5);
  const uint16_t scale = halfBitsOf(0.1f);
  for (Form f : {Form::Bits, Form::LenNoSet}) {
    AddDeqReluBody::Args args{};
    args.form = f;
    args.scale = scale;
    args.bits[0] = args.bits[1] = ~0ull;
    args.len = 64;
    args.repeat = 4;
    args.p = BinaryRepeatParams(1, 1, 1, 4, 8, 8);
    const auto got = go(args);
    for (int i = 0; i < 256; ++i)
      ASSERT_TRUE(zeroOrEqual(got[i], addDeqReluOracle(a_[i], b_[i], scale))) << i;
  }
}

struct AddDeqReluNegative {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    AddDeqRelu(ub.D<half>(), ub.A<int32_t>(), ub.B<int32_t>(), -3);
  }
};
TEST_F(AddDeqReluTest, NegativeCountFails) {
  EXPECT_NE(fails<AddDeqReluNegative>({}).find("count must be >= 0"), std::string::npos);
}

// --- CastDequant -----------------------------------------------------------------------------
enum class DqForm { Count, Len, Bits };
// How the vector mode's table address reaches DEQSCALE: SetDeqScale(vdeq,
// VdeqInfo); or the sets written by SetValue and the register set directly
// with the UB offset in 32-byte units (the NPU's register), the host address
// (CANN's CPU mode: the real C++ API under ASCENDC_CPU_DEBUG) or the host
// address in 32-byte units (the real C API's asc_set_deq_scale).
enum class DeqReg { Api, UbUnits, Host, HostUnits };

// Block and repeat strides in 32-byte blocks.
struct Strides {
  uint32_t blk, rep;
};

// src in a (int16), dst in d (T), the vdeq table in b.
template <typename T, bool isVecDeq, bool halfBlock>
struct CastDeqB8Body {
  struct Args {
    DqForm form;
    Deq sets[16];
    uint32_t count;
    int32_t len;
    uint64_t bits[2];
    uint8_t repeat;
    UnaryRepeatParams p;
    DeqReg reg;
  };
  static void run(const Ub& ub, const Args& a) {
    if constexpr (isVecDeq) {
      float s[16];
      int16_t o[16];
      bool m[16];
      for (int i = 0; i < 16; ++i) {
        s[i] = a.sets[i].scale;
        o[i] = a.sets[i].offset;
        m[i] = a.sets[i].sign;
      }
      const auto vdeq = ub.B<uint64_t>();
      if (a.reg == DeqReg::Api) {
        SetDeqScale<uint64_t>(vdeq, VdeqInfo(s, o, m));
      } else {
        for (int i = 0; i < 16; ++i) vdeq.SetValue(i, MakeDeqScaleConfig(s[i], o[i], m[i]));
        const auto host = reinterpret_cast<uintptr_t>(vdeq.GetPhyAddr());
        const auto base = reinterpret_cast<uintptr_t>(
            GetTPipePtr()->GetBaseAddr(static_cast<int8_t>(TPosition::VECCALC)));
        set_deqscale(a.reg == DeqReg::UbUnits ? (host - base) >> 5
                     : a.reg == DeqReg::Host  ? host
                                              : host >> 5);
      }
    } else {
      SetDeqScale(a.sets[0].scale, a.sets[0].offset, a.sets[0].sign);
    }
    const auto d = ub.D<T>();
    const auto s = ub.A<int16_t>();
    switch (a.form) {
      case DqForm::Count:
        CastDequant<T, int16_t, isVecDeq, halfBlock>(d, s, a.count);
        break;
      case DqForm::Len:
        CastDequant<T, int16_t, true, isVecDeq, halfBlock>(d, s, a.len, a.repeat, a.p);
        break;
      case DqForm::Bits:
        CastDeq<T, int16_t, true, isVecDeq, halfBlock>(d, s, a.bits, a.repeat, a.p);
        break;
    }
  }
};

class CastDequantTest : public IsaTest {
 protected:
  // Runs the body and compares every destination byte with the oracle:
  // lane l of iteration r (enabled by `on`) at (r * dstRep + (l / 16) *
  // dstBlk) * 32 + half + l % 16; other bytes keep the fill.
  template <typename T, bool isVecDeq, bool halfBlock>
  void check(const typename CastDeqB8Body<T, isVecDeq, halfBlock>::Args& a,
             const std::vector<int16_t>& src, uint32_t repeats, Strides dS, Strides sS,
             bool (*on)(uint32_t r, uint32_t l, const void* ctx), const void* ctx) {
    const std::vector<uint8_t> d0(16384, 0xA5);
    const auto got = run<CastDeqB8Body<T, isVecDeq, halfBlock>>(bytesOf(src), {}, d0, a);
    std::vector<uint8_t> want = d0;
    for (uint32_t r = 0; r < repeats; ++r)
      for (uint32_t l = 0; l < 128; ++l) {
        if (!on(r, l, ctx)) continue;
        const int16_t v = src[(r * sS.rep + (l / 16) * sS.blk) * 16 + l % 16];
        const Deq& p = a.sets[isVecDeq ? l % 16 : 0];
        want[(r * dS.rep + (l / 16) * dS.blk) * 32 + (halfBlock ? 16 : 0) + l % 16] =
            dequantOracle(v, p);
      }
    for (size_t i = 0; i < d0.size(); ++i) ASSERT_EQ(int{got[i]}, int{want[i]}) << "byte " << i;
  }
};

bool firstN(uint32_t r, uint32_t l, const void* ctx) {
  return r * 128 + l < *static_cast<const uint32_t*>(ctx);
}
bool lanesBelow(uint32_t, uint32_t l, const void* ctx) {
  return l < *static_cast<const uint32_t*>(ctx);
}
bool bitSet(uint32_t, uint32_t l, const void* ctx) {
  const auto* m = static_cast<const uint64_t*>(ctx);
  return ((m[l / 64] >> (l % 64)) & 1u) != 0;
}

TEST_F(CastDequantTest, DocExampleVectorModeHighHalf) {
  // CastDequant.md: CastDequant<uint8_t, int16_t, true, true>(dst, src, 256)
  // with 16 sets of scale 1, offset 0 (unsigned): src[16g..16g+15] in the
  // high half of block g; the low halves keep dst (zeros in the example).
  const int16_t docSrc[32] = {20, 53, 26, 12, 36, 6,  20, 93, 66, 30, 56, 99, 59, 92, 7,  37,
                              22, 47, 98, 10, 85, 29, 14, 46, 17, 34, 45, 17, 25, 45, 82, 17};
  std::vector<int16_t> src(256);
  std::mt19937 rng(6);
  std::uniform_int_distribution<int> u(0, 99);
  for (auto& v : src) v = static_cast<int16_t>(u(rng));
  std::copy(std::begin(docSrc), std::end(docSrc), src.begin());
  CastDeqB8Body<uint8_t, true, true>::Args a{};
  a.form = DqForm::Count;
  for (auto& s : a.sets) s = {1.0f, 0, false};
  a.count = 256;
  const auto got =
      run<CastDeqB8Body<uint8_t, true, true>>(bytesOf(src), {}, std::vector<uint8_t>(1024, 0), a);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], 0) << i;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[16 + i], docSrc[i]) << i;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[32 + i], 0) << i;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[48 + i], docSrc[16 + i]) << i;
  for (int g = 0; g < 16; ++g)
    for (int i = 0; i < 16; ++i) {
      ASSERT_EQ(got[32 * g + i], 0);
      ASSERT_EQ(got[32 * g + 16 + i], src[16 * g + i]);
    }
}

std::vector<int16_t> randomInt16(size_t n, int lo, int hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(lo, hi);
  std::vector<int16_t> v(n);
  for (auto& x : v) x = static_cast<int16_t>(u(rng));
  return v;
}

TEST_F(CastDequantTest, PerTensorFirstNBothHalvesSaturating) {
  const auto src = randomInt16(4096, -32768, 32767, 7);
  const uint32_t n = 300;  // two full iterations and 44 lanes
  // int8 with a scale that saturates both ways, and uint8 with the 9-bit
  // offset's extremes.
  const Deq sets[] = {{0.0123f, -7, true}, {0.0049f, 255, false}, {0.0031f, -256, false}};
  for (const Deq& p : sets) {
    CastDeqB8Body<int8_t, false, true>::Args a{};
    a.form = DqForm::Count;
    a.sets[0] = p;
    a.count = n;
    check<int8_t, false, true>(a, src, 3, {1, 8}, {1, 8}, firstN, &n);
    CastDeqB8Body<uint8_t, false, false>::Args b{};
    b.form = DqForm::Count;
    b.sets[0] = p;
    b.count = n;
    check<uint8_t, false, false>(b, src, 3, {1, 8}, {1, 8}, firstN, &n);
  }
}

TEST_F(CastDequantTest, ScaleTakenAsOneEightTen) {
  // scale 0.5 + 2^-20: the dropped mantissa bit decides 201 * scale =
  // 100.5 + 201 * 2^-20, which the (1, 8, 10) scale turns into a tie (-> 100).
  const std::vector<int16_t> src(128, 201);
  const uint32_t n = 128;
  CastDeqB8Body<uint8_t, false, true>::Args a{};
  a.form = DqForm::Count;
  a.sets[0] = {0.5f + std::ldexp(1.0f, -20), 0, false};
  a.count = n;
  check<uint8_t, false, true>(a, src, 1, {1, 8}, {1, 8}, firstN, &n);
  EXPECT_EQ(dequantOracle(201, a.sets[0]), 100);
}

TEST_F(CastDequantTest, VectorModeMasksAndStrides) {
  const auto src = randomInt16(8192, -2000, 2000, 8);
  CastDeqB8Body<int8_t, true, false>::Args a{};
  for (int j = 0; j < 16; ++j)
    a.sets[j] = {0.01f * static_cast<float>(j + 1), static_cast<int16_t>(j * 9 - 70), true};
  // Continuous mask of 100 lanes, 3 iterations, dst blocks 2 apart and
  // iterations 20 blocks apart, src iterations 9 blocks apart.
  a.form = DqForm::Len;
  a.len = 100;
  a.repeat = 3;
  a.p = UnaryRepeatParams(2, 1, 20, 9);
  const uint32_t len = 100;
  check<int8_t, true, false>(a, src, 3, {2, 20}, {1, 9}, lanesBelow, &len);
  // A bit mask through CastDeq (the older name), high halves.
  CastDeqB8Body<int8_t, true, true>::Args b{};
  std::copy(std::begin(a.sets), std::end(a.sets), b.sets);
  b.form = DqForm::Bits;
  b.bits[0] = 0x0F0F00FF0F0F00FFull;
  b.bits[1] = 0x8000000000000001ull;
  b.repeat = 2;
  b.p = UnaryRepeatParams(1, 2, 8, 16);
  check<int8_t, true, true>(b, src, 2, {1, 8}, {2, 16}, bitSet, b.bits);
}

// DEQSCALE holds the table's UB address in 32-byte units, as on the NPU;
// the CPU-mode forms of the real headers (a host address, or one in 32-byte
// units) find the same table.
TEST_F(CastDequantTest, TableAddressInEveryRegisterForm) {
  const auto src = randomInt16(4096, -3000, 3000, 9);
  for (const DeqReg reg : {DeqReg::Api, DeqReg::UbUnits, DeqReg::Host, DeqReg::HostUnits}) {
    CastDeqB8Body<int8_t, true, false>::Args a{};
    for (int j = 0; j < 16; ++j)
      a.sets[j] = {0.02f * static_cast<float>(16 - j), static_cast<int16_t>(j * 5 - 40), true};
    a.form = DqForm::Count;
    a.count = 256;
    a.reg = reg;
    const uint32_t n = 256;
    check<int8_t, true, false>(a, src, 2, {1, 8}, {1, 8}, firstN, &n);
  }
}

struct MisalignedVdeq {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    float s[16] = {};
    int16_t o[16] = {};
    bool m[16] = {};
    SetDeqScale<uint64_t>(ub.B<uint64_t>()[1], VdeqInfo(s, o, m));
  }
};
TEST_F(CastDequantTest, MisalignedTableFails) {
  // Its address in 32-byte units would name the block below it.
  EXPECT_NE(fails<MisalignedVdeq>({}).find("vdeq must be 32-byte aligned"), std::string::npos)
      << lastError();
}

// int32 -> half (SetDeqScale(half)).
struct CastDeqHalfBody {
  struct Args {
    uint16_t scale;
    bool count;
    uint8_t repeat;
  };
  static void run(const Ub& ub, const Args& a) {
    SetDeqScale(half::fromBits(a.scale));
    if (a.count) {
      CastDequant<half, int32_t>(ub.D<half>(), ub.A<int32_t>(), 1000);
    } else {
      const uint64_t m[2] = {0x00000000FFFF0000ull, 0};
      CastDequant<half, int32_t>(ub.D<half>(), ub.A<int32_t>(), m, a.repeat,
                                 UnaryRepeatParams(1, 1, 4, 8));
    }
  }
};

TEST_F(CastDequantTest, Int32ToHalfRint) {
  std::mt19937 rng(9);
  std::uniform_int_distribution<int32_t> u(-(1 << 30), 1 << 30);
  std::vector<int32_t> src(2048);
  for (auto& v : src) v = u(rng);
  const uint16_t scale = halfBitsOf(0.00071f);
  const std::vector<uint16_t> d0(4096, 0x3C00);
  for (bool count : {true, false}) {
    const auto got = valuesOf<uint16_t>(
        run<CastDeqHalfBody>(bytesOf(src), {}, bytesOf(d0), {scale, count, 3}), d0.size());
    for (uint32_t i = 0; i < d0.size(); ++i) {
      const bool on = count ? i < 1000 : (i < 192 && (i % 64) >= 16 && (i % 64) < 32);
      if (!on) {
        ASSERT_EQ(got[i], d0[i]) << i;
        continue;
      }
      // int32 -> float (nearest even), the product in float, then half.
      const float f = static_cast<float>(src[i]) * static_cast<float>(halfValue(scale));
      ASSERT_EQ(got[i], halfRint(f)) << i;
    }
  }
}

struct CastDequantFloatSource {
  struct Args {};
  static void run(const Ub& ub, const Args&) {
    CastDequant<half, float>(ub.D<half>(), ub.A<float>(), 64);
  }
};
TEST_F(CastDequantTest, UnsupportedPairFailsAtRunTime) {
  const std::string e = fails<CastDequantFloatSource>({});
  EXPECT_NE(e.find("Failed to check dtype in CastDequant"), std::string::npos) << e;
  EXPECT_NE(e.find("got src float, dst half"), std::string::npos) << e;
}

}  // namespace
}  // namespace asctwin::isatest
