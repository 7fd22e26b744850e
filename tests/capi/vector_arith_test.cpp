// The C API's element-wise vector functions (two sources, a source and a
// scalar, one source) in their three forms against scalar oracles: the
// count form (`count` elements, the rest of dst untouched), the repeat form
// (the caller's mask, repeat and strides: lanes placed by laneIndex, masked
// lanes untouched) and the `_sync` form. Inputs are small multiples of 1/8,
// so every result is exact in the element type: the oracle is the
// mathematical operation and the test checks the lowering (operands, forms,
// masks, strides, types), the ISA core's roundings being tested in tests/isa.
#include <cmath>

#include "capi/capi_test_util.h"

namespace asctwin::capitest {
namespace {

enum class Form : uint8_t { Count, Repeat, Sync };
constexpr Form kForms[] = {Form::Count, Form::Repeat, Form::Sync};

struct Shape {
  Form form = Form::Count;
  uint32_t count = 0;
  uint8_t repeat = 1;
  uint8_t dstBlk = 1, src0Blk = 1, src1Blk = 1;
  uint8_t dstRep = 8, src0Rep = 8, src1Rep = 8;
  uint64_t mask1 = 0, mask0 = 0;
};

// Every form a test runs: a count that is not a multiple of the lanes, and a
// strided, masked repeat form.
template <typename T>
Shape shapeOf(Form f) {
  Shape s;
  s.form = f;
  s.count = 3 * (256 / sizeof(T)) / 2 + 5;
  if (f == Form::Repeat) {
    s.repeat = 3;
    s.dstBlk = 2;
    s.src1Blk = 2;
    s.dstRep = 16;
    s.src0Rep = 8;
    s.src1Rep = 17;
    s.mask0 = 0xF0F0F0F0F0F0F0F5ull;
    s.mask1 = sizeof(T) == 2 ? 0x8000000000000001ull : 0;
  }
  return s;
}

// (lane, iteration) -> element indices of dst, src0, src1 that the form touches.
template <typename D, typename S>
void forEachLane(const Shape& s, const std::function<void(uint64_t, uint64_t, uint64_t)>& f) {
  const uint32_t lanes = 256 / static_cast<uint32_t>(std::max(sizeof(D), sizeof(S)));
  if (s.form != Form::Repeat) {
    // Counter mode: `count` lanes from the start, iterations of `lanes` with
    // the default strides (8 blocks for the wider type).
    for (uint32_t i = 0; i < s.count; ++i) f(i, i, i);
    return;
  }
  for (uint32_t r = 0; r < s.repeat; ++r) {
    for (uint32_t l = 0; l < lanes; ++l) {
      if (!laneOn(s.mask1, s.mask0, l)) continue;
      f(laneIndex(sizeof(D), l, r, s.dstBlk, s.dstRep),
        laneIndex(sizeof(S), l, r, s.src0Blk, s.src0Rep),
        laneIndex(sizeof(S), l, r, s.src1Blk, s.src1Rep));
    }
  }
}

// --- two sources ------------------------------------------------------------------------
enum class Bin : uint8_t {
  Add,
  Sub,
  Mul,
  Max,
  Min,
  Div,
  And,
  Or,
  AddRelu,
  SubRelu,
  Fma,
  MulAdd,
  MulAddRelu
};

template <typename T>
struct BinaryBody {
  struct Args {
    Bin op;
    Shape s;
  };
#define CAPI_TEST_BINARY_CALL(F)                                                            \
  switch (a.s.form) {                                                                       \
    case Form::Count:                                                                       \
      F(d, x, y, a.s.count);                                                                \
      break;                                                                                \
    case Form::Sync:                                                                        \
      F##_sync(d, x, y, a.s.count);                                                         \
      break;                                                                                \
    case Form::Repeat:                                                                      \
      asc_set_vector_mask(a.s.mask1, a.s.mask0);                                            \
      F(d, x, y, a.s.repeat, a.s.dstBlk, a.s.src0Blk, a.s.src1Blk, a.s.dstRep, a.s.src0Rep, \
        a.s.src1Rep);                                                                       \
      break;                                                                                \
  }
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ T* d = at<T>(ub.d);
    __ubuf__ T* x = at<T>(ub.a);
    __ubuf__ T* y = at<T>(ub.b);
    constexpr bool kArith = !std::is_same_v<T, uint16_t>;
    constexpr bool kFloat = std::is_same_v<T, half> || std::is_same_v<T, float>;
    constexpr bool kBits = std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>;
    switch (a.op) {
      case Bin::Add:
        if constexpr (kArith) CAPI_TEST_BINARY_CALL(asc_add)
        break;
      case Bin::Sub:
        if constexpr (kArith) CAPI_TEST_BINARY_CALL(asc_sub)
        break;
      case Bin::Mul:
        if constexpr (kArith) CAPI_TEST_BINARY_CALL(asc_mul)
        break;
      case Bin::Max:
        if constexpr (kArith) CAPI_TEST_BINARY_CALL(asc_max)
        break;
      case Bin::Min:
        if constexpr (kArith) CAPI_TEST_BINARY_CALL(asc_min)
        break;
      case Bin::Div:
        if constexpr (kFloat) CAPI_TEST_BINARY_CALL(asc_div)
        break;
      case Bin::And:
        if constexpr (kBits) CAPI_TEST_BINARY_CALL(asc_and)
        break;
      case Bin::Or:
        if constexpr (kBits) CAPI_TEST_BINARY_CALL(asc_or)
        break;
      case Bin::AddRelu:
        if constexpr (kFloat || std::is_same_v<T, int16_t>) CAPI_TEST_BINARY_CALL(asc_add_relu)
        break;
      case Bin::SubRelu:
        if constexpr (kFloat || std::is_same_v<T, int16_t>) CAPI_TEST_BINARY_CALL(asc_sub_relu)
        break;
      case Bin::Fma:
        if constexpr (kFloat) CAPI_TEST_BINARY_CALL(asc_fma)
        break;
      case Bin::MulAdd:
        if constexpr (kFloat) CAPI_TEST_BINARY_CALL(asc_mul_add)
        break;
      case Bin::MulAddRelu:
        if constexpr (kFloat) CAPI_TEST_BINARY_CALL(asc_mul_add_relu)
        break;
    }
  }
};

template <typename T>
double binaryOracle(Bin op, double x, double y, double d) {
  switch (op) {
    case Bin::Add:
      return x + y;
    case Bin::Sub:
      return x - y;
    case Bin::Mul:
      return x * y;
    case Bin::Max:
      return std::max(x, y);
    case Bin::Min:
      return std::min(x, y);
    case Bin::Div:
      return x / y;
    case Bin::And:
      return static_cast<double>(static_cast<T>(static_cast<int>(x) & static_cast<int>(y)));
    case Bin::Or:
      return static_cast<double>(static_cast<T>(static_cast<int>(x) | static_cast<int>(y)));
    case Bin::AddRelu:
      return std::max(0.0, x + y);
    case Bin::SubRelu:
      return std::max(0.0, x - y);
    case Bin::Fma:  // dst = src0 * src1 + dst
      return x * y + d;
    case Bin::MulAdd:  // dst = src0 * dst + src1
      return x * d + y;
    case Bin::MulAddRelu:
      return std::max(0.0, x * d + y);
  }
  return 0;
}

class CapiBinary : public IsaTest {
 protected:
  template <typename T>
  void check(Bin op, const char* what) {
    std::mt19937 rng(static_cast<uint32_t>(op) * 131 + sizeof(T));
    const size_t n = kRegion / sizeof(T);
    // Divisors are powers of two; everything else small eighths (exact).
    std::vector<T> x = randomOf<T>(rng, n, -4, 4), y = randomOf<T>(rng, n, -4, 4),
                   d = randomOf<T>(rng, n, -4, 4);
    if (op == Bin::Div) {
      for (auto& v : y) v = fromDouble<T>(std::ldexp((rng() & 1) ? 1.0 : -1.0, int(rng() % 4) - 1));
    }
    for (const Form f : kForms) {
      const Shape s = shapeOf<T>(f);
      const auto got =
          valuesOf<T>(run<BinaryBody<T>>(bytesOf(x), bytesOf(y), bytesOf(d), {op, s}), n);
      std::vector<T> want = d;
      forEachLane<T, T>(s, [&](uint64_t di, uint64_t i0, uint64_t i1) {
        want[di] =
            fromDouble<T>(binaryOracle<T>(op, toDouble(x[i0]), toDouble(y[i1]), toDouble(d[di])));
      });
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(bitsOf(got[i]), bitsOf(want[i]))
            << what << " form " << int(f) << " element " << i << ": got " << toDouble(got[i])
            << ", want " << toDouble(want[i]);
      }
    }
  }
};

TEST_F(CapiBinary, ArithmeticOfEveryType) {
  for (const Bin op : {Bin::Add, Bin::Sub, Bin::Mul, Bin::Max, Bin::Min}) {
    check<half>(op, "half");
    check<float>(op, "float");
    check<int16_t>(op, "int16_t");
    check<int32_t>(op, "int32_t");
  }
}

TEST_F(CapiBinary, DivisionAndFusedOfFloatTypes) {
  for (const Bin op :
       {Bin::Div, Bin::AddRelu, Bin::SubRelu, Bin::Fma, Bin::MulAdd, Bin::MulAddRelu}) {
    check<half>(op, "half");
    check<float>(op, "float");
  }
  check<int16_t>(Bin::AddRelu, "int16_t");
  check<int16_t>(Bin::SubRelu, "int16_t");
}

TEST_F(CapiBinary, LogicOf16BitTypes) {
  for (const Bin op : {Bin::And, Bin::Or}) {
    check<int16_t>(op, "int16_t");
    check<uint16_t>(op, "uint16_t");
  }
}

// --- a source and a scalar ----------------------------------------------------------------
enum class Sc : uint8_t { Add, Sub, Mul, Max, Min, LeakyRelu, Axpy, Shl, Shr, ShrRound };

template <typename T>
struct ScalarBody {
  struct Args {
    Sc op;
    double value;
    Shape s;
  };
#define CAPI_TEST_SCALAR_CALL(F, V)                                             \
  switch (a.s.form) {                                                           \
    case Form::Count:                                                           \
      F(d, x, V, a.s.count);                                                    \
      break;                                                                    \
    case Form::Sync:                                                            \
      F##_sync(d, x, V, a.s.count);                                             \
      break;                                                                    \
    case Form::Repeat:                                                          \
      asc_set_vector_mask(a.s.mask1, a.s.mask0);                                \
      F(d, x, V, a.s.repeat, a.s.dstBlk, a.s.src0Blk, a.s.dstRep, a.s.src0Rep); \
      break;                                                                    \
  }
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ T* d = at<T>(ub.d);
    __ubuf__ T* x = at<T>(ub.a);
    const T v = fromDouble<T>(a.value);
    constexpr bool kFloat = std::is_same_v<T, half> || std::is_same_v<T, float>;
    constexpr bool kArith = kFloat || std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t>;
    switch (a.op) {
      case Sc::Add:
        if constexpr (kArith) CAPI_TEST_SCALAR_CALL(asc_add_scalar, v)
        break;
      case Sc::Sub:
        if constexpr (kArith) CAPI_TEST_SCALAR_CALL(asc_sub_scalar, v)
        break;
      case Sc::Mul:
        if constexpr (kArith) CAPI_TEST_SCALAR_CALL(asc_mul_scalar, v)
        break;
      case Sc::Max:
        if constexpr (kArith) CAPI_TEST_SCALAR_CALL(asc_max_scalar, v)
        break;
      case Sc::Min:
        if constexpr (kArith) CAPI_TEST_SCALAR_CALL(asc_min_scalar, v)
        break;
      case Sc::LeakyRelu:
        if constexpr (kFloat) CAPI_TEST_SCALAR_CALL(asc_leakyrelu, v)
        break;
      case Sc::Axpy:
        if constexpr (kFloat) CAPI_TEST_SCALAR_CALL(asc_axpy, v)
        break;
      case Sc::Shl:
        if constexpr (!kFloat) CAPI_TEST_SCALAR_CALL(asc_shiftleft, static_cast<uint32_t>(a.value))
        break;
      case Sc::Shr:
        if constexpr (std::is_signed_v<T> && !kFloat) {
          CAPI_TEST_SCALAR_CALL(asc_shiftright, static_cast<int32_t>(a.value))
        } else if constexpr (!kFloat) {
          CAPI_TEST_SCALAR_CALL(asc_shiftright, static_cast<uint32_t>(a.value))
        }
        break;
      case Sc::ShrRound:
        if constexpr (std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t>)
          CAPI_TEST_SCALAR_CALL(asc_shiftright_round, static_cast<int32_t>(a.value))
        break;
    }
  }
};

template <typename T>
double scalarOracle(Sc op, double x, double v, double d) {
  switch (op) {
    case Sc::Add:
      return x + v;
    case Sc::Sub:
      return x - v;
    case Sc::Mul:
      return x * v;
    case Sc::Max:
      return std::max(x, v);
    case Sc::Min:
      return std::min(x, v);
    case Sc::LeakyRelu:
      return x >= 0 ? x : x * v;
    case Sc::Axpy:
      return d + x * v;
    case Sc::Shl:
      return static_cast<double>(static_cast<T>(static_cast<int64_t>(x) << static_cast<int>(v)));
    case Sc::Shr:  // arithmetic for signed, logical for unsigned: floor division by 2^v
      return static_cast<double>(static_cast<T>(static_cast<int64_t>(x) >> static_cast<int>(v)));
    case Sc::ShrRound:  // x / 2^v rounded half up (asc_shiftright's example: 0b1001 -> 0b0101)
      return std::floor(std::ldexp(x, -static_cast<int>(v)) + 0.5);
  }
  return 0;
}

class CapiScalar : public IsaTest {
 protected:
  template <typename T>
  void check(Sc op, double value, const char* what) {
    std::mt19937 rng(static_cast<uint32_t>(op) * 17 + sizeof(T));
    const size_t n = kRegion / sizeof(T);
    const int lo = std::is_unsigned_v<T> ? 0 : -100;
    std::vector<T> x =
        randomOf<T>(rng, n, std::is_integral_v<T> ? lo : -4, std::is_integral_v<T> ? 100 : 4);
    std::vector<T> d = randomOf<T>(rng, n, -4, 4);
    if constexpr (std::is_unsigned_v<T>) d = randomOf<T>(rng, n, 0, 4);
    for (const Form f : kForms) {
      const Shape s = shapeOf<T>(f);
      const auto got =
          valuesOf<T>(run<ScalarBody<T>>(bytesOf(x), {}, bytesOf(d), {op, value, s}), n);
      std::vector<T> want = d;
      forEachLane<T, T>(s, [&](uint64_t di, uint64_t i0, uint64_t) {
        want[di] = fromDouble<T>(scalarOracle<T>(op, toDouble(x[i0]), value, toDouble(d[di])));
      });
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(bitsOf(got[i]), bitsOf(want[i]))
            << what << " form " << int(f) << " element " << i << ": got " << toDouble(got[i])
            << ", want " << toDouble(want[i]);
      }
    }
  }
};

TEST_F(CapiScalar, ArithmeticOfEveryType) {
  for (const Sc op : {Sc::Add, Sc::Sub, Sc::Mul, Sc::Max, Sc::Min}) {
    check<half>(op, -1.5, "half");
    check<float>(op, 2.25, "float");
    check<int16_t>(op, -3, "int16_t");
    check<int32_t>(op, 7, "int32_t");
  }
}

TEST_F(CapiScalar, LeakyReluAndAxpy) {
  for (const Sc op : {Sc::LeakyRelu, Sc::Axpy}) {
    check<half>(op, 0.5, "half");
    check<float>(op, -0.25, "float");
  }
}

TEST_F(CapiScalar, ShiftsOfIntegerTypes) {
  check<int16_t>(Sc::Shl, 3, "int16_t");
  check<uint16_t>(Sc::Shl, 2, "uint16_t");
  check<int32_t>(Sc::Shl, 5, "int32_t");
  check<uint32_t>(Sc::Shl, 1, "uint32_t");
  check<int16_t>(Sc::Shr, 2, "int16_t");
  check<uint16_t>(Sc::Shr, 3, "uint16_t");
  check<int32_t>(Sc::Shr, 4, "int32_t");
  check<uint32_t>(Sc::Shr, 1, "uint32_t");
}

// asc_shiftright_round: the shifted-out bit n - 1 rounds up (vshr's rounding
// operand), for every count of the range down to none.
TEST_F(CapiScalar, ShiftRightRoundsHalfUp) {
  for (const int n : {0, 1, 2, 3, 5, 7, 15, 16}) check<int16_t>(Sc::ShrRound, n, "int16_t");
  for (const int n : {1, 4, 6, 31, 32}) check<int32_t>(Sc::ShrRound, n, "int32_t");
}

// --- one source -----------------------------------------------------------------------------
enum class Un : uint8_t { Abs, Relu, Sqrt, Exp, Log, Rcp, Rsqrt, Not, Copy };

template <typename T>
struct UnaryBody {
  struct Args {
    Un op;
    Shape s;
  };
#define CAPI_TEST_UNARY_CALL(F)                                              \
  switch (a.s.form) {                                                        \
    case Form::Count:                                                        \
      F(d, x, a.s.count);                                                    \
      break;                                                                 \
    case Form::Sync:                                                         \
      F##_sync(d, x, a.s.count);                                             \
      break;                                                                 \
    case Form::Repeat:                                                       \
      asc_set_vector_mask(a.s.mask1, a.s.mask0);                             \
      F(d, x, a.s.repeat, a.s.dstBlk, a.s.src0Blk, a.s.dstRep, a.s.src0Rep); \
      break;                                                                 \
  }
  static void run(const Ub& ub, const Args& a) {
    __ubuf__ T* d = at<T>(ub.d);
    __ubuf__ T* x = at<T>(ub.a);
    constexpr bool kFloat = std::is_same_v<T, half> || std::is_same_v<T, float>;
    switch (a.op) {
      case Un::Abs:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_abs)
        break;
      case Un::Relu:
        if constexpr (kFloat || std::is_same_v<T, int32_t>) CAPI_TEST_UNARY_CALL(asc_relu)
        break;
      case Un::Sqrt:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_sqrt)
        break;
      case Un::Exp:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_exp)
        break;
      case Un::Log:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_log)
        break;
      case Un::Rcp:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_rcp)
        break;
      case Un::Rsqrt:
        if constexpr (kFloat) CAPI_TEST_UNARY_CALL(asc_rsqrt)
        break;
      case Un::Not:
        if constexpr (std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>)
          CAPI_TEST_UNARY_CALL(asc_not)
        break;
      case Un::Copy:
        if constexpr (!kFloat) CAPI_TEST_UNARY_CALL(asc_copy)
        break;
    }
  }
};

class CapiUnary : public IsaTest {
 protected:
  // Inputs chosen so the results are exact: squares for sqrt, powers of two
  // for the reciprocals and logarithms' arguments of e^k, 0 for exp.
  template <typename T>
  void check(Un op, const std::function<double(uint32_t)>& input,
             const std::function<double(double)>& oracle, const char* what) {
    const size_t n = kRegion / sizeof(T);
    std::vector<T> x(n), d(n);
    for (size_t i = 0; i < n; ++i) {
      x[i] = fromDouble<T>(input(static_cast<uint32_t>(i)));
      d[i] = fromDouble<T>(static_cast<double>(i % 7));
    }
    for (const Form f : kForms) {
      // asc_copy's repeat form moves whole blocks: its mask test is
      // the vector engine's (tests/isa); here, every lane on.
      Shape s = shapeOf<T>(f);
      if (op == Un::Copy && f == Form::Repeat) s.mask0 = s.mask1 = ~0ull;
      if (op == Un::Copy && f == Form::Repeat && sizeof(T) == 4) s.mask1 = 0;
      // vcopy's counter mode moves whole blocks of one iteration: a count of
      // whole blocks below 256 bytes.
      if (op == Un::Copy && f != Form::Repeat) s.count = 192 / sizeof(T);
      const auto got = valuesOf<T>(run<UnaryBody<T>>(bytesOf(x), {}, bytesOf(d), {op, s}), n);
      std::vector<T> want = d;
      forEachLane<T, T>(s, [&](uint64_t di, uint64_t i0, uint64_t) {
        want[di] = fromDouble<T>(oracle(toDouble(x[i0])));
      });
      for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(bitsOf(got[i]), bitsOf(want[i]))
            << what << " form " << int(f) << " element " << i << ": got " << toDouble(got[i])
            << ", want " << toDouble(want[i]);
      }
    }
  }
};

TEST_F(CapiUnary, FloatFunctionsOnExactInputs) {
  const auto signedEighths = [](uint32_t i) { return (static_cast<int>(i % 61) - 30) / 8.0; };
  const auto squares = [](uint32_t i) { return static_cast<double>((i % 40) * (i % 40)); };
  const auto pow2 = [](uint32_t i) { return std::ldexp(1.0, static_cast<int>(i % 9) - 4); };
  const auto pow4 = [](uint32_t i) { return std::ldexp(1.0, 2 * (static_cast<int>(i % 5) - 2)); };
  const auto one = [](uint32_t) { return 1.0; };
  const auto zero = [](uint32_t) { return 0.0; };
#define CAPI_TEST_BOTH(OP, IN, F)      \
  check<half>(OP, IN, F, "half " #OP); \
  check<float>(OP, IN, F, "float " #OP);
  CAPI_TEST_BOTH(Un::Abs, signedEighths, [](double v) { return std::fabs(v); })
  CAPI_TEST_BOTH(Un::Relu, signedEighths, [](double v) { return std::max(0.0, v); })
  CAPI_TEST_BOTH(Un::Sqrt, squares, [](double v) { return std::sqrt(v); })
  CAPI_TEST_BOTH(Un::Rcp, pow2, [](double v) { return 1.0 / v; })
  CAPI_TEST_BOTH(Un::Rsqrt, pow4, [](double v) { return 1.0 / std::sqrt(v); })
  CAPI_TEST_BOTH(Un::Exp, zero, [](double) { return 1.0; })
  CAPI_TEST_BOTH(Un::Log, one, [](double) { return 0.0; })
#undef CAPI_TEST_BOTH
  check<int32_t>(
      Un::Relu, [](uint32_t i) { return static_cast<double>(static_cast<int>(i % 201) - 100); },
      [](double v) { return std::max(0.0, v); }, "int32_t relu");
}

TEST_F(CapiUnary, NotAndCopyOfIntegerTypes) {
  const auto any = [](uint32_t i) {
    return static_cast<double>(static_cast<int>(i % 3001) - 1500);
  };
  const auto anyU = [](uint32_t i) { return static_cast<double>(i % 60001); };
  check<int16_t>(
      Un::Not, any, [](double v) { return static_cast<double>(~static_cast<int16_t>(v)); },
      "int16_t not");
  check<uint16_t>(
      Un::Not, anyU,
      [](double v) {
        return static_cast<double>(static_cast<uint16_t>(~static_cast<uint16_t>(v)));
      },
      "uint16_t not");
  const auto same = [](double v) { return v; };
  check<int16_t>(Un::Copy, any, same, "int16_t copy");
  check<uint16_t>(Un::Copy, anyU, same, "uint16_t copy");
  check<int32_t>(Un::Copy, any, same, "int32_t copy");
  check<uint32_t>(Un::Copy, anyU, same, "uint32_t copy");
}

}  // namespace
}  // namespace asctwin::capitest
