// Unary math and the fused instructions against scalar oracles written from
// the API reference's formulas: Exp/Ln/Sqrt/Rsqrt/Reciprocal within 1 ulp of
// the exact value (the reference's bound), Abs/Relu/Not/LeakyRelu exact;
// AddRelu = max(a + b, 0), MulAddDst = a * b + dst, FusedMulAdd = a * dst + b,
// Axpy = src * s + dst (float dst with half src too), AddReluCast /
// SubReluCast / MulCast = the result converted (nearest even, saturated).
// The high-dimensional forms: lane l of iteration r at (r * repStride +
// (l / lanesPerBlock) * blkStride) * 32 bytes + (l % lanesPerBlock) * size;
// disabled lanes keep the destination.
#include <algorithm>
#include <limits>

#include "isa/isa_test_util.h"

namespace asctwin::isatest {
namespace {

enum class Un { Exp, Ln, Sqrt, Rsqrt, Rec, Abs, Relu };

template <typename T>
struct UnaryCount {
  struct Args {
    Un op;
    int32_t count;
  };
  static void run(const Ub& ub, const Args& p) {
    const auto d = ub.D<T>(), a = ub.A<T>();
    switch (p.op) {
      case Un::Exp:
        Exp(d, a, p.count);
        break;
      case Un::Ln:
        Ln(d, a, p.count);
        break;
      case Un::Sqrt:
        Sqrt(d, a, p.count);
        break;
      case Un::Rsqrt:
        Rsqrt(d, a, p.count);
        break;
      case Un::Rec:
        Reciprocal(d, a, p.count);
        break;
      case Un::Abs:
        Abs(d, a, p.count);
        break;
      case Un::Relu:
        Relu(d, a, p.count);
        break;
    }
  }
};

long double exact(Un op, long double x) {
  switch (op) {
    case Un::Exp:
      return std::exp(x);
    case Un::Ln:
      return std::log(x);
    case Un::Sqrt:
      return std::sqrt(x);
    case Un::Rsqrt:
      return 1.0L / std::sqrt(x);
    case Un::Rec:
      return 1.0L / x;
    case Un::Abs:
      return std::fabs(x);
    default:
      return x > 0 ? x : 0;
  }
}

// Whether `got` is within one unit in the last place of T of `want`.
template <typename T>
bool withinUlp(T got, long double want) {
  const long double g = static_cast<float>(got);
  const T w = static_cast<T>(static_cast<float>(want));
  const float wf = static_cast<float>(w);
  float up, down;
  if constexpr (std::is_same_v<T, float>) {
    up = std::nextafter(wf, std::numeric_limits<float>::infinity());
    down = std::nextafter(wf, -std::numeric_limits<float>::infinity());
  } else {
    const uint16_t b = w.bits();
    const uint16_t bu = static_cast<uint16_t>(b + 1), bd = static_cast<uint16_t>(b - 1);
    up = static_cast<float>(half::fromBits(wf >= 0 ? bu : bd));
    down = static_cast<float>(half::fromBits(wf >= 0 ? bd : bu));
  }
  return g >= std::min(down, up) && g <= std::max(down, up);
}

class UnaryTest : public IsaTest {
 protected:
  template <typename T>
  void checkOp(Un op, float lo, float hi, bool exactOnly) {
    std::mt19937 rng(static_cast<unsigned>(op) + 7 * sizeof(T));
    const int32_t n = 1000;  // several iterations and a partial one
    const auto a = randomValues<T>(rng, n + 64, lo, hi);
    const auto d0 = randomValues<T>(rng, n + 64, -5, 5);
    const auto got = valuesOf<T>(run<UnaryCount<T>>(bytesOf(a), {}, bytesOf(d0), {op, n}), n + 64);
    for (int32_t i = 0; i < n; ++i) {
      const long double want = exact(op, static_cast<float>(a[i]));
      if (exactOnly) {
        ASSERT_EQ(static_cast<float>(got[i]),
                  static_cast<float>(static_cast<T>(static_cast<float>(want))))
            << i;
      } else {
        ASSERT_TRUE(withinUlp(got[i], want))
            << "op " << static_cast<int>(op) << " x=" << static_cast<float>(a[i])
            << " got=" << static_cast<float>(got[i]) << " want=" << static_cast<double>(want);
      }
    }
    for (int32_t i = n; i < n + 64; ++i)  // beyond count: untouched
      ASSERT_EQ(static_cast<float>(got[i]), static_cast<float>(d0[i])) << i;
  }
};

TEST_F(UnaryTest, FloatWithinOneUlp) {
  checkOp<float>(Un::Exp, -20, 20, false);
  checkOp<float>(Un::Ln, 1e-3f, 1e4f, false);
  checkOp<float>(Un::Sqrt, 0, 1e6f, false);
  checkOp<float>(Un::Rsqrt, 1e-3f, 1e6f, false);
  checkOp<float>(Un::Rec, 1e-3f, 1e6f, false);
}
TEST_F(UnaryTest, HalfWithinOneUlp) {
  checkOp<half>(Un::Exp, -8, 8, false);
  checkOp<half>(Un::Ln, 1e-2f, 1e3f, false);
  checkOp<half>(Un::Sqrt, 0, 6e4f, false);
  checkOp<half>(Un::Rsqrt, 1e-2f, 6e4f, false);
  checkOp<half>(Un::Rec, 1e-2f, 6e4f, false);
}
TEST_F(UnaryTest, AbsAndReluExact) {
  checkOp<float>(Un::Abs, -100, 100, true);
  checkOp<float>(Un::Relu, -100, 100, true);
  checkOp<half>(Un::Abs, -100, 100, true);
  checkOp<half>(Un::Relu, -100, 100, true);
}

// Level 0: Exp with a bit mask, three iterations and strides.
struct ExpStrided {
  struct Args {
    uint64_t mask[2];
    UnaryRepeatParams p;
  };
  static void run(const Ub& ub, const Args& s) {
    uint64_t m[2] = {s.mask[0], s.mask[1]};
    Exp(ub.D<float>(), ub.A<float>(), m, 3, s.p);
  }
};

TEST_F(UnaryTest, StridesAndMaskPlaceLanesAsTheReference) {
  std::mt19937 rng(5);
  const size_t n = kRegion / 4;
  const auto a = randomValues<float>(rng, n, -3, 3);
  const auto d0 = randomValues<float>(rng, n, -3, 3);
  ExpStrided::Args s{{0xF0F0F0F0F00FF00Full, 0}, UnaryRepeatParams(2, 1, 24, 9)};
  const auto got = valuesOf<float>(run<ExpStrided>(bytesOf(a), {}, bytesOf(d0), s), n);
  std::vector<float> want = d0;
  for (int r = 0; r < 3; ++r)
    for (int l = 0; l < 64; ++l) {
      if (!((s.mask[0] >> l) & 1u)) continue;
      const size_t src = (r * 9 + (l / 8) * 1) * 8 + l % 8;
      const size_t dst = (r * 24 + (l / 8) * 2) * 8 + l % 8;
      want[dst] = static_cast<float>(std::exp(static_cast<double>(a[src])));
    }
  for (size_t i = 0; i < n; ++i) ASSERT_TRUE(withinUlp(got[i], want[i])) << i;
}

struct NotCount {
  struct Args {
    int32_t count;
  };
  static void run(const Ub& ub, const Args& p) { Not(ub.D<int16_t>(), ub.A<int16_t>(), p.count); }
};
TEST_F(UnaryTest, NotIsBitwise) {
  std::vector<int16_t> a(300);
  for (int i = 0; i < 300; ++i) a[i] = static_cast<int16_t>(i * 977 - 30000);
  const auto got = valuesOf<int16_t>(run<NotCount>(bytesOf(a), {}, {}, {300}), 300);
  for (int i = 0; i < 300; ++i) ASSERT_EQ(got[i], static_cast<int16_t>(~a[i])) << i;
}

// --- fused ---------------------------------------------------------------------------
enum class Fu { AddRelu, SubRelu, MulAddDst, FusedMulAdd, MulAddRelu, LeakyRelu, Axpy };

template <typename T, typename U>
struct FusedCount {
  struct Args {
    Fu op;
    int32_t count;
    float scalar;
  };
  static void run(const Ub& ub, const Args& p) {
    const auto d = ub.D<T>();
    const auto a = ub.A<U>(), b = ub.B<U>();
    if constexpr (std::is_same_v<T, U>) {
      switch (p.op) {
        case Fu::AddRelu:
          AddRelu(d, a, b, p.count);
          return;
        case Fu::SubRelu:
          SubRelu(d, a, b, p.count);
          return;
        case Fu::FusedMulAdd:
          FusedMulAdd(d, a, b, p.count);
          return;
        case Fu::MulAddRelu:
          MulAddRelu(d, a, b, p.count);
          return;
        case Fu::LeakyRelu:
          LeakyRelu(d, a, static_cast<T>(p.scalar), p.count);
          return;
        default:
          break;
      }
    }
    if (p.op == Fu::MulAddDst) MulAddDst(d, a, b, p.count);
    if (p.op == Fu::Axpy) Axpy(d, a, static_cast<U>(p.scalar), p.count);
  }
};

template <typename T>
T roundTo(float v) {
  return static_cast<T>(v);  // half's conversion rounds to nearest even
}

class FusedTest : public IsaTest {
 protected:
  template <typename T, typename U>
  void check(Fu op) {
    std::mt19937 rng(static_cast<unsigned>(op) * 3 + sizeof(T) + sizeof(U));
    const int32_t n = 700;
    const auto a = randomValues<U>(rng, n, -4, 4), b = randomValues<U>(rng, n, -4, 4);
    const auto d0 = randomValues<T>(rng, n, -4, 4);
    const float s = 0.375f;
    const auto got =
        valuesOf<T>(run<FusedCount<T, U>>(bytesOf(a), bytesOf(b), bytesOf(d0), {op, n, s}), n);
    for (int32_t i = 0; i < n; ++i) {
      const float x = static_cast<float>(a[i]), y = static_cast<float>(b[i]);
      const float z = static_cast<float>(d0[i]);
      float r = 0;
      switch (op) {
        case Fu::AddRelu:
          r = std::max(x + y, 0.0f);
          break;
        case Fu::SubRelu:
          r = std::max(x - y, 0.0f);
          break;
        case Fu::MulAddDst: {
          const float prod = x * y;
          r = prod + z;
          break;
        }
        case Fu::FusedMulAdd: {
          const float prod = x * z;
          r = prod + y;
          break;
        }
        case Fu::MulAddRelu: {
          const float prod = x * z;
          r = std::max(prod + y, 0.0f);
          break;
        }
        case Fu::LeakyRelu:
          r = x < 0 ? x * static_cast<float>(static_cast<U>(s)) : x;
          break;
        case Fu::Axpy: {
          const float prod = x * static_cast<float>(static_cast<U>(s));
          r = prod + z;
          break;
        }
      }
      ASSERT_EQ(static_cast<float>(got[i]), static_cast<float>(roundTo<T>(r)))
          << "op " << static_cast<int>(op) << " i " << i;
    }
  }
};

TEST_F(FusedTest, SameTypeFloat) {
  for (Fu op : {Fu::AddRelu, Fu::SubRelu, Fu::MulAddDst, Fu::FusedMulAdd, Fu::MulAddRelu,
                Fu::LeakyRelu, Fu::Axpy})
    check<float, float>(op);
}
TEST_F(FusedTest, SameTypeHalf) {
  for (Fu op : {Fu::AddRelu, Fu::SubRelu, Fu::MulAddDst, Fu::FusedMulAdd, Fu::MulAddRelu,
                Fu::LeakyRelu, Fu::Axpy})
    check<half, half>(op);
}
TEST_F(FusedTest, FloatDestinationHalfSources) {
  check<float, half>(Fu::MulAddDst);
  check<float, half>(Fu::Axpy);
}

struct ReluCasts {
  struct Args {
    int32_t which;
    uint32_t count;
  };
  static void run(const Ub& ub, const Args& p) {
    if (p.which == 0) AddReluCast(ub.D<half>(), ub.A<float>(), ub.B<float>(), p.count);
    if (p.which == 1) SubReluCast(ub.D<int8_t>(), ub.A<int16_t>(), ub.B<int16_t>(), p.count);
    if (p.which == 2) MulCast(ub.D<int8_t>(), ub.A<half>(), ub.B<half>(), p.count);
  }
};

TEST_F(FusedTest, ConvertingFormsRoundAndSaturate) {
  std::mt19937 rng(9);
  const uint32_t n = 300;
  {
    const auto a = randomValues<float>(rng, n, -100, 100),
               b = randomValues<float>(rng, n, -100, 100);
    const auto got = valuesOf<half>(run<ReluCasts>(bytesOf(a), bytesOf(b), {}, {0, n}), n);
    for (uint32_t i = 0; i < n; ++i)
      ASSERT_EQ(halfBits(got[i]), halfBits(half(std::max(a[i] + b[i], 0.0f)))) << i;
  }
  {
    std::vector<int16_t> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = static_cast<int16_t>(static_cast<int>(rng() % 2000) - 1000);
      b[i] = static_cast<int16_t>(static_cast<int>(rng() % 400) - 200);
    }
    const auto got = valuesOf<int8_t>(run<ReluCasts>(bytesOf(a), bytesOf(b), {}, {1, n}), n);
    for (uint32_t i = 0; i < n; ++i) {
      const int r = std::max(a[i] - b[i], 0);
      ASSERT_EQ(got[i], static_cast<int8_t>(std::min(r, 127))) << i;
    }
  }
  {
    const auto a = randomValues<half>(rng, n, -20, 20), b = randomValues<half>(rng, n, -20, 20);
    const auto got = valuesOf<int8_t>(run<ReluCasts>(bytesOf(a), bytesOf(b), {}, {2, n}), n);
    for (uint32_t i = 0; i < n; ++i) {
      const float p = static_cast<float>(half(static_cast<float>(a[i]) * static_cast<float>(b[i])));
      const float r = std::nearbyint(p);  // nearest even
      ASSERT_EQ(got[i], static_cast<int8_t>(std::clamp(r, -128.0f, 127.0f))) << i << " " << p;
    }
  }
}

}  // namespace
}  // namespace asctwin::isatest

// Cast<half, int32_t> multiplies by the half that SetDeqScale(half) set
// (vconv_deq), rounding once to half.
namespace asctwin::isatest {
namespace {
struct Deq {
  struct Args {
    float scale;
  };
  static void run(const Ub& ub, const Args& p) {
    SetDeqScale(half(p.scale));
    Cast(ub.D<half>(), ub.A<int32_t>(), RoundMode::CAST_NONE, 300);
  }
};
TEST_F(FusedTest, CastInt32ToHalfUsesTheDeqScale) {
  std::vector<int32_t> a(300);
  for (int i = 0; i < 300; ++i) a[i] = (i - 150) * 1237;
  const auto got = valuesOf<half>(run<Deq>(bytesOf(a), {}, {}, {0.125f}), 300);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(halfBits(got[i]), halfBits(half(static_cast<float>(a[i]) * 0.125f))) << i;
}
}  // namespace
}  // namespace asctwin::isatest
