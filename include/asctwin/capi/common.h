// What every function of asctwin's C API (include/c_api, the own front end's
// `c_api/asc_simd.h`) shares: the site of the call, the core-kind guard, the
// counter-mode bracket of the `count` forms and the barrier of the `_sync`
// forms, each as architecture 2201's C API implementation does it.
//
// Every public function takes, after the parameters of the real declaration,
// a defaulted std::source_location: the records of the instructions it
// issues name the caller's line (as the C++ API's do), so check mode and the
// checker report C API programs by their lines.
#pragma once

#include <cstdint>
#include <cstring>

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/runtime.h"
#include "asctwin/source_location.h"

// The core-kind tests of the C API's implementation (it names them
// ASC_IS_AIV ... after Ascend C's ASCEND_IS_AIV).
#ifndef ASC_IS_AIV
#define ASC_IS_AIV (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIV)
#define ASC_IS_AIC (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIC)
#define ASC_IS_NOT_AIV (!ASC_IS_AIV)
#define ASC_IS_NOT_AIC (!ASC_IS_AIC)
#endif

// The constants of the C API's signatures: the lists of a merge sort, and the
// parameter sets of a dequantisation table.
constexpr uint8_t ASC_C_API_MRGSORT_ELEMENT_LEN = 4;
constexpr uint8_t ASC_VDEQ_SIZE = 16;

// The trailing parameter of every C API function, and the call record that
// makes the caller's line the site of what the function issues.
#define ASCTWIN_CAPI_LOC std::source_location asctwin_loc = std::source_location::current()
#define ASCTWIN_CAPI_CALL(NAME) ::asctwin::kernel::ApiCall asctwin_call(NAME, asctwin_loc)

namespace asctwin::capi {

// The `count` forms: the vector unit in counter mode over `count` elements
// (the MASK register's low word), one iteration with the default strides,
// then back to normal mode. MASK keeps the count afterwards, as on the NPU.
inline void maskCountBegin(uint32_t count) {
  if (ASC_IS_AIV) {
    set_mask_count();
    set_vector_mask(0, static_cast<uint64_t>(count));
  }
}
inline void maskCountEnd() {
  if (ASC_IS_AIV) set_mask_norm();
}

// A scalar store of element `index` of the UB array at p (a host address in
// the core's UB image or a UB offset), seen by check mode and the checker as
// LocalTensor::SetValue's.
template <typename T>
inline void storeLocal(__ubuf__ T* p, uint32_t index, T value, const char* api) {
  const auto addr = reinterpret_cast<uintptr_t>(p);
  uint8_t* base = kernel::localBase(kernel::Space::UB);
  const auto lo = reinterpret_cast<uintptr_t>(base);
  kernel::LocalRef ref;
  ref.space = kernel::Space::UB;
  ref.ptr = addr >= lo ? reinterpret_cast<uint8_t*>(addr) : base + addr;
  kernel::localScalarAccess(ref, index, sizeof(T), true, kernel::Site{api, "", 0});
  std::memcpy(ref.ptr + static_cast<uint64_t>(index) * sizeof(T), &value, sizeof(T));
}

// After every `_sync` form: everything the core issued completes first.
inline void syncPost() {
  pipe_barrier(PIPE_ALL);
}

}  // namespace asctwin::capi
