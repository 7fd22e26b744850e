// Devkit mode: the hook asctwin-asc puts at the start of Huawei's
// LocalTensor::GetValue / SetValue / operator() (tools/asc-compiler/
// devkit_scalar_access.h), which store and load through the buffer's
// pointer and would otherwise tell the twin nothing.
#pragma once

namespace asctwin::devkit {
// One scalar access of `bytes` bytes at `base + byteOffset` (bytes 0: none),
// by Huawei's LocalTensor::GetValue / SetValue / operator(): in check mode
// the pending instructions on those bytes complete first, as Bisheng's
// automatic synchronisation orders them on the NPU, and the checker sees
// it. An address outside the calling core's local memories, or a call
// outside a kernel, is left alone.
void scalarLocalAccess(const void* base, unsigned long long byteOffset, unsigned bytes, bool write);
}  // namespace asctwin::devkit
