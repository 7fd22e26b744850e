// Vector instructions (PIPE_V). Operands live in UB; count 0 is a no-op.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/kernel/tensor.h"

namespace AscendC {

namespace detail {
using asctwin::kernel::Site;
inline asctwin::kernel::VecRound toVecRound(RoundMode m) {
  return static_cast<asctwin::kernel::VecRound>(static_cast<uint8_t>(m));
}
}  // namespace detail

template <typename T>
void Duplicate(const LocalTensor<T>& dst, const std::type_identity_t<T>& value, int32_t count,
               std::source_location loc = std::source_location::current()) {
  if (count < 0)
    asctwin::kernel::fail(detail::Site::at("Duplicate", loc), "count must be >= 0, got %d", count);
  asctwin::kernel::vecDuplicate(dst.ref(), asctwin::kernel::dtypeOf<T>(),
                                asctwin::kernel::bitsOf(value), static_cast<uint32_t>(count),
                                detail::Site::at("Duplicate", loc));
}

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE mode, uint32_t count,
            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecSelect(dst.ref(), selMask.ref(), src0.ref(), &src1.ref(), 0,
                             asctwin::kernel::dtypeOf<T>(), static_cast<uint8_t>(mode), count,
                             detail::Site::at("Select", loc));
}
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            std::type_identity_t<T> src1, SELMODE mode, uint32_t count,
            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecSelect(dst.ref(), selMask.ref(), src0.ref(), nullptr,
                             asctwin::kernel::bitsOf(static_cast<T>(src1)),
                             asctwin::kernel::dtypeOf<T>(), static_cast<uint8_t>(mode), count,
                             detail::Site::at("Select", loc));
}

template <typename T1, typename T2>
void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, const RoundMode& mode,
          uint32_t count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecCast(dst.ref(), asctwin::kernel::dtypeOf<T1>(), src.ref(),
                           asctwin::kernel::dtypeOf<T2>(), detail::toVecRound(mode), count,
                           detail::Site::at("Cast", loc));
}

template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
            const LocalTensor<uint32_t>& srcOffset, uint32_t srcBaseAddr, uint32_t count,
            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecGather(dst.ref(), src.ref(), srcOffset.ref(), srcBaseAddr,
                             static_cast<uint32_t>(sizeof(T)), count,
                             detail::Site::at("Gather", loc));
}

template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, std::type_identity_t<T> src1,
              CMPMODE mode, uint32_t count,
              std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecCompareScalar(dst.ref(), src0.ref(),
                                    asctwin::kernel::bitsOf(static_cast<T>(src1)),
                                    asctwin::kernel::dtypeOf<T>(), static_cast<uint8_t>(mode),
                                    count, detail::Site::at("Compares", loc));
}
template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             CMPMODE mode, uint32_t count,
             std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecCompare(dst.ref(), src0.ref(), src1.ref(), asctwin::kernel::dtypeOf<T>(),
                              static_cast<uint8_t>(mode), count, detail::Site::at("Compare", loc));
}

template <typename T>
void CreateVecIndex(const LocalTensor<T>& dst, const std::type_identity_t<T>& first, uint32_t count,
                    std::source_location loc = std::source_location::current()) {
  asctwin::kernel::vecCreateIndex(dst.ref(), asctwin::kernel::dtypeOf<T>(),
                                  asctwin::kernel::bitsOf(static_cast<T>(first)), count,
                                  detail::Site::at("CreateVecIndex", loc));
}

#define ASCTWIN_VEC_BINARY(NAME, OP)                                                              \
  template <typename T>                                                                           \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,    \
            int32_t count, std::source_location loc = std::source_location::current()) {          \
    if (count < 0)                                                                                \
      asctwin::kernel::fail(detail::Site::at(#NAME, loc), "count must be >= 0, got %d", count);   \
    asctwin::kernel::vecBinary(asctwin::kernel::VecBinary::OP, dst.ref(), src0.ref(), src1.ref(), \
                               asctwin::kernel::dtypeOf<T>(), static_cast<uint32_t>(count),       \
                               detail::Site::at(#NAME, loc));                                     \
  }
ASCTWIN_VEC_BINARY(Add, Add)
ASCTWIN_VEC_BINARY(Sub, Sub)
ASCTWIN_VEC_BINARY(Mul, Mul)
ASCTWIN_VEC_BINARY(Div, Div)
ASCTWIN_VEC_BINARY(Max, Max)
ASCTWIN_VEC_BINARY(Min, Min)
ASCTWIN_VEC_BINARY(And, And)
ASCTWIN_VEC_BINARY(Or, Or)
#undef ASCTWIN_VEC_BINARY

#define ASCTWIN_VEC_SCALAR(NAME, OP)                                                            \
  template <typename T>                                                                         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                               \
            const std::type_identity_t<T>& s, int32_t count,                                    \
            std::source_location loc = std::source_location::current()) {                       \
    if (count < 0)                                                                              \
      asctwin::kernel::fail(detail::Site::at(#NAME, loc), "count must be >= 0, got %d", count); \
    asctwin::kernel::vecScalar(asctwin::kernel::VecScalar::OP, dst.ref(), src.ref(),            \
                               asctwin::kernel::bitsOf(static_cast<T>(s)),                      \
                               asctwin::kernel::dtypeOf<T>(), static_cast<uint32_t>(count),     \
                               detail::Site::at(#NAME, loc));                                   \
  }
ASCTWIN_VEC_SCALAR(Adds, Adds)
ASCTWIN_VEC_SCALAR(Muls, Muls)
ASCTWIN_VEC_SCALAR(Maxs, Maxs)
ASCTWIN_VEC_SCALAR(Mins, Mins)
ASCTWIN_VEC_SCALAR(ShiftLeft, ShiftLeft)
ASCTWIN_VEC_SCALAR(ShiftRight, ShiftRight)
#undef ASCTWIN_VEC_SCALAR

}  // namespace AscendC
