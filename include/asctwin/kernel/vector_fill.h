// Filling and gathering: Duplicate (vector_dup), CreateVecIndex (the first
// data block written by the scalar unit, the rest by Adds of the block and
// iteration sizes, as the real implementation builds it) and Gather
// (vgather by byte offsets).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/sync.h"
#include "asctwin/kernel/vector_mask.h"
#include "asctwin/kernel/vector_scalar.h"

namespace AscendC {

// --- Duplicate ----------------------------------------------------------------------
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const std::type_identity_t<T>& scalarValue,
               const int32_t& count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Duplicate", loc, {dst.ref().bufferId});
  detail::requireCount(count, "Duplicate", loc);
  if (ASCEND_IS_AIC) return;
  if constexpr (isSetMask) detail::beginCount(static_cast<uint64_t>(count));
  vector_dup(dst.GetPhyAddr(), static_cast<T>(scalarValue), 1, 1, 1, 8, 0);
  if constexpr (isSetMask) detail::endCount();
}
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const std::type_identity_t<T>& scalarValue,
               uint64_t mask[], const uint8_t repeatTime, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride,
               std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Duplicate", loc, {dst.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vector_dup(dst.GetPhyAddr(), static_cast<T>(scalarValue), repeatTime, dstBlockStride, 1,
             dstRepeatStride, 0);
}
template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const std::type_identity_t<T>& scalarValue, uint64_t mask,
               const uint8_t repeatTime, const uint16_t dstBlockStride,
               const uint8_t dstRepeatStride,
               std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Duplicate", loc, {dst.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  vector_dup(dst.GetPhyAddr(), static_cast<T>(scalarValue), repeatTime, dstBlockStride, 1,
             dstRepeatStride, 0);
}

// --- CreateVecIndex: dst[i] = firstValue + i ------------------------------------------------
namespace detail {
template <typename T>
T indexValue(const T& first, int32_t i) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<int64_t>(first) + i);
  } else {
    return static_cast<T>(static_cast<float>(first) + static_cast<float>(i));
  }
}
// The first n elements by the scalar unit, then an S -> V flag.
template <typename T>
void indexOneBlock(const LocalTensor<T>& dst, const T& first, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) dst.SetValue(i, indexValue(first, static_cast<int32_t>(i)));
  const TEventID id = GetTPipePtr() != nullptr ? GetTPipePtr()->FetchEventID(HardEvent::S_V) : 0;
  SetFlag<HardEvent::S_V>(id);
  WaitFlag<HardEvent::S_V>(id);
}
}  // namespace detail

template <typename T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count,
                    std::source_location loc = std::source_location::current()) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, int16_t> || std::is_same_v<T, float> ||
                    std::is_same_v<T, int32_t>,
                "CreateVecIndex supports half, int16_t, float and int32_t");
  asctwin::kernel::ApiCall call("CreateVecIndex", loc, {dst.ref().bufferId});
  constexpr uint32_t kBlk = 32 / sizeof(T);   // elements per data block
  constexpr uint32_t kRep = 256 / sizeof(T);  // elements per iteration
  if (count <= kBlk) {
    detail::indexOneBlock(dst, firstValue, count);
    return;
  }
  detail::indexOneBlock(dst, firstValue, kBlk);
  const UnaryRepeatParams p;
  // Blocks 2..8 of the first iteration: each is the previous one + kBlk.
  const uint32_t blocks = count >= kRep ? 7 : count / kBlk - 1;
  const uint32_t blockTail = count >= kRep ? 0 : count % kBlk;
  for (uint32_t i = 0; i < blocks; ++i) {
    Adds(dst[(i + 1) * kBlk], dst[i * kBlk], static_cast<T>(kBlk), uint64_t{kBlk}, 1, p);
    PipeBarrier<PIPE_V>();
  }
  if (blockTail > 0) {
    const uint32_t at = count / kBlk * kBlk;
    Adds(dst[at], dst[at - kBlk], static_cast<T>(kBlk), uint64_t{blockTail}, 1, p);
    PipeBarrier<PIPE_V>();
  }
  if (count <= kRep) return;
  // Iterations 2..n: each is the previous one + kRep.
  const uint32_t reps = count / kRep - 1;
  const uint32_t repTail = count % kRep;
  for (uint32_t i = 0; i < reps; ++i) {
    Adds(dst[(i + 1) * kRep], dst[i * kRep], static_cast<T>(kRep), uint64_t{kRep}, 1, p);
    PipeBarrier<PIPE_V>();
  }
  if (repTail > 0) {
    const uint32_t at = count / kRep * kRep;
    Adds(dst[at], dst[at - kRep], static_cast<T>(kRep), uint64_t{repTail}, 1, p);
    PipeBarrier<PIPE_V>();
  }
}

// --- Gather: dst[i] = *(src + srcBaseOffset + srcOffset[i]) (byte offsets) ------------------
namespace detail {
template <typename T>
void gatherInstr(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                 const LocalTensor<uint32_t>& offsets, uint32_t base, uint8_t repeat,
                 uint16_t dstRepStride) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "Gather supports half, bfloat16_t, uint16_t, int16_t, float, uint32_t, int32_t");
  const auto addr = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(src.GetPhyAddr()) + base);
  using Word = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  vgather(reinterpret_cast<Word*>(dst.GetPhyAddr()), offsets.GetPhyAddr(), addr, dstRepStride,
          repeat);
}
}  // namespace detail

// The first `count` elements: whole iterations with a continuous mask, then
// the tail as one more iteration.
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
            const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseOffset,
            const uint32_t count, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Gather", loc,
                                {dst.ref().bufferId, src.ref().bufferId, srcOffset.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  constexpr uint32_t kPer = sizeof(T) == 2 ? 128 : 64;
  const uint32_t tail = count % kPer;
  if (count / kPer > MAX_REPEAT_TIMES)
    asctwin::kernel::fail(asctwin::kernel::Site::at("Gather", loc),
                          "Gather of %u elements needs %u iterations; at most %d fit one call",
                          count, count / kPer, MAX_REPEAT_TIMES);
  const auto reps = static_cast<uint8_t>(count / kPer);
  if (reps > 0) {
    detail::setMask<T, true>(uint64_t{kPer});
    detail::gatherInstr(dst, src, srcOffset, srcBaseOffset, reps, DEFAULT_REPEAT_STRIDE);
  }
  if (tail > 0) {
    const uint32_t at = count - tail;
    detail::setMask<T, true>(uint64_t{tail});
    detail::gatherInstr(dst[at], src, srcOffset[at], srcBaseOffset, 1, DEFAULT_REPEAT_STRIDE);
  }
}
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
            const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseOffset,
            const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride,
            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Gather", loc,
                                {dst.ref().bufferId, src.ref().bufferId, srcOffset.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, true>(mask);
  detail::gatherInstr(dst, src, srcOffset, srcBaseOffset, repeatTime, dstRepStride);
}
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src,
            const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseOffset,
            const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride,
            std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Gather", loc,
                                {dst.ref().bufferId, src.ref().bufferId, srcOffset.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, true>(mask);
  detail::gatherInstr(dst, src, srcOffset, srcBaseOffset, repeatTime, dstRepStride);
}

}  // namespace AscendC
