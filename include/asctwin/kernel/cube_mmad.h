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
// The pairs of dav_c220's MmadCal; with a bias, without int4b_t (its type
// check there leaves int4b_t out).
template <typename T, typename U, typename S>
constexpr bool madTypesSupported() {
  return std::is_same_v<U, S> &&
         ((std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>) ||
          (std::is_same_v<T, float> &&
           (std::is_same_v<U, half> || std::is_same_v<U, float> || std::is_same_v<U, bfloat16_t>)));
}
template <typename T, typename U, typename S>
constexpr bool madInt4() {
  return std::is_same_v<T, int32_t> && std::is_same_v<U, int4b_t> && std::is_same_v<S, int4b_t>;
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
  static_assert(detail::madTypesSupported<T, U, S>() || detail::madInt4<T, U, S>(),
                "Mmad supports dst/fm/filter int32_t/int8_t/int8_t, int32_t/int4b_t/int4b_t and "
                "float/half/half, float/float/float, float/bfloat16_t/bfloat16_t on A2/A3");
  detail::ApiCall call(
      "Mmad", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(fm), detail::cubeBuffer(filter)});
  detail::checkMadPositions(dst, fm, filter);
  const MmadParams& p = mmadParams;
  // The deprecated isBias accumulates onto the C already in L0C.
  const bool cmatrixInitVal = p.cmatrixInitVal && !p.isBias;
  if constexpr (detail::madInt4<T, U, S>()) {
    // Two int4 share a byte of A's and B's rows (dav_c220 asserts k even).
    if (p.k % 2 != 0)
      asctwin::kernel::failApi(
          "Mmad: MmadParams.k (%u) must be even when fm and filter are int4b_t",
          static_cast<unsigned>(p.k));
    mad_s4(reinterpret_cast<int32_t*>(dst.ref().ptr), detail::rawBytes(fm),
           detail::rawBytes(filter), p.m, p.k, p.n, p.unitFlag, p.kDirectionAlign, p.cmatrixSource,
           cmatrixInitVal);
  } else {
    mad(reinterpret_cast<T*>(dst.ref().ptr), reinterpret_cast<U*>(fm.ref().ptr),
        reinterpret_cast<S*>(filter.ref().ptr), p.m, p.k, p.n, p.unitFlag, p.kDirectionAlign,
        p.cmatrixSource, cmatrixInitVal);
  }
}

template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& mmadParams,
          std::source_location loc = std::source_location::current()) {
  static_assert(!detail::madInt4<T, U, S>(),
                "Mmad with a bias does not support int4b_t fm and filter on A2/A3 (only the form "
                "without a bias)");
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

// MmadWithSparse: C (int32) = A (int8, m x k) x B (the 4:2-densified int8
// B of LoadDataWithSparse, ceil(k / 2) x n) + initial C (docs/cube.md).
template <typename T = int32_t, typename U = int8_t,
          typename std::enable_if<std::is_same_v<T, int32_t>, bool>::type = true,
          typename std::enable_if<std::is_same_v<U, int8_t>, bool>::type = true>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm,
                    const LocalTensor<U>& filter, const MmadParams& mmadParams,
                    std::source_location loc = std::source_location::current()) {
  detail::ApiCall call(
      "MmadWithSparse", loc,
      {detail::cubeBuffer(dst), detail::cubeBuffer(fm), detail::cubeBuffer(filter)});
  detail::checkMadPositions(dst, fm, filter);
  const MmadParams& p = mmadParams;
  mad_sp(reinterpret_cast<int32_t*>(dst.ref().ptr), reinterpret_cast<int8_t*>(fm.ref().ptr),
         reinterpret_cast<int8_t*>(filter.ref().ptr), p.m, p.k, p.n, p.unitFlag, p.cmatrixSource,
         p.cmatrixInitVal);
}

// --- HF32 and the computation order (CTRL[46], CTRL[47], CTRL[51]) ----------------------
// As kernel_reg.h: read-modify-write of CTRL, read by every later Mmad when
// it is issued. HF32 (docs/cube.md): float operands rounded to 11 mantissa
// bits before the products; the order of the fractals changes nothing the
// twin computes.
enum class HF32Mode { ENABLE, DISABLE };
enum class HF32TransMode { NEAREST_ZERO, NEAREST_EVEN };

namespace detail {
inline void setCtrlBit(int bit, bool on) {
  const auto ctrl = static_cast<uint64_t>(get_ctrl());
  set_ctrl(on ? ctrl | (uint64_t{1} << bit) : ctrl & ~(uint64_t{1} << bit));
}
inline constexpr int kHf32ModeBit = 46;
inline constexpr int kHf32TransModeBit = 47;
inline constexpr int kMmLayoutModeBit = 51;
}  // namespace detail

inline void SetHF32Mode(HF32Mode mode, std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetHF32Mode", loc);
  detail::setCtrlBit(detail::kHf32ModeBit, mode == HF32Mode::ENABLE);
}
inline void SetHF32Mode(bool hf32Mode, std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetHF32Mode", loc);
  detail::setCtrlBit(detail::kHf32ModeBit, hf32Mode);
}
inline void SetHF32TransMode(HF32TransMode mode,
                             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetHF32TransMode", loc);
  detail::setCtrlBit(detail::kHf32TransModeBit, mode == HF32TransMode::NEAREST_ZERO);
}
inline void SetHF32TransMode(bool hf32TransMode,
                             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetHF32TransMode", loc);
  detail::setCtrlBit(detail::kHf32TransModeBit, hf32TransMode);
}
inline void SetMMRowMajor(std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetMMRowMajor", loc);
  detail::setCtrlBit(detail::kMmLayoutModeBit, true);
}
inline void SetMMColumnMajor(std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetMMColumnMajor", loc);
  detail::setCtrlBit(detail::kMmLayoutModeBit, false);
}
inline void SetMMLayoutTransform(bool mmLayoutMode,
                                 std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetMMLayoutTransform", loc);
  detail::setCtrlBit(detail::kMmLayoutModeBit, mmLayoutMode);
}

}  // namespace AscendC
