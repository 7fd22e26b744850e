// Moving results out of L0C: Fixpipe (FixpipeParamsV220, to GM or L1, with
// or without a per-channel quantisation workspace in L1), DataCopy with
// DataCopyCO12DstParams, and the Fixpipe registers (SetFixPipeConfig,
// SetFixpipeNz2ndFlag, SetFixpipePreQuantFlag), lowered to the intrinsics
// as the real implementation does (dav_c220 kernel_operator_fixpipe_v2_impl.h,
// kernel_operator_data_copy_impl.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include "asctwin/source_location.h"

#include "asctwin/kernel/cube_load.h"

namespace AscendC {

namespace detail {

inline bool scalarQuant(QuantMode_t q) {
  return q == QuantMode_t::DEQF16 || q == QuantMode_t::QF322B8_PRE || q == QuantMode_t::REQ8;
}
inline bool vectorQuantMode(QuantMode_t q) {
  return q == QuantMode_t::VDEQF16 || q == QuantMode_t::VQF322B8_PRE || q == QuantMode_t::VREQ8;
}

// The reference's tiling of a per-channel quantised transfer: at most 256
// channels at once, else rounds of 128 and a tail.
struct FixpipeTiling {
  uint16_t nIterNum = 0;
  uint16_t nSize = 0;
  uint16_t tailNSize = 0;
};
inline FixpipeTiling fixpipeTiling(uint16_t n) {
  FixpipeTiling t;
  if (n <= 256) {
    t.nIterNum = 1;
    t.nSize = n;
  } else {
    t.nIterNum = n / 128;
    t.nSize = 128;
    t.tailNSize = n % 128;
  }
  return t;
}

// Copies the round's quantisation parameters (uint64_t each) from the L1
// workspace to FB offset 0 and points FPC's QuantPre field at them.
inline void copyDeqTensorToFb(uint8_t* workspace, const FixpipeTiling& t, uint16_t calNSize,
                              uint16_t round) {
  const uint16_t bytes = static_cast<uint16_t>((calNSize * 8u + 127u) / 128u * 128u);
  uint8_t* fb = asctwin::kernel::localBase(Space::FB);
  copy_cbuf_to_fbuf(fb, workspace + uint64_t{round} * t.nSize * 8u, 1, bytes / 128u, 0, 0);
  set_fpc((uint64_t{0} >> 7) << 8);  // FB offset 0 in 128-byte units, FPC[15:8]
}

template <typename T, typename U, bool kToGm>
void fixpipeOut(uint8_t* dstBase, const LocalTensor<U>& src, const FixpipeParamsV220& p, bool nz2nd,
                uint16_t calNSize, uint16_t tileN, uint16_t round) {
  const uint32_t cburstNum = tileN / 16u;
  const uint64_t srcOffset = uint64_t{cburstNum} * round * p.srcStride * BLOCK_CUBE;  // elements
  const uint64_t dstOffset =
      nz2nd ? uint64_t{round} * tileN : uint64_t{cburstNum} * round * p.dstStride * 32u / sizeof(T);
  T* d = reinterpret_cast<T*>(dstBase) + dstOffset;
  U* s = reinterpret_cast<U*>(src.ref().ptr) + srcOffset;
  if constexpr (kToGm) {
    copy_matrix_cc_to_gm(d, s, 0, calNSize, p.mSize, p.dstStride, p.srcStride, p.unitFlag,
                         p.quantPre, static_cast<uint8_t>(p.reluEn), p.isChannelSplit, nz2nd);
  } else {
    copy_matrix_cc_to_cbuf(d, s, 0, calNSize, p.mSize, p.dstStride, p.srcStride, p.unitFlag,
                           p.quantPre, static_cast<uint8_t>(p.reluEn), false, false);
  }
}

// Per-channel quantisation with a workspace: the parameters go L1 -> FB
// round by round, each round followed by its transfer `out(n, tileN, round)`;
// other modes do nothing with a workspace (as the reference).
template <typename Out>
void perChannelRounds(const LocalTensor<uint64_t>& workspace, const FixpipeParamsV220& p,
                      Out&& out) {
  if (!vectorQuantMode(p.quantPre)) return;
  if (workspace.ref().space != Space::L1)
    cubeBadPosition("Fixpipe", "cbufWorkspace", "L1", workspace.ref().space);
  const FixpipeTiling t = fixpipeTiling(p.nSize);
  auto round = [&](uint16_t n, uint16_t i) {
    copyDeqTensorToFb(workspace.ref().ptr, t, n, i);
    pipe_barrier(PIPE_FIX);
    out(n, t.nSize, i);
  };
  for (uint16_t i = 0; i < t.nIterNum; ++i) round(t.nSize, i);
  if (t.tailNSize > 0) round(t.tailNSize, t.nIterNum);
}

template <typename T, typename U>
void requireL0c(const LocalTensor<U>& src, const char* api) {
  if (src.ref().space != Space::L0C) cubeBadPosition(api, "src", "L0C (CO1)", src.ref().space);
}

template <typename T, typename U, const FixpipeConfig& config>
void fixpipeToGm(T* dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>* workspace,
                 const FixpipeParamsV220& p) {
  requireL0c<T>(src, "Fixpipe");
  constexpr bool nz2nd = config.format == CO2Layout::ROW_MAJOR;
  if constexpr (nz2nd)
    set_nd_para((static_cast<uint64_t>(p.dstNdStride) << 32) |
                (static_cast<uint64_t>(p.srcNdStride) << 16) | static_cast<uint64_t>(p.ndNum));
  auto* base = reinterpret_cast<uint8_t*>(dst);
  if (workspace == nullptr) {
    if (scalarQuant(p.quantPre)) set_quant_pre(p.deqScalar);
    pipe_barrier(PIPE_FIX);
    fixpipeOut<T, U, true>(base, src, p, nz2nd, p.nSize, 0, 0);
    return;
  }
  perChannelRounds(*workspace, p, [&](uint16_t n, uint16_t tileN, uint16_t i) {
    fixpipeOut<T, U, true>(base, src, p, nz2nd, n, tileN, i);
  });
}

template <typename T, typename U, const FixpipeConfig& config>
void fixpipeToL1(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                 const LocalTensor<uint64_t>* workspace, const FixpipeParamsV220& p) {
  requireL0c<T>(src, "Fixpipe");
  if constexpr (std::is_same_v<T, U>)
    asctwin::kernel::failApi(
        "Fixpipe from L0C to L1 converts: src float to int8_t/uint8_t/half/"
        "bfloat16_t, or int32_t to int8_t/uint8_t/half");
  if (config.format != CO2Layout::NZ)
    asctwin::kernel::failApi("Fixpipe from L0C to L1 writes NZ only (config.format must be NZ)");
  if (p.isChannelSplit)
    asctwin::kernel::failApi("Fixpipe from L0C to L1: isChannelSplit must be false");
  if (dst.ref().space != Space::L1)
    cubeBadPosition("Fixpipe", "dst", "L1 (A1/B1/C1)", dst.ref().space);
  if (p.quantPre == QuantMode_t::NoQuant)
    asctwin::kernel::failApi(
        "Fixpipe from L0C to L1: quantPre must be a conversion or a "
        "quantisation mode, not NoQuant");
  auto* base = dst.ref().ptr;
  if (workspace == nullptr) {
    if (scalarQuant(p.quantPre)) set_quant_pre(p.deqScalar);
    fixpipeOut<T, U, false>(base, src, p, false, p.nSize, 0, 0);
    return;
  }
  perChannelRounds(*workspace, p, [&](uint16_t n, uint16_t tileN, uint16_t i) {
    fixpipeOut<T, U, false>(base, src, p, false, n, tileN, i);
  });
}

}  // namespace detail

// --- Fixpipe ------------------------------------------------------------------------------------
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
             const FixpipeParamsV220& intriParams,
             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("Fixpipe", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  detail::fixpipeToL1<T, U, config>(dst, src, nullptr, intriParams);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR,
          typename S = uint64_t,
          typename std::enable_if<std::is_same<S, uint64_t>::value, bool>::type = true>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src,
             const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& intriParams,
             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call(
      "Fixpipe", loc,
      {detail::cubeBuffer(dst), detail::cubeBuffer(src), detail::cubeBuffer(cbufWorkspace)});
  detail::fixpipeToL1<T, U, config>(dst, src, &cbufWorkspace, intriParams);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
             const FixpipeParamsV220& intriParams,
             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("Fixpipe", loc, {detail::cubeBuffer(src)});
  detail::fixpipeToGm<T, U, config>(const_cast<T*>(dst.GetPhyAddr()), src, nullptr, intriParams);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR,
          typename S = uint64_t,
          typename std::enable_if<std::is_same<S, uint64_t>::value, bool>::type = true>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
             const LocalTensor<S>& cbufWorkspace, const FixpipeParamsV220& intriParams,
             std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("Fixpipe", loc,
                       {detail::cubeBuffer(src), detail::cubeBuffer(cbufWorkspace)});
  detail::fixpipeToGm<T, U, config>(const_cast<T*>(dst.GetPhyAddr()), src, &cbufWorkspace,
                                    intriParams);
}

// --- DataCopy out of L0C ------------------------------------------------------------------------
template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
              const DataCopyCO12DstParams& intriParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::cubeBuffer(src)});
  detail::requireL0c<T>(src, "DataCopy with DataCopyCO12DstParams");
  const DataCopyCO12DstParams& p = intriParams;
  copy_matrix_cc_to_gm(const_cast<T*>(dst.GetPhyAddr()), reinterpret_cast<U*>(src.ref().ptr), p.sid,
                       p.nSize, p.mSize, p.dstStride, p.srcStride, p.unitFlag, p.quantPre,
                       p.reluPre, p.channelSplit, p.nz2ndEn);
}

template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
              const DataCopyCO12DstParams& intriParams,
              std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("DataCopy", loc, {detail::cubeBuffer(dst), detail::cubeBuffer(src)});
  detail::requireL0c<T>(src, "DataCopy with DataCopyCO12DstParams");
  if (dst.ref().space != detail::Space::L1)
    detail::cubeBadPosition("DataCopy with DataCopyCO12DstParams", "dst", "L1 (A1/B1) or GM",
                            dst.ref().space);
  const DataCopyCO12DstParams& p = intriParams;
  if (p.quantPre == QuantMode_t::NoQuant)
    asctwin::kernel::failApi(
        "DataCopy from L0C to L1: quantPre must be F322F16, F322BF16, DEQF16, "
        "VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8 or VREQ8");
  copy_matrix_cc_to_cbuf(reinterpret_cast<T*>(dst.ref().ptr), reinterpret_cast<U*>(src.ref().ptr),
                         p.sid, p.nSize, p.mSize, p.dstStride, p.srcStride, p.unitFlag, p.quantPre,
                         p.reluPre, p.channelSplit, p.nz2ndEn);
}

// --- Fixpipe registers (PIPE_S) -----------------------------------------------------------------
namespace detail {
template <typename T>
uint64_t fbOffsetOf(const LocalTensor<T>& t) {
  return t.ref().offset;
}
}  // namespace detail

template <typename T>
void SetFixPipeConfig(const LocalTensor<T>& reluPre, const LocalTensor<T>& quantPre,
                      bool isUnitFlag = false,
                      std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixPipeConfig", loc);
  if (reluPre.ref().space != detail::Space::FB)
    detail::cubeBadPosition("SetFixPipeConfig", "reluPre", "FB (C2PIPE2GM)", reluPre.ref().space);
  if (quantPre.ref().space != detail::Space::FB)
    detail::cubeBadPosition("SetFixPipeConfig", "quantPre", "FB (C2PIPE2GM)", quantPre.ref().space);
  uint64_t config = detail::fbOffsetOf(reluPre) >> 6;  // FPC[7:0], 64 B units
  config |= (detail::fbOffsetOf(quantPre) >> 7) << 8;  // FPC[15:8], 128 B units
  config |= static_cast<uint64_t>(isUnitFlag) << 63;   // FPC[63]
  set_fpc(config);
}

template <typename T, bool setRelu = false>
void SetFixPipeConfig(const LocalTensor<T>& preData, bool isUnitFlag = false,
                      std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixPipeConfig", loc);
  const auto s = preData.ref().space;
  if (s != detail::Space::FB && s != detail::Space::L0C)
    detail::cubeBadPosition("SetFixPipeConfig", "pre", "FB (C2PIPE2GM) or L0C (CO1)", s);
  uint64_t config = 0;
  if constexpr (setRelu) {
    config = detail::fbOffsetOf(preData) >> 6;
  } else {
    config = (detail::fbOffsetOf(preData) >> 7) << 8;
  }
  config |= static_cast<uint64_t>(isUnitFlag) << 63;
  set_fpc(config);
}

inline void SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride,
                                std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixpipeNz2ndFlag", loc);
  if (srcNdStride > 512)
    asctwin::kernel::failApi("SetFixpipeNz2ndFlag: srcNdStride must be in [0, 512], got %u",
                             srcNdStride);
  set_nd_para(static_cast<uint64_t>(ndNum) | (static_cast<uint64_t>(srcNdStride) << 16) |
              (static_cast<uint64_t>(dstNdStride) << 32));
}

// ClipReLU and the element-wise Fixpipe address exist on other
// architectures; dav_c220 reports them unsupported.
inline void SetFixPipeClipRelu(uint64_t,
                               std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixPipeClipRelu", loc);
  detail::cubeUnsupported("SetFixPipeClipRelu");
}
template <typename T>
void SetFixPipeAddr(const LocalTensor<T>&, uint16_t,
                    std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixPipeAddr", loc);
  detail::cubeUnsupported("SetFixPipeAddr");
}

inline void SetFixpipePreQuantFlag(uint64_t config,
                                   std::source_location loc = std::source_location::current()) {
  detail::ApiCall call("SetFixpipePreQuantFlag", loc);
  set_quant_pre(config);
}

}  // namespace AscendC
