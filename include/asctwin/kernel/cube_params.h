// The parameter structs, enums and constants of the cube API (architecture
// 2201), with the names, members, defaults and constructors of the real
// headers (asc-devkit include/basic_api/kernel_struct_mm.h,
// kernel_struct_fixpipe.h, kernel_struct_data_copy.h,
// impl/basic_api/kernel_operator_mm_base_impl.h,
// impl/basic_api/utils/kernel_utils_constants.h).
#pragma once

#include <cstdint>

#include "asctwin/isa/intrinsics_cube.h"
#include "asctwin/kernel/int4.h"

namespace AscendC {

inline constexpr int32_t BLOCK_CUBE = 16;
inline constexpr int32_t CUBE_MAX_SIZE = 256;
inline constexpr uint8_t PAD_SIZE = 4;
inline constexpr uint8_t DEFAULT_DATA_COPY_NBURST = 1;
inline constexpr uint8_t DEFAULT_DATA_COPY_STRIDE = 0;
inline constexpr int32_t BYTE_PER_FRACTAL = 512;
// LoadData3DParamsV2Pro's packed configuration words.
inline constexpr uint64_t LOAD_M_START_POSITION = 48;
inline constexpr uint64_t LOAD_K_START_POSITION = 32;
inline constexpr uint64_t LOAD_M_EXTENSION = 16;
inline constexpr uint64_t LOAD_DILATION_FILTER_H = 40;
inline constexpr uint64_t LOAD_DILATION_FILTER_W = 32;
inline constexpr uint64_t LOAD_FILTER_H = 24;
inline constexpr uint64_t LOAD_FILTER_W = 16;
inline constexpr uint64_t LOAD_STRIDE_H = 8;

// Rounding helpers of the reference's kernel utilities
// (kernel_utils_ceil_oom_que.h) that the cube examples size their tiles with.
constexpr uint32_t DivCeil(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}
constexpr uint32_t AlignUp(uint32_t a, uint32_t b) {
  return DivCeil(a, b) * b;
}
constexpr uint32_t ConstCeil(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}
inline uint32_t Ceil(uint32_t a, uint32_t b) {
  return (a + b - 1) / b;
}

// --- LoadData --------------------------------------------------------------------------
using LoadData2dParams = struct LoadData2DParams;
struct LoadData2DParams {
  LoadData2DParams() {}
  LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                   const uint16_t srcStrideIn, const uint8_t sidIn, const uint16_t dstGapIn,
                   const bool ifTransposeIn, const uint8_t addrModeIn)
      : startIndex(startIndexIn),
        dstGap(dstGapIn),
        srcStride(srcStrideIn),
        ifTranspose(ifTransposeIn),
        repeatTimes(repeatTimesIn),
        sid(sidIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = 0;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
};

struct LoadData2DParamsV2 {
  LoadData2DParamsV2() {}
  LoadData2DParamsV2(const uint32_t mStartPositionIn, const uint32_t kStartPositionIn,
                     const uint16_t mStepIn, const uint16_t kStepIn, const int32_t srcStrideIn,
                     const uint16_t dstStrideIn, const bool ifTransposeIn, const uint8_t sidIn)
      : mStartPosition(mStartPositionIn),
        kStartPosition(kStartPositionIn),
        mStep(mStepIn),
        kStep(kStepIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        ifTranspose(ifTransposeIn),
        sid(sidIn) {}
  uint32_t mStartPosition = 0;
  uint32_t kStartPosition = 0;
  uint16_t mStep = 0;
  uint16_t kStep = 0;
  int32_t srcStride = 0;
  uint16_t dstStride = 0;
  bool ifTranspose = false;
  uint8_t sid = 0;
};

struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() {}
  LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                            const uint16_t srcStrideIn, const uint16_t dstGapIn,
                            const uint16_t dstfracGapIn, const uint8_t addrModeIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn),
        addrMode(addrModeIn) {}
  LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                            const uint16_t srcStrideIn, const uint16_t dstGapIn,
                            const uint16_t dstfracGapIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstfracGapIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

struct LoadData2dTransposeParamsV2 {
  LoadData2dTransposeParamsV2() {}
  LoadData2dTransposeParamsV2(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                              const uint16_t srcStrideIn, const uint16_t dstGapIn,
                              const uint16_t dstFracGapIn, const uint16_t srcFracGapIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstFracGapIn),
        srcFracGap(srcFracGapIn) {}
  LoadData2dTransposeParamsV2(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                              const uint16_t srcStrideIn, const uint16_t dstGapIn,
                              const uint16_t dstFracGapIn, const uint16_t srcFracGapIn,
                              const uint8_t addrModeIn)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstFracGapIn),
        srcFracGap(srcFracGapIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint16_t srcFracGap = 0;
  uint8_t addrMode = 0;
};

template <typename T>
struct LoadData3DParamsV1 {
  LoadData3DParamsV1() {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = 0;
  }
  LoadData3DParamsV1(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t c1IndexIn, const uint8_t fetchFilterWIn,
                     const uint8_t fetchFilterHIn, const int16_t leftTopWIn,
                     const int16_t leftTopHIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const uint8_t jumpStrideIn, const uint8_t repeatModeIn,
                     const uint8_t repeatTimeIn, const uint8_t cSizeIn, const T padValueIn)
      : strideW(strideWIn),
        strideH(strideHIn),
        filterW(filterWIn),
        filterH(filterHIn),
        dilationFilterW(dilationFilterWIn),
        dilationFilterH(dilationFilterHIn),
        jumpStride(jumpStrideIn),
        repeatMode(repeatModeIn),
        repeatTime(repeatTimeIn),
        cSize(cSizeIn),
        padValue(padValueIn),
        fetchFilterW(fetchFilterWIn),
        fetchFilterH(fetchFilterHIn),
        l1H(l1HIn),
        l1W(l1WIn),
        c1Index(c1IndexIn),
        leftTopW(leftTopWIn),
        leftTopH(leftTopHIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  uint8_t padList[PAD_SIZE] = {0};
  uint8_t strideW = 0;
  uint8_t strideH = 0;
  uint8_t filterW = 0;
  uint8_t filterH = 0;
  uint8_t dilationFilterW = 0;
  uint8_t dilationFilterH = 0;
  uint8_t jumpStride = 0;
  uint8_t repeatMode = 0;
  uint8_t repeatTime = 0;
  uint8_t cSize = 0;
  T padValue = 0;
  uint8_t fetchFilterW = 0;
  uint8_t fetchFilterH = 0;
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t c1Index = 0;
  int16_t leftTopW = 0;
  int16_t leftTopH = 0;
};

template <typename T>
struct LoadData3DParamsV2 {
  LoadData3DParamsV2() {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = 0;
  }
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn)
      : l1H(l1HIn),
        l1W(l1WIn),
        channelSize(channelSizeIn),
        kExtension(kExtensionIn),
        mExtension(mExtensionIn),
        kStartPt(kStartPtIn),
        mStartPt(mStartPtIn),
        strideW(strideWIn),
        strideH(strideHIn),
        filterW(filterWIn),
        filterH(filterHIn),
        dilationFilterW(dilationFilterWIn),
        dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        padValue(padValueIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                     const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                     const uint16_t mExtensionIn, const uint16_t kStartPtIn,
                     const uint16_t mStartPtIn, const uint8_t strideWIn, const uint8_t strideHIn,
                     const uint8_t filterWIn, const uint8_t filterHIn,
                     const uint8_t dilationFilterWIn, const uint8_t dilationFilterHIn,
                     const bool enTransposeIn, const bool enSmallKIn, const T padValueIn,
                     const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn)
      : l1H(l1HIn),
        l1W(l1WIn),
        channelSize(channelSizeIn),
        kExtension(kExtensionIn),
        mExtension(mExtensionIn),
        kStartPt(kStartPtIn),
        mStartPt(mStartPtIn),
        strideW(strideWIn),
        strideH(strideHIn),
        filterW(filterWIn),
        filterH(filterHIn),
        dilationFilterW(dilationFilterWIn),
        dilationFilterH(dilationFilterHIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        padValue(padValueIn),
        filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn) {
    for (int32_t i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
  }
  uint8_t padList[PAD_SIZE] = {0};
  uint16_t l1H = 0;
  uint16_t l1W = 0;
  uint16_t channelSize = 0;
  uint16_t kExtension = 0;
  uint16_t mExtension = 0;
  uint16_t kStartPt = 0;
  uint16_t mStartPt = 0;
  uint8_t strideW = 1;
  uint8_t strideH = 1;
  uint8_t filterW = 1;
  uint8_t filterH = 1;
  uint8_t dilationFilterW = 1;
  uint8_t dilationFilterH = 1;
  bool enTranspose = false;
  bool enSmallK = false;
  T padValue = 0;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
};

struct LoadData3DParamsV2Pro {
  LoadData3DParamsV2Pro() {}
  LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn,
                        const bool enSmallKIn, const bool filterSizeWIn, const bool filterSizeHIn,
                        const bool fMatrixCtrlIn, const uint64_t extConfigIn,
                        const uint64_t filterConfigIn)
      : channelSize(channelSizeIn),
        enTranspose(enTransposeIn),
        enSmallK(enSmallKIn),
        filterSizeW(filterSizeWIn),
        filterSizeH(filterSizeHIn),
        fMatrixCtrl(fMatrixCtrlIn),
        extConfig(extConfigIn),
        filterConfig(filterConfigIn) {}
  uint16_t channelSize = 0;
  bool enTranspose = false;
  bool enSmallK = false;
  bool filterSizeW = false;
  bool filterSizeH = false;
  bool fMatrixCtrl = false;
  uint64_t extConfig = 0;
  uint64_t filterConfig = 0X10101010101;
};

struct IsResetLoad3dConfig {
  constexpr IsResetLoad3dConfig(const bool isSetFMatrixIn, const bool isSetPaddingIn)
      : isSetFMatrix(isSetFMatrixIn), isSetPadding(isSetPaddingIn) {}
  bool isSetFMatrix = true;
  bool isSetPadding = true;
};
inline constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

enum class FmatrixMode : uint8_t {
  FMATRIX_LEFT = 0,
  FMATRIX_RIGHT = 1,
};

struct LoadDataRepeatParam {
  LoadDataRepeatParam() {}
  LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                      const uint8_t repeatModeIn)
      : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn) {}
  uint16_t repeatStride = 0;
  uint8_t repeatTime = 1;
  uint8_t repeatMode = 0;
  uint8_t reserved = 0;
};
// The A2/A3 form has no members (its fields exist on 3510 only).
struct LoadDataRepeatParamWithStride {};

template <typename T>
struct InitConstValueParams {
  InitConstValueParams() {}
  InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn,
                       const uint16_t dstGapIn, const T initValueIn)
      : repeatTimes(repeatTimesIn),
        blockNum(blockNumIn),
        dstGap(dstGapIn),
        initValue(initValueIn) {}
  InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
      : repeatTimes(repeatTimesIn), initValue(initValueIn) {}
  uint16_t repeatTimes = 0;
  uint16_t blockNum = 0;
  uint16_t dstGap = 0;
  T initValue = 0;
};

// --- Mmad -----------------------------------------------------------------------------
struct MmadParams {
  MmadParams() {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
             const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn,
             const bool enWinogradBIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        isBias(isBiasIn),
        fmOffset(fmOffsetIn),
        enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
             const bool cmatrixSourceIn, const bool cmatrixInitValIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        unitFlag(unitFlagIn),
        cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  // Deprecated: accumulate onto the initial matrix (C += A * B).
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  // C's initial value from the bias table (true) or L0C (false).
  bool cmatrixSource = false;
  // C starts at 0 (true) or at what cmatrixSource names (false).
  bool cmatrixInitVal = true;
};

// --- Fixpipe ----------------------------------------------------------------------------
enum class CO2Layout : uint8_t {
  NZ = 0,
  ROW_MAJOR,    // ND row
  COLUMN_MAJOR  // ND column
};

struct FixpipeConfig {
  CO2Layout format;
  constexpr FixpipeConfig(CO2Layout format_) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool, bool) : format(format_) {}
};
inline constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
inline constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

struct FixpipeParamsV220 {
  FixpipeParamsV220() {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        reluEn(reluEnIn) {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                    const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                    const uint16_t dstNdStrideIn, const uint8_t unitFlagIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        quantPre(quantPreIn),
        deqScalar(static_cast<uint64_t>(deqScalarIn)),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn),
        unitFlag(unitFlagIn) {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                    const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                    const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                    const uint16_t dstNdStrideIn, const uint8_t unitFlagIn,
                    const bool isChannelSplitIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        quantPre(quantPreIn),
        deqScalar(static_cast<uint64_t>(deqScalarIn)),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn),
        unitFlag(unitFlagIn),
        isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;  // M-direction size
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};
using FixpipeParamsM300 = FixpipeParamsV220;
using FixpipeParamsM310 = FixpipeParamsV220;

// --- DataCopy between GM, L1 and L0C -------------------------------------------------------
struct Nd2NzParams {
  Nd2NzParams() {}
  Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
              const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn,
              const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
              const uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn),
        dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

struct Dn2NzParams {
  Dn2NzParams() {}
  Dn2NzParams(const uint16_t dnNumIn, const uint16_t nValueIn, const uint32_t dValueIn,
              const uint64_t srcDnMatrixStrideIn, const uint64_t srcDValueIn,
              const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
              const uint32_t dstNzMatrixStrideIn) {
    dnNum = dnNumIn;
    nValue = nValueIn;
    dValue = dValueIn;
    srcDnMatrixStride = srcDnMatrixStrideIn;
    srcDValue = srcDValueIn;
    dstNzC0Stride = dstNzC0StrideIn;
    dstNzNStride = dstNzNStrideIn;
    dstNzMatrixStride = dstNzMatrixStrideIn;
  }
  uint16_t dnNum = 0;
  uint16_t nValue = 0;
  uint32_t dValue = 0;
  uint64_t srcDnMatrixStride = 0;
  uint64_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint32_t dstNzMatrixStride = 0;
};

struct DataCopyCO12DstParams {
  DataCopyCO12DstParams() {}
  DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                        const uint16_t srcStrideIn, const QuantMode_t quantPreIn,
                        const uint8_t reluPreIn, const bool channelSplitIn, const bool nz2ndEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        dstStride(dstStrideIn),
        srcStride(srcStrideIn),
        quantPre(quantPreIn),
        reluPre(reluPreIn),
        channelSplit(channelSplitIn),
        nz2ndEn(nz2ndEnIn) {}
  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;
  uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};

}  // namespace AscendC
