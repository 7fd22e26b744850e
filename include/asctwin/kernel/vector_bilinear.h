// BilinearInterpolation (ISASI, half): a gather of src0's 32-byte blocks by
// src0Offset, each iteration's blocks multiplied by broadcast elements of
// src1, hRepeat iterations summed per vertical step and written at vROffset
// steps. Lowered as dav_c220 does, through the API: Gatherb and Brcb into
// sharedTmpBuffer, one Mul in counter mode, Add over the horizontal
// iterations (an accumulation: dst = src1 with repeat stride 0) and Adds of
// 0 to copy out, with the real code's operand types (its repeat count
// hRepeat * vRepeat and the copy-out's repeat strides are 8-bit).
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/kernel/vector_binary.h"
#include "asctwin/kernel/vector_layout.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/kernel/vector_scalar.h"
#include "asctwin/source_location.h"

namespace AscendC {
namespace detail {

// The reference's constraints (and the real CPU-mode checks): half only,
// hRepeat and vRepeat in [1, 255], vROffset >= 128 and a whole number of
// 32-byte blocks, sharedTmpBuffer at least (src0 + src1 elements) * 32 bytes.
template <typename T>
void bilinearChecks(const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t hRepeat,
                    uint16_t vROffset, uint8_t vRepeat, const LocalTensor<uint8_t>& tmp,
                    const std::source_location& loc) {
  const auto site = asctwin::kernel::Site::at("BilinearInterpolation", loc);
  if constexpr (!std::is_same_v<T, half>)
    asctwin::kernel::fail(site,
                          "Failed to check dtype in BilinearInterpolation, current api support "
                          "dtype combination is src: half, dst: half");
  if (hRepeat == 0 || vRepeat == 0)
    asctwin::kernel::fail(site, "hRepeat and vRepeat must be in [1, 255], got %u and %u",
                          unsigned{hRepeat}, unsigned{vRepeat});
  if (vROffset < 128)
    asctwin::kernel::fail(site, "vROffset must be in [128, 65535), got %u", unsigned{vROffset});
  if (vROffset % (ONE_BLK_SIZE / sizeof(T)) != 0)
    asctwin::kernel::fail(site,
                          "vROffset * sizeof(T) must be a multiple of 32 bytes, got vROffset %u",
                          unsigned{vROffset});
  const uint64_t want = (uint64_t{src0.GetSize()} + src1.GetSize()) * 32;
  if (tmp.GetSize() < want)
    asctwin::kernel::fail(site,
                          "sharedTmpBuffer must hold at least (src0.GetSize() + src1.GetSize()) * "
                          "32 = %llu bytes, got %u",
                          static_cast<unsigned long long>(want), tmp.GetSize());
}

// BilinearInterpolationCalc; Mask is uint64_t (continuous) or uint64_t*.
template <class Mask>
void bilinearCalc(const LocalTensor<half>& dst, const LocalTensor<half>& src0,
                  const LocalTensor<uint32_t>& src0Offset, const LocalTensor<half>& src1, Mask mask,
                  uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset,
                  uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer) {
  const LocalTensor<half> tmp = sharedTmpBuffer.ReinterpretCast<half>();
  const auto innerRepeatTimes = static_cast<uint8_t>(hRepeat * vRepeat);
  constexpr uint32_t kPerRepeat = DEFAULT_REPEAT_STRIDE * ONE_BLK_SIZE / sizeof(half);
  // 1. the blocks of src0 named by the offsets, 8 per iteration
  Gatherb(tmp.ReinterpretCast<uint16_t>(), src0.ReinterpretCast<uint16_t>(), src0Offset,
          innerRepeatTimes, GatherRepeatParams{});
  // 2. every src1 element broadcast to a block, after the gathered ones
  const uint32_t posSrc1Brcb = uint32_t{hRepeat} * vRepeat * kPerRepeat;
  Brcb(tmp[posSrc1Brcb], src1, static_cast<uint8_t>(src1.GetSize() / 8), BrcbRepeatParams{});
  PipeBarrier<PIPE_V>();
  // 3. iteration r times element r of src1 (repeatMode false: one block,
  //    stride 0, read for all 8 blocks) or block b times element 8r + b
  BinaryRepeatParams mulParams;
  if (!repeatMode) {
    mulParams.src0RepStride = 1;
    mulParams.src0BlkStride = 0;
  }
  SetMaskCount();
  SetVectorMask<half, MaskMode::COUNTER>(0, uint64_t{innerRepeatTimes} * kPerRepeat);
  Mul<half, false>(tmp, tmp[posSrc1Brcb], tmp, mask, innerRepeatTimes, mulParams);
  SetMaskNorm();
  ResetMask();
  PipeBarrier<PIPE_V>();
  // 4. each vertical step's hRepeat iterations summed into its first
  BinaryRepeatParams addParams;
  addParams.dstRepStride = 0;
  addParams.src1RepStride = 0;
  for (int i = 0; i < vRepeat; i++) {
    if (hRepeat > 1)
      Add(tmp[i * hRepeat * kPerRepeat], tmp[(i * hRepeat + 1) * kPerRepeat],
          tmp[i * hRepeat * kPerRepeat], mask, static_cast<uint8_t>(hRepeat - 1), addParams);
  }
  PipeBarrier<PIPE_V>();
  // 5. copied out (+ 0) with dstBlkStride and vROffset
  UnaryRepeatParams addsParams;
  addsParams.srcRepStride = static_cast<uint8_t>(hRepeat * DEFAULT_REPEAT_STRIDE);
  addsParams.dstBlkStride = dstBlkStride;
  addsParams.dstRepStride = static_cast<uint8_t>(vROffset * sizeof(half) / ONE_BLK_SIZE);
  Adds(dst, tmp, static_cast<half>(0), mask, vRepeat, addsParams);
}

}  // namespace detail

#define ASCTWIN_API_BILINEAR(MASK_PARAM)                                                          \
  template <typename T>                                                                           \
  void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,               \
                             const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, \
                             MASK_PARAM, uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, \
                             uint16_t vROffset, uint8_t vRepeat,                                  \
                             const LocalTensor<uint8_t>& sharedTmpBuffer,                         \
                             std::source_location loc = std::source_location::current()) {        \
    asctwin::kernel::ApiCall call("BilinearInterpolation", loc,                                   \
                                  {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId,  \
                                   sharedTmpBuffer.ref().bufferId});                              \
    detail::bilinearChecks(src0, src1, hRepeat, vROffset, vRepeat, sharedTmpBuffer, loc);         \
    if (ASCEND_IS_AIC) return;                                                                    \
    if constexpr (std::is_same_v<T, half>)                                                        \
      detail::bilinearCalc(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride,  \
                           vROffset, vRepeat, sharedTmpBuffer);                                   \
  }
ASCTWIN_API_BILINEAR(uint64_t mask)
ASCTWIN_API_BILINEAR(uint64_t mask[])
#undef ASCTWIN_API_BILINEAR

}  // namespace AscendC
