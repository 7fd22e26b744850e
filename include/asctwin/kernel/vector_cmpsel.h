// Compare, Compares, Select, GetCmpMask and SetCmpMask, lowered as the real
// implementation does (dav_c220): the first-n compare forms run whole
// iterations of 256 bytes (count * sizeof(T) must be a multiple of 256; the
// MASK register is not used by the compare-to-UB instructions on A2/A3), in
// calls of at most 252 iterations; Select's first-n forms run in counter
// mode, mode 1 and mode 2 passing the scalar or the mask's address through
// CMPMASK from the API's temporary UB area (the last 8 KiB of UB).
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"
#include <type_traits>

#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/vector_mask.h"

namespace AscendC {

namespace detail {

template <typename T>
void cmpv(uint8_t* dst, T* src0, T* src1, CMPMODE mode, uint8_t repeat,
          const BinaryRepeatParams& p) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (mode != CMPMODE::EQ)
      asctwin::kernel::failApi("Compare of int32_t supports CMPMODE::EQ only");
  }
#define ASCTWIN_CMPV(M, S)                                                               \
  case CMPMODE::M:                                                                       \
    vcmpv_##S(dst, src0, src1, repeat, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, \
              p.dstRepStride, p.src0RepStride, p.src1RepStride);                         \
    return;
  if constexpr (std::is_same_v<T, int32_t>) {
    vcmpv_eq(dst, src0, src1, repeat, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride,
             p.dstRepStride, p.src0RepStride, p.src1RepStride);
  } else {
    switch (mode) {
      ASCTWIN_CMPV(LT, lt)
      ASCTWIN_CMPV(GT, gt)
      ASCTWIN_CMPV(EQ, eq)
      ASCTWIN_CMPV(LE, le)
      ASCTWIN_CMPV(GE, ge)
      ASCTWIN_CMPV(NE, ne)
    }
  }
#undef ASCTWIN_CMPV
}

template <typename T>
void cmpvs(uint8_t* dst, T* src, T scalar, CMPMODE mode, uint8_t repeat,
           const UnaryRepeatParams& p) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (mode != CMPMODE::EQ)
      asctwin::kernel::failApi("Compares of int32_t supports CMPMODE::EQ only");
    vcmpvs_eq(dst, src, scalar, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,
              p.srcRepStride);
    return;
  } else {
#define ASCTWIN_CMPVS(M, S)                                                              \
  case CMPMODE::M:                                                                       \
    vcmpvs_##S(dst, src, scalar, repeat, p.dstBlkStride, p.srcBlkStride, p.dstRepStride, \
               p.srcRepStride);                                                          \
    return;
    switch (mode) {
      ASCTWIN_CMPVS(LT, lt)
      ASCTWIN_CMPVS(GT, gt)
      ASCTWIN_CMPVS(EQ, eq)
      ASCTWIN_CMPVS(LE, le)
      ASCTWIN_CMPVS(GE, ge)
      ASCTWIN_CMPVS(NE, ne)
    }
#undef ASCTWIN_CMPVS
  }
}

template <typename T>
void cmp(T* src0, T* src1, CMPMODE mode, const BinaryRepeatParams& p) {
#define ASCTWIN_CMP(M, S)                                                                     \
  case CMPMODE::M:                                                                            \
    vcmp_##S(src0, src1, 1, p.dstBlkStride, p.src0BlkStride, p.src1BlkStride, p.dstRepStride, \
             p.src0RepStride, p.src1RepStride);                                               \
    return;
  switch (mode) {
    ASCTWIN_CMP(LT, lt)
    ASCTWIN_CMP(GT, gt)
    ASCTWIN_CMP(EQ, eq)
    ASCTWIN_CMP(LE, le)
    ASCTWIN_CMP(GE, ge)
    ASCTWIN_CMP(NE, ne)
  }
#undef ASCTWIN_CMP
}

template <typename U>
constexpr bool kMaskType = std::is_same_v<U, int8_t> || std::is_same_v<U, uint8_t>;

inline void requireWholeIterations(uint64_t bytes, const char* api,
                                   const std::source_location& loc) {
  if (bytes % ONE_REPEAT_BYTE_SIZE != 0)
    asctwin::kernel::fail(asctwin::kernel::Site::at(api, loc),
                          "count * sizeof(T) must be a multiple of 256 bytes, got %llu bytes",
                          static_cast<unsigned long long>(bytes));
}

// A scalar write of UB through the twin's scalar-access hook (ordered against
// pending vector work and seen by the checker), as a LocalTensor SetValue.
template <typename T>
void writeUbScalar(T* p, T v) {
  asctwin::kernel::LocalRef r;
  r.space = asctwin::kernel::Space::UB;
  r.ptr = reinterpret_cast<uint8_t*>(p);
  r.bytes = sizeof(T);
  asctwin::kernel::localScalarAccess(r, 0, sizeof(T), true, asctwin::kernel::Site{"Select", "", 0});
  __builtin_memcpy(p, &v, sizeof(T));
}

// The API's temporary UB area (Select modes 1 and 2).
inline void* tempUb() {
  const uint32_t size = asctwin::kernel::localSize(asctwin::kernel::Space::UB);
  return asctwin::kernel::localBase(asctwin::kernel::Space::UB) + (size - TMP_UB_SIZE);
}

}  // namespace detail

// --- Compare: one result bit per element (little-endian) -----------------------------------
template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             CMPMODE cmpMode, uint32_t count,
             std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compare writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compare", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  detail::requireWholeIterations(uint64_t{count} * sizeof(T), "Compare", loc);
  if (ASCEND_IS_AIC) return;
  const uint32_t total = static_cast<uint32_t>(uint64_t{count} * sizeof(T) / 256);
  constexpr uint32_t kChunk = 252;
  const uint32_t elems = kChunk * 256 / sizeof(T);
  auto* d = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
  const BinaryRepeatParams p;
  for (uint32_t i = 0; i < total / kChunk; ++i)
    detail::cmpv(d + i * elems / 8, src0.GetPhyAddr() + i * elems, src1.GetPhyAddr() + i * elems,
                 cmpMode, kChunk, p);
  const uint32_t done = total / kChunk;
  detail::cmpv(d + done * elems / 8, src0.GetPhyAddr() + done * elems,
               src1.GetPhyAddr() + done * elems, cmpMode, static_cast<uint8_t>(total % kChunk), p);
}
// The high-dimensional forms: the mask is reserved (not used) on A2/A3.
template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             CMPMODE cmpMode, const uint64_t mask[], uint8_t repeatTime,
             const BinaryRepeatParams& repeatParams,
             std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compare writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compare", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  (void)mask;
  if (ASCEND_IS_AIC) return;
  detail::cmpv(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()), src0.GetPhyAddr(), src1.GetPhyAddr(),
               cmpMode, repeatTime, repeatParams);
}
template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             CMPMODE cmpMode, const uint64_t mask, uint8_t repeatTime,
             const BinaryRepeatParams& repeatParams,
             std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compare writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compare", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  (void)mask;
  if (ASCEND_IS_AIC) return;
  detail::cmpv(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()), src0.GetPhyAddr(), src1.GetPhyAddr(),
               cmpMode, repeatTime, repeatParams);
}
// Compare into the CMPMASK register (one iteration; GetCmpMask reads it).
template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             const uint64_t mask[], const BinaryRepeatParams& repeatParams,
             std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Compare", loc, {src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  detail::cmp(src0.GetPhyAddr(), src1.GetPhyAddr(), cmpMode, repeatParams);
}
template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             const uint64_t mask, const BinaryRepeatParams& repeatParams,
             std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("Compare", loc, {src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::setMask<T, isSetMask>(mask);
  detail::cmp(src0.GetPhyAddr(), src1.GetPhyAddr(), cmpMode, repeatParams);
}

// --- Compares: a tensor against a scalar ---------------------------------------------------
template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
              const std::type_identity_t<T> src1, CMPMODE cmpMode, uint32_t count,
              std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compares writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compares", loc, {dst.ref().bufferId, src0.ref().bufferId});
  detail::requireWholeIterations(uint64_t{count} * sizeof(T), "Compares", loc);
  if (ASCEND_IS_AIC) return;
  const uint32_t total = static_cast<uint32_t>(uint64_t{count} * sizeof(T) / 256);
  constexpr uint32_t kChunk = 252;
  const uint32_t elems = kChunk * 256 / sizeof(T);
  auto* d = reinterpret_cast<uint8_t*>(dst.GetPhyAddr());
  const UnaryRepeatParams p;
  for (uint32_t i = 0; i < total / kChunk; ++i)
    detail::cmpvs(d + i * elems / 8, src0.GetPhyAddr() + i * elems, static_cast<T>(src1), cmpMode,
                  kChunk, p);
  const uint32_t done = total / kChunk;
  detail::cmpvs(d + done * elems / 8, src0.GetPhyAddr() + done * elems, static_cast<T>(src1),
                cmpMode, static_cast<uint8_t>(total % kChunk), p);
}
template <typename T, typename U, bool isSetMask = true>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
              const std::type_identity_t<T> src1, CMPMODE cmpMode, const uint64_t mask[],
              uint8_t repeatTime, const UnaryRepeatParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compares writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compares", loc, {dst.ref().bufferId, src0.ref().bufferId});
  (void)mask;
  if (ASCEND_IS_AIC) return;
  detail::cmpvs(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()), src0.GetPhyAddr(),
                static_cast<T>(src1), cmpMode, repeatTime, repeatParams);
}
template <typename T, typename U, bool isSetMask = true>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
              const std::type_identity_t<T> src1, CMPMODE cmpMode, const uint64_t mask,
              uint8_t repeatTime, const UnaryRepeatParams& repeatParams,
              std::source_location loc = std::source_location::current()) {
  static_assert(detail::kMaskType<U>, "Compares writes int8_t or uint8_t results");
  asctwin::kernel::ApiCall call("Compares", loc, {dst.ref().bufferId, src0.ref().bufferId});
  (void)mask;
  if (ASCEND_IS_AIC) return;
  detail::cmpvs(reinterpret_cast<uint8_t*>(dst.GetPhyAddr()), src0.GetPhyAddr(),
                static_cast<T>(src1), cmpMode, repeatTime, repeatParams);
}

// --- CMPMASK ----------------------------------------------------------------------------
template <typename T>
void GetCmpMask(const LocalTensor<T>& dst,
                std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("GetCmpMask", loc, {dst.ref().bufferId});
  get_cmpmask(dst.GetPhyAddr());
}
template <typename T>
void SetCmpMask(const LocalTensor<T>& src,
                std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetCmpMask", loc, {src.ref().bufferId});
  set_cmpmask(src.GetPhyAddr());
}

// --- Select ----------------------------------------------------------------------------
namespace detail {
// Mode 1's scalar reaches vsel through CMPMASK, by way of the API's
// temporary UB block (one data block of it; the MASK register must enable
// that block's lanes).
template <typename T>
void scalarToCmpmask(T src1) {
  auto* tmp = static_cast<T*>(tempUb());
  vector_dup(tmp, src1, 1, 1, 1, 8, 0);
  pipe_barrier(PIPE_V);
  set_cmpmask(tmp);
  pipe_barrier(PIPE_V);
}
// Modes 0 and 2 of the high-dimensional forms: mode 0 takes its bits from
// CMPMASK (loaded from selMask), mode 2 the selection mask's address.
template <typename U>
void selMaskToCmpmask(const U* sel, SELMODE mode) {
  if (mode == SELMODE::VSEL_CMPMASK_SPR) {
    set_cmpmask(const_cast<U*>(sel));
    pipe_barrier(PIPE_V);
  } else if (mode == SELMODE::VSEL_TENSOR_TENSOR_MODE) {
    auto* tmp = static_cast<int64_t*>(tempUb());
    writeUbScalar(tmp, static_cast<int64_t>(reinterpret_cast<intptr_t>(sel)));
    set_cmpmask(tmp);
    pipe_barrier(PIPE_V);
  } else {
    asctwin::kernel::failApi(
        "Select with a tensor src1 needs VSEL_CMPMASK_SPR or "
        "VSEL_TENSOR_TENSOR_MODE; VSEL_TENSOR_SCALAR_MODE takes a scalar src1");
  }
}
template <typename T, typename U>
void vselRepeat(const LocalTensor<T>& dst, const U* sel, const LocalTensor<T>& src0, T* src1,
                SELMODE mode, uint8_t repeatTime, const BinaryRepeatParams& p) {
  if (mode == SELMODE::VSEL_CMPMASK_SPR) {
    vsel(dst.GetPhyAddr(), src0.GetPhyAddr(), src1, repeatTime, p.dstBlkStride, p.src0BlkStride,
         p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride);
  } else if (mode == SELMODE::VSEL_TENSOR_TENSOR_MODE) {
    vsel(dst.GetPhyAddr(), src0.GetPhyAddr(), src1, repeatTime, p.dstBlkStride, p.src0BlkStride,
         p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride,
         static_cast<uint8_t>(mode));
  } else {
    vsel(dst.GetPhyAddr(), src0.GetPhyAddr(), const_cast<U*>(sel), repeatTime, p.dstBlkStride,
         p.src0BlkStride, p.src1BlkStride, p.dstRepStride, p.src0RepStride, p.src1RepStride,
         static_cast<uint8_t>(SELMODE::VSEL_TENSOR_SCALAR_MODE));
  }
}
inline void requireScalarMode(SELMODE selMode, const std::source_location& loc) {
  if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE)
    asctwin::kernel::fail(asctwin::kernel::Site::at("Select", loc),
                          "Select with a scalar src1 needs VSEL_TENSOR_SCALAR_MODE");
}
template <typename T, typename U>
void selectTypesOk() {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>,
                "Select supports half and float");
  static_assert(std::is_same_v<U, uint8_t> || std::is_same_v<U, uint16_t> ||
                    std::is_same_v<U, uint32_t> || std::is_same_v<U, uint64_t>,
                "Select's mask is uint8_t, uint16_t, uint32_t or uint64_t");
}
template <typename T>
void selectTensorsCount(T* dst, const void* sel, T* src0, T* src1, SELMODE mode, uint32_t count) {
  set_mask_count();
  if (mode == SELMODE::VSEL_CMPMASK_SPR) {
    set_cmpmask(const_cast<void*>(sel));
    set_vector_mask(0, count);
    vsel(dst, src0, src1, 1, 1, 1, 1, 8, 8, 8);
  } else if (mode == SELMODE::VSEL_TENSOR_TENSOR_MODE) {
    // CMPMASK holds the selection mask's address (CPU mode: the host address).
    auto* tmp = static_cast<int64_t*>(tempUb());
    writeUbScalar(tmp, static_cast<int64_t>(reinterpret_cast<intptr_t>(sel)));
    set_cmpmask(tmp);
    set_vector_mask(0, count);
    vsel(dst, src0, src1, 1, 1, 1, 1, 8, 8, 8, static_cast<uint8_t>(mode));
  } else {
    asctwin::kernel::failApi(
        "Select with a tensor src1 needs VSEL_CMPMASK_SPR or "
        "VSEL_TENSOR_TENSOR_MODE; VSEL_TENSOR_SCALAR_MODE takes a scalar src1");
  }
  set_mask_norm();
  set_vector_mask(FULL_MASK, FULL_MASK);
}
}  // namespace detail

// Modes 0 and 2: selMask bits pick src0 (1) or src1 (0).
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count,
            std::source_location loc = std::source_location::current()) {
  detail::selectTypesOk<T, U>();
  asctwin::kernel::ApiCall call(
      "Select", loc,
      {dst.ref().bufferId, selMask.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::selectTensorsCount(dst.GetPhyAddr(), selMask.GetPhyAddr(), src0.GetPhyAddr(),
                             src1.GetPhyAddr(), selMode, count);
}
// Mode 1: selMask bits pick src0 (1) or the scalar src1 (0).
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            std::type_identity_t<T> src1, SELMODE selMode, uint32_t count,
            std::source_location loc = std::source_location::current()) {
  detail::selectTypesOk<T, U>();
  asctwin::kernel::ApiCall call("Select", loc,
                                {dst.ref().bufferId, selMask.ref().bufferId, src0.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::requireScalarMode(selMode, loc);
  set_mask_count();
  set_vector_mask(0, ONE_BLK_SIZE / sizeof(T));
  detail::scalarToCmpmask(static_cast<T>(src1));
  set_vector_mask(0, count);
  vsel(dst.GetPhyAddr(), src0.GetPhyAddr(), selMask.GetPhyAddr(), 1, 1, 1, 1, 8, 8, 8,
       static_cast<uint8_t>(SELMODE::VSEL_TENSOR_SCALAR_MODE));
  set_mask_norm();
  set_vector_mask(FULL_MASK, FULL_MASK);
}

// --- Select, high-dimensional forms: repeatTime iterations with strides ------
// (the selection bits advance one lane per element over the iterations).
// The mask is a bit mask (uint64_t[2]) or a continuous length (uint64_t);
// the forms differ only in that.
namespace detail {
// Mode 1: selMask bits pick src0 (1) or the scalar src1 (0); the scalar goes
// through CMPMASK first (one data block written under its own mask), then
// the MASK register is set for the instruction.
template <typename T, typename U, bool isSetMask, typename Mask>
void selectScalarRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                        const LocalTensor<T>& src0, T src1, SELMODE selMode, Mask mask,
                        uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
                        const std::source_location& loc) {
  selectTypesOk<T, U>();
  asctwin::kernel::ApiCall call("Select", loc,
                                {dst.ref().bufferId, selMask.ref().bufferId, src0.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::requireScalarMode(selMode, loc);
  setMask<T, true>(uint64_t{ONE_BLK_SIZE / sizeof(T)});
  scalarToCmpmask(src1);
  setMask<T, isSetMask>(mask);
  vselRepeat(dst, selMask.GetPhyAddr(), src0, static_cast<T*>(nullptr), selMode, repeatTime,
             repeatParams);
}
// Modes 0 and 2: selMask bits pick src0 (1) or src1 (0); mode 0 uses the
// first 128 bits in every iteration.
template <typename T, typename U, bool isSetMask, typename Mask>
void selectTensorsRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                         const LocalTensor<T>& src0, const LocalTensor<T>& src1, SELMODE selMode,
                         Mask mask, uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
                         const std::source_location& loc) {
  selectTypesOk<T, U>();
  asctwin::kernel::ApiCall call(
      "Select", loc,
      {dst.ref().bufferId, selMask.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  selMaskToCmpmask(selMask.GetPhyAddr(), selMode);
  setMask<T, isSetMask>(mask);
  vselRepeat(dst, selMask.GetPhyAddr(), src0, src1.GetPhyAddr(), selMode, repeatTime, repeatParams);
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            std::type_identity_t<T> src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  detail::selectScalarRepeat<T, U, isSetMask>(dst, selMask, src0, static_cast<T>(src1), selMode,
                                              mask, repeatTime, repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            std::type_identity_t<T> src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  detail::selectScalarRepeat<T, U, isSetMask>(dst, selMask, src0, static_cast<T>(src1), selMode,
                                              mask, repeatTime, repeatParams, loc);
}
// Mode 1 with CMPMASK (SetCmpMask) and MASK (SetVectorMask) set beforehand.
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  detail::selectTypesOk<T, U>();
  asctwin::kernel::ApiCall call("Select", loc,
                                {dst.ref().bufferId, selMask.ref().bufferId, src0.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::vselRepeat(dst, selMask.GetPhyAddr(), src0, static_cast<T*>(nullptr),
                     SELMODE::VSEL_TENSOR_SCALAR_MODE, repeatTime, repeatParams);
}
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask[], uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  detail::selectTensorsRepeat<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTime,
                                               repeatParams, loc);
}
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  detail::selectTensorsRepeat<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTime,
                                               repeatParams, loc);
}
// Modes 0 and 2 with CMPMASK and MASK set beforehand.
template <typename T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
            uint8_t repeatTime, const BinaryRepeatParams& repeatParams,
            std::source_location loc = std::source_location::current()) {
  static_assert(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE,
                "this Select form takes two tensors: mode 0 or 2");
  detail::selectTypesOk<T, uint8_t>();
  asctwin::kernel::ApiCall call("Select", loc,
                                {dst.ref().bufferId, src0.ref().bufferId, src1.ref().bufferId});
  if (ASCEND_IS_AIC) return;
  detail::vselRepeat(dst, static_cast<const uint8_t*>(nullptr), src0, src1.GetPhyAddr(), selMode,
                     repeatTime, repeatParams);
}

}  // namespace AscendC
