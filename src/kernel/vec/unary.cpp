// Unary math (Relu, Exp, Ln, Abs, Reciprocal, Rsqrt, Sqrt, Not) and the
// fused element operations (AddRelu, SubRelu, MulAddDst, FusedMulAdd,
// FusedMulAddRelu, LeakyRelu, Axpy). One portable loop per operation: the
// results are the same bits on every machine (no AVX2 variant, so nothing
// to keep identical).
//
// Precision (API reference: within 1 ulp for Exp/Ln/Sqrt; Reciprocal and
// Rsqrt "do not meet" 1/1000 for half, 1/10000 for float): the twin gives the
// correctly rounded result of float computed in double, and of half computed
// in float and rounded once to half. A NaN result is the canonical quiet NaN.
#include <bit>
#include <cmath>
#include <cstdint>

#include "kernel/vec/detail.h"
#include "kernel/vec/vec.h"

namespace asctwin::vec {
namespace {

using detail::load;
using detail::store;

float canonicalF(float r) {
  return r != r ? std::bit_cast<float>(detail::kFloatQNaN) : r;
}
// max(x, +0) with Max's rules: NaN gives the canonical NaN, max(-0, +0) = +0.
float reluF(float x) {
  if (x != x) return std::bit_cast<float>(detail::kFloatQNaN);
  return x > 0.0f ? x : 0.0f;
}

float unaryF(UnOp op, float x) {
  switch (op) {
    case UnOp::Relu:
      return reluF(x);
    case UnOp::Exp:
      return canonicalF(static_cast<float>(std::exp(static_cast<double>(x))));
    case UnOp::Ln:
      return canonicalF(static_cast<float>(std::log(static_cast<double>(x))));
    case UnOp::Abs:
      return std::bit_cast<float>(std::bit_cast<uint32_t>(x) & 0x7FFFFFFFu);
    case UnOp::Rec:
      return canonicalF(static_cast<float>(1.0 / static_cast<double>(x)));
    case UnOp::Rsqrt:
      return canonicalF(static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))));
    case UnOp::Sqrt:
      return canonicalF(std::sqrt(x));
    default:
      return x;
  }
}

// Half: the float result rounded once to half (Abs stays a bit operation).
uint16_t unaryH(UnOp op, uint16_t h) {
  if (op == UnOp::Abs) return static_cast<uint16_t>(h & 0x7FFFu);
  const float r = unaryF(op, numeric::halfToFloat(h));
  return r != r ? detail::kHalfQNaN : numeric::floatToHalf(r, numeric::Round::Rint);
}

float fusedF(FusedOp op, float a, float b, float d, float s) {
  switch (op) {
    case FusedOp::AddRelu:
      return reluF(a + b);
    case FusedOp::SubRelu:
      return reluF(a - b);
    case FusedOp::MulAddDst:
      return canonicalF(a * b + d);
    case FusedOp::FusedMulAdd:
      return canonicalF(a * d + b);
    case FusedOp::FusedMulAddRelu:
      return reluF(a * d + b);
    case FusedOp::LeakyRelu:
      return a != a ? std::bit_cast<float>(detail::kFloatQNaN) : (a < 0.0f ? a * s : a);
    default:  // Axpy
      return canonicalF(a * s + d);
  }
}

template <class T>
T fusedInt(FusedOp op, T a, T b, T d) {
  using W = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
  const auto wrap = [](W v) { return static_cast<T>(v); };
  switch (op) {
    case FusedOp::AddRelu: {
      const T r = wrap(static_cast<W>(a) + static_cast<W>(b));
      return r > 0 ? r : T{0};
    }
    case FusedOp::SubRelu: {
      const T r = wrap(static_cast<W>(a) - static_cast<W>(b));
      return r > 0 ? r : T{0};
    }
    case FusedOp::MulAddDst:
      return wrap(static_cast<W>(a) * static_cast<W>(b) + static_cast<W>(d));
    case FusedOp::FusedMulAdd:
      return wrap(static_cast<W>(a) * static_cast<W>(d) + static_cast<W>(b));
    case FusedOp::FusedMulAddRelu: {
      const T r = wrap(static_cast<W>(a) * static_cast<W>(d) + static_cast<W>(b));
      return r > 0 ? r : T{0};
    }
    default:
      return d;
  }
}

float widen(const void* p, DType t, std::size_t i) {
  switch (t) {
    case DType::F16:
      return numeric::halfToFloat(load<uint16_t>(p, i));
    case DType::BF16:
      return numeric::bf16ToFloat(load<uint16_t>(p, i));
    default:
      return load<float>(p, i);
  }
}
void narrow(void* p, DType t, std::size_t i, float r) {
  switch (t) {
    case DType::F16:
      store<uint16_t>(p, i, r != r ? detail::kHalfQNaN : numeric::floatToHalf(r));
      return;
    case DType::BF16:
      store<uint16_t>(p, i, r != r ? detail::kBf16QNaN : numeric::floatToBf16(r));
      return;
    default:
      store<float>(p, i, r);
  }
}
bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32;
}

}  // namespace

bool unarySupported(UnOp op, DType t) {
  switch (op) {
    case UnOp::Relu:
      return t == DType::F16 || t == DType::F32 || t == DType::S32;
    case UnOp::Not:
      return t == DType::S16 || t == DType::U16;
    default:
      return t == DType::F16 || t == DType::F32;
  }
}

bool unary(UnOp op, void* dst, const void* src, DType t, std::size_t n) {
  if (!unarySupported(op, t)) return false;
  if (t == DType::F32) {
    for (std::size_t i = 0; i < n; ++i) store<float>(dst, i, unaryF(op, load<float>(src, i)));
  } else if (t == DType::F16) {
    for (std::size_t i = 0; i < n; ++i) store<uint16_t>(dst, i, unaryH(op, load<uint16_t>(src, i)));
  } else if (op == UnOp::Not) {
    for (std::size_t i = 0; i < n; ++i)
      store<uint16_t>(dst, i, static_cast<uint16_t>(~load<uint16_t>(src, i)));
  } else {  // Relu of int32
    for (std::size_t i = 0; i < n; ++i) {
      const int32_t v = load<int32_t>(src, i);
      store<int32_t>(dst, i, v > 0 ? v : 0);
    }
  }
  return true;
}

bool fusedSupported(FusedOp op, DType dt, DType st) {
  switch (op) {
    case FusedOp::AddRelu:
    case FusedOp::SubRelu:
      return dt == st && (dt == DType::F16 || dt == DType::F32 || dt == DType::S16);
    case FusedOp::MulAddDst:  // also float dst with half sources
      return (dt == st && (dt == DType::F16 || dt == DType::F32)) ||
             (dt == DType::F32 && st == DType::F16);
    case FusedOp::FusedMulAdd:
    case FusedOp::FusedMulAddRelu:
      return dt == st && (dt == DType::F16 || dt == DType::F32);
    case FusedOp::LeakyRelu:
      return dt == st && (dt == DType::F16 || dt == DType::F32);
    default:  // Axpy: half/half, float/float, float dst with half src
      return (dt == st && (dt == DType::F16 || dt == DType::F32)) ||
             (dt == DType::F32 && st == DType::F16);
  }
}

bool fused(FusedOp op, void* dst, DType dt, const void* a, const void* b, DType st,
           std::uint64_t scalarBits, std::size_t n) {
  if (!fusedSupported(op, dt, st)) return false;
  if (isFloat(st)) {
    float s = 0.0f;
    if (st == DType::F32) {
      std::memcpy(&s, &scalarBits, sizeof(float));
    } else {
      s = numeric::halfToFloat(static_cast<uint16_t>(scalarBits));
    }
    for (std::size_t i = 0; i < n; ++i) {
      const float va = widen(a, st, i);
      const float vb = b != nullptr ? widen(b, st, i) : 0.0f;
      const float vd = widen(dst, dt, i);
      narrow(dst, dt, i, fusedF(op, va, vb, vd, s));
    }
    return true;
  }
  for (std::size_t i = 0; i < n; ++i)
    store<int16_t>(
        dst, i,
        fusedInt<int16_t>(op, load<int16_t>(a, i), load<int16_t>(b, i), load<int16_t>(dst, i)));
  return true;
}

void dequantToHalf(void* dst, const void* src, std::uint16_t scaleBits, std::size_t n) {
  const float scale = numeric::halfToFloat(scaleBits);
  for (std::size_t i = 0; i < n; ++i) {
    const float r = static_cast<float>(load<std::int32_t>(src, i)) * scale;
    store<std::uint16_t>(dst, i, r != r ? detail::kHalfQNaN : numeric::floatToHalf(r));
  }
}

}  // namespace asctwin::vec
