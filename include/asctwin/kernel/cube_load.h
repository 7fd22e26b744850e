// Loading the cube's operands: LoadData (2-D fractal loads L1 -> L0A/L0B
// and GM -> L0A/L0B/L1, 3-D img2col L1 -> L0A/L0B), LoadDataWithTranspose,
// InitConstValue / Fill, and the img2col configuration (SetFmatrix,
// SetLoadDataPaddingValue, SetLoadDataBoundary, SetLoadDataRepeat), lowered
// to the intrinsics as the real implementation does (dav_c220
// kernel_operator_mm_impl.h, kernel_operator_mm_base_impl.h).
#pragma once

#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/cube_params.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

template <typename T, typename U>
struct IsSameType {
  static constexpr bool value = std::is_same_v<T, U>;
};

namespace detail {

using asctwin::kernel::Space;

// The element type the intrinsics move for T (the b16 integers as half, as
// the reference casts them).
template <typename T>
using CubeMoveType =
    std::conditional_t<std::is_same_v<T, uint16_t> || std::is_same_v<T, int16_t>, half, T>;

template <typename T>
uint32_t cubeBuffer(const LocalTensor<T>& t) {
  return t.ref().bufferId;
}

// int4b_t operands reach the _s4 intrinsics as raw bytes (the tensors count
// their elements in half bytes: asctwin/kernel/tensor.h), as dav_c220
// passes them; the paths dav_c220 has no int4 instruction for are refused.
template <typename T>
inline constexpr bool kInt4 = std::is_same_v<T, int4b_t>;
template <typename T>
void* rawBytes(const LocalTensor<T>& t) {
  return static_cast<void*>(t.ref().ptr);
}

[[noreturn]] inline void cubeUnsupported(const char* what) {
  asctwin::kernel::failApi("%s is not supported on Atlas A2/A3 (architecture 2201)", what);
}
[[noreturn]] inline void cubeBadPosition(const char* api, const char* role, const char* allowed,
                                         Space got) {
  asctwin::kernel::failApi("%s: %s must be in %s, not %s", api, role, allowed,
                           asctwin::kernel::spaceName(got));
}

// FMATRIX: l1W [15:0], l1H [31:16], padList [63:32] (left, right, top, bottom).
inline uint64_t fmatrixBits(uint16_t l1H, uint16_t l1W, const uint8_t padList[4]) {
  uint64_t r = uint64_t{l1W} | (uint64_t{l1H} << 16);
  for (uint32_t i = 0; i < 4; ++i) r |= uint64_t{padList[i]} << (32 + i * 8);
  return r;
}

template <typename T>
uint64_t paddingBits(const T padValue) {
  if constexpr (sizeof(T) == 2 || sizeof(T) == 4) {
    return asctwin::isa::scalarBits(padValue);
  } else {
    const auto v = static_cast<uint64_t>(asctwin::isa::scalarBits(padValue) & 0xFF);
    return (v << 8) | v;
  }
}

template <typename T>
void img2colTo(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint16_t kExt, uint16_t mExt,
               uint16_t kStart, uint16_t mStart, uint8_t strideW, uint8_t strideH, uint8_t filterW,
               uint8_t filterH, uint8_t dilW, uint8_t dilH, bool filterSizeW, bool filterSizeH,
               bool transpose, bool fMatrixCtrl, uint16_t channelSize, const char* api) {
  // bfloat16_t moves as half (the reference's specialisation).
  using M = std::conditional_t<std::is_same_v<T, bfloat16_t>, half, CubeMoveType<T>>;
  if (src.ref().space != Space::L1) cubeBadPosition(api, "src", "L1 (A1/B1)", src.ref().space);
  auto* s = reinterpret_cast<M*>(src.ref().ptr);
  switch (dst.ref().space) {
    case Space::L0A:
      // int4b_t: k and the channels in int4 elements (img2colv2_cbuf_to_ca_s4).
      if constexpr (kInt4<T>) {
        img2colv2_cbuf_to_ca_s4(rawBytes(dst), rawBytes(src), kExt, mExt, kStart, mStart, strideW,
                                strideH, filterW, filterH, dilW, dilH, filterSizeW, filterSizeH,
                                transpose, fMatrixCtrl, channelSize);
      } else {
        img2colv2_cbuf_to_ca(reinterpret_cast<M*>(dst.ref().ptr), s, kExt, mExt, kStart, mStart,
                             strideW, strideH, filterW, filterH, dilW, dilH, filterSizeW,
                             filterSizeH, transpose, fMatrixCtrl, channelSize);
      }
      break;
    case Space::L0B:
      if constexpr (kInt4<T>) {
        cubeUnsupported("LoadData 3-D from L1 Buffer(B1) to L0B Buffer(B2) with int4b_t");
      } else if constexpr (sizeof(T) == 1) {
        cubeUnsupported("LoadData 3-D from L1 Buffer(B1) to L0B Buffer(B2) with 8-bit types");
      } else {
        img2colv2_cbuf_to_cb(reinterpret_cast<M*>(dst.ref().ptr), s, kExt, mExt, kStart, mStart,
                             strideW, strideH, filterW, filterH, dilW, dilH, filterSizeW,
                             filterSizeH, transpose, fMatrixCtrl, channelSize);
      }
      break;
    case Space::UB:
      cubeUnsupported("LoadData 3-D from L1 to UB");
    default:
      cubeBadPosition(api, "dst", "L0A (A2) or L0B (B2)", dst.ref().space);
  }
}

}  // namespace detail

// --- 2-D loads -----------------------------------------------------------------------------
template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData2DParams& loadDataParams,
              std::source_location loc = std::source_location::current()) {
  using M = detail::CubeMoveType<T>;
  detail::ApiCall call("LoadData", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  if (src.ref().space != detail::Space::L1)
    detail::cubeBadPosition("LoadData", "src", "L1 (A1/B1)", src.ref().space);
  auto* s = reinterpret_cast<M*>(src.ref().ptr);
  auto* d = reinterpret_cast<M*>(dst.ref().ptr);
  const LoadData2DParams& p = loadDataParams;
  // int4b_t: the _s4 loads, never transposed (dav_c220 passes 0 whatever
  // ifTranspose says; its CPU check only warns).
  switch (dst.ref().space) {
    case detail::Space::L0A:
      if constexpr (detail::kInt4<T>) {
        load_cbuf_to_ca_s4(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid, false,
                           inc);
      } else {
        load_cbuf_to_ca(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid,
                        p.ifTranspose, inc);
      }
      break;
    case detail::Space::L0B:
      if constexpr (detail::kInt4<T>) {
        load_cbuf_to_cb_s4(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid, false,
                           inc);
      } else {
        load_cbuf_to_cb(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid,
                        p.ifTranspose, inc);
      }
      break;
    default:
      detail::cubeBadPosition("LoadData", "dst", "L0A (A2) or L0B (B2)", dst.ref().space);
  }
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
              const LoadData2DParams& loadDataParams,
              std::source_location loc = std::source_location::current()) {
  static_assert(!detail::kInt4<T>,
                "LoadData with LoadData2DParams from GM does not support int4b_t (int4b_t only "
                "L1 Buffer(A1/B1) -> L0A Buffer(A2) / L0B Buffer(B2))");
  using M = detail::CubeMoveType<T>;
  detail::ApiCall call("LoadData", loc, {detail::cubeBuffer(dst)});
  auto* s = reinterpret_cast<M*>(const_cast<T*>(src.GetPhyAddr()));
  auto* d = reinterpret_cast<M*>(dst.ref().ptr);
  const LoadData2DParams& p = loadDataParams;
  switch (dst.ref().space) {
    case detail::Space::L0A:
      load_gm_to_ca(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid, inc);
      break;
    case detail::Space::L0B:
      load_gm_to_cb(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid, inc);
      break;
    case detail::Space::L1:
      load_gm_to_cbuf(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.sid,
                      p.addrMode == 0 ? inc : dec);
      break;
    default:
      detail::cubeBadPosition("LoadData", "dst", "L0A (A2), L0B (B2) or L1 (A1/B1)",
                              dst.ref().space);
  }
}

// The V2 2-D parameters are an Ascend 950 form (the reference reports them
// unsupported on A2/A3).
template <typename T>
void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData2DParamsV2&,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadData", loc);
  detail::cubeUnsupported("LoadData with LoadData2DParamsV2");
}
template <typename T>
void LoadData(const LocalTensor<T>&, const GlobalTensor<T>&, const LoadData2DParamsV2&,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadData", loc);
  detail::cubeUnsupported("LoadData with LoadData2DParamsV2");
}

template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LoadData2dTransposeParams& loadDataParams,
                           std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadDataWithTranspose", loc,
                       {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  if (src.ref().space != detail::Space::L1)
    detail::cubeBadPosition("LoadDataWithTranspose", "src", "L1 (A1/B1)", src.ref().space);
  auto* s = reinterpret_cast<T*>(src.ref().ptr);
  auto* d = reinterpret_cast<T*>(dst.ref().ptr);
  const LoadData2dTransposeParams& p = loadDataParams;
  // int4b_t: into L0B only (load_cbuf_to_cb_transpose_s4: four 16 x 64
  // fractals per repeat).
  switch (dst.ref().space) {
    case detail::Space::L0A:
      if constexpr (detail::kInt4<T>) {
        detail::cubeUnsupported(
            "LoadDataWithTranspose from L1 Buffer(A1) to L0A Buffer(A2) with int4b_t");
      } else {
        load_cbuf_to_ca_transpose(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, inc,
                                  p.dstFracGap);
      }
      break;
    case detail::Space::L0B:
      if constexpr (detail::kInt4<T>) {
        load_cbuf_to_cb_transpose_s4(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, inc,
                                     p.dstFracGap);
      } else {
        load_cbuf_to_cb_transpose(d, s, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, inc,
                                  p.dstFracGap);
      }
      break;
    default:
      detail::cubeBadPosition("LoadDataWithTranspose", "dst", "L0A (A2) or L0B (B2)",
                              dst.ref().space);
  }
}
template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>&, const LocalTensor<T>&,
                           const LoadData2dTransposeParamsV2&,
                           std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadDataWithTranspose", loc);
  detail::cubeUnsupported("LoadDataWithTranspose with LoadData2dTransposeParamsV2");
}

// --- 3-D loads (img2col) -------------------------------------------------------------------
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = T, typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData3DParamsV2<U>& loadDataParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadData", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  const LoadData3DParamsV2<U>& p = loadDataParams;
  if constexpr (defaultConfig.isSetFMatrix)
    set_fmatrix(detail::fmatrixBits(p.l1H, p.l1W, p.padList));
  if constexpr (defaultConfig.isSetPadding) set_padding(detail::paddingBits(p.padValue));
  detail::img2colTo(dst, src, p.kExtension, p.mExtension, p.kStartPt, p.mStartPt, p.strideW,
                    p.strideH, p.filterW, p.filterH, p.dilationFilterW, p.dilationFilterH,
                    p.filterSizeW, p.filterSizeH, p.enTranspose, p.fMatrixCtrl, p.channelSize,
                    "LoadData");
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LoadData3DParamsV2Pro& loadDataParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadData", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  const LoadData3DParamsV2Pro& p = loadDataParams;
  const uint64_t e = p.extConfig;
  const uint64_t f = p.filterConfig;
  // The packed words are cut into the intrinsic's 16- and 8-bit fields.
  detail::img2colTo(
      dst, src, static_cast<uint16_t>(e), static_cast<uint16_t>(e >> LOAD_M_EXTENSION),
      static_cast<uint16_t>(e >> LOAD_K_START_POSITION),
      static_cast<uint16_t>(e >> LOAD_M_START_POSITION), static_cast<uint8_t>(f),
      static_cast<uint8_t>(f >> LOAD_STRIDE_H), static_cast<uint8_t>(f >> LOAD_FILTER_W),
      static_cast<uint8_t>(f >> LOAD_FILTER_H), static_cast<uint8_t>(f >> LOAD_DILATION_FILTER_W),
      static_cast<uint8_t>(f >> LOAD_DILATION_FILTER_H), p.filterSizeW, p.filterSizeH,
      p.enTranspose, p.fMatrixCtrl, p.channelSize, "LoadData");
}

template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = T, typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData3DParamsV1<U>&,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadData", loc);
  detail::cubeUnsupported("LoadData with LoadData3DParamsV1");
}

// LoadDataWithStride and SetLoadDataRepeatWithStride exist on Ascend 950 only.
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG,
          typename U = T, typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void LoadDataWithStride(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData3DParamsV2<U>&,
                        std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadDataWithStride", loc);
  detail::cubeUnsupported("LoadDataWithStride");
}
inline void SetLoadDataRepeatWithStride(
    const LoadDataRepeatParamWithStride&,
    std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetLoadDataRepeatWithStride", loc);
  detail::cubeUnsupported("SetLoadDataRepeatWithStride");
}

// --- img2col configuration (PIPE_S) -----------------------------------------------------------
inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4],
                       const FmatrixMode& fmatrixMode,
                       std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFmatrix", loc);
  if (l1H < 1 || l1H > 32767 || l1W < 1 || l1W > 32767)
    asctwin::kernel::failApi("SetFmatrix: l1H and l1W must be in [1, 32767], got %u and %u", l1H,
                             l1W);
  const uint64_t bits = detail::fmatrixBits(l1H, l1W, padList);
  if (fmatrixMode == FmatrixMode::FMATRIX_LEFT) {
    set_fmatrix(bits);
  } else {
    set_fmatrix_b(bits);
  }
}

template <typename T>
void SetLoadDataPaddingValue(const T padValue,
                             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetLoadDataPaddingValue", loc);
  set_padding(detail::paddingBits(padValue));
}

inline void SetLoadDataBoundary(uint32_t boundaryValue,
                                std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetLoadDataBoundary", loc);
  set_l1_3d_size(static_cast<uint64_t>(boundaryValue));
}

inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams,
                              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetLoadDataRepeat", loc);
  if (repeatParams.repeatMode > 1)
    asctwin::kernel::failApi("SetLoadDataRepeat: repeatMode must be 0 or 1, got %u",
                             repeatParams.repeatMode);
  set_l3d_rpt(static_cast<uint64_t>(repeatParams.repeatStride) |
              (static_cast<uint64_t>(repeatParams.repeatTime) << 16) |
              (static_cast<uint64_t>(repeatParams.repeatMode) << 24));
}

// --- constant fills of L1 / L0A / L0B ---------------------------------------------------------
namespace detail {
template <typename T, typename U>
void initConst(const LocalTensor<T>& dst, const InitConstValueParams<U>& p, const char* api) {
  const int64_t repeatBit =
      static_cast<int64_t>((static_cast<uint64_t>(p.blockNum) << 16) |
                           (static_cast<uint64_t>(p.dstGap) << 32) | p.repeatTimes);
  auto fill = [&](auto* d) {
    if constexpr (std::is_same_v<T, bfloat16_t>) {
      if (dst.ref().space == Space::L1) {
        create_cbuf_matrix_bf16(d, repeatBit, p.initValue);
      } else if (dst.ref().space == Space::L0A) {
        create_ca_matrix_bf16(d, repeatBit, p.initValue);
      } else {
        create_cb_matrix_bf16(d, repeatBit, p.initValue);
      }
    } else {
      // half and uint32_t as they are; the b16 integers as the half with
      // their bits; float and int32_t as the uint32_t with their bits.
      auto value = [&] {
        if constexpr (std::is_same_v<T, half> || std::is_same_v<T, uint32_t>) {
          return static_cast<T>(p.initValue);
        } else if constexpr (sizeof(T) == 2) {
          return half::fromBits(static_cast<uint16_t>(asctwin::isa::scalarBits(p.initValue)));
        } else {
          return static_cast<uint32_t>(asctwin::isa::scalarBits(p.initValue));
        }
      }();
      if (dst.ref().space == Space::L1) {
        create_cbuf_matrix(d, repeatBit, value);
      } else if (dst.ref().space == Space::L0A) {
        create_ca_matrix(d, repeatBit, value);
      } else {
        create_cb_matrix(d, repeatBit, value);
      }
    }
  };
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, int16_t> ||
                    std::is_same_v<T, uint16_t> || std::is_same_v<T, bfloat16_t> ||
                    std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> ||
                    std::is_same_v<T, float>,
                "InitConstValue supports half, int16_t, uint16_t, bfloat16_t, int32_t, uint32_t "
                "and float");
  const Space s = dst.ref().space;
  if (s != Space::L1 && s != Space::L0A && s != Space::L0B)
    cubeBadPosition(api, "dst", "L1 (A1/B1), L0A (A2) or L0B (B2)", s);
  fill(reinterpret_cast<T*>(dst.ref().ptr));
}
}  // namespace detail

template <typename T, typename U = T,
          typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams,
                    std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("InitConstValue", loc, {detail::cubeBuffer(dst)});
  detail::initConst(dst, initConstValueParams, "InitConstValue");
}
template <typename T, typename U = T,
          typename std::enable_if<std::is_same<T, U>::value, bool>::type = true>
void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams,
          std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("Fill", loc, {detail::cubeBuffer(dst)});
  detail::initConst(dst, initConstValueParams, "Fill");
}

// --- LoadDataWithSparse: densified int8 B and its index matrix into L0B --------------------
// As dav_c220's LoadDataWithSparseCal in CPU mode: the index matrix's
// address goes to the model through SetIndexMatrix, then
// load_cbuf_to_cb_sp copies repeatTimes fractals from startIndex (the other
// LoadData2dParams fields are not used by this instruction).
template <typename T = int8_t, typename U = uint8_t,
          typename std::enable_if<std::is_same_v<T, int8_t>, bool>::type = true,
          typename std::enable_if<std::is_same_v<U, uint8_t>, bool>::type = true>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                        const LocalTensor<U>& idx, const LoadData2dParams& loadDataParam,
                        std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("LoadDataWithSparse", loc,
                       {detail::cubeBuffer(dst), detail::cubeBuffer(src), detail::cubeBuffer(idx)});
  if (dst.ref().space != detail::Space::L0B)
    detail::cubeBadPosition("LoadDataWithSparse", "dst", "L0B (B2)", dst.ref().space);
  if (src.ref().space != detail::Space::L1)
    detail::cubeBadPosition("LoadDataWithSparse", "src", "L1 (B1)", src.ref().space);
  if (idx.ref().space != detail::Space::L1)
    detail::cubeBadPosition("LoadDataWithSparse", "idx", "L1 (B1)", idx.ref().space);
  SetIndexMatrix(static_cast<void*>(idx.ref().ptr));
  load_cbuf_to_cb_sp(reinterpret_cast<int8_t*>(dst.ref().ptr),
                     reinterpret_cast<int8_t*>(src.ref().ptr), loadDataParam.startIndex,
                     loadDataParam.repeatTimes);
}

}  // namespace AscendC

#include "asctwin/kernel/cube_aipp.h"  // LoadImageToLocal, SetAippFunctions
