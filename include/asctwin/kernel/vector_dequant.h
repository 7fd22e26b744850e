// The dequantising vector APIs: AddDeqRelu (int32 + int32 -> half, scaled
// by SetDeqScale(half), Relu), CastDequant and its older name CastDeq
// (int32 -> half by vconv_deq; int16 -> int8/uint8 by vconv_deqs162b8h/l
// with the parameters of SetDeqScale(float, int16_t, bool), or by
// vconv_vdeqs162b8h/l with the 16 parameter sets SetDeqScale(vdeq,
// VdeqInfo) writes), each form lowered to the intrinsics as dav_c220 does.
//
// AddDeqRelu's lowering (the real AddDeqReluCompute) uses the API's
// temporary UB area (TMP_UB_OFFSET, 8 KiB) for the int32 sum and the
// zeros of the Relu, and src0 and src1 themselves as scratch: src0 holds
// the float intermediate and src1 the half result before the Relu, so both
// sources are overwritten, as on the hardware.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics_unary.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_cast.h"
#include "asctwin/kernel/vector_cmpsel.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/source_location.h"

namespace AscendC {

constexpr uint8_t VDEQ_TENSOR_SIZE = 16;
constexpr int32_t DEQ_SHIFT_LEFT_17_BIT = 131072;
constexpr float DEQ_SHIFT_RIGHT_17_BIT = 1.0 / DEQ_SHIFT_LEFT_17_BIT;
constexpr int8_t ADDDEQRELU_MASK_MODE_ONE = 1;
constexpr int8_t ADDDEQRELU_MASK_MODE_TWO = 2;

// The 16 parameter sets of the vector dequantisation (CastDequant with
// isVecDeq): set j serves lane j of every 32-byte source block.
struct VdeqInfo {
  VdeqInfo() {}
  VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
           const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
      vdeqScale[i] = vdeqScaleIn[i];
      vdeqOffset[i] = vdeqOffsetIn[i];
      vdeqSignMode[i] = vdeqSignModeIn[i];
    }
  }
  float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
  int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
  bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

// Writes the 16 packed sets into vdeq (scalar writes) and DEQSCALE the
// table's address in 32-byte units, as the real code does on the NPU (its
// CPU mode writes the host address itself, which the ISA core also reads).
template <typename T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo,
                 std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetDeqScale", loc, {vdeq.ref().bufferId});
  if constexpr (sizeof(T) != sizeof(uint64_t)) {
    asctwin::kernel::fail(asctwin::kernel::Site::at("SetDeqScale", loc),
                          "the vdeq tensor holds 16 parameter sets of 64 bits: its type must be "
                          "uint64_t, got %u-byte elements",
                          static_cast<unsigned>(sizeof(T)));
  } else if (reinterpret_cast<uintptr_t>(vdeq.GetPhyAddr()) % 32 != 0) {
    asctwin::kernel::fail(asctwin::kernel::Site::at("SetDeqScale", loc),
                          "vdeq must be 32-byte aligned: DEQSCALE holds its address in 32-byte "
                          "units");
  } else {
    for (uint8_t i = 0; i < VDEQ_TENSOR_SIZE; i++)
      vdeq.SetValue(i,
                    static_cast<T>(MakeDeqScaleConfig(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i],
                                                      vdeqInfo.vdeqSignMode[i])),
                    loc);
    constexpr uint64_t deqAddr = 5;  // 32-byte units
    set_deqscale(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(vdeq.GetPhyAddr())) >> deqAddr);
  }
}

namespace detail {

// --- AddDeqRelu ------------------------------------------------------------------------------
// The real AddDeqReluParams: the part of the work one pass over the
// temporary area covers (calcSize int32 lanes, at most 8 KiB), how many
// full passes and the tail, and how far each pass moves the operands.
struct AddDeqReluPlan {
  uint32_t needTmpSize = 0;
  uint32_t calcSize = 0;
  uint32_t src0Offset = 0, src1Offset = 0, dstOffset = 0;
  uint32_t tailSrc0Offset = 0, tailSrc1Offset = 0, tailDstOffset = 0;
  uint64_t mask1 = 0;
  uint64_t mask2[2] = {0, 0};
  uint8_t maskMode = 0;  // 0: first n, 1: continuous mask, 2: bit mask
  uint16_t mainBlock = 0;
  uint16_t tailSize = 0;
  uint8_t repeat = 0;
  uint8_t dstBlkStride = DEFAULT_BLK_STRIDE, src0BlkStride = DEFAULT_BLK_STRIDE,
          src1BlkStride = DEFAULT_BLK_STRIDE;
  uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE, src0RepStride = DEFAULT_REPEAT_STRIDE,
          src1RepStride = DEFAULT_REPEAT_STRIDE;

  void takeStrides(const BinaryRepeatParams& p) {
    dstBlkStride = p.dstBlkStride;
    src0BlkStride = p.src0BlkStride;
    src1BlkStride = p.src1BlkStride;
    dstRepStride = p.dstRepStride;
    src0RepStride = p.src0RepStride;
    src1RepStride = p.src1RepStride;
  }
  // GetAddDeqReluParamCal (needTmpSize > 0).
  void split(uint8_t repeatTime) {
    constexpr uint32_t kMaxLanes = TMP_UB_SIZE / sizeof(int32_t);
    constexpr uint32_t kLanesPerRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(int32_t);
    if (needTmpSize <= kMaxLanes) {
      calcSize = needTmpSize;
      if (maskMode != 0) repeat = repeatTime;
    } else {
      calcSize = kMaxLanes;
      if (maskMode != 0) repeat = static_cast<uint8_t>(calcSize / kLanesPerRepeat);
    }
    if (maskMode == 0) repeat = repeatTime;
    mainBlock = static_cast<uint16_t>(needTmpSize / calcSize);
    tailSize = static_cast<uint16_t>(needTmpSize % calcSize);
    if (maskMode == 0) {
      src0Offset = src1Offset = dstOffset = calcSize;
    } else {
      src0Offset = uint32_t{repeat} * src0RepStride * (ONE_BLK_SIZE / sizeof(int32_t));
      src1Offset = uint32_t{repeat} * src1RepStride * (ONE_BLK_SIZE / sizeof(int32_t));
      dstOffset = uint32_t{repeat} * dstRepStride * (ONE_BLK_SIZE / sizeof(half));
    }
    tailSrc0Offset = mainBlock * src0Offset;
    tailSrc1Offset = mainBlock * src1Offset;
    tailDstOffset = mainBlock * dstOffset;
  }
  // SetAddDeqReluMaskCal: the caller's mask again, counted in halves.
  void setHalfMask() const {
    if (maskMode == ADDDEQRELU_MASK_MODE_ONE) {
      maskLen<half>(mask1);
    } else if (maskMode == ADDDEQRELU_MASK_MODE_TWO) {
      set_vector_mask(mask2[1], mask2[0]);
    }
  }
};

// The scale the real code keeps in g_deqValue: the half SetDeqScale(half)
// put in DEQSCALE's bits 0..15 (the SetDeqScale reference's register table).
inline float addDeqReluScale() {
  return asctwin::numeric::halfToFloat(
      static_cast<uint16_t>(asctwin::isa::deqScaleRegister() & 0xFFFFu));
}

// AddDeqReluCompute: one pass of at most 8 KiB of int32 lanes.
template <bool isSetMask>
void addDeqReluPass(__ubuf__ half* dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1,
                    __ubuf__ int32_t* tmp, const AddDeqReluPlan& p, float scale) {
  const uint8_t r = p.repeat;
  vadd(tmp, src0, src1, r, DEFAULT_BLK_STRIDE, p.src0BlkStride, p.src1BlkStride,
       DEFAULT_REPEAT_STRIDE, p.src0RepStride, p.src1RepStride);
  pipe_barrier(PIPE_V);
  auto* f = reinterpret_cast<__ubuf__ float*>(src0);
  vconv_s322f32(f, tmp, r, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
  pipe_barrier(PIPE_V);
  // x * 2^-17 * scale * 2^17: the real code's guard against float overflow.
  const float factors[3] = {DEQ_SHIFT_RIGHT_17_BIT, scale,
                            static_cast<float>(DEQ_SHIFT_LEFT_17_BIT)};
  for (const float k : factors) {
    vmuls(f, f, k, r, 1, 1, DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
    pipe_barrier(PIPE_V);
  }
  if constexpr (isSetMask) p.setHalfMask();
  auto* h = reinterpret_cast<__ubuf__ half*>(src1);
  vconv_f322f16(h, f, r, 1, 1, HALF_DEFAULT_REPEAT_STRIDE, DEFAULT_REPEAT_STRIDE);
  pipe_barrier(PIPE_V);
  auto* zeros = reinterpret_cast<__ubuf__ half*>(tmp);
  if (p.maskMode != 0) {
    set_mask_count();
    set_vector_mask(0, static_cast<uint64_t>(p.calcSize));
  }
  vector_dup(zeros, static_cast<half>(0), 1, DEFAULT_BLK_STRIDE, 1, DEFAULT_REPEAT_STRIDE, 0);
  if (p.maskMode != 0) {
    set_mask_norm();
    set_vector_mask(FULL_MASK, FULL_MASK);
  }
  pipe_barrier(PIPE_V);
  if constexpr (isSetMask) p.setHalfMask();
  // The Relu is a half max against the zeros: in the mask forms its sources
  // advance 64 halves per iteration, the wider type's lanes.
  const uint8_t srcRep = p.maskMode == 0 ? DEFAULT_REPEAT_STRIDE : HALF_DEFAULT_REPEAT_STRIDE;
  vmax(dst, zeros, h, r, p.dstBlkStride, DEFAULT_BLK_STRIDE, DEFAULT_BLK_STRIDE, p.dstRepStride,
       srcRep, srcRep);
  pipe_barrier(PIPE_V);
}

inline __ubuf__ int32_t* addDeqReluTemp() {
  return static_cast<__ubuf__ int32_t*>(tempUb());
}

// The first `count` elements: counter mode, passes of at most 2048 lanes.
inline void addDeqReluCount(__ubuf__ half* dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1,
                            int32_t count) {
  if (count == 0) return;  // a NOP on A2/A3 (the reference)
  AddDeqReluPlan p;
  p.needTmpSize = static_cast<uint32_t>(count);
  p.split(1);
  const float scale = addDeqReluScale();
  __ubuf__ int32_t* tmp = addDeqReluTemp();
  set_mask_count();
  set_vector_mask(0, static_cast<uint64_t>(p.calcSize));
  for (uint32_t i = 0; i < p.mainBlock; i++)
    addDeqReluPass<false>(dst + i * p.dstOffset, src0 + i * p.src0Offset, src1 + i * p.src1Offset,
                          tmp, p, scale);
  if (p.tailSize != 0) {
    p.calcSize = p.tailSize;
    set_vector_mask(0, static_cast<uint64_t>(p.calcSize));
    addDeqReluPass<false>(dst + p.tailDstOffset, src0 + p.tailSrc0Offset, src1 + p.tailSrc1Offset,
                          tmp, p, scale);
  }
  set_mask_norm();
  set_vector_mask(FULL_MASK, FULL_MASK);
}

// The mask forms: passes of at most 32 iterations; `setMask` sets the
// caller's mask counted in int32 lanes.
template <bool isSetMask, class SetMask>
void addDeqReluRepeat(__ubuf__ half* dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1,
                      AddDeqReluPlan& p, uint8_t repeatTime, const BinaryRepeatParams& rp,
                      SetMask&& setMask) {
  if (repeatTime == 0) return;  // a NOP on A2/A3 (the reference)
  p.needTmpSize = uint32_t{repeatTime} * ONE_REPEAT_BYTE_SIZE / sizeof(int32_t);
  p.takeStrides(rp);
  p.split(repeatTime);
  const float scale = addDeqReluScale();
  __ubuf__ int32_t* tmp = addDeqReluTemp();
  if constexpr (isSetMask) setMask();
  for (uint32_t i = 0; i < p.mainBlock; i++)
    addDeqReluPass<isSetMask>(dst + i * p.dstOffset, src0 + i * p.src0Offset,
                              src1 + i * p.src1Offset, tmp, p, scale);
  if (p.tailSize != 0) {
    if constexpr (isSetMask) setMask();
    p.repeat = static_cast<uint8_t>(repeatTime - p.repeat * p.mainBlock);
    addDeqReluPass<isSetMask>(dst + p.tailDstOffset, src0 + p.tailSrc0Offset,
                              src1 + p.tailSrc1Offset, tmp, p, scale);
  }
}

template <typename T, typename U>
constexpr bool kAddDeqReluTypes = std::is_same_v<T, half>&& std::is_same_v<U, int32_t>;
#define ASCTWIN_ADDDEQRELU_TYPES(T, U)                                            \
  static_assert(detail::kAddDeqReluTypes<T, U>,                                   \
                "Failed to check dtype in AddDeqRelu, current api support dtype " \
                "combination is src: int32_t, dst: half.")

template <bool isSetMask>
void addDeqReluBits(__ubuf__ half* dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1,
                    const uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& rp) {
  AddDeqReluPlan p;
  p.maskMode = ADDDEQRELU_MASK_MODE_TWO;
  p.mask2[0] = mask[0];
  p.mask2[1] = mask[1];
  addDeqReluRepeat<isSetMask>(dst, src0, src1, p, repeatTime, rp,
                              [&] { set_vector_mask(mask[1], mask[0]); });
}
template <bool isSetMask>
void addDeqReluLen(__ubuf__ half* dst, __ubuf__ int32_t* src0, __ubuf__ int32_t* src1,
                   uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& rp) {
  AddDeqReluPlan p;
  p.maskMode = ADDDEQRELU_MASK_MODE_ONE;
  p.mask1 = mask;
  addDeqReluRepeat<isSetMask>(dst, src0, src1, p, repeatTime, rp, [&] { maskLen<int32_t>(mask); });
}

}  // namespace detail

// --- AddDeqRelu: dst = max(0, half(float(src0 + src1) * scale)) ---------------------------------
template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
                std::source_location loc = std::source_location::current()) {
  ASCTWIN_ADDDEQRELU_TYPES(T, U);
  asctwin::kernel::ApiCall call("AddDeqRelu", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::addDeqReluBits<isSetMask>(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), mask,
                                    repeatTime, repeatParams);
}
template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                const LocalTensor<int32_t>& src1, uint64_t mask[], const uint8_t repeatTime,
                const BinaryRepeatParams& repeatParams,
                std::source_location loc = std::source_location::current()) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
                std::source_location loc = std::source_location::current()) {
  ASCTWIN_ADDDEQRELU_TYPES(T, U);
  asctwin::kernel::ApiCall call("AddDeqRelu", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::addDeqReluLen<isSetMask>(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), mask,
                                   repeatTime, repeatParams);
}
template <bool isSetMask = true>
void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                const LocalTensor<int32_t>& src1, uint64_t mask, const uint8_t repeatTime,
                const BinaryRepeatParams& repeatParams,
                std::source_location loc = std::source_location::current()) {
  AddDeqRelu<half, int32_t, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, loc);
}
template <typename T, typename U>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                const int32_t& count, std::source_location loc = std::source_location::current()) {
  ASCTWIN_ADDDEQRELU_TYPES(T, U);
  asctwin::kernel::ApiCall call("AddDeqRelu", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  detail::requireCount(count, "AddDeqRelu", loc);
  if (ASCEND_IS_AIC) return;
  detail::addDeqReluCount(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(), count);
}
inline void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                       const LocalTensor<int32_t>& src1, const int32_t& count,
                       std::source_location loc = std::source_location::current()) {
  AddDeqRelu<half, int32_t>(dst, src0, src1, count, loc);
}
#undef ASCTWIN_ADDDEQRELU_TYPES

// --- CastDequant -----------------------------------------------------------------------------
namespace detail {

template <typename T, typename U>
constexpr bool kDequantPair = (std::is_same_v<U, int32_t> && std::is_same_v<T, half>) ||
                              (std::is_same_v<U, int16_t> &&
                               (std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>));
// The other 4-byte sources with a conversion: the real template compiles
// them (its int32 path is Cast's) and rejects them when it runs.
template <typename T, typename U>
constexpr bool kCastFrom32 =
    (std::is_same_v<U, float> &&
     (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float> ||
      std::is_same_v<T, int32_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int64_t>)) ||
    (std::is_same_v<U, int32_t> &&
     (std::is_same_v<T, int16_t> || std::is_same_v<T, int64_t> || std::is_same_v<T, float>));

// Whether the pair can run; fails the launch for the run-time-rejected ones.
template <typename T, typename U>
bool dequantPair(const char* api, const std::source_location& loc) {
  static_assert(kDequantPair<T, U> || kCastFrom32<T, U>,
                "Failed to check dtype in CastDequant, current api support dtype combination is "
                "src:int16_t dst: int8_t/uint8_t , src:int32_t dst:half.");
  if constexpr (!kDequantPair<T, U>) {
    asctwin::kernel::fail(asctwin::kernel::Site::at(api, loc),
                          "Failed to check dtype in %s, current api support dtype combination is "
                          "src:int16_t dst: int8_t/uint8_t , src:int32_t dst:half (got src %s, "
                          "dst %s)",
                          api, typeName<U>(), typeName<T>());
  }
  return kDequantPair<T, U>;
}

template <typename T, bool isVecDeq, bool halfBlock>
void dequantB8(__ubuf__ T* dst, __ubuf__ int16_t* src, uint8_t repeat, const UnaryRepeatParams& p) {
  if constexpr (isVecDeq && halfBlock) {
    vconv_vdeqs162b8h(dst, src, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,
                      p.srcRepStride);
  } else if constexpr (isVecDeq) {
    vconv_vdeqs162b8l(dst, src, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,
                      p.srcRepStride);
  } else if constexpr (halfBlock) {
    vconv_deqs162b8h(dst, src, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,
                     p.srcRepStride);
  } else {
    vconv_deqs162b8l(dst, src, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,
                     p.srcRepStride);
  }
}

template <typename T, typename U, bool isVecDeq, bool halfBlock>
void castDequantCount(const LocalTensor<T>& dst, const LocalTensor<U>& src, uint32_t count,
                      const char* api, const std::source_location& loc) {
  if (!dequantPair<T, U>(api, loc) || ASCEND_IS_AIC) return;
  if constexpr (kDequantPair<T, U>) {
    beginCount(count);
    if constexpr (sizeof(U) == sizeof(int32_t)) {
      // Cast's first-n form with CAST_RINT (vconv_deq ignores the mode).
      beginCount(count);
      vconv_deq(dst.GetPhyAddr(), src.GetPhyAddr(), 1, 1, 1, HALF_DEFAULT_REPEAT_STRIDE,
                DEFAULT_REPEAT_STRIDE);
      endCount();
    } else {
      dequantB8<T, isVecDeq, halfBlock>(dst.GetPhyAddr(), src.GetPhyAddr(), 1, UnaryRepeatParams{});
    }
    endCount();
  }
}

// Mask is a uint64_t[2] bit mask or an int32_t lane count.
template <typename T, typename U, bool isSetMask, bool isVecDeq, bool halfBlock, class Mask>
void castDequantRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, Mask mask,
                       uint8_t repeatTime, const UnaryRepeatParams& p, const char* api,
                       const std::source_location& loc) {
  if (!dequantPair<T, U>(api, loc) || ASCEND_IS_AIC) return;
  if constexpr (kDequantPair<T, U>) {
    setMask<U, isSetMask>(mask);
    if constexpr (sizeof(U) == sizeof(int32_t)) {
      setMask<T, isSetMask>(mask);  // Cast's mask: the narrower type's lanes
      vconv_deq(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime, p.dstBlkStride, p.srcBlkStride,
                p.dstRepStride, p.srcRepStride);
    } else {
      dequantB8<T, isVecDeq, halfBlock>(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime, p);
    }
  }
}

inline uint64_t maskArg(int32_t mask) {
  return static_cast<uint64_t>(static_cast<int64_t>(mask));
}
inline const uint64_t* maskArg(const uint64_t* mask) {
  return mask;
}

}  // namespace detail

// CastDequant and CastDeq (the older name, the same function).
#define ASCTWIN_API_CASTDEQ(NAME)                                                        \
  template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>         \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count,  \
            std::source_location loc = std::source_location::current()) {                \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId}); \
    detail::castDequantCount<T, U, isVecDeq, halfBlock>(dst, src, count, #NAME, loc);    \
  }                                                                                      \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,         \
            bool halfBlock = true>                                                       \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], \
            uint8_t repeatTime, const UnaryRepeatParams& repeatParams,                   \
            std::source_location loc = std::source_location::current()) {                \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId}); \
    detail::castDequantRepeat<T, U, isSetMask, isVecDeq, halfBlock>(                     \
        dst, src, detail::maskArg(mask), repeatTime, repeatParams, #NAME, loc);          \
  }                                                                                      \
  template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true,         \
            bool halfBlock = true>                                                       \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,    \
            uint8_t repeatTime, const UnaryRepeatParams& repeatParams,                   \
            std::source_location loc = std::source_location::current()) {                \
    asctwin::kernel::ApiCall call(#NAME, loc, {dst.ref().bufferId, src.ref().bufferId}); \
    detail::castDequantRepeat<T, U, isSetMask, isVecDeq, halfBlock>(                     \
        dst, src, detail::maskArg(mask), repeatTime, repeatParams, #NAME, loc);          \
  }
ASCTWIN_API_CASTDEQ(CastDequant)
ASCTWIN_API_CASTDEQ(CastDeq)
#undef ASCTWIN_API_CASTDEQ

}  // namespace AscendC
