// Huawei's LocalTensor scalar accesses in devkit mode (the hook
// asctwin-asc puts into their bodies: tools/asc-compiler/devkit_scalar_access.h).
#include <cstdint>

#include "asctwin/devkit/scalar_access.h"
#include "asctwin/kernel/runtime.h"
#include "devkit/local_space.h"

namespace asctwin::devkit {

void scalarLocalAccess(const void* base, unsigned long long byteOffset, unsigned bytes,
                       bool write) {
  if (bytes == 0 || base == nullptr || !kernel::inKernel()) return;
  kernel::LocalRef ref;
  // Not in one of this core's local memories (an AIC's UB stand-in, or an
  // index Huawei's own assertion refuses): nothing the pipes could hold.
  if (!localRefOf(reinterpret_cast<uintptr_t>(base) + byteOffset, bytes, &ref)) return;
  kernel::localScalarAccess(
      ref, 0, bytes, write,
      kernel::Site{write ? "LocalTensor::SetValue" : "LocalTensor::GetValue", "", 0});
}

}  // namespace asctwin::devkit
