// The per-thread "most recent error" that aclGetRecentErrMsg() returns.
#pragma once

#include <string>

#include "common/status.h"

namespace asctwin {

// Records `message` as the calling thread's most recent error.
void setLastError(const std::string& message);
// Records a failed status's message (no-op for success) and returns its code.
int reportStatus(const Status& status);
// The calling thread's most recent error message; stays valid until the next
// error is recorded on this thread. Empty when there has been none.
const char* lastErrorMessage();
void clearLastError();

}  // namespace asctwin
