// Mmad: C (L0C, CO1) = A (L0A, A2) x B (L0B, B2) + initial C, lowered to
// mad as the real implementation does (dav_c220 kernel_operator_mm_impl.h
// MmadCal; kernel_operator_mm_base_impl.h MmadImpl). Numerics: docs/cube.md.
#pragma once

#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/kernel/cube_load.h"

namespace AscendC {

namespace detail {
template <typename T, typename U, typename S>
constexpr bool madTypesSupported() {
  return std::is_same_v<U, S> &&
         ((std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>) ||
          (std::is_same_v<T, float> &&
           (std::is_same_v<U, half> || std::is_same_v<U, float> || std::is_same_v<U, bfloat16_t>)));
}

template <typename T, typename U, typename S>
void checkMadPositions(const LocalTensor<T>& dst, const LocalTensor<U>& fm,
                       const LocalTensor<S>& filter) {
  if (dst.ref().space != Space::L0C) cubeBadPosition("Mmad", "dst", "L0C (CO1)", dst.ref().space);
  if (fm.ref().space != Space::L0A) cubeBadPosition("Mmad", "fm", "L0A (A2)", fm.ref().space);
  if (filter.ref().space != Space::L0B)
    cubeBadPosition("Mmad", "filter", "L0B (B2)", filter.ref().space);
}
}  // namespace detail

template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const MmadParams& mmadParams,
          std::source_location loc = std::source_location::current()) {
  static_assert(detail::madTypesSupported<T, U, S>(),
                "Mmad supports dst/fm/filter int32_t/int8_t/int8_t and float/half/half, "
                "float/float/float, float/bfloat16_t/bfloat16_t on A2/A3");
  detail::ApiCall call(
      "Mmad", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(fm), detail::cubeBuffer(filter)});
  detail::checkMadPositions(dst, fm, filter);
  const MmadParams& p = mmadParams;
  // The deprecated isBias accumulates onto the C already in L0C.
  const bool cmatrixInitVal = p.cmatrixInitVal && !p.isBias;
  mad(reinterpret_cast<T*>(dst.ref().ptr), reinterpret_cast<U*>(fm.ref().ptr),
      reinterpret_cast<S*>(filter.ref().ptr), p.m, p.k, p.n, p.unitFlag, p.kDirectionAlign,
      p.cmatrixSource, cmatrixInitVal);
}

template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& mmadParams,
          std::source_location loc = std::source_location::current()) {
  static_assert(detail::madTypesSupported<T, U, S>(),
                "Mmad supports dst/fm/filter int32_t/int8_t/int8_t and float/half/half, "
                "float/float/float, float/bfloat16_t/bfloat16_t on A2/A3");
  detail::ApiCall call("Mmad", loc,
                       {detail::cubeBuffer(dst), detail::cubeBuffer(fm), detail::cubeBuffer(filter),
                        detail::cubeBuffer(bias)});
  detail::checkMadPositions(dst, fm, filter);
  // The bias's position decides where C starts: BT (C2) or L0C (CO1).
  bool cmatrixSource = false;
  if (bias.ref().space == detail::Space::BT) {
    cmatrixSource = true;
  } else if (bias.ref().space != detail::Space::L0C) {
    detail::cubeBadPosition("Mmad", "bias", "BT (C2) or L0C (CO1)", bias.ref().space);
  }
  const MmadParams& p = mmadParams;
  mad(reinterpret_cast<T*>(dst.ref().ptr), reinterpret_cast<U*>(fm.ref().ptr),
      reinterpret_cast<S*>(filter.ref().ptr), reinterpret_cast<uint64_t>(bias.ref().ptr), p.m, p.k,
      p.n, p.unitFlag, p.kDirectionAlign, cmatrixSource, p.cmatrixInitVal);
}

}  // namespace AscendC
