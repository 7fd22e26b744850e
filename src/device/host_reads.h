// Reads of device memory by the host side (aclrtMemcpy from device memory,
// synchronous or on a stream): reported to one observer, the checker's
// initcheck, which tells whether the bytes copied were ever written. The
// device layer only carries the event; the checker, a higher layer, registers
// itself (no upward call).
#pragma once

#include <cstddef>
#include <cstdint>

namespace asctwin::device {

struct HostRead {
  const void* src = nullptr;  // device memory read
  size_t bytes = 0;
  const char* api = "";    // "aclrtMemcpy", "aclrtMemcpyAsync"
  uintptr_t callerPc = 0;  // the user's return address of the call (0 = unknown)
};

using HostReadObserver = void (*)(void* context, const HostRead&);

// One observer at a time; (nullptr, nullptr) removes it. Registering while
// another is set replaces it.
void setHostReadObserver(HostReadObserver fn, void* context);
// Removes the observer only if it is still `context`'s.
void clearHostReadObserver(void* context);
// Called by the runtime before it reads device memory for the host.
void noteHostRead(const HostRead& read);

}  // namespace asctwin::device
