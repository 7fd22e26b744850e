// Huawei's scalar accesses and GM flag protocols in devkit mode (the hooks
// asctwin-asc puts into their bodies: tools/asc-compiler/devkit_scalar_access.h
// and devkit_sync_protocol.h).
#include "asctwin/devkit/scalar_access.h"

#include <cstdint>

#include "asctwin/kernel/runtime.h"
#include "devkit/local_space.h"
#include "devkit/site.h"
#include "kernel/instr.h"

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

void scalarGlobalAccess(const void* base, unsigned long long byteOffset, unsigned bytes,
                        bool write) {
  if (bytes == 0 || base == nullptr) return;
  kernel::CoreState* c = kernel::currentCoreOrNull();
  // Only the checker needs it: Huawei's own load or store is the access.
  if (c == nullptr || c->observer == nullptr) return;
  const kernel::Site site =
      intrinsicSite(write ? "GlobalTensor::SetValue" : "GlobalTensor::GetValue");
  kernel::observeScalarGm(*c, reinterpret_cast<uintptr_t>(base) + byteOffset, bytes, write, false,
                          site);
}

namespace {
const char* protocolName(kernel::SyncProtocol p) {
  switch (p) {
    case kernel::SyncProtocol::IBSet:
      return "IBSet";
    case kernel::SyncProtocol::IBWait:
      return "IBWait";
    case kernel::SyncProtocol::InitDetermineCompute:
      return "InitDetermineComputeWorkspace";
    case kernel::SyncProtocol::NotifyNextBlock:
      return "NotifyNextBlock";
    case kernel::SyncProtocol::WaitPreBlock:
      return "WaitPreBlock";
    case kernel::SyncProtocol::GroupArrive:
      return "GroupBarrier::Arrive";
    case kernel::SyncProtocol::GroupWait:
      return "GroupBarrier::Wait";
  }
  return "GM flag protocol";
}
}  // namespace

SyncProtocolScope::SyncProtocolScope(kernel::SyncProtocol protocol) : protocol_(protocol) {
  if (kernel::inKernel())
    kernel::syncProtocolBegin(protocol_, intrinsicSite(protocolName(protocol_)));
}

SyncProtocolScope::~SyncProtocolScope() {
  if (kernel::inKernel())
    kernel::syncProtocolEnd(protocol_, intrinsicSite(protocolName(protocol_)));
}

}  // namespace asctwin::devkit
