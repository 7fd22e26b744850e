// Reductions: ReduceRepeat / ReduceDataBlock / ReducePairElem (and their
// older names WholeReduceSum/Max/Min, RepeatReduceSum, BlockReduceSum/Max/
// Min, PairReduceSum), each one instruction (vcadd, vcmax, vcmin, vcgadd,
// vcgmax, vcgmin, vcpadd); the whole-tensor ReduceMax / ReduceMin / ReduceSum,
// which the real implementation builds from several of those instructions and
// scalar reads (here too); and the registers they leave (GetReduceRepeatSumSpr,
// GetReduceRepeatMaxMinSpr, GetReduceMaxMinCount, GetAccVal).
//
// Sums follow the reference's order: a binary tree inside each iteration;
// the first-n ReduceSum adds the iterations' sums in order (ACC_VAL), the
// high-dimensional ReduceSum reduces the iterations' sums by trees again.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics_reduce.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/source_location.h"

namespace AscendC {
namespace detail {

// vcmax/vcmin's order operand. The compiler's Order_t is declared by devkit
// mode's CPU-mode contract (asctwin/devkit/cpu_types.h); the own API passes
// the ISA core's enum of the same values.
using asctwin::isa::VOrder;
static_assert(static_cast<uint8_t>(ReduceOrder::ORDER_VALUE_INDEX) ==
                      static_cast<uint8_t>(VOrder::ValueIndex) &&
                  static_cast<uint8_t>(ReduceOrder::ORDER_INDEX_VALUE) ==
                      static_cast<uint8_t>(VOrder::IndexValue) &&
                  static_cast<uint8_t>(ReduceOrder::ORDER_ONLY_VALUE) ==
                      static_cast<uint8_t>(VOrder::OnlyValue) &&
                  static_cast<uint8_t>(ReduceOrder::ORDER_ONLY_INDEX) ==
                      static_cast<uint8_t>(VOrder::OnlyIndex),
              "ReduceOrder and the ISA core's VOrder must name the same orders in the same order");
template <typename T>
inline VOrder orderOf(ReduceOrder o) {
  return static_cast<VOrder>(static_cast<uint8_t>(o));
}

// vcadd/vcmax/vcmin of one reduce type.
template <ReduceType kind, typename T>
inline void reduceRepeatInstr(__ubuf__ T* dst, __ubuf__ T* src, int32_t repeat,
                              int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
                              ReduceOrder order) {
  static_assert(kind == ReduceType::SUM || kind == ReduceType::MAX || kind == ReduceType::MIN,
                "Invalid reduceType for ReduceRepeat, only ReduceType::SUM, ReduceType::MAX and "
                "ReduceType::MIN are supported.");
  const auto r = static_cast<uint8_t>(repeat);
  const auto d = static_cast<uint16_t>(dstRepStride);
  const auto b = static_cast<uint16_t>(srcBlkStride);
  const auto s = static_cast<uint16_t>(srcRepStride);
  if constexpr (kind == ReduceType::SUM) {
    vcadd(dst, src, r, d, b, s, 0);
  } else if constexpr (kind == ReduceType::MAX) {
    vcmax(dst, src, r, d, b, s, orderOf<T>(order));
  } else {
    vcmin(dst, src, r, d, b, s, orderOf<T>(order));
  }
}

template <ReduceType kind, typename T>
inline void reduceBlockInstr(__ubuf__ T* dst, __ubuf__ T* src, int32_t repeat, int32_t dstRepStride,
                             int32_t srcBlkStride, int32_t srcRepStride) {
  static_assert(kind == ReduceType::SUM || kind == ReduceType::MAX || kind == ReduceType::MIN,
                "Invalid reduceType for ReduceDataBlock, only ReduceType::SUM, ReduceType::MAX "
                "and ReduceType::MIN are supported.");
  const auto r = static_cast<uint8_t>(repeat);
  const auto d = static_cast<uint16_t>(dstRepStride);
  const auto b = static_cast<uint16_t>(srcBlkStride);
  const auto s = static_cast<uint16_t>(srcRepStride);
  if constexpr (kind == ReduceType::SUM) {
    vcgadd(dst, src, r, d, b, s);
  } else if constexpr (kind == ReduceType::MAX) {
    vcgmax(dst, src, r, d, b, s);
  } else {
    vcgmin(dst, src, r, d, b, s);
  }
}

// Vector results read by scalar code, then scalar writes seen by V and MTE3.
inline void vectorToScalar() {
  const TEventID id = fetchEventId(HardEvent::V_S);
  SetFlag<HardEvent::V_S>(id);
  WaitFlag<HardEvent::V_S>(id);
}
inline void scalarToVectorAndStore() {
  const TEventID v = fetchEventId(HardEvent::S_V);
  const TEventID m = fetchEventId(HardEvent::S_MTE3);
  SetFlag<HardEvent::S_V>(v);
  WaitFlag<HardEvent::S_V>(v);
  SetFlag<HardEvent::S_MTE3>(m);
  WaitFlag<HardEvent::S_MTE3>(m);
}

template <typename T>
using IndexBits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

template <typename T>
inline uint32_t indexAt(const LocalTensor<T>& t, uint32_t i) {
  const T v = t.GetValue(i);
  IndexBits<T> bits;
  __builtin_memcpy(&bits, &v, sizeof(bits));
  return bits;
}
template <typename T>
inline T asValue(uint32_t index) {
  const IndexBits<T> bits = static_cast<IndexBits<T>>(index);
  T v;
  __builtin_memcpy(&v, &bits, sizeof(T));
  return v;
}

inline uint32_t alignUpElems(uint32_t n, uint32_t elemBytes) {
  return (n * elemBytes + 31u) / 32u * 32u / elemBytes;
}

// Max/min with its index over `n` (value, index) pairs that vcmax/vcmin left
// at tmp[0, 2n): more vcmax/vcmin rounds over the values (mask 0101...) until
// one pair is left, then the index walked back down. Returns the value and
// the position of the winning pair at the first level.
template <typename T, bool kMax>
inline void reducePairs(const LocalTensor<T>& tmp, uint32_t n, T* value, uint32_t* pair) {
  constexpr uint32_t per = 256 / sizeof(T);  // lanes per iteration
  uint32_t levelStart[8];
  uint32_t levels = 0;
  uint32_t start = 0;
  while (n > 1) {
    levelStart[levels++] = start;
    const uint32_t next = start + alignUpElems(2 * n, sizeof(T));
    const uint32_t reps = (2 * n + per - 1) / per;
    const uint32_t tail = 2 * n - (reps - 1) * per;  // lanes of the last iteration
    PipeBarrier<PIPE_V>();
    // Full iterations take every value lane; the last one its first values.
    if (reps > 1) {
      set_vector_mask(sizeof(T) == 2 ? 0x5555555555555555ull : 0, 0x5555555555555555ull);
      if (kMax)
        vcmax(tmp.GetPhyAddr(next), tmp.GetPhyAddr(start), static_cast<uint8_t>(reps - 1), 1, 1, 8,
              VOrder::ValueIndex);
      else
        vcmin(tmp.GetPhyAddr(next), tmp.GetPhyAddr(start), static_cast<uint8_t>(reps - 1), 1, 1, 8,
              VOrder::ValueIndex);
    }
    uint64_t lo = 0, hi = 0;
    for (uint32_t l = 0; l < tail; l += 2) (l < 64 ? lo : hi) |= uint64_t{1} << (l % 64);
    set_vector_mask(hi, lo);
    const uint32_t o = next + 2 * (reps - 1), i = start + per * (reps - 1);
    if (kMax)
      vcmax(tmp.GetPhyAddr(o), tmp.GetPhyAddr(i), 1, 1, 1, 8, VOrder::ValueIndex);
    else
      vcmin(tmp.GetPhyAddr(o), tmp.GetPhyAddr(i), 1, 1, 1, 8, VOrder::ValueIndex);
    start = next;
    n = reps;
  }
  set_vector_mask(FULL_MASK, FULL_MASK);
  vectorToScalar();
  *value = tmp.GetValue(start);
  // Walk back: a lane l of an iteration r at level k points at pair
  // r * per / 2 + l / 2 of level k - 1.
  uint32_t p = 0;
  for (uint32_t k = levels; k-- > 0;) {
    const uint32_t here = k + 1 < levels ? levelStart[k + 1] : start;
    const uint32_t lane = indexAt(tmp, here + 2 * p + 1);
    p = p * (per / 2) + lane / 2;
  }
  *pair = p;
}

// ReduceMax / ReduceMin over `repeat` iterations of src (srcRepStride blocks
// apart) under the mask already set; counter mode for the first-n form.
template <typename T, bool kMax>
inline void reduceMaxMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                         const LocalTensor<T>& tmp, uint32_t repeat, int32_t srcRepStride,
                         bool counter, bool calIndex) {
  constexpr uint32_t perBlock = 32 / sizeof(T);
  const auto rs = static_cast<uint16_t>(srcRepStride);
  if (!counter && repeat == 1 && calIndex) {
    if (kMax)
      vcmax(dst.GetPhyAddr(), src.GetPhyAddr(), 1, 1, 1, rs, VOrder::ValueIndex);
    else
      vcmin(dst.GetPhyAddr(), src.GetPhyAddr(), 1, 1, 1, rs, VOrder::ValueIndex);
    return;
  }
  // First level: one (value, index) pair per iteration, at most 255 a time.
  for (uint32_t done = 0; done < repeat;) {
    const uint32_t r = repeat - done < MAX_REPEAT_TIMES ? repeat - done : MAX_REPEAT_TIMES;
    const uint32_t srcOff = done * rs * perBlock;
    if (kMax)
      vcmax(tmp.GetPhyAddr(2 * done), src.GetPhyAddr(srcOff), static_cast<uint8_t>(r), 1, 1, rs,
            VOrder::ValueIndex);
    else
      vcmin(tmp.GetPhyAddr(2 * done), src.GetPhyAddr(srcOff), static_cast<uint8_t>(r), 1, 1, rs,
            VOrder::ValueIndex);
    done += r;
    if (counter) break;  // counter mode covers every iteration in one instruction
  }
  if (counter) endCount();
  T value;
  uint32_t pair = 0;
  reducePairs<T, kMax>(tmp, repeat, &value, &pair);
  const uint32_t lane = indexAt(tmp, 2 * pair + 1);
  dst.SetValue(0, value);
  if (calIndex) dst.SetValue(1, asValue<T>(pair * rs * perBlock + lane));
  scalarToVectorAndStore();
}

// Sums `n` values at tmp[0, n) by trees of `per` until one is left, the last
// round straight into dst (the reference's second method).
template <typename T>
inline void reduceSums(const LocalTensor<T>& dst, const LocalTensor<T>& tmp, uint32_t n) {
  constexpr uint32_t per = 256 / sizeof(T);
  while (n > per) {
    const uint32_t reps = (n + per - 1) / per;
    const uint32_t tail = n - (reps - 1) * per;
    PipeBarrier<PIPE_V>();
    if (reps > 1) {
      set_vector_mask(FULL_MASK, FULL_MASK);
      vcadd(tmp.GetPhyAddr(), tmp.GetPhyAddr(), static_cast<uint8_t>(reps - 1), 1, 1, 8, 0);
    }
    maskLen<T>(tail);
    vcadd(tmp.GetPhyAddr(reps - 1), tmp.GetPhyAddr((reps - 1) * per), 1, 1, 1, 8, 0);
    n = reps;
  }
  PipeBarrier<PIPE_V>();
  maskLen<T>(n);
  vcadd(dst.GetPhyAddr(), tmp.GetPhyAddr(), 1, 1, 1, 8, 0);
  set_vector_mask(FULL_MASK, FULL_MASK);
}

template <typename T>
inline void requireReduceType() {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "Failed to check dtype in Reduce, current api support dtype combination is src and "
                "dst both: half / float.");
}

}  // namespace detail

// --- one instruction ------------------------------------------------------------------------
#define ASCTWIN_API_REDUCE_REPEAT(MASKARG, SETMASK)                                               \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                 \
  void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASKARG,                \
                    const int32_t repeatTime, const int32_t dstRepStride,                         \
                    const int32_t srcBlkStride, const int32_t srcRepStride,                       \
                    ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                           \
                    std::source_location loc = std::source_location::current()) {                 \
    static_assert(std::is_same_v<T, U>,                                                           \
                  "ReduceRepeat only supports identical dst type (T) and src type (U) for "       \
                  "current NPU_ARCH.");                                                           \
    asctwin::kernel::ApiCall call("ReduceRepeat", loc, {dst.ref().bufferId, src.ref().bufferId}); \
    if (ASCEND_IS_AIC) return;                                                                    \
    SETMASK;                                                                                      \
    detail::reduceRepeatInstr<reduceType>(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime,         \
                                          dstRepStride, srcBlkStride, srcRepStride, order);       \
  }                                                                                               \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                 \
  void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASKARG,             \
                       const int32_t repeatTime, const int32_t dstRepStride,                      \
                       const int32_t srcBlkStride, const int32_t srcRepStride,                    \
                       std::source_location loc = std::source_location::current()) {              \
    static_assert(std::is_same_v<T, U>,                                                           \
                  "ReduceDataBlock only supports identical src type and dst type for current "    \
                  "NPU_ARCH.");                                                                   \
    asctwin::kernel::ApiCall call("ReduceDataBlock", loc,                                         \
                                  {dst.ref().bufferId, src.ref().bufferId});                      \
    if (ASCEND_IS_AIC) return;                                                                    \
    SETMASK;                                                                                      \
    detail::reduceBlockInstr<reduceType>(dst.GetPhyAddr(), src.GetPhyAddr(), repeatTime,          \
                                         dstRepStride, srcBlkStride, srcRepStride);               \
  }                                                                                               \
  template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>                 \
  void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASKARG,              \
                      const int32_t repeatTime, const int32_t dstRepStride,                       \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                     \
                      std::source_location loc = std::source_location::current()) {               \
    static_assert(reduceType == ReduceType::SUM,                                                  \
                  "Invalid reduceType for ReducePairElem, only ReduceType::SUM is supported.");   \
    static_assert(std::is_same_v<T, U>,                                                           \
                  "ReducePairElem only supports identical src type and dst type for current "     \
                  "NPU_ARCH.");                                                                   \
    asctwin::kernel::ApiCall call("ReducePairElem", loc,                                          \
                                  {dst.ref().bufferId, src.ref().bufferId});                      \
    if (ASCEND_IS_AIC) return;                                                                    \
    SETMASK;                                                                                      \
    vcpadd(dst.GetPhyAddr(), src.GetPhyAddr(), static_cast<uint8_t>(repeatTime),                  \
           static_cast<uint16_t>(dstRepStride), static_cast<uint16_t>(srcBlkStride),              \
           static_cast<uint16_t>(srcRepStride));                                                  \
  }
ASCTWIN_API_REDUCE_REPEAT(const int32_t mask, (detail::setMask<T, isSetMask>(mask)))
ASCTWIN_API_REDUCE_REPEAT(const uint64_t mask[], (detail::setMask<T, isSetMask>(mask)))
#undef ASCTWIN_API_REDUCE_REPEAT

// The older names (repeatTime before the mask for the block and pair forms).
#define ASCTWIN_API_REDUCE_OLD(MASKARG)                                                         \
  template <typename T, bool isSetMask = true>                                                  \
  void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASKARG,            \
                      const int32_t repeatTime, const int32_t dstRepStride,                     \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceRepeat<ReduceType::SUM, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride,    \
                                                   srcBlkStride, srcRepStride,                  \
                                                   ReduceOrder::ORDER_VALUE_INDEX, loc);        \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void WholeReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASKARG,            \
                      const int32_t repeatTime, const int32_t dstRepStride,                     \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                       \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceRepeat<ReduceType::MAX, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride,    \
                                                   srcBlkStride, srcRepStride, order, loc);     \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void WholeReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, MASKARG,            \
                      const int32_t repeatTime, const int32_t dstRepStride,                     \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,                       \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceRepeat<ReduceType::MIN, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride,    \
                                                   srcBlkStride, srcRepStride, order, loc);     \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void BlockReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,                     \
                      const int32_t repeatTime, MASKARG, const int32_t dstRepStride,            \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceDataBlock<ReduceType::SUM, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, \
                                                      srcBlkStride, srcRepStride, loc);         \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void BlockReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,                     \
                      const int32_t repeatTime, MASKARG, const int32_t dstRepStride,            \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceDataBlock<ReduceType::MAX, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, \
                                                      srcBlkStride, srcRepStride, loc);         \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void BlockReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,                     \
                      const int32_t repeatTime, MASKARG, const int32_t dstRepStride,            \
                      const int32_t srcBlkStride, const int32_t srcRepStride,                   \
                      std::source_location loc = std::source_location::current()) {             \
    ReduceDataBlock<ReduceType::MIN, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, \
                                                      srcBlkStride, srcRepStride, loc);         \
  }                                                                                             \
  template <typename T, bool isSetMask = true>                                                  \
  void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,                      \
                     const int32_t repeatTime, MASKARG, const int32_t dstRepStride,             \
                     const int32_t srcBlkStride, const int32_t srcRepStride,                    \
                     std::source_location loc = std::source_location::current()) {              \
    ReducePairElem<ReduceType::SUM, T, T, isSetMask>(dst, src, mask, repeatTime, dstRepStride,  \
                                                     srcBlkStride, srcRepStride, loc);          \
  }
ASCTWIN_API_REDUCE_OLD(const int32_t mask)
ASCTWIN_API_REDUCE_OLD(const uint64_t mask[])
#undef ASCTWIN_API_REDUCE_OLD

// RepeatReduceSum: one sum per iteration of the first `mask` lanes.
template <typename T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride,
                     std::source_location loc = std::source_location::current()) {
  (void)dstBlkStride;  // the real implementation does not pass it on either
  asctwin::kernel::ApiCall call("RepeatReduceSum", loc, {dst.ref().bufferId, src.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(static_cast<uint64_t>(mask));
  vcadd(dst.GetPhyAddr(), src.GetPhyAddr(), static_cast<uint8_t>(repeatTime),
        static_cast<uint16_t>(dstRepStride), static_cast<uint16_t>(srcBlkStride),
        static_cast<uint16_t>(srcRepStride), 0);
}

// --- whole tensors ----------------------------------------------------------------------------
#define ASCTWIN_API_REDUCE_MAXMIN(NAME, IS_MAX)                                                   \
  template <typename T>                                                                           \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
            const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,  \
            const int32_t srcRepStride, bool calIndex = 0,                                        \
            std::source_location loc = std::source_location::current()) {                         \
    detail::requireReduceType<T>();                                                               \
    asctwin::kernel::ApiCall call(                                                                \
        #NAME, loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});    \
    if (ASCEND_IS_AIC || repeatTime <= 0) return;                                                 \
    detail::maskLen<T>(static_cast<uint64_t>(mask));                                              \
    detail::reduceMaxMin<T, IS_MAX>(dst, src, sharedTmpBuffer, static_cast<uint32_t>(repeatTime), \
                                    srcRepStride, false, calIndex);                               \
  }                                                                                               \
  template <typename T>                                                                           \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
            const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],                         \
            const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0,              \
            std::source_location loc = std::source_location::current()) {                         \
    detail::requireReduceType<T>();                                                               \
    asctwin::kernel::ApiCall call(                                                                \
        #NAME, loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});    \
    if (ASCEND_IS_AIC || repeatTime <= 0) return;                                                 \
    set_vector_mask(mask[1], mask[0]);                                                            \
    detail::reduceMaxMin<T, IS_MAX>(dst, src, sharedTmpBuffer, static_cast<uint32_t>(repeatTime), \
                                    srcRepStride, false, calIndex);                               \
  }                                                                                               \
  template <typename T>                                                                           \
  void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
            const LocalTensor<T>& sharedTmpBuffer, const int32_t count, bool calIndex = 0,        \
            std::source_location loc = std::source_location::current()) {                         \
    detail::requireReduceType<T>();                                                               \
    asctwin::kernel::ApiCall call(                                                                \
        #NAME, loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});    \
    detail::requireCount(count, #NAME, loc);                                                      \
    if (ASCEND_IS_AIC || count == 0) return;                                                      \
    constexpr uint32_t per = 256 / sizeof(T);                                                     \
    detail::beginCount(static_cast<uint64_t>(count));                                             \
    detail::reduceMaxMin<T, IS_MAX>(dst, src, sharedTmpBuffer,                                    \
                                    (static_cast<uint32_t>(count) + per - 1) / per, 8, true,      \
                                    calIndex);                                                    \
  }
ASCTWIN_API_REDUCE_MAXMIN(ReduceMax, true)
ASCTWIN_API_REDUCE_MAXMIN(ReduceMin, false)
#undef ASCTWIN_API_REDUCE_MAXMIN

// ReduceSum, high-dimensional: a tree per iteration into sharedTmpBuffer,
// then trees over those sums.
template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,
               const int32_t srcRepStride,
               std::source_location loc = std::source_location::current()) {
  detail::requireReduceType<T>();
  asctwin::kernel::ApiCall call(
      "ReduceSum", loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});
  if (ASCEND_IS_AIC || repeatTime <= 0) return;
  detail::maskLen<T>(static_cast<uint64_t>(mask));
  for (int32_t done = 0; done < repeatTime;) {
    const int32_t r = repeatTime - done < MAX_REPEAT_TIMES ? repeatTime - done : MAX_REPEAT_TIMES;
    vcadd(sharedTmpBuffer.GetPhyAddr(done), src.GetPhyAddr(done * srcRepStride * (32 / sizeof(T))),
          static_cast<uint8_t>(r), 1, 1, static_cast<uint16_t>(srcRepStride), 0);
    done += r;
  }
  detail::reduceSums(dst, sharedTmpBuffer, static_cast<uint32_t>(repeatTime));
}
template <typename T>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[],
               const int32_t repeatTime, const int32_t srcRepStride,
               std::source_location loc = std::source_location::current()) {
  detail::requireReduceType<T>();
  asctwin::kernel::ApiCall call(
      "ReduceSum", loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});
  if (ASCEND_IS_AIC || repeatTime <= 0) return;
  for (int32_t done = 0; done < repeatTime;) {
    set_vector_mask(mask[1], mask[0]);
    const int32_t r = repeatTime - done < MAX_REPEAT_TIMES ? repeatTime - done : MAX_REPEAT_TIMES;
    vcadd(sharedTmpBuffer.GetPhyAddr(done), src.GetPhyAddr(done * srcRepStride * (32 / sizeof(T))),
          static_cast<uint8_t>(r), 1, 1, static_cast<uint16_t>(srcRepStride), 0);
    done += r;
  }
  detail::reduceSums(dst, sharedTmpBuffer, static_cast<uint32_t>(repeatTime));
}
// ReduceSum, first n: every iteration's tree, the sums added in order into
// ACC_VAL (vcadd's accumulating form), written to dst[0] by the scalar unit.
template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
               const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
               std::source_location loc = std::source_location::current()) {
  detail::requireReduceType<T>();
  asctwin::kernel::ApiCall call(
      "ReduceSum", loc, {dst.ref().bufferId, src.ref().bufferId, sharedTmpBuffer.ref().bufferId});
  detail::requireCount(count, "ReduceSum", loc);
  if (ASCEND_IS_AIC) return;
  if constexpr (isSetMask) detail::beginCount(static_cast<uint64_t>(count));
  vcadd(dst.GetPhyAddr(), src.GetPhyAddr(), 1, 1, 1, 8, 1);
  detail::vectorToScalar();
  const int64_t acc = get_acc_val();
  T v;
  __builtin_memcpy(&v, &acc, sizeof(T));
  dst.SetValue(0, v);
  detail::scalarToVectorAndStore();
  if constexpr (isSetMask) detail::endCount();
}

// --- the registers ----------------------------------------------------------------------------
template <typename T>
T GetReduceRepeatSumSpr() {
  const int64_t acc = get_acc_val();
  T v;
  __builtin_memcpy(&v, &acc, sizeof(T));
  return v;
}
template <typename T>
T GetAccVal() {
  return GetReduceRepeatSumSpr<T>();
}
inline int64_t GetAccVal() {
  return get_acc_val();
}
inline int64_t GetReduceRepeatSumSpr() {
  return get_acc_val();
}
// The value and index of the last max/min (the value's bits in the low half).
template <typename T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex) {
  const auto cnt = static_cast<uint64_t>(get_max_min_cnt());
  const uint32_t value = static_cast<uint32_t>(cnt & (sizeof(T) == 2 ? 0xffffu : 0xffffffffu));
  const uint32_t index = static_cast<uint32_t>(cnt >> 32);
  __builtin_memcpy(&maxMinValue, &value, sizeof(T));
  __builtin_memcpy(&maxMinIndex, &index, sizeof(T));
}
template <typename T>
void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex) {
  GetReduceRepeatMaxMinSpr(maxMinValue, maxMinIndex);
}

}  // namespace AscendC
