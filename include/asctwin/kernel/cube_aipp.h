// AIPP (AI Core pre-process) of A2/A3: SetAippFunctions writes the AIPP
// registers and LoadImageToLocal moves an image window from GM to L1
// through them (load_image_to_cbuf), as the real implementation does
// (kernel_reg.h SetAippFunctionsImpl0..9, dav_c220 LoadImageToLocalCal).
// Semantics and the twin's choices: docs/cube.md, "AIPP".
#pragma once

#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

enum class AippInputFormat : uint8_t {
  YUV420SP_U8 = 0,
  XRGB8888_U8 = 1,
  RGB888_U8 = 4,
  YUV400_U8 = 9,
};

template <typename T>
struct AippPaddingParams {
  uint32_t paddingMode{0};
  T paddingValueCh0{0};
  T paddingValueCh1{0};
  T paddingValueCh2{0};
  T paddingValueCh3{0};
};

struct AippSwapParams {
  bool isSwapRB{false};
  bool isSwapUV{false};
  bool isSwapAX{false};
};

struct AippSingleLineParams {
  bool isSingleLineCopy{false};
};

struct AippDataTypeConvParams {
  uint8_t dtcMeanCh0{0};
  uint8_t dtcMeanCh1{0};
  uint8_t dtcMeanCh2{0};
  half dtcMinCh0{0};
  half dtcMinCh1{0};
  half dtcMinCh2{0};
  half dtcVarCh0{1.0};
  half dtcVarCh1{1.0};
  half dtcVarCh2{1.0};
  uint32_t dtcRoundMode{0};  // Atlas 200I/500 A2 only; not used on A2/A3
};

template <typename T>
struct AippChannelPaddingParams {
  uint32_t cPaddingMode;
  T cPaddingValue;
};

struct AippColorSpaceConvParams {
  bool isEnableCsc{false};
  int16_t cscMatrixR0C0{0};
  int16_t cscMatrixR0C1{0};
  int16_t cscMatrixR0C2{0};
  int16_t cscMatrixR1C0{0};
  int16_t cscMatrixR1C1{0};
  int16_t cscMatrixR1C2{0};
  int16_t cscMatrixR2C0{0};
  int16_t cscMatrixR2C1{0};
  int16_t cscMatrixR2C2{0};
  uint8_t cscBiasIn0{0};
  uint8_t cscBiasIn1{0};
  uint8_t cscBiasIn2{0};
  uint8_t cscBiasOut0{0};
  uint8_t cscBiasOut1{0};
  uint8_t cscBiasOut2{0};
};

template <typename T>
struct AippParams {
  AippPaddingParams<T> paddingParams;
  AippSwapParams swapParams;
  AippSingleLineParams singleLineParams;
  AippDataTypeConvParams dtcParams;
  AippChannelPaddingParams<T> cPaddingParams;
  AippColorSpaceConvParams cscParams;
};

struct LoadImageToLocalParams {
  LoadImageToLocalParams() {}
  LoadImageToLocalParams(const uint16_t horizSizeIn, const uint16_t vertSizeIn,
                         const uint16_t horizStartPosIn, const uint16_t vertStartPosIn,
                         const uint16_t srcHorizSizeIn, const uint8_t topPadSizeIn,
                         const uint8_t botPadSizeIn, const uint16_t leftPadSizeIn,
                         const uint16_t rightPadSizeIn)
      : horizSize(horizSizeIn),
        vertSize(vertSizeIn),
        horizStartPos(horizStartPosIn),
        vertStartPos(vertStartPosIn),
        srcHorizSize(srcHorizSizeIn),
        topPadSize(topPadSizeIn),
        botPadSize(botPadSizeIn),
        leftPadSize(leftPadSizeIn),
        rightPadSize(rightPadSizeIn) {}
  uint16_t horizSize = 0;
  uint16_t vertSize = 0;
  uint16_t horizStartPos = 0;
  uint16_t vertStartPos = 0;
  uint16_t srcHorizSize = 0;
  uint8_t topPadSize = 0;
  uint8_t botPadSize = 0;
  uint16_t leftPadSize = 0;
  uint16_t rightPadSize = 0;
  uint8_t sid = 0;
};

namespace detail {

template <typename V>
uint64_t aippBits(V v) {
  uint64_t out = 0;
  __builtin_memcpy(&out, &v, sizeof(V));
  return out;
}

// The registers as kernel_reg.h's SetAippFunctionsImpl0..9 fill them.
template <typename T, typename U>
void setAippRegisters(const T* src0, const T* src1, AippInputFormat format,
                      const AippParams<U>& config) {
  static_assert(std::is_same_v<T, uint8_t>,
                "SetAippFunctions: the A2/A3 input formats are uint8_t");
  static_assert(std::is_same_v<U, int8_t> || std::is_same_v<U, half>,
                "SetAippFunctions: the output type must be int8_t or half on A2/A3");
  const auto& csc = config.cscParams;
  const auto& dtc = config.dtcParams;
  set_aipp_spr_0(reinterpret_cast<uint64_t>(src0) & 0xFFFFFFFFFFFFull);
  set_aipp_spr_1((reinterpret_cast<uint64_t>(src1) & 0xFFFFFFFFFFFFull) |
                 (static_cast<uint64_t>(csc.isEnableCsc) << 63));
  set_aipp_spr_2((aippBits(csc.cscMatrixR0C0) & 0xFFFF) |
                 ((aippBits(csc.cscMatrixR0C1) & 0xFFFF) << 16) |
                 ((aippBits(csc.cscMatrixR0C2) & 0xFFFF) << 32) |
                 ((aippBits(csc.cscMatrixR1C0) & 0xFFFF) << 48));
  set_aipp_spr_3((aippBits(csc.cscMatrixR1C1) & 0xFFFF) |
                 ((aippBits(csc.cscMatrixR1C2) & 0xFFFF) << 16) |
                 ((aippBits(csc.cscMatrixR2C0) & 0xFFFF) << 32) |
                 ((aippBits(csc.cscMatrixR2C1) & 0xFFFF) << 48));
  set_aipp_spr_4((aippBits(csc.cscMatrixR2C2) & 0xFFFF) | (uint64_t{csc.cscBiasOut0} << 16) |
                 (uint64_t{csc.cscBiasOut1} << 24) | (uint64_t{csc.cscBiasOut2} << 32) |
                 (uint64_t{csc.cscBiasIn0} << 40) | (uint64_t{csc.cscBiasIn1} << 48) |
                 (uint64_t{csc.cscBiasIn2} << 56));
  set_aipp_spr_5(uint64_t{dtc.dtcMeanCh0} | (uint64_t{dtc.dtcMeanCh1} << 16) |
                 (uint64_t{dtc.dtcMeanCh2} << 32));
  set_aipp_spr_6(aippBits(dtc.dtcMinCh0) | (aippBits(dtc.dtcMinCh1) << 16) |
                 (aippBits(dtc.dtcMinCh2) << 32));
  set_aipp_spr_7(aippBits(dtc.dtcVarCh0) | (aippBits(dtc.dtcVarCh1) << 16) |
                 (aippBits(dtc.dtcVarCh2) << 32));
  const auto& pad = config.paddingParams;
  set_aipp_spr_8(aippBits(pad.paddingValueCh0) | (aippBits(pad.paddingValueCh1) << 16) |
                 (aippBits(pad.paddingValueCh2) << 32) | (aippBits(pad.paddingValueCh3) << 48));
  uint64_t mode = aippBits(config.cPaddingParams.cPaddingValue);
  mode |= static_cast<uint64_t>(config.swapParams.isSwapRB) << 16;
  mode |= static_cast<uint64_t>(config.swapParams.isSwapUV) << 17;
  mode |= static_cast<uint64_t>(config.swapParams.isSwapAX) << 18;
  mode |= (static_cast<uint64_t>(format) & 0x1F) << 19;
  mode |= static_cast<uint64_t>(config.singleLineParams.isSingleLineCopy) << 24;
  mode |= (static_cast<uint64_t>(pad.paddingMode) & 0x3) << 27;
  mode |= (static_cast<uint64_t>(config.cPaddingParams.cPaddingMode) & 0x1) << 40;
  set_aipp_spr_9(mode);
}

}  // namespace detail

// YUV400, RGB888, XRGB8888: one plane.
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config,
                      std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetAippFunctions", loc);
  detail::setAippRegisters<T, U>(src0.GetPhyAddr(), nullptr, format, config);
}

// YUV420 semi-planar: the Y plane and the interleaved UV plane.
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1,
                      AippInputFormat format, AippParams<U> config,
                      std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetAippFunctions", loc);
  detail::setAippRegisters<T, U>(src0.GetPhyAddr(), src1.GetPhyAddr(), format, config);
}

template <typename T>
void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& loadDataParams,
                      std::source_location loc = std::source_location::current()) {
  static_assert(std::is_same_v<T, int8_t> || std::is_same_v<T, half>,
                "LoadImageToLocal supports int8_t and half destinations on A2/A3");
  asctwin::kernel::ApiCall call("LoadImageToLocal", loc, {dst.ref().bufferId});
  if (dst.ref().space != asctwin::kernel::Space::L1)
    asctwin::kernel::failApi("LoadImageToLocal: dst must be in L1 (A1/B1), not %s",
                             asctwin::kernel::spaceName(dst.ref().space));
  const LoadImageToLocalParams& p = loadDataParams;
  // The instruction takes the sizes minus 1 (dav_c220 LoadImageToLocalCal).
  load_image_to_cbuf(dst.GetPhyAddr(), static_cast<uint16_t>(p.horizSize - 1),
                     static_cast<uint16_t>(p.vertSize - 1), p.horizStartPos, p.vertStartPos,
                     static_cast<uint16_t>(p.srcHorizSize - 1), p.topPadSize, p.botPadSize,
                     p.leftPadSize, p.rightPadSize, p.sid);
}

}  // namespace AscendC
