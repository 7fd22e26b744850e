// The numeric core of the kernel twin's vector unit: every vector instruction
// as a loop over raw UB pointers, one non-template entry point per instruction
// taking a dtype tag (kernel TUs stay cheap to compile; the per-dtype loops
// live in the library, with AVX2/F16C paths chosen at run time and a portable
// path that gives the same bits).
//
// The AscendC wrappers check operands (sizes, alignment, UB bounds) and then
// call these. Common rules:
// - n is the element count; n == 0 does nothing.
// - Pointers are aligned to their element size (any LocalTensor<T> address
//   is); Gather's source reads need no alignment. dst may be exactly the same
//   buffer as a source of the same element size (in place); other overlaps
//   are not allowed (the hardware forbids them too).
// - Scalars are passed as bit patterns in the low sizeof(T) bytes of a
//   uint64_t (scalarBits(value) builds one).
// - half / bfloat16 arithmetic is done in float and rounded once to nearest
//   even; a NaN result of arithmetic is the canonical quiet NaN (0x7E00,
//   0x7FC0, 0x7FC00000); integer arithmetic wraps (two's complement).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "asctwin/kernel/numeric.h"

namespace asctwin::vec {

enum class DType : std::uint8_t { F16, BF16, F32, F64, S8, U8, S16, U16, S32, U32, S64, U64 };

std::size_t dtypeSize(DType t);
const char* dtypeName(DType t);  // "half", "bfloat16_t", "float", "int32_t", ...

template <class T>
constexpr DType dtypeOf() {
  if constexpr (std::is_same_v<T, half>)
    return DType::F16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return DType::BF16;
  else if constexpr (std::is_same_v<T, float>)
    return DType::F32;
  else if constexpr (std::is_same_v<T, double>)
    return DType::F64;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 1)
    return DType::S8;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 1)
    return DType::U8;  // uint8_t, bool
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 2)
    return DType::S16;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 2)
    return DType::U16;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 4)
    return DType::S32;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 4)
    return DType::U32;
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) == 8)
    return DType::S64;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
    return DType::U64;
  else
    static_assert(sizeof(T) == 0, "not a vector dtype");
}

// The bit pattern of a scalar operand, zero-extended to 64 bits.
template <class T>
std::uint64_t scalarBits(T value) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

using numeric::Round;

// --- Cast -------------------------------------------------------------------
// dst[i] = convert(src[i]) with one rounding in `mode`. Returns false and
// writes nothing for an unsupported (dst, src, mode); n == 0 returns true.
// Supported pairs (castSupported() is the table; exact pairs accept every
// mode and ignore it):
//   half -> float, bf16 -> float, int8/uint8 -> half/float, int16 -> float, int16 -> int8
//   (saturating), int32 -> int64, int64 -> int32 (saturating)                 exact, any mode float
//   -> half, float -> bf16            all seven modes (None = Rint, Odd = round to odd) half ->
//   int8/uint8                      None, Rint, Floor, Ceil, Away, Trunc (None = Rint) half ->
//   int16/int32, bf16 -> int32, float -> int16/int32/int64, float -> float (round to integral)
//   Rint, Floor, Ceil, Away, Trunc int16/int32 -> half, int32/int64 -> float
//                                           None, Rint, Floor, Ceil, Away, Trunc (None = Rint)
// Float -> integer: round per mode, then saturate to the target range; NaN
// gives 0; -0.0 gives 0. Float narrowing follows numeric.h (NaN kept quiet
// with its top payload bits, overflow per mode). float -> float keeps the
// sign of zero and quiets NaN.
bool castSupported(DType dst, DType src, Round mode);
bool cast(void* dst, DType dstType, const void* src, DType srcType, Round mode, std::size_t n);

// --- Element-wise -----------------------------------------------------------
// dst[i] = value (every dtype).
void duplicate(void* dst, DType t, std::uint64_t scalarBits, std::size_t n);

// dst[i] = first + i (every dtype). Integers wrap; float types compute
// float(first) + float(i) in float, then round once to T (nearest even);
// double computes in double.
void createVecIndex(void* dst, DType t, std::uint64_t firstBits, std::size_t n);

enum class BinOp : std::uint8_t { Add, Sub, Mul, Div, Max, Min, And, Or };
// dst[i] = a[i] op b[i]. Float types (half, bf16, float, double): Add, Sub,
// Mul, Div, Max, Min. Integer types: Add, Sub, Mul (wrapping), Max, Min, And,
// Or (bitwise). Max/Min: a NaN operand gives the canonical NaN; -0 < +0.
// Returns false (nothing written) for other combinations; see binarySupported().
bool binarySupported(BinOp op, DType t);
bool binary(BinOp op, void* dst, const void* a, const void* b, DType t, std::size_t n);

enum class ScalarOp : std::uint8_t { Adds, Muls, Maxs, Mins, ShiftLeft, ShiftRight };
// dst[i] = a[i] op scalar. Adds/Muls/Maxs/Mins as the binary ops. Shifts:
// integer types only; the scalar is the count, read as a value of type T.
// ShiftLeft and the logical ShiftRight of unsigned types give 0 for counts
// >= the bit width (or negative); ShiftRight of signed types is arithmetic and
// gives the sign fill (0 or -1) for such counts.
bool scalarOpSupported(ScalarOp op, DType t);
bool scalarOp(ScalarOp op, void* dst, const void* a, std::uint64_t scalarBits, DType t,
              std::size_t n);

// --- Unary math and fused operations (unary.cpp) ----------------------------
// Float results are correctly rounded from double (float) or rounded once from
// float (half); NaN results are the canonical quiet NaN.
enum class UnOp : std::uint8_t { Relu, Exp, Ln, Abs, Rec, Rsqrt, Sqrt, Not };
// Relu: half, float, int32 (max(x, +0)); Not: int16/uint16 (bitwise); the
// rest: half, float. Abs clears the sign bit.
bool unarySupported(UnOp op, DType t);
bool unary(UnOp op, void* dst, const void* src, DType t, std::size_t n);

// d = dst[i] (read), a/b the sources, s the scalar:
//   AddRelu  max(a + b, 0)     SubRelu  max(a - b, 0)     (half, float, int16)
//   MulAddDst a * b + d        FusedMulAdd a * d + b      FusedMulAddRelu max(a * d + b, 0)
//   LeakyRelu a < 0 ? a * s : a                           (half, float)
//   Axpy      a * s + d        (half/half, float/float, dst float with half a)
// Half computes in float and rounds once; int16 wraps. `b` may be null for
// the ops that do not read it; `st` is the type of a, b and s.
enum class FusedOp : std::uint8_t {
  AddRelu,
  SubRelu,
  MulAddDst,
  FusedMulAdd,
  FusedMulAddRelu,
  LeakyRelu,
  Axpy
};
bool fusedSupported(FusedOp op, DType dt, DType st);
bool fused(FusedOp op, void* dst, DType dt, const void* a, const void* b, DType st,
           std::uint64_t scalarBits, std::size_t n);

// vconv_deq: dst[i] = half(float(src[i]) * scale), int32 sources, the scale
// a half (DEQSCALE's low 16 bits); int32 -> float rounds to nearest even,
// the product is rounded once to half.
void dequantToHalf(void* dst, const void* src, std::uint16_t scaleBits, std::size_t n);

// --- Reductions (reduce.cpp) --------------------------------------------------
// `lanes` holds `width` values of t (half or float; width a power of two <=
// 128); bit l of `enabled` says whether lane l takes part. Sum: binary tree
// over the lane positions (2k with 2k+1, ...), disabled lanes as +0, every
// node rounded to t. Max/Min: the extreme enabled value and the lowest lane
// holding it (*index); a NaN gives the canonical NaN at its lane. Returns the
// result's bits (0 when no lane is enabled).
enum class RedOp : std::uint8_t { Sum, Max, Min };
bool reduceSupported(DType t);
std::uint64_t reduceLanes(RedOp op, DType t, const void* lanes, const std::uint64_t enabled[2],
                          std::uint32_t width, std::uint32_t* index);
// acc + value in t, rounded once (ACC_VAL's accumulation over iterations).
std::uint64_t accumulate(DType t, std::uint64_t acc, std::uint64_t value);

// --- Select -----------------------------------------------------------------
enum class SelMode : std::uint8_t { CmpMaskSpr, TensorScalar, TensorTensor };
// dst[i] = bit ? src0[i] : (src1[i] | scalar), bits least significant first.
// TensorTensor / TensorScalar: element i uses bit i of maskBits.
// CmpMaskSpr: the mask sits in the CMPMASK register, which covers one 256-byte
// repeat; every repeat reuses it, so element i uses bit (i % (256 / sizeof(T)))
// and src1 is a tensor. Works on any dtype (it moves bit patterns).
void select(void* dst, const std::uint8_t* maskBits, const void* src0, const void* src1OrNull,
            std::uint64_t scalarBits, DType t, SelMode mode, std::size_t n);

// --- Compare ----------------------------------------------------------------
enum class CmpMode : std::uint8_t { LT, GT, EQ, LE, GE, NE };
// One result bit per element, least significant first, written to
// dstBits[0 .. ceil(n/8)); unused bits of the last byte are 0. A NaN operand
// compares false, except NE which is true. Every dtype is supported.
bool compareScalar(std::uint8_t* dstBits, const void* src, std::uint64_t scalarBits, DType t,
                   CmpMode mode, std::size_t n);
bool compare(std::uint8_t* dstBits, const void* a, const void* b, DType t, CmpMode mode,
             std::size_t n);

// Mode 1 (tensor and scalar) where src0 is one iteration of perRepeat
// elements that every iteration reads again (repeat stride 0): element i
// takes src0[i % perRepeat] where bit i is set, else the scalar.
void selectRepeatedSrc0(void* dst, const std::uint8_t* maskBits, const void* src0,
                        std::uint64_t scalarBits, DType t, std::size_t perRepeat, std::size_t n);

// --- Gather -----------------------------------------------------------------
// dst[i] = *(srcBase + baseAddr + byteOffsets[i]) (elemSize bytes: 1, 2, 4 or
// 8). The caller has bounds-checked every offset; srcBytes is how many bytes
// from srcBase + baseAddr may be read (the fast path of 32-bit words reads
// 64-byte windows there, never past srcBytes).
void gather(void* dst, const void* srcBase, const std::uint32_t* byteOffsets,
            std::uint32_t baseAddr, std::size_t elemSize, std::size_t n, std::uint64_t srcBytes);
// gather with its bounds check fused: every offset must be a multiple of
// elemSize with offset + elemSize <= srcBytes. Returns the index of the first
// that is not (nothing at or after it is read; words before it may have been
// written), or n when all pass and all were gathered. For 32-bit words the
// groups the AVX-512 windows serve are in bounds by construction, so the
// separate pass over the offsets is skipped there.
std::size_t gatherChecked(void* dst, const void* srcBase, const std::uint32_t* byteOffsets,
                          std::uint32_t baseAddr, std::size_t elemSize, std::size_t n,
                          std::uint64_t srcBytes);
// The bounds check of a gather, once per instruction: the index of the first
// offset that is not a multiple of `align` (a power of two) or exceeds
// `maxOffset` (none passes when maxOffset < 0); n when every offset passes.
// One vectorised pass (OR and maximum of all offsets, no division); the
// offending index is looked for only when that pass fails.
std::size_t firstBadOffset(const std::uint32_t* byteOffsets, std::size_t n, std::uint32_t align,
                           std::int64_t maxOffset);

// --- Implementation selection (tests and benchmarks) ------------------------
enum class Isa : std::uint8_t { Portable, Avx2 };
// The path in use: Avx2 when the CPU has AVX2 and F16C and the environment
// does not set ASCTWIN_VEC_PORTABLE=1.
Isa activeIsa();
// Forces a path (Avx2 is ignored when the CPU lacks it); returns the old one.
Isa setIsa(Isa isa);

}  // namespace asctwin::vec
