#include "acl/c_boundary.h"

#include <cstdio>
#include <cstring>

namespace asctwin::acl {
namespace {
thread_local int tlsLastRuntimeError = 0;
}  // namespace

int lastRuntimeError(bool clear) noexcept {
  const int code = tlsLastRuntimeError;
  if (clear) tlsLastRuntimeError = 0;
  return code;
}

Status notSupported(const std::string& what) {
  return Status(207000 /* ACL_ERROR_RT_FEATURE_NOT_SUPPORT */,
                what + " (not supported by the twin: there is no NPU behind it)");
}

int report(const char* api, const Status& status) noexcept {
  if (status.isOk()) return status.code();
  if (std::strncmp(api, "aclrt", 5) == 0) tlsLastRuntimeError = status.code();
  try {
    setLastError(std::string(api) + ": " + status.message());
  } catch (...) {
    // Out of memory while recording the message: the code still goes back.
  }
  return status.code();
}

Status fromException(std::exception_ptr e, int internalCode) noexcept {
  try {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      return Status(asctwin::code::kBadAlloc, "host memory exhausted");
    } catch (const std::exception& ex) {
      return Status(internalCode, std::string("internal error: ") + ex.what());
    } catch (...) {
      return Status(internalCode, "internal error: unknown exception");
    }
  } catch (...) {
    return Status(internalCode, std::string());
  }
}

std::string hexPointer(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

}  // namespace asctwin::acl
