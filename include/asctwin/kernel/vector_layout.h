// Layout vector APIs: Copy (UB -> UB under the mask), Brcb, Gatherb,
// GatherMask (+ GetGatherMaskRemainCount), Transpose of one 16x16 matrix
// and TransDataTo5HD (three forms), lowered as the real implementation:
// Brcb and Gatherb reset the mask first; GatherMask selects normal or counter
// mode by reduceMode and reads RSVD_CNT; TransDataTo5HD loads the VA
// registers and issues scatter_vnchwconv_b8/b16/b32 by element size.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics_layout.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/source_location.h"

namespace AscendC {
namespace detail {

// The intrinsics move 16- or 32-bit lanes: a tensor of any type of that size
// goes through the unsigned type.
template <typename T>
using Lane = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
template <typename T>
__ubuf__ Lane<T>* lanes(const LocalTensor<T>& t) {
  return reinterpret_cast<__ubuf__ Lane<T>*>(t.GetPhyAddr());
}
template <typename T>
constexpr bool isB16OrB32() {
  return sizeof(T) == 2 || sizeof(T) == 4;
}

}  // namespace detail

// --- Copy ----------------------------------------------------------------------------------
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
          const uint8_t repeatTime, const CopyRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  static_assert(detail::isB16OrB32<T>(),
                "Failed to check dtype in Copy, current api support dtype combination is src and "
                "dst both: int16_t / uint16_t / half / bfloat16_t / int32_t / uint32_t / float");
  asctwin::kernel::ApiCall call("Copy", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vcopy(detail::lanes(dst), detail::lanes(src), repeatTime, p.dstStride, p.srcStride,
        p.dstRepeatSize, p.srcRepeatSize);
}
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,
          const uint8_t repeatTime, const CopyRepeatParams& p,
          std::source_location loc = std::source_location::current()) {
  static_assert(detail::isB16OrB32<T>(),
                "Failed to check dtype in Copy, current api support dtype combination is src and "
                "dst both: int16_t / uint16_t / half / bfloat16_t / int32_t / uint32_t / float");
  asctwin::kernel::ApiCall call("Copy", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vcopy(detail::lanes(dst), detail::lanes(src), repeatTime, p.dstStride, p.srcStride,
        p.dstRepeatSize, p.srcRepeatSize);
}

// --- Brcb: 8 elements per iteration, each broadcast to a 32-byte block -------------------
template <typename T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
          const BrcbRepeatParams& p, std::source_location loc = std::source_location::current()) {
  static_assert(detail::isB16OrB32<T>(),
                "Failed to check dtype in Brcb, current api support dtype combination is src and "
                "dst both: int16_t / uint16_t / int32_t / uint32_t / half / bfloat16_t / float.");
  asctwin::kernel::ApiCall call("Brcb", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  set_vector_mask(FULL_MASK, FULL_MASK);
  vbrcb(detail::lanes(dst), detail::lanes(src), p.dstBlkStride, p.dstRepStride, repeatTime);
}

// --- Gatherb: 8 blocks per iteration from byte offsets into src ------------------------------
template <typename T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
             const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
             const GatherRepeatParams& p,
             std::source_location loc = std::source_location::current()) {
  static_assert(std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t>,
                "Failed to check dtype in Gatherb, current api support dtype combination is src "
                "and dst both: uint16_t, uint32_t");
  asctwin::kernel::ApiCall call("Gatherb", loc,
                                {dst.ref().bufferId, src.ref().bufferId, offset.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  set_vector_mask(FULL_MASK, FULL_MASK);
  // The base is the UB address of src, as the low 32 bits the register holds.
  const auto base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(src.GetPhyAddr()));
  vgatherb(dst.GetPhyAddr(), offset.GetPhyAddr(), base, p.dstRepStride, p.dstBlkStride, repeatTime);
}

// --- GatherMask ------------------------------------------------------------------------------
namespace detail {
template <typename U, typename T>
void gatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, __ubuf__ U* pattern,
                uint8_t mode, bool reduceMode, uint32_t mask, const GatherMaskParams& p,
                uint64_t& rsvdCnt) {
  if (reduceMode) {
    set_mask_count();
    set_vector_mask(0, mask);
  } else {
    set_mask_norm();
    maskLen<U>(256 / sizeof(U));
  }
  vreducev2(reinterpret_cast<__ubuf__ U*>(dst.GetPhyAddr()),
            reinterpret_cast<__ubuf__ U*>(src0.GetPhyAddr()), pattern, p.repeatTimes,
            p.src0BlockStride, mode, p.src0RepeatStride, p.src1RepeatStride);
  rsvdCnt = static_cast<uint64_t>(get_rsvd_cnt());
  set_mask_norm();
}
}  // namespace detail

// A pattern tensor: one bit per element (uint16_t for 16-bit data, uint32_t
// for 32-bit).
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                const GatherMaskParams& p, uint64_t& rsvdCnt,
                std::source_location loc = std::source_location::current()) {
  static_assert(std::is_same_v<U, uint16_t> || std::is_same_v<U, uint32_t>,
                "Failed to check src1Pattern dtype in GatherMask, current api support dtype "
                "combination is uint16_t / uint32_t");
  static_assert(sizeof(T) == sizeof(U),
                "Failed to check dtype in GatherMask: 16-bit data takes a uint16_t pattern, "
                "32-bit data a uint32_t pattern");
  asctwin::kernel::ApiCall call(
      "GatherMask", loc, {dst.ref().bufferId, src0.ref().bufferId, src1Pattern.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::gatherMask<U>(dst, src0, src1Pattern.GetPhyAddr(), 0, reduceMode, mask, p, rsvdCnt);
}
// A fixed pattern 1..7 (even, odd, 1st/2nd/3rd/4th of four, all).
template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& p,
                uint64_t& rsvdCnt, std::source_location loc = std::source_location::current()) {
  static_assert(detail::isB16OrB32<T>(),
                "Failed to check dtype in GatherMask, current api support dtype combination is "
                "half / bfloat16_t / uint16_t / int16_t / float / uint32_t / int32_t");
  asctwin::kernel::ApiCall call("GatherMask", loc, {dst.ref().bufferId, src0.ref().bufferId});
  if (src1Pattern < 1 || src1Pattern > 7)
    asctwin::kernel::failApi("GatherMask: src1Pattern must be in [1, 7], got %u",
                             static_cast<unsigned>(src1Pattern));
  if (ASCEND_IS_AIC) return;
  using U = detail::Lane<T>;
  // The real code passes an address past src0 as the unused pattern operand.
  detail::gatherMask<U>(dst, src0, reinterpret_cast<__ubuf__ U*>(src0.GetPhyAddr()), src1Pattern,
                        reduceMode, mask, p, rsvdCnt);
}
inline int64_t GetGatherMaskRemainCount() {
  return get_rsvd_cnt();
}

// --- Transpose of one 16x16 matrix of 16-bit elements ---------------------------------------
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               std::source_location loc = std::source_location::current()) {
  static_assert(sizeof(T) == 2,
                "Failed to check dtype in Transpose, current api support dtype combination is "
                "src and dst both: uint16_t / int16_t / half");
  asctwin::kernel::ApiCall call("Transpose", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  vtranspose(reinterpret_cast<__ubuf__ uint16_t*>(dst.GetPhyAddr()),
             reinterpret_cast<__ubuf__ uint16_t*>(src.GetPhyAddr()));
}

// [N,C,H,W] <-> [N,H,W,C] (and the 16x16 b16 form). The reference's
// implementation moves 16x16 tiles through sharedTmpBuffer with
// TransDataTo5HD; the twin moves the elements with the scalar unit after the
// vector work on src completes (the result is the same permutation; the
// temporary buffer is not touched).
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const TransposeParamsExt& p,
               std::source_location loc = std::source_location::current()) {
  (void)sharedTmpBuffer;
  if (p.transposeType == TransposeType::TRANSPOSE_ND2ND_B16) {
    if constexpr (sizeof(T) == 2) {
      Transpose(dst, src, loc);
      return;
    }
    asctwin::kernel::fail(asctwin::kernel::Site::at("Transpose", loc),
                          "Transpose TRANSPOSE_ND2ND_B16 takes 16-bit elements");
  }
  asctwin::kernel::ApiCall call("Transpose", loc, {dst.ref().bufferId, src.ref().bufferId});
  const bool toNhwc = p.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC;
  if (!toNhwc && p.transposeType != TransposeType::TRANSPOSE_NHWC2NCHW)
    asctwin::kernel::failApi("Transpose: transposeType %d is not supported on Atlas A2/A3",
                             static_cast<int>(p.transposeType));
  const uint32_t hw = uint32_t{p.hSize} * p.wSize;
  if (hw > 4095 || p.cSize > 4095 || hw * sizeof(T) % 32 != 0)
    asctwin::kernel::failApi(
        "Transpose: hSize * wSize (%u) must be in [0, 4095] and a multiple of 32 bytes, cSize "
        "(%u) in [0, 4095]",
        hw, static_cast<unsigned>(p.cSize));
  if (ASCEND_IS_AIC) return;
  const TEventID vs = detail::fetchEventId(HardEvent::V_S);
  SetFlag<HardEvent::V_S>(vs, loc);
  WaitFlag<HardEvent::V_S>(vs, loc);
  for (uint32_t n = 0; n < p.nSize; ++n)
    for (uint32_t c = 0; c < p.cSize; ++c)
      for (uint32_t i = 0; i < hw; ++i) {
        const uint32_t nchw = (n * p.cSize + c) * hw + i, nhwc = (n * hw + i) * p.cSize + c;
        if (toNhwc) {
          dst.SetValue(nhwc, src.GetValue(nchw, loc), loc);
        } else {
          dst.SetValue(nchw, src.GetValue(nhwc, loc), loc);
        }
      }
  const TEventID sv = detail::fetchEventId(HardEvent::S_V);
  SetFlag<HardEvent::S_V>(sv, loc);
  WaitFlag<HardEvent::S_V>(sv, loc);
  const TEventID sm = detail::fetchEventId(HardEvent::S_MTE3);
  SetFlag<HardEvent::S_MTE3>(sm, loc);
  WaitFlag<HardEvent::S_MTE3>(sm, loc);
}

// --- TransDataTo5HD ------------------------------------------------------------------------
namespace detail {
template <typename T>
void setVaLists(const uint64_t dst[16], const uint64_t src[16]) {
  uint64_t part[8];
  for (int i = 0; i < 8; ++i) part[i] = dst[i];
  set_va_reg_sb(VA0, part);
  for (int i = 0; i < 8; ++i) part[i] = dst[8 + i];
  set_va_reg_sb(VA1, part);
  for (int i = 0; i < 8; ++i) part[i] = src[i];
  set_va_reg_sb(VA2, part);
  for (int i = 0; i < 8; ++i) part[i] = src[8 + i];
  set_va_reg_sb(VA3, part);
}
template <typename T>
void nchwconv(const TransDataTo5HDParams& p) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4,
                "Failed to check dtype in TransDataTo5HD, current api support dtype combination "
                "is src and dst both: int8_t, uint8_t, int16_t, uint16_t, half, float, int32_t, "
                "uint32_t");
  if constexpr (sizeof(T) == 1) {
    scatter_vnchwconv_b8(VA0, VA2, p.repeatTimes, p.dstRepStride, p.srcRepStride, p.dstHighHalf,
                         p.srcHighHalf);
  } else if constexpr (sizeof(T) == 2) {
    scatter_vnchwconv_b16(VA0, VA2, p.repeatTimes, p.dstRepStride, p.srcRepStride);
  } else {
    scatter_vnchwconv_b32(VA0, VA2, p.repeatTimes, p.dstRepStride, p.srcRepStride);
  }
}
}  // namespace detail

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& p,
                    std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("TransDataTo5HD", loc);
  if (ASCEND_IS_AIC) return;
  uint64_t d[16], s[16];
  for (int i = 0; i < 16; ++i) {
    d[i] = reinterpret_cast<uintptr_t>(dstList[i].GetPhyAddr());
    s[i] = reinterpret_cast<uintptr_t>(srcList[i].GetPhyAddr());
  }
  detail::setVaLists<T>(d, s);
  detail::nchwconv<T>(p);
}
template <typename T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                    uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& p,
                    std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("TransDataTo5HD", loc);
  if (ASCEND_IS_AIC) return;
  detail::setVaLists<T>(dstList, srcList);
  detail::nchwconv<T>(p);
}
// The address lists in UB (16 uint64_t each), loaded into the VA registers.
template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& p,
                    std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("TransDataTo5HD", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  vld_va_reg(VA0, dst.GetPhyAddr(), L128);
  vld_va_reg(VA1, dst.GetPhyAddr(), H128);
  vld_va_reg(VA2, src.GetPhyAddr(), L128);
  vld_va_reg(VA3, src.GetPhyAddr(), H128);
  detail::nchwconv<T>(p);
}

}  // namespace AscendC
