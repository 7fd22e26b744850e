// The vector MASK register from the API (SetVectorMask, SetMaskNorm,
// SetMaskCount, ResetMask) and the two ways the API's vector calls set it:
//  - tensor-first-n calls (`count`) switch to counter mode for one
//    instruction, then back to normal mode with every lane enabled;
//  - high-dimensional calls take a bit mask (mask[2]: low word = lanes 0..63)
//    or a continuous length (the first `mask` lanes), unless isSetMask is
//    false and the register was set beforehand.
#pragma once

#include <cstdint>
#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/constants.h"
#include "asctwin/kernel/soc_state.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

namespace detail {

// The register value of a continuous mask of `len` lanes for T (the real
// SetMask<T>(len): 64 lanes fill the low word; a whole iteration or 128+
// lanes fill both words).
template <typename T>
inline void maskLen(uint64_t len) {
  constexpr uint64_t kLanes = 256 / sizeof(T);
  if (len == 64) {
    set_vector_mask(0, FULL_MASK);
  } else if (len == kLanes || len >= 128) {
    set_vector_mask(FULL_MASK, FULL_MASK);
  } else if (len > 64) {
    set_vector_mask((uint64_t{1} << (len - 64)) - 1, FULL_MASK);
  } else {
    set_vector_mask(0, (uint64_t{1} << len) - 1);
  }
}

// T is the tensor's type argument: an element type or a TensorTrait.
template <typename T, bool isSetMask>
inline void setMask(uint64_t len) {
  if constexpr (isSetMask) {
    if (ASCEND_IS_NOT_AIC) maskLen<PrimT<T>>(len);
  }
}
template <typename T, bool isSetMask>
inline void setMask(const uint64_t mask[]) {
  if constexpr (isSetMask) {
    if (ASCEND_IS_NOT_AIC) set_vector_mask(mask[1], mask[0]);
  }
}

// Tensor-first-n: one instruction over `count` lanes in counter mode.
inline void beginCount(uint64_t count) {
  set_mask_count();
  set_vector_mask(0, count);
}
inline void endCount() {
  set_mask_norm();
  set_vector_mask(FULL_MASK, FULL_MASK);
}

inline void requireCount(int64_t count, const char* api, const std::source_location& loc) {
  if (count < 0)
    asctwin::kernel::fail(asctwin::kernel::Site::at(api, loc), "count must be >= 0, got %lld",
                          static_cast<long long>(count));
}

}  // namespace detail

template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow,
                   std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetVectorMask", loc);
  if (ASCEND_IS_NOT_AIC) set_vector_mask(maskHigh, maskLow);
}
template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len, std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetVectorMask", loc);
  if constexpr (mode == MaskMode::COUNTER) {
    if (ASCEND_IS_NOT_AIC) set_vector_mask(0, static_cast<uint64_t>(static_cast<int64_t>(len)));
  } else {
    detail::setMask<T, true>(static_cast<uint64_t>(static_cast<int64_t>(len)));
  }
}
inline void ResetMask(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("ResetMask", loc);
  if (ASCEND_IS_NOT_AIC) set_vector_mask(FULL_MASK, FULL_MASK);
}
inline void SetMaskCount(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetMaskCount", loc);
  set_mask_count();
}
inline void SetMaskNorm(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("SetMaskNorm", loc);
  set_mask_norm();
}

}  // namespace AscendC
