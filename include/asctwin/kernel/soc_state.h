// The core's kind and the reset of its machine state (InitSocState, also run
// by TPipe's constructor and Reset): atomic mode off, the vector MASK in
// normal mode with every lane enabled.
#pragma once

#include "asctwin/source_location.h"

#include "asctwin/isa/intrinsics.h"
#include "asctwin/kernel/runtime.h"

#define ASCEND_IS_AIV (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIV)
#define ASCEND_IS_AIC (::asctwin::kernel::coreKind() == ::asctwin::kernel::CoreKind::AIC)
#define ASCEND_IS_NOT_AIV (!ASCEND_IS_AIV)
#define ASCEND_IS_NOT_AIC (!ASCEND_IS_AIC)

namespace AscendC {

inline void InitSocState(std::source_location loc = std::source_location::current()) {
  asctwin::kernel::ApiCall call("InitSocState", loc);
  set_atomic_none();
  set_mask_norm();
  if (ASCEND_IS_AIV) set_vector_mask(~0ull, ~0ull);
}

}  // namespace AscendC
