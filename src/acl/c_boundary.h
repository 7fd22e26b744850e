// The C boundary of the ACL layer: every extern "C" entry point runs its body
// through guard()/guardPtr(), which turn a Status into a return code plus the
// thread's recent-error message, and any exception into an internal error.
// Nothing thrown inside ever crosses into C.
#pragma once

#include <exception>
#include <new>
#include <string>

#include "common/error_message.h"
#include "common/status.h"

namespace asctwin::acl {

// CANN codes the ACL layer uses beyond those in common/status.h.
namespace code {
inline constexpr int kInvalidFile = 100003;  // ACL_ERROR_INVALID_FILE
inline constexpr int kParseFile = 100006;    // ACL_ERROR_PARSE_FILE
}  // namespace code

// Records "<api>: <message>" for a failed status; returns the status code.
// A failing runtime call (an aclrt* API) also becomes the thread's last
// runtime error (aclrtGetLastError / aclrtPeekAtLastError).
int report(const char* api, const Status& status) noexcept;

// The calling thread's last runtime error code (0: none); `clear` resets it.
int lastRuntimeError(bool clear) noexcept;

// ACL_ERROR_RT_FEATURE_NOT_SUPPORT with a message saying why the twin has no
// such thing (what cannot exist off the NPU).
Status notSupported(const std::string& what);

// Status for an exception that escaped an implementation (internalCode is
// ACL_ERROR_INTERNAL_ERROR for ACL entry points, ACLNN_ERR_INNER for ACLNN).
Status fromException(std::exception_ptr e, int internalCode) noexcept;

template <class Body>
int guard(const char* api, Body&& body, int internalCode = asctwin::code::kInternal) noexcept {
  try {
    return report(api, body());
  } catch (...) {
    return report(api, fromException(std::current_exception(), internalCode));
  }
}

// For entry points returning a pointer: body(&out) returns a Status; null is
// returned (and the message recorded) on failure.
template <class T, class Body>
T* guardPtr(const char* api, Body&& body) noexcept {
  try {
    T* out = nullptr;
    Status s = body(&out);
    if (!s.isOk()) {
      report(api, s);
      return nullptr;
    }
    return out;
  } catch (...) {
    report(api, fromException(std::current_exception(), asctwin::code::kInternal));
    return nullptr;
  }
}

// "0x7f..." for messages.
std::string hexPointer(const void* p);

}  // namespace asctwin::acl
