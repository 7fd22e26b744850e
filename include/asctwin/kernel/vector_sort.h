// Sorting APIs of architecture 2201: Sort32 (vbitsort), MrgSort in its two
// forms (vmrgsort4 with the lengths and configuration packed as the real
// code packs them), GetMrgSortResult (VMS4_SR), and the region helpers
// Concat / Extract / Sort / GetSortOffset / GetSortLen. A region is 8 bytes:
// the score, then (at byte 4) its uint32 index. The proposal instructions
// of older cores (MrgSort4, RpSort16, ProposalConcat, ProposalExtract) do
// not exist on A2/A3: the real implementation reports them at run time, so
// does the twin.
#pragma once

#include <cstdint>
#include <type_traits>

#include "asctwin/isa/intrinsics_sort.h"
#include "asctwin/kernel/pipe.h"
#include "asctwin/kernel/vector_layout.h"
#include "asctwin/source_location.h"

namespace AscendC {

template <typename T>
struct MrgSortSrcList {
  MrgSortSrcList() {}
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In,
                 const LocalTensor<T>& src3In, const LocalTensor<T>& src4In) {
    src1 = src1In[0];
    src2 = src2In[0];
    src3 = src3In[0];
    src4 = src4In[0];
  }
  LocalTensor<T> src1;
  LocalTensor<T> src2;
  LocalTensor<T> src3;
  LocalTensor<T> src4;
};

namespace detail {
template <typename T>
constexpr void requireSortType() {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "Failed to check dtype in Sort, current api support dtype combination is src and "
                "dst both: half / float");
}
template <typename T>
void mrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& info) {
  uint64_t config = info.repeatTimes & 0xFFu;
  config |= uint64_t(info.validBit & 0xFu) << 8;
  config |= uint64_t(info.ifExhaustedSuspension ? 1u : 0u) << 12;
  uint64_t lens = 0;
  for (int i = 0; i < 4; ++i) lens |= uint64_t(info.elementLengths[i] & 0xFFFFu) << (16 * i);
  __ubuf__ T* addrs[4] = {src.src1.GetPhyAddr(), src.src2.GetPhyAddr(), src.src3.GetPhyAddr(),
                          src.src4.GetPhyAddr()};
  vmrgsort4(dst.GetPhyAddr(), addrs, lens, config);
}
[[noreturn]] inline void notOnThisCore(const char* api) {
  asctwin::kernel::failApi("%s is not supported on Atlas A2/A3 (architecture 2201)", api);
}
}  // namespace detail

// 32 scores per iteration sorted descending with their indices.
template <typename T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
            const LocalTensor<uint32_t>& src1, const int32_t repeatTime,
            std::source_location loc = std::source_location::current()) {
  detail::requireSortType<T>();
  asctwin::kernel::ApiCall call("Sort32", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  vbitsort(dst.GetPhyAddr(), src0.GetPhyAddr(), src1.GetPhyAddr(),
           static_cast<uint8_t>(repeatTime));
}

template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params,
             std::source_location loc = std::source_location::current()) {
  detail::requireSortType<T>();
  asctwin::kernel::ApiCall call("MrgSort", loc,
                                {dst.ref().bufferId, src.src1.ref().bufferId,
                                 src.src2.ref().bufferId, src.src3.ref().bufferId});
  for (int i = 0; i < 4; ++i)
    if (params.elementLengths[i] > 4095)
      asctwin::kernel::failApi("MrgSort: elementLengths[%d] = %u must be in [0, 4095]", i,
                               static_cast<unsigned>(params.elementLengths[i]));
  if (ASCEND_IS_AIC) return;
  detail::mrgSort(dst, src, params);
}
// The form with element counts: merges, then reports how many regions of
// each list went into dst (the exhausted form stops at the first empty list).
template <typename T, bool isExhaustedSuspension = false>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList,
             const uint16_t elementCountList[4], uint32_t sortedNum[4], uint16_t validBit,
             const int32_t repeatTime, std::source_location loc = std::source_location::current()) {
  detail::requireSortType<T>();
  asctwin::kernel::ApiCall call("MrgSort", loc, {dst.ref().bufferId, sortList.src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  MrgSort4Info info(elementCountList, isExhaustedSuspension, validBit,
                    static_cast<uint16_t>(repeatTime));
  detail::mrgSort(dst, sortList, info);
  if constexpr (isExhaustedSuspension) {
    const auto sr = static_cast<uint64_t>(get_vms4_sr());
    for (int i = 0; i < 4; ++i) sortedNum[i] = static_cast<uint32_t>((sr >> (16 * i)) & 0xFFFF);
  }
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
  if (ASCEND_IS_AIC) return;
  const auto sr = static_cast<uint64_t>(get_vms4_sr());
  mrgSortList1 = static_cast<uint16_t>(sr & 0xFFFF);
  mrgSortList2 = static_cast<uint16_t>((sr >> 16) & 0xFFFF);
  mrgSortList3 = static_cast<uint16_t>((sr >> 32) & 0xFFFF);
  mrgSortList4 = static_cast<uint16_t>((sr >> 48) & 0xFFFF);
}

// Offsets and lengths in region units of T: a region is 4 halves or 2 floats.
template <typename T>
uint32_t GetSortOffset(const uint32_t elemOffset) {
  detail::requireSortType<T>();
  return elemOffset * (std::is_same_v<T, half> ? 4u : 2u);
}
template <typename T>
uint32_t GetSortLen(const uint32_t elemCount) {
  detail::requireSortType<T>();
  return elemCount * (std::is_same_v<T, half> ? 4u : 2u);
}

// Concat: on 2201 the scores are sorted in place, concat is src.
template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp,
            const int32_t repeatTime) {
  detail::requireSortType<T>();
  (void)tmp;
  (void)repeatTime;
  concat = src;
}
// Extract: the scores and the indices of sorted regions, by two GatherMask
// passes (patterns picking the score lanes, then the index lanes).
template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex,
             const LocalTensor<T>& sorted, const int32_t repeatTime,
             std::source_location loc = std::source_location::current()) {
  detail::requireSortType<T>();
  asctwin::kernel::ApiCall call(
      "Extract", loc, {dstValue.ref().bufferId, dstIndex.ref().bufferId, sorted.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  uint64_t rsvdCnt = 0;
  const auto r = static_cast<uint16_t>(repeatTime);
  if constexpr (std::is_same_v<T, half>) {
    GatherMask(dstValue, sorted, 3, false, 0, GatherMaskParams{1, r, 8, 0}, rsvdCnt);
    PipeBarrier<PIPE_V>();
    GatherMask(dstIndex, sorted.template ReinterpretCast<uint32_t>(), 2, false, 0,
               GatherMaskParams{1, static_cast<uint16_t>(r * 2), 8, 0}, rsvdCnt);
  } else {
    GatherMask(dstValue, sorted, 1, false, 0, GatherMaskParams{1, r, 8, 0}, rsvdCnt);
    PipeBarrier<PIPE_V>();
    GatherMask(dstIndex, sorted.template ReinterpretCast<uint32_t>(), 2, false, 0,
               GatherMaskParams{1, r, 8, 0}, rsvdCnt);
  }
}
// Sort: Sort32 of every group of 32; the full sort also merges the groups
// into one list (MrgSort rounds of 4 lists, through tmp).
template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat,
          const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime,
          std::source_location loc = std::source_location::current()) {
  detail::requireSortType<T>();
  asctwin::kernel::ApiCall call("Sort", loc, {dst.ref().bufferId, concat.ref().bufferId});
  Sort32(dst, concat, index, repeatTime);
  if constexpr (isFullSort) {
    if (ASCEND_IS_AIC) return;
    // Lists of `len` regions at dst; merge 4 at a time into tmp, then back.
    constexpr uint32_t kRegionElems = std::is_same_v<T, half> ? 4 : 2;
    uint32_t lists = static_cast<uint32_t>(repeatTime), len = 32;
    LocalTensor<T> from = dst, to = tmp;
    while (lists > 1) {
      PipeBarrier<PIPE_V>();
      uint32_t out = 0;
      for (uint32_t first = 0; first < lists; first += 4, ++out) {
        const uint32_t n = lists - first < 4 ? lists - first : 4;
        const uint32_t base = first * len * kRegionElems;
        MrgSortSrcList<T> src(from[base], from[base + len * kRegionElems],
                              from[base + (n > 2 ? 2 : 1) * len * kRegionElems],
                              from[base + (n > 3 ? 3 : 1) * len * kRegionElems]);
        uint16_t lens[4] = {static_cast<uint16_t>(len), static_cast<uint16_t>(n > 1 ? len : 0),
                            static_cast<uint16_t>(n > 2 ? len : 0),
                            static_cast<uint16_t>(n > 3 ? len : 0)};
        if (n == 1) {  // a lone list is copied as it is
          DataCopy(to[base], from[base], len * kRegionElems);
          continue;
        }
        const uint16_t valid = n == 2 ? 3 : (n == 3 ? 7 : 15);
        MrgSort(to[base], src, MrgSort4Info(lens, false, valid, 1));
      }
      lists = out;
      len *= 4;
      LocalTensor<T> t = from;
      from = to;
      to = t;
    }
    if (from.GetPhyAddr() != dst.GetPhyAddr()) {
      PipeBarrier<PIPE_V>();
      DataCopy(dst, from, static_cast<uint32_t>(repeatTime) * 32 * kRegionElems);
    }
  }
}

// The proposal instructions of older cores.
template <typename T>
void MrgSort4(const LocalTensor<T>&, const MrgSortSrcList<T>&, const MrgSort4Info&) {
  detail::notOnThisCore("MrgSort4");
}
template <typename T>
void RpSort16(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t) {
  detail::notOnThisCore("RpSort16");
}
template <typename T>
void ProposalConcat(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t, const int32_t) {
  detail::notOnThisCore("ProposalConcat");
}
template <typename T>
void ProposalExtract(const LocalTensor<T>&, const LocalTensor<T>&, const int32_t, const int32_t) {
  detail::notOnThisCore("ProposalExtract");
}

}  // namespace AscendC
