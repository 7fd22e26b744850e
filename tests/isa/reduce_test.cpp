// Reductions against oracles written from the API reference: a sum is a
// binary tree over an iteration's (or a block's) lane positions, disabled
// lanes as 0, each node rounded to the type; max/min return the extreme and
// the smallest index holding it; ReduceRepeat's result unit depends on the
// order; ReduceDataBlock gives 8 results per iteration, ReducePairElem one per
// pair; the first-n ReduceSum adds the iterations' sums in order (A2: "方式一"),
// the high-dimensional one reduces them by trees again ("方式二").
#include <algorithm>

#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

template <typename T>
float rnd(float v) {
  return static_cast<float>(static_cast<T>(v));
}

// The reference's tree over `w` lane positions starting at p[0].
template <typename T>
float tree(const T* p, uint32_t w, uint64_t mask = ~0ull, uint64_t maskHigh = ~0ull) {
  std::vector<float> v(w);
  for (uint32_t l = 0; l < w; ++l) {
    const bool on = l < 64 ? (mask >> l) & 1u : (maskHigh >> (l - 64)) & 1u;
    v[l] = on ? static_cast<float>(p[l]) : 0.0f;
  }
  for (uint32_t n = w; n > 1; n /= 2)
    for (uint32_t k = 0; k < n / 2; ++k) v[k] = rnd<T>(v[2 * k] + v[2 * k + 1]);
  return v[0];
}

template <typename T>
struct Repeat {
  struct Args {
    int kind;  // 0 sum, 1 max, 2 min
    int32_t mask, repeat, dstRep, srcBlk, srcRep;
    ReduceOrder order;
  };
  static void run(const Ub& ub, const Args& p) {
    const auto d = ub.D<T>(), a = ub.A<T>();
    if (p.kind == 0)
      ReduceRepeat<ReduceType::SUM, T>(d, a, p.mask, p.repeat, p.dstRep, p.srcBlk, p.srcRep);
    if (p.kind == 1)
      ReduceRepeat<ReduceType::MAX, T>(d, a, p.mask, p.repeat, p.dstRep, p.srcBlk, p.srcRep,
                                       p.order);
    if (p.kind == 2)
      ReduceRepeat<ReduceType::MIN, T>(d, a, p.mask, p.repeat, p.dstRep, p.srcBlk, p.srcRep,
                                       p.order);
  }
};

class ReduceTest : public IsaTest {};

TEST_F(ReduceTest, RepeatSumIsATreePerIteration) {
  std::mt19937 rng(1);
  const auto a = randomValues<float>(rng, 1024, -10, 10);
  // 5 iterations of the first 50 lanes, 3 results apart, source 9 blocks apart.
  const auto got = valuesOf<float>(
      run<Repeat<float>>(bytesOf(a), {}, {}, {0, 50, 5, 3, 1, 9, ReduceOrder::ORDER_VALUE_INDEX}),
      16);
  for (int r = 0; r < 5; ++r) EXPECT_EQ(got[r * 3], tree(&a[r * 9 * 8], 64, (1ull << 50) - 1)) << r;
  EXPECT_EQ(got[1], 0.0f);  // between results: untouched
}

TEST_F(ReduceTest, RepeatSumHalfRoundsEveryNode) {
  std::mt19937 rng(2);
  const auto a = randomValues<half>(rng, 512, -30, 30);
  const auto got = valuesOf<half>(
      run<Repeat<half>>(bytesOf(a), {}, {}, {0, 128, 4, 1, 1, 8, ReduceOrder::ORDER_VALUE_INDEX}),
      4);
  for (int r = 0; r < 4; ++r) EXPECT_EQ(static_cast<float>(got[r]), tree(&a[r * 128], 128)) << r;
}

TEST_F(ReduceTest, RepeatMaxGivesValueAndFirstIndexInEachOrder) {
  std::vector<half> a(512);
  for (int i = 0; i < 512; ++i) a[i] = half(static_cast<float>((i * 37) % 101));
  a[5] = a[77] = half(500.0f);  // a tie in iteration 0: index 5
  for (ReduceOrder o : {ReduceOrder::ORDER_VALUE_INDEX, ReduceOrder::ORDER_INDEX_VALUE,
                        ReduceOrder::ORDER_ONLY_VALUE, ReduceOrder::ORDER_ONLY_INDEX}) {
    const auto raw = run<Repeat<half>>(bytesOf(a), {}, {}, {1, 128, 4, 1, 1, 8, o});
    for (int r = 0; r < 4; ++r) {
      const auto first = a.begin() + r * 128;
      const auto it = std::max_element(first, first + 128, [](half x, half y) {
        return static_cast<float>(x) < static_cast<float>(y);
      });
      const uint16_t idx = static_cast<uint16_t>(it - first);
      const float val = static_cast<float>(*it);
      uint16_t w[2];
      uint32_t idx32;
      switch (o) {
        case ReduceOrder::ORDER_VALUE_INDEX:
          std::memcpy(w, raw.data() + r * 4, 4);
          EXPECT_EQ(static_cast<float>(half::fromBits(w[0])), val);
          EXPECT_EQ(w[1], idx);
          break;
        case ReduceOrder::ORDER_INDEX_VALUE:
          std::memcpy(w, raw.data() + r * 4, 4);
          EXPECT_EQ(w[0], idx);
          EXPECT_EQ(static_cast<float>(half::fromBits(w[1])), val);
          break;
        case ReduceOrder::ORDER_ONLY_VALUE:
          std::memcpy(w, raw.data() + r * 2, 2);
          EXPECT_EQ(static_cast<float>(half::fromBits(w[0])), val);
          break;
        case ReduceOrder::ORDER_ONLY_INDEX:
          std::memcpy(&idx32, raw.data() + r * 4, 4);
          EXPECT_EQ(idx32, idx);
          break;
      }
    }
  }
}

struct Blocks {
  struct Args {
    int32_t mask;
  };
  static void run(const Ub& ub, const Args& p) {
    ReduceDataBlock<ReduceType::SUM, float, float>(ub.D<float>(), ub.A<float>(), p.mask, 3, 2, 1,
                                                   8);
    ReducePairElem<ReduceType::SUM, half>(ub.D<half>()[1024], ub.A<half>()[2048], p.mask * 2, 2, 1,
                                          1, 8);
    ReduceDataBlock<ReduceType::MAX, float, float>(ub.D<float>()[2048], ub.A<float>(), p.mask, 3, 1,
                                                   1, 8);
  }
};

TEST_F(ReduceTest, DataBlockAndPairResults) {
  std::mt19937 rng(3);
  auto a = randomValues<float>(rng, 4096, -10, 10);
  const auto ah = randomValues<half>(rng, 512, -10, 10);
  std::memcpy(reinterpret_cast<uint8_t*>(a.data()) + 4096, ah.data(), 512 * 2);
  const int32_t mask = 60;  // blocks 0..6 full, block 7 half
  const auto raw = run<Blocks>(bytesOf(a), {}, {}, {mask});
  const auto sums = valuesOf<float>(raw, 64);
  for (int r = 0; r < 3; ++r)
    for (int b = 0; b < 8; ++b) {
      const uint64_t m = b < 7 ? 0xFF : 0x0F;
      EXPECT_EQ(sums[r * 16 + b], tree(&a[r * 64 + b * 8], 8, m)) << r << " " << b;
    }
  std::vector<half> pairs(128);
  std::memcpy(pairs.data(), raw.data() + 2048, 256);
  for (int r = 0; r < 2; ++r)
    for (int p = 0; p < 64; ++p) {
      const float want = 2 * p < 120 ? rnd<half>(static_cast<float>(ah[r * 128 + 2 * p]) +
                                                 static_cast<float>(ah[r * 128 + 2 * p + 1]))
                                     : 0.0f;  // lanes 120.. are off: nothing written
      EXPECT_EQ(static_cast<float>(pairs[r * 64 + p]), want) << r << " " << p;
    }
  std::vector<float> maxes(24);
  std::memcpy(maxes.data(), raw.data() + 8192, 96);
  for (int r = 0; r < 3; ++r)
    for (int b = 0; b < 8; ++b) {
      const int k = b < 7 ? 8 : 4;
      EXPECT_EQ(maxes[r * 8 + b], *std::max_element(&a[r * 64 + b * 8], &a[r * 64 + b * 8 + k]));
    }
}

struct Whole {
  struct Args {
    int kind;  // 0 ReduceMax first n, 1 ReduceMin level 0, 2 ReduceSum first n, 3 ReduceSum level 0
    int32_t n;
  };
  static void run(const Ub& ub, const Args& p) {
    const auto d = ub.D<float>(), a = ub.A<float>(), t = ub.B<float>();
    if (p.kind == 0) ReduceMax<float>(d, a, t, p.n, true);
    if (p.kind == 1) ReduceMin<float>(d, a, t, 64, p.n, 8, true);
    if (p.kind == 2) {
      ReduceSum<float>(d, a, t, p.n);
      d.SetValue(1, GetReduceRepeatSumSpr<float>());
    }
    if (p.kind == 3) ReduceSum<float>(d, a, t, 64, p.n, 8);
  }
};

TEST_F(ReduceTest, WholeTensorMaxMinWithIndex) {
  std::mt19937 rng(4);
  auto a = randomValues<float>(rng, 8000, -1000, 1000);
  a[7001] = a[7500] = 5000.0f;
  a[3333] = a[3334] = -5000.0f;
  {
    const auto raw = run<Whole>(bytesOf(a), {}, {}, {0, 7777});
    const auto d = valuesOf<float>(raw, 2);
    uint32_t idx;
    std::memcpy(&idx, raw.data() + 4, 4);
    EXPECT_EQ(d[0], 5000.0f);
    EXPECT_EQ(idx, 7001u);
  }
  {
    const auto raw = run<Whole>(bytesOf(a), {}, {}, {1, 120});  // 120 iterations of 64
    const auto d = valuesOf<float>(raw, 2);
    uint32_t idx;
    std::memcpy(&idx, raw.data() + 4, 4);
    EXPECT_EQ(d[0], -5000.0f);
    EXPECT_EQ(idx, 3333u);
  }
}

TEST_F(ReduceTest, SumOrders) {
  std::mt19937 rng(5);
  const auto a = randomValues<float>(rng, 8000, -1, 1);
  {
    const int32_t n = 1000;  // 15 full iterations and 40 lanes
    const auto d = valuesOf<float>(run<Whole>(bytesOf(a), {}, {}, {2, n}), 2);
    float acc = 0;
    for (int r = 0; r * 64 < n; ++r) {
      const int k = std::min(64, n - r * 64);
      const float s = tree(&a[r * 64], 64, k >= 64 ? ~0ull : (1ull << k) - 1);
      acc = r == 0 ? s : acc + s;
    }
    EXPECT_EQ(d[0], acc);
    EXPECT_EQ(d[1], acc);  // GetReduceRepeatSumSpr
  }
  {
    const int32_t reps = 65;
    const auto d = valuesOf<float>(run<Whole>(bytesOf(a), {}, {}, {3, reps}), 1);
    std::vector<float> s(reps);
    for (int r = 0; r < reps; ++r) s[r] = tree(&a[r * 64], 64);
    const float hi = tree(s.data(), 64);
    const float last = s[64];
    const float pair[2] = {hi, last};
    EXPECT_EQ(d[0], tree(pair, 64, 3ull));
  }
}

}  // namespace
}  // namespace asctwin::isatest
