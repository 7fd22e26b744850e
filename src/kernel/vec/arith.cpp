// Element-wise arithmetic: Duplicate, CreateVecIndex, the two-tensor ops and
// the tensor-scalar ops.
#include <immintrin.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

#define AVX ASCTWIN_VEC_AVX2
#define INLINE __attribute__((always_inline)) inline  // GNU form: may follow AVX (clang)

enum class Op { Add, Sub, Mul, Div, Max, Min, And, Or };

Op fromBin(BinOp op) {
  return static_cast<Op>(static_cast<int>(op));
}

// --- Scalar element operations ---------------------------------------------

template <Op kOp, class T>
INLINE T intOp(T a, T b) {
  // Wrapping arithmetic in an unsigned type at least as wide as int.
  using W = std::conditional_t<(sizeof(T) < 4), std::uint32_t, std::make_unsigned_t<T>>;
  if constexpr (kOp == Op::Add) return static_cast<T>(static_cast<W>(a) + static_cast<W>(b));
  if constexpr (kOp == Op::Sub) return static_cast<T>(static_cast<W>(a) - static_cast<W>(b));
  if constexpr (kOp == Op::Mul) return static_cast<T>(static_cast<W>(a) * static_cast<W>(b));
  if constexpr (kOp == Op::Max) return a > b ? a : b;
  if constexpr (kOp == Op::Min) return a < b ? a : b;
  if constexpr (kOp == Op::And) return static_cast<T>(a & b);
  if constexpr (kOp == Op::Or) return static_cast<T>(a | b);
  return a;
}

template <class F, class U>
INLINE F canonical(F r, U qnan) {
  return r != r ? std::bit_cast<F>(qnan) : r;
}

// Float-domain op with the twin's NaN and signed-zero rules.
template <Op kOp, class F>
INLINE F floatOp(F a, F b) {
  using U = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  constexpr U kQNaN = sizeof(F) == 4 ? U{detail::kFloatQNaN} : U(detail::kDoubleQNaN);
  if constexpr (kOp == Op::Max || kOp == Op::Min) {
    if (a != a || b != b) return std::bit_cast<F>(kQNaN);
    if (a > b) return kOp == Op::Max ? a : b;
    if (b > a) return kOp == Op::Max ? b : a;
    const U ua = std::bit_cast<U>(a);
    const U ub = std::bit_cast<U>(b);
    return std::bit_cast<F>(kOp == Op::Max ? (ua & ub) : (ua | ub));  // max(-0,+0) = +0
  } else {
    F r = a;
    if constexpr (kOp == Op::Add) r = a + b;
    if constexpr (kOp == Op::Sub) r = a - b;
    if constexpr (kOp == Op::Mul) r = a * b;
    if constexpr (kOp == Op::Div) r = a / b;
    return canonical(r, kQNaN);
  }
}

inline std::uint16_t toHalf(float f) {
  return numeric::floatToHalf(f, numeric::Round::Rint);
}
inline std::uint16_t toBf16(float f) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<std::uint16_t>((u >> 16) | 0x40u);
  return static_cast<std::uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

// --- Loops -----------------------------------------------------------------
// kScalar: b is the scalar s instead of a tensor.

template <Op kOp, class T, bool kScalar>
INLINE void intLoop(T* d, const T* a, const T* b, T s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) d[i] = intOp<kOp, T>(a[i], kScalar ? s : b[i]);
}
template <Op kOp, class T, bool kScalar>
void intLoopPortable(T* d, const T* a, const T* b, T s, std::size_t n) {
  intLoop<kOp, T, kScalar>(d, a, b, s, n);
}
template <Op kOp, class T, bool kScalar>
AVX void intLoopAvx(T* d, const T* a, const T* b, T s, std::size_t n) {
  intLoop<kOp, T, kScalar>(d, a, b, s, n);
}

template <Op kOp, class F, bool kScalar>
void floatLoopPortable(F* d, const F* a, const F* b, F s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) d[i] = floatOp<kOp, F>(a[i], kScalar ? s : b[i]);
}

// 16-bit float storage: compute in float, round once to nearest even.
template <Op kOp, bool kBf16, bool kScalar>
void f16LoopPortable(std::uint16_t* d, const std::uint16_t* a, const std::uint16_t* b,
                     std::uint16_t s, std::size_t n) {
  const auto widen = [](std::uint16_t v) {
    return kBf16 ? numeric::bf16ToFloat(v) : numeric::halfToFloat(v);
  };
  const float sf = widen(s);
  for (std::size_t i = 0; i < n; ++i) {
    const float r = floatOp<kOp, float>(widen(a[i]), kScalar ? sf : widen(b[i]));
    d[i] = kBf16 ? toBf16(r) : toHalf(r);
  }
}

// AVX2 float op on 8 lanes, same rules as floatOp.
template <Op kOp>
AVX INLINE __m256 vop(__m256 a, __m256 b) {
  const __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(detail::kFloatQNaN)));
  __m256 r = _mm256_setzero_ps();  // And/Or are instantiated, never run (integer ops)
  if constexpr (kOp == Op::Max || kOp == Op::Min) {
    const __m256 gt = _mm256_cmp_ps(a, b, _CMP_GT_OQ);
    const __m256 lt = _mm256_cmp_ps(a, b, _CMP_LT_OQ);
    r = kOp == Op::Max ? _mm256_and_ps(a, b) : _mm256_or_ps(a, b);  // equal operands
    r = _mm256_blendv_ps(r, kOp == Op::Max ? a : b, gt);
    r = _mm256_blendv_ps(r, kOp == Op::Max ? b : a, lt);
    const __m256 nan = _mm256_cmp_ps(a, b, _CMP_UNORD_Q);
    return _mm256_blendv_ps(r, qnan, nan);
  } else {
    if constexpr (kOp == Op::Add) r = _mm256_add_ps(a, b);
    if constexpr (kOp == Op::Sub) r = _mm256_sub_ps(a, b);
    if constexpr (kOp == Op::Mul) r = _mm256_mul_ps(a, b);
    if constexpr (kOp == Op::Div) r = _mm256_div_ps(a, b);
    return _mm256_blendv_ps(r, qnan, _mm256_cmp_ps(r, r, _CMP_UNORD_Q));
  }
}

template <Op kOp, bool kScalar>
AVX void f32LoopAvx(float* d, const float* a, const float* b, float s, std::size_t n) {
  std::size_t i = 0;
  const __m256 vs = _mm256_set1_ps(s);
  for (; i + 8 <= n; i += 8) {
    const __m256 vb = kScalar ? vs : _mm256_loadu_ps(b + i);
    _mm256_storeu_ps(d + i, vop<kOp>(_mm256_loadu_ps(a + i), vb));
  }
  for (; i < n; ++i) d[i] = floatOp<kOp, float>(a[i], kScalar ? s : b[i]);
}

AVX INLINE __m256 loadBf16x8(const std::uint16_t* p) {
  const __m256i u = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  return _mm256_castsi256_ps(_mm256_slli_epi32(u, 16));
}
AVX INLINE __m128i toBf16x8(__m256 r) {
  // r has a canonical NaN at most; round to nearest even on the bits.
  const __m256i u = _mm256_castps_si256(r);
  const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
  __m256i h =
      _mm256_srli_epi32(_mm256_add_epi32(u, _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7FFF))), 16);
  const __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(r, r, _CMP_UNORD_Q));
  h = _mm256_blendv_epi8(h, _mm256_set1_epi32(detail::kBf16QNaN), nan);
  const __m256i p = _mm256_packus_epi32(h, h);  // [h0..3 h0..3 | h4..7 h4..7]
  return _mm256_castsi256_si128(_mm256_permute4x64_epi64(p, 0x08));
}

template <Op kOp, bool kBf16, bool kScalar>
AVX void f16LoopAvx(std::uint16_t* d, const std::uint16_t* a, const std::uint16_t* b,
                    std::uint16_t s, std::size_t n) {
  const float sf = kBf16 ? numeric::bf16ToFloat(s) : numeric::halfToFloat(s);
  const __m256 vs = _mm256_set1_ps(sf);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 va, vb;
    if constexpr (kBf16) {
      va = loadBf16x8(a + i);
      vb = kScalar ? vs : loadBf16x8(b + i);
    } else {
      va = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)));
      vb = kScalar ? vs : _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i)));
    }
    const __m256 r = vop<kOp>(va, vb);
    const __m128i h = kBf16 ? toBf16x8(r) : _mm256_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i), h);
  }
  f16LoopPortable<kOp, kBf16, kScalar>(d + i, a + i, kScalar ? b : b + i, s, n - i);
}

// --- Dispatch --------------------------------------------------------------

template <class T>
T fromBits(std::uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}

template <Op kOp, bool kScalar>
bool runOp(void* dst, const void* a, const void* b, std::uint64_t sbits, DType t, std::size_t n) {
  const bool avx = detail::useAvx2();
  const auto ints = [&](auto tag) {
    using T = decltype(tag);
    auto* d = static_cast<T*>(dst);
    const auto* pa = static_cast<const T*>(a);
    const auto* pb = static_cast<const T*>(b);
    const T s = fromBits<T>(sbits);
    if (avx) {
      intLoopAvx<kOp, T, kScalar>(d, pa, pb, s, n);
    } else {
      intLoopPortable<kOp, T, kScalar>(d, pa, pb, s, n);
    }
    return true;
  };
  constexpr bool kIntOp = kOp != Op::Div;
  constexpr bool kFloatOp = kOp != Op::And && kOp != Op::Or;
  switch (t) {
    case DType::F32:
      if constexpr (!kFloatOp) return false;
      if (avx) {
        f32LoopAvx<kOp, kScalar>(static_cast<float*>(dst), static_cast<const float*>(a),
                                 static_cast<const float*>(b), fromBits<float>(sbits), n);
      } else {
        floatLoopPortable<kOp, float, kScalar>(
            static_cast<float*>(dst), static_cast<const float*>(a), static_cast<const float*>(b),
            fromBits<float>(sbits), n);
      }
      return true;
    case DType::F64:
      if constexpr (!kFloatOp) return false;
      floatLoopPortable<kOp, double, kScalar>(
          static_cast<double*>(dst), static_cast<const double*>(a), static_cast<const double*>(b),
          fromBits<double>(sbits), n);
      return true;
    case DType::F16:
    case DType::BF16: {
      if constexpr (!kFloatOp) return false;
      auto* d = static_cast<std::uint16_t*>(dst);
      const auto* pa = static_cast<const std::uint16_t*>(a);
      const auto* pb = static_cast<const std::uint16_t*>(b);
      const auto s = static_cast<std::uint16_t>(sbits);
      if (t == DType::F16) {
        avx ? f16LoopAvx<kOp, false, kScalar>(d, pa, pb, s, n)
            : f16LoopPortable<kOp, false, kScalar>(d, pa, pb, s, n);
      } else {
        avx ? f16LoopAvx<kOp, true, kScalar>(d, pa, pb, s, n)
            : f16LoopPortable<kOp, true, kScalar>(d, pa, pb, s, n);
      }
      return true;
    }
    default:
      break;
  }
  if constexpr (!kIntOp) {
    return false;
  } else {
    switch (t) {
      case DType::S8:
        return ints(std::int8_t{});
      case DType::U8:
        return ints(std::uint8_t{});
      case DType::S16:
        return ints(std::int16_t{});
      case DType::U16:
        return ints(std::uint16_t{});
      case DType::S32:
        return ints(std::int32_t{});
      case DType::U32:
        return ints(std::uint32_t{});
      case DType::S64:
        return ints(std::int64_t{});
      case DType::U64:
        return ints(std::uint64_t{});
      default:
        return false;
    }
  }
}

template <bool kScalar>
bool runOpDyn(Op op, void* dst, const void* a, const void* b, std::uint64_t s, DType t,
              std::size_t n) {
  switch (op) {
    case Op::Add:
      return runOp<Op::Add, kScalar>(dst, a, b, s, t, n);
    case Op::Sub:
      return runOp<Op::Sub, kScalar>(dst, a, b, s, t, n);
    case Op::Mul:
      return runOp<Op::Mul, kScalar>(dst, a, b, s, t, n);
    case Op::Div:
      return runOp<Op::Div, kScalar>(dst, a, b, s, t, n);
    case Op::Max:
      return runOp<Op::Max, kScalar>(dst, a, b, s, t, n);
    case Op::Min:
      return runOp<Op::Min, kScalar>(dst, a, b, s, t, n);
    case Op::And:
      return runOp<Op::And, kScalar>(dst, a, b, s, t, n);
    case Op::Or:
      return runOp<Op::Or, kScalar>(dst, a, b, s, t, n);
  }
  return false;
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 || t == DType::F64;
}

// --- Shifts ----------------------------------------------------------------

template <class T, bool kLeft>
INLINE void shiftLoop(T* d, const T* a, int count, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (kLeft) {
      d[i] = static_cast<T>(static_cast<std::make_unsigned_t<T>>(a[i]) << count);
    } else {
      d[i] = static_cast<T>(a[i] >> count);
    }
  }
}
template <class T, bool kLeft>
void shiftPortable(T* d, const T* a, int count, std::size_t n) {
  shiftLoop<T, kLeft>(d, a, count, n);
}
template <class T, bool kLeft>
AVX void shiftAvx(T* d, const T* a, int count, std::size_t n) {
  shiftLoop<T, kLeft>(d, a, count, n);
}

template <class T>
bool shift(bool left, void* dst, const void* src, std::uint64_t sbits, std::size_t n) {
  constexpr int kBits = static_cast<int>(sizeof(T) * 8);
  const T c = fromBits<T>(sbits);
  auto* d = static_cast<T*>(dst);
  const auto* a = static_cast<const T*>(src);
  bool outOfRange = c >= static_cast<T>(kBits);
  if constexpr (std::is_signed_v<T>) outOfRange = outOfRange || c < 0;
  if (outOfRange) {
    if (left || std::is_unsigned_v<T>) {
      for (std::size_t i = 0; i < n; ++i) d[i] = 0;
      return true;
    }
    // Arithmetic right shift by >= width: the sign fill.
    for (std::size_t i = 0; i < n; ++i) d[i] = static_cast<T>(a[i] < 0 ? -1 : 0);
    return true;
  }
  const int count = static_cast<int>(c);
  if (detail::useAvx2()) {
    left ? shiftAvx<T, true>(d, a, count, n) : shiftAvx<T, false>(d, a, count, n);
  } else {
    left ? shiftPortable<T, true>(d, a, count, n) : shiftPortable<T, false>(d, a, count, n);
  }
  return true;
}

bool shiftDyn(bool left, void* dst, const void* src, std::uint64_t s, DType t, std::size_t n) {
  switch (t) {
    case DType::S8:
      return shift<std::int8_t>(left, dst, src, s, n);
    case DType::U8:
      return shift<std::uint8_t>(left, dst, src, s, n);
    case DType::S16:
      return shift<std::int16_t>(left, dst, src, s, n);
    case DType::U16:
      return shift<std::uint16_t>(left, dst, src, s, n);
    case DType::S32:
      return shift<std::int32_t>(left, dst, src, s, n);
    case DType::U32:
      return shift<std::uint32_t>(left, dst, src, s, n);
    case DType::S64:
      return shift<std::int64_t>(left, dst, src, s, n);
    case DType::U64:
      return shift<std::uint64_t>(left, dst, src, s, n);
    default:
      return false;
  }
}

// --- Duplicate / CreateVecIndex --------------------------------------------

template <class T>
INLINE void fill(T* d, T v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) d[i] = v;
}
template <class T>
void fillPortable(T* d, T v, std::size_t n) {
  fill(d, v, n);
}
template <class T>
AVX void fillAvx(T* d, T v, std::size_t n) {
  fill(d, v, n);
}
template <class T>
void fillDyn(void* d, std::uint64_t bits, std::size_t n) {
  const T v = fromBits<T>(bits);
  detail::useAvx2() ? fillAvx(static_cast<T*>(d), v, n) : fillPortable(static_cast<T*>(d), v, n);
}

template <class T>
void indexInt(void* dst, std::uint64_t bits, std::size_t n) {
  using U = std::make_unsigned_t<T>;
  const U first = static_cast<U>(fromBits<T>(bits));
  auto* d = static_cast<T*>(dst);
  for (std::size_t i = 0; i < n; ++i)
    d[i] = static_cast<T>(static_cast<U>(first + static_cast<U>(i)));
}

#undef INLINE
#undef AVX

}  // namespace

bool binarySupported(BinOp op, DType t) {
  if (isFloat(t)) return op != BinOp::And && op != BinOp::Or;
  return op != BinOp::Div;
}

bool binary(BinOp op, void* dst, const void* a, const void* b, DType t, std::size_t n) {
  if (!binarySupported(op, t)) return false;
  if (n == 0) return true;
  return runOpDyn<false>(fromBin(op), dst, a, b, 0, t, n);
}

bool scalarOpSupported(ScalarOp op, DType t) {
  if (op == ScalarOp::ShiftLeft || op == ScalarOp::ShiftRight) return !isFloat(t);
  return true;
}

bool scalarOp(ScalarOp op, void* dst, const void* a, std::uint64_t s, DType t, std::size_t n) {
  if (!scalarOpSupported(op, t)) return false;
  if (n == 0) return true;
  switch (op) {
    case ScalarOp::Adds:
      return runOpDyn<true>(Op::Add, dst, a, nullptr, s, t, n);
    case ScalarOp::Muls:
      return runOpDyn<true>(Op::Mul, dst, a, nullptr, s, t, n);
    case ScalarOp::Maxs:
      return runOpDyn<true>(Op::Max, dst, a, nullptr, s, t, n);
    case ScalarOp::Mins:
      return runOpDyn<true>(Op::Min, dst, a, nullptr, s, t, n);
    case ScalarOp::ShiftLeft:
      return shiftDyn(true, dst, a, s, t, n);
    case ScalarOp::ShiftRight:
      return shiftDyn(false, dst, a, s, t, n);
  }
  return false;
}

void duplicate(void* dst, DType t, std::uint64_t bits, std::size_t n) {
  if (n == 0) return;
  switch (dtypeSize(t)) {
    case 1:
      return fillDyn<std::uint8_t>(dst, bits, n);
    case 2:
      return fillDyn<std::uint16_t>(dst, bits, n);
    case 4:
      return fillDyn<std::uint32_t>(dst, bits, n);
    default:
      return fillDyn<std::uint64_t>(dst, bits, n);
  }
}

void createVecIndex(void* dst, DType t, std::uint64_t firstBits, std::size_t n) {
  if (n == 0) return;
  switch (t) {
    case DType::F32: {
      const float first = fromBits<float>(firstBits);
      auto* d = static_cast<float*>(dst);
      for (std::size_t i = 0; i < n; ++i) d[i] = first + static_cast<float>(i);
      return;
    }
    case DType::F64: {
      const double first = fromBits<double>(firstBits);
      auto* d = static_cast<double*>(dst);
      for (std::size_t i = 0; i < n; ++i) d[i] = first + static_cast<double>(i);
      return;
    }
    case DType::F16:
    case DType::BF16: {
      const auto b = static_cast<std::uint16_t>(firstBits);
      const float first = t == DType::F16 ? numeric::halfToFloat(b) : numeric::bf16ToFloat(b);
      auto* d = static_cast<std::uint16_t*>(dst);
      for (std::size_t i = 0; i < n; ++i) {
        const float v = first + static_cast<float>(i);
        d[i] = t == DType::F16 ? toHalf(v) : toBf16(v);
      }
      return;
    }
    case DType::S8:
      return indexInt<std::int8_t>(dst, firstBits, n);
    case DType::U8:
      return indexInt<std::uint8_t>(dst, firstBits, n);
    case DType::S16:
      return indexInt<std::int16_t>(dst, firstBits, n);
    case DType::U16:
      return indexInt<std::uint16_t>(dst, firstBits, n);
    case DType::S32:
      return indexInt<std::int32_t>(dst, firstBits, n);
    case DType::U32:
      return indexInt<std::uint32_t>(dst, firstBits, n);
    case DType::S64:
      return indexInt<std::int64_t>(dst, firstBits, n);
    case DType::U64:
      return indexInt<std::uint64_t>(dst, firstBits, n);
  }
}

}  // namespace asctwin::vec
