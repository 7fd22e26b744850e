// Cast: the conversions of the vector unit, each pair and rounding mode
// lowered to its vconv_* intrinsic (the real table of dav_c220). A pair the
// hardware lacks does not compile; a rounding mode the pair lacks fails the
// launch with the pair and mode named.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/cube_params.h"
#include "asctwin/kernel/vector_mask.h"

namespace AscendC {

namespace detail {

inline const char* roundModeName(RoundMode m) {
  static const char* const kNames[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                       "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
  const auto i = static_cast<unsigned>(m);
  return i < 7 ? kNames[i] : "an unknown RoundMode";
}

[[noreturn]] inline void badRound(RoundMode m, const char* from, const char* to) {
  asctwin::kernel::failApi("Cast from %s to %s does not support %s on this device", from, to,
                           roundModeName(m));
}

template <typename T>
constexpr bool kIs = false;

// The vconv_* of (D <- S, mode); each case names the intrinsic family.
#define ASCTWIN_CAST_RFCAZ(PREFIX)               \
  case RoundMode::CAST_RINT:                     \
    PREFIX##r(dst, src, repeat, dB, sB, dR, sR); \
    return;                                      \
  case RoundMode::CAST_FLOOR:                    \
    PREFIX##f(dst, src, repeat, dB, sB, dR, sR); \
    return;                                      \
  case RoundMode::CAST_CEIL:                     \
    PREFIX##c(dst, src, repeat, dB, sB, dR, sR); \
    return;                                      \
  case RoundMode::CAST_ROUND:                    \
    PREFIX##a(dst, src, repeat, dB, sB, dR, sR); \
    return;                                      \
  case RoundMode::CAST_TRUNC:                    \
    PREFIX##z(dst, src, repeat, dB, sB, dR, sR); \
    return;
#define ASCTWIN_CAST_NONE(NAME)             \
  case RoundMode::CAST_NONE:                \
    NAME(dst, src, repeat, dB, sB, dR, sR); \
    return;

template <typename D, typename S>
void castInstr(D* dst, S* src, RoundMode m, uint8_t repeat, uint16_t dB, uint16_t sB, uint16_t dR,
               uint16_t sR, const char* from, const char* to) {
  if constexpr (std::is_same_v<D, float> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_f162f32) default : break; }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, bfloat16_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_bf162f32) default : break; }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int8_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s82f16) default : break; }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, uint8_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_u82f16) default : break; }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, int16_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s162f32) default : break; }
  } else if constexpr (std::is_same_v<D, int16_t> && std::is_same_v<S, int32_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s322s16) default : break; }
  } else if constexpr (std::is_same_v<D, int64_t> && std::is_same_v<S, int32_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s322s64) default : break; }
  } else if constexpr (std::is_same_v<D, int32_t> && std::is_same_v<S, int64_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s642s32) default : break; }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, float>) {
    switch (m) {
      ASCTWIN_CAST_NONE(vconv_f322f16)
      ASCTWIN_CAST_RFCAZ(vconv_f322f16)
      case RoundMode::CAST_ODD:
        vconv_f322f16o(dst, src, repeat, dB, sB, dR, sR);
        return;
      default:
        break;
    }
  } else if constexpr (std::is_same_v<D, bfloat16_t> && std::is_same_v<S, float>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f322bf16) default : break; }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, float>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f322f32) default : break; }
  } else if constexpr (std::is_same_v<D, int32_t> && std::is_same_v<S, float>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f322s32) default : break; }
  } else if constexpr (std::is_same_v<D, int16_t> && std::is_same_v<S, float>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f322s16) default : break; }
  } else if constexpr (std::is_same_v<D, int64_t> && std::is_same_v<S, float>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f322s64) default : break; }
  } else if constexpr (std::is_same_v<D, int32_t> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f162s32) default : break; }
  } else if constexpr (std::is_same_v<D, int16_t> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_f162s16) default : break; }
  } else if constexpr (std::is_same_v<D, int8_t> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_f162s8) ASCTWIN_CAST_RFCAZ(vconv_f162s8) default : break; }
  } else if constexpr (std::is_same_v<D, uint8_t> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_f162u8) ASCTWIN_CAST_RFCAZ(vconv_f162u8) default : break; }
  } else if constexpr (std::is_same_v<D, int32_t> && std::is_same_v<S, bfloat16_t>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_bf162s32) default : break; }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int16_t>) {
    switch (m) {
      ASCTWIN_CAST_NONE(vconv_s162f16) ASCTWIN_CAST_RFCAZ(vconv_s162f16) default : break;
    }
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, int32_t>) {
    switch (m) {
      ASCTWIN_CAST_NONE(vconv_s322f32) ASCTWIN_CAST_RFCAZ(vconv_s322f32) default : break;
    }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int32_t>) {
    // The real code ignores the mode here: the scale set by SetDeqScale(half).
    (void)m;
    vconv_deq(dst, src, repeat, dB, sB, dR, sR);
    return;
  } else if constexpr (std::is_same_v<D, float> && std::is_same_v<S, int64_t>) {
    switch (m) { ASCTWIN_CAST_RFCAZ(vconv_s642f32) default : break; }
  } else if constexpr (std::is_same_v<D, int4b_t> && std::is_same_v<S, half>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_f162s4) ASCTWIN_CAST_RFCAZ(vconv_f162s4) default : break; }
  } else if constexpr (std::is_same_v<D, half> && std::is_same_v<S, int4b_t>) {
    switch (m) { ASCTWIN_CAST_NONE(vconv_s42f16) default : break; }
  } else {
    static_assert(kIs<D>, "Cast: the vector unit has no conversion between these element types");
  }
  badRound(m, from, to);
}
#undef ASCTWIN_CAST_NONE
#undef ASCTWIN_CAST_RFCAZ

template <typename T>
constexpr const char* typeName() {
  if constexpr (std::is_same_v<T, half>) return "half";
  if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
  if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  if constexpr (std::is_same_v<T, int4b_t>) return "int4b_t";
  return "?";
}

}  // namespace detail

// The first `count` elements: the narrower operand advances 4 blocks per
// iteration (int4b_t: 2, a quarter of the half operand's bytes), the wider
// one 8. int4b_t tensors hold two lanes per byte (lane 2i in the low nibble)
// from their first byte (docs/isa.md; their counts: docs/cube.md "int4").
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
          const uint32_t count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Cast", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  constexpr bool kInt4 = std::is_same_v<PrimT<T>, int4b_t> || std::is_same_v<PrimT<U>, int4b_t>;
  constexpr uint16_t kNarrow = kInt4 ? 2 : 4;
  constexpr uint16_t dR = sizeof(T) < sizeof(U) ? kNarrow : 8;
  constexpr uint16_t sR = sizeof(U) < sizeof(T) ? kNarrow : 8;
  detail::beginCount(count);
  detail::castInstr(dst.GetPhyAddr(), src.GetPhyAddr(), roundMode, 1, 1, 1, dR, sR,
                    detail::typeName<U>(), detail::typeName<T>());
  detail::endCount();
}
// The mask counts lanes of the narrower type's register layout.
template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
          const uint64_t mask[], uint8_t repeatTime, const UnaryRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Cast", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  if constexpr (sizeof(T) >= sizeof(U)) {
    detail::setMask<U, isSetMask>(mask);
  } else {
    detail::setMask<T, isSetMask>(mask);
  }
  detail::castInstr(dst.GetPhyAddr(), src.GetPhyAddr(), roundMode, repeatTime, p.dstBlkStride,
                    p.srcBlkStride, p.dstRepStride, p.srcRepStride, detail::typeName<U>(),
                    detail::typeName<T>());
}
template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
          const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Cast", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  if constexpr (sizeof(T) >= sizeof(U)) {
    detail::setMask<U, isSetMask>(mask);
  } else {
    detail::setMask<T, isSetMask>(mask);
  }
  detail::castInstr(dst.GetPhyAddr(), src.GetPhyAddr(), roundMode, repeatTime, p.dstBlkStride,
                    p.srcBlkStride, p.dstRepStride, p.srcRepStride, detail::typeName<U>(),
                    detail::typeName<T>());
}

// The DEQSCALE register: the half scale of Cast<half, int32_t> (vconv_deq),
// or the packed float scale (bits 31:0), 9-bit offset (bits 45:37) and sign
// mode (bit 46) of the int16 -> int8 dequantisations, as the real
// MakeDeqScaleConfig packs them.
inline uint64_t MakeDeqScaleConfig(float scale, int16_t offset, bool signMode) {
  uint32_t bits = 0;
  __builtin_memcpy(&bits, &scale, sizeof(bits));
  return (uint64_t{signMode} << 46) | ((static_cast<uint64_t>(offset) & 0x1FFu) << 37) | bits;
}
inline void SetDeqScale(half scale, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetDeqScale", loc);
  set_deqscale(scale);
}
inline void SetDeqScale(float scale, int16_t offset, bool signMode,
                        std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetDeqScale", loc);
  set_deqscale(MakeDeqScaleConfig(scale, offset, signMode));
}

}  // namespace AscendC
