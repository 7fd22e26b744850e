// Compare / Compares: one result bit per element, least significant first.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

#define AVX ASCTWIN_VEC_AVX2

template <class V>
inline bool cmp(CmpMode mode, V a, V b) {
  switch (mode) {
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
      return !(a == b);  // true for NaN operands
  }
  return false;
}

// Element value as compared: 16-bit floats widen to float (exact).
template <class T>
struct Widen {
  using V = T;
  static V get(const void* p, std::size_t i) { return detail::load<T>(p, i); }
};
template <>
struct Widen<detail::F16Tag> {
  using V = float;
  static V get(const void* p, std::size_t i) {
    return numeric::halfToFloat(detail::load<std::uint16_t>(p, i));
  }
};
template <>
struct Widen<detail::Bf16Tag> {
  using V = float;
  static V get(const void* p, std::size_t i) {
    return numeric::bf16ToFloat(detail::load<std::uint16_t>(p, i));
  }
};

// Writes bits [from, n); `from` is a multiple of 8.
template <class T, bool kScalar>
void comparePortable(std::uint8_t* out, const void* a, const void* b, typename Widen<T>::V s,
                     CmpMode mode, std::size_t from, std::size_t n) {
  for (std::size_t byte = from / 8; byte * 8 < n; ++byte) {
    std::uint8_t v = 0;
    for (std::size_t k = 0; k < 8 && byte * 8 + k < n; ++k) {
      const std::size_t i = byte * 8 + k;
      const auto x = Widen<T>::get(a, i);
      const auto y = kScalar ? s : Widen<T>::get(b, i);
      v = static_cast<std::uint8_t>(v | (cmp(mode, x, y) ? 1u << k : 0u));
    }
    out[byte] = v;
  }
}

template <int kPred>
AVX inline std::uint8_t cmp8(__m256 x, __m256 y) {
  return static_cast<std::uint8_t>(_mm256_movemask_ps(_mm256_cmp_ps(x, y, kPred)));
}

template <class T, bool kScalar, int kPred>
AVX void compareAvx(std::uint8_t* out, const void* a, const void* b, float s, std::size_t n) {
  const __m256 vs = _mm256_set1_ps(s);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 x, y = vs;
    if constexpr (std::is_same_v<T, float>) {
      x = _mm256_loadu_ps(static_cast<const float*>(a) + i);
      if (!kScalar) y = _mm256_loadu_ps(static_cast<const float*>(b) + i);
    } else {
      const auto* pa = static_cast<const std::uint16_t*>(a) + i;
      x = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pa)));
      if (!kScalar) {
        const auto* pb = static_cast<const std::uint16_t*>(b) + i;
        y = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pb)));
      }
    }
    out[i / 8] = cmp8<kPred>(x, y);
  }
}

template <class T, bool kScalar>
void compareAvxDyn(std::uint8_t* out, const void* a, const void* b, float s, CmpMode mode,
                   std::size_t n) {
  switch (mode) {
    case CmpMode::LT:
      return compareAvx<T, kScalar, _CMP_LT_OQ>(out, a, b, s, n);
    case CmpMode::GT:
      return compareAvx<T, kScalar, _CMP_GT_OQ>(out, a, b, s, n);
    case CmpMode::EQ:
      return compareAvx<T, kScalar, _CMP_EQ_OQ>(out, a, b, s, n);
    case CmpMode::LE:
      return compareAvx<T, kScalar, _CMP_LE_OQ>(out, a, b, s, n);
    case CmpMode::GE:
      return compareAvx<T, kScalar, _CMP_GE_OQ>(out, a, b, s, n);
    case CmpMode::NE:
      return compareAvx<T, kScalar, _CMP_NEQ_UQ>(out, a, b, s, n);
  }
}

template <class T, bool kScalar>
void compareTyped(std::uint8_t* out, const void* a, const void* b, std::uint64_t sbits,
                  CmpMode mode, std::size_t n) {
  using V = typename Widen<T>::V;
  V s{};
  if constexpr (std::is_same_v<T, detail::F16Tag>) {
    s = numeric::halfToFloat(static_cast<std::uint16_t>(sbits));
  } else if constexpr (std::is_same_v<T, detail::Bf16Tag>) {
    s = numeric::bf16ToFloat(static_cast<std::uint16_t>(sbits));
  } else {
    std::memcpy(&s, &sbits, sizeof(V));
  }
  std::size_t done = 0;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, detail::F16Tag>) {
    if (detail::useAvx2()) {
      compareAvxDyn<std::conditional_t<std::is_same_v<T, float>, float, std::uint16_t>, kScalar>(
          out, a, b, s, mode, n);
      done = n / 8 * 8;
    }
  }
  comparePortable<T, kScalar>(out, a, b, s, mode, done, n);
}

template <bool kScalar>
bool compareDyn(std::uint8_t* out, const void* a, const void* b, std::uint64_t s, DType t,
                CmpMode mode, std::size_t n) {
  if (n == 0) return true;
  switch (t) {
    case DType::F16:
      compareTyped<detail::F16Tag, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::BF16:
      compareTyped<detail::Bf16Tag, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::F32:
      compareTyped<float, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::F64:
      compareTyped<double, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::S8:
      compareTyped<std::int8_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::U8:
      compareTyped<std::uint8_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::S16:
      compareTyped<std::int16_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::U16:
      compareTyped<std::uint16_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::S32:
      compareTyped<std::int32_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::U32:
      compareTyped<std::uint32_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::S64:
      compareTyped<std::int64_t, kScalar>(out, a, b, s, mode, n);
      return true;
    case DType::U64:
      compareTyped<std::uint64_t, kScalar>(out, a, b, s, mode, n);
      return true;
  }
  return false;
}

#undef AVX

}  // namespace

bool compareScalar(std::uint8_t* dstBits, const void* src, std::uint64_t scalarBits, DType t,
                   CmpMode mode, std::size_t n) {
  return compareDyn<true>(dstBits, src, nullptr, scalarBits, t, mode, n);
}

bool compare(std::uint8_t* dstBits, const void* a, const void* b, DType t, CmpMode mode,
             std::size_t n) {
  return compareDyn<false>(dstBits, a, b, 0, t, mode, n);
}

}  // namespace asctwin::vec
