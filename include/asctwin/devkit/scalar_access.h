// Devkit mode: the hook asctwin-asc puts at the start of Huawei's
// LocalTensor::GetValue / SetValue / operator() (tools/asc-compiler/
// devkit_scalar_access.h), which store and load through the buffer's
// pointer and would otherwise tell the twin nothing.
#pragma once

#include "asctwin/kernel/sync_protocol.h"

namespace asctwin::devkit {
// One scalar access of `bytes` bytes at `base + byteOffset` (bytes 0: none),
// by Huawei's LocalTensor::GetValue / SetValue / operator(): in check mode
// the pending instructions on those bytes complete first, as Bisheng's
// automatic synchronisation orders them on the NPU, and the checker sees
// it. An address outside the calling core's local memories, or a call
// outside a kernel, is left alone.
void scalarLocalAccess(const void* base, unsigned long long byteOffset, unsigned bytes, bool write);
}  // namespace asctwin::devkit

namespace asctwin::devkit {
// One scalar access of `bytes` bytes at `base + byteOffset` by Huawei's
// GlobalTensor::GetValue / SetValue / operator(), which load and store GM
// through the pointer: the checker sees it as the own front end's GM scalar
// access through the data cache (a write is published by a later dcci).
// Outside a kernel, or with bytes 0, nothing happens.
void scalarGlobalAccess(const void* base, unsigned long long byteOffset, unsigned bytes,
                        bool write);

// A GM flag protocol of Huawei's (WaitPreBlock, NotifyNextBlock,
// InitDetermineComputeWorkspace, GroupBarrier::Arrive / Wait), as a scope
// asctwin-asc opens at the start of its body
// (tools/asc-compiler/devkit_sync_protocol.h).
class SyncProtocolScope {
 public:
  explicit SyncProtocolScope(kernel::SyncProtocol protocol);
  ~SyncProtocolScope();
  SyncProtocolScope(const SyncProtocolScope&) = delete;
  SyncProtocolScope& operator=(const SyncProtocolScope&) = delete;

 private:
  kernel::SyncProtocol protocol_;
};
}  // namespace asctwin::devkit
