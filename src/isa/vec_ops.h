// The ISA's operation enums (asctwin/isa/runtime*.h) and the numeric core's
// (src/kernel/vec/vec.h) name the same operations in the same order, so an
// instruction's operation passes to the numeric core as its ordinal. The
// assertions tie every pair: reordering or inserting on one side only stops
// the build here instead of computing another operation.
#pragma once

#include <cstdint>

#include "asctwin/isa/runtime.h"
#include "asctwin/isa/runtime_vector.h"
#include "asctwin/kernel/numeric.h"
#include "kernel/vec/vec.h"

namespace asctwin::isa {

template <auto A, auto B>
inline constexpr bool kSameOp = static_cast<uint8_t>(A) == static_cast<uint8_t>(B);

static_assert(kSameOp<VBin::Add, vec::BinOp::Add> && kSameOp<VBin::Sub, vec::BinOp::Sub> &&
              kSameOp<VBin::Mul, vec::BinOp::Mul> && kSameOp<VBin::Div, vec::BinOp::Div> &&
              kSameOp<VBin::Max, vec::BinOp::Max> && kSameOp<VBin::Min, vec::BinOp::Min> &&
              kSameOp<VBin::And, vec::BinOp::And> && kSameOp<VBin::Or, vec::BinOp::Or>);
static_assert(kSameOp<Cmp::LT, vec::CmpMode::LT> && kSameOp<Cmp::GT, vec::CmpMode::GT> &&
              kSameOp<Cmp::EQ, vec::CmpMode::EQ> && kSameOp<Cmp::LE, vec::CmpMode::LE> &&
              kSameOp<Cmp::GE, vec::CmpMode::GE> && kSameOp<Cmp::NE, vec::CmpMode::NE>);
static_assert(kSameOp<VUn::Relu, vec::UnOp::Relu> && kSameOp<VUn::Exp, vec::UnOp::Exp> &&
              kSameOp<VUn::Ln, vec::UnOp::Ln> && kSameOp<VUn::Abs, vec::UnOp::Abs> &&
              kSameOp<VUn::Rec, vec::UnOp::Rec> && kSameOp<VUn::Rsqrt, vec::UnOp::Rsqrt> &&
              kSameOp<VUn::Sqrt, vec::UnOp::Sqrt> && kSameOp<VUn::Not, vec::UnOp::Not>);
static_assert(kSameOp<VFused::AddRelu, vec::FusedOp::AddRelu> &&
              kSameOp<VFused::SubRelu, vec::FusedOp::SubRelu> &&
              kSameOp<VFused::MulAddDst, vec::FusedOp::MulAddDst> &&
              kSameOp<VFused::FusedMulAdd, vec::FusedOp::FusedMulAdd> &&
              kSameOp<VFused::FusedMulAddRelu, vec::FusedOp::FusedMulAddRelu> &&
              kSameOp<VFused::LeakyRelu, vec::FusedOp::LeakyRelu> &&
              kSameOp<VFused::Axpy, vec::FusedOp::Axpy>);
static_assert(kSameOp<Rnd::None, numeric::Round::None> &&
              kSameOp<Rnd::Rint, numeric::Round::Rint> &&
              kSameOp<Rnd::Floor, numeric::Round::Floor> &&
              kSameOp<Rnd::Ceil, numeric::Round::Ceil> &&
              kSameOp<Rnd::Away, numeric::Round::Away> &&
              kSameOp<Rnd::Trunc, numeric::Round::Trunc> && kSameOp<Rnd::Odd, numeric::Round::Odd>);

inline vec::BinOp vecOp(VBin op) {
  return static_cast<vec::BinOp>(static_cast<uint8_t>(op));
}
inline vec::CmpMode vecOp(Cmp op) {
  return static_cast<vec::CmpMode>(static_cast<uint8_t>(op));
}
inline vec::UnOp vecOp(VUn op) {
  return static_cast<vec::UnOp>(static_cast<uint8_t>(op));
}
inline vec::FusedOp vecOp(VFused op) {
  return static_cast<vec::FusedOp>(static_cast<uint8_t>(op));
}
inline numeric::Round vecOp(Rnd mode) {
  return static_cast<numeric::Round>(static_cast<uint8_t>(mode));
}

}  // namespace asctwin::isa
