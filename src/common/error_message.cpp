#include "common/error_message.h"

namespace asctwin {
namespace {
thread_local std::string tlsLastError;
}

void setLastError(const std::string& message) { tlsLastError = message; }

int reportStatus(const Status& status) {
  if (!status.isOk()) setLastError(status.message());
  return status.code();
}

const char* lastErrorMessage() { return tlsLastError.c_str(); }

void clearLastError() { tlsLastError.clear(); }

}  // namespace asctwin
