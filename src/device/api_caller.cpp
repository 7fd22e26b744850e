#include "device/api_caller.h"

namespace asctwin::device {
namespace {
thread_local uintptr_t tlsCaller = 0;
}

ApiCallerScope::ApiCallerScope(const void* returnAddress) {
  if (tlsCaller != 0 || returnAddress == nullptr) return;
  tlsCaller = reinterpret_cast<uintptr_t>(returnAddress);
  outermost_ = true;
}

ApiCallerScope::~ApiCallerScope() {
  if (outermost_) tlsCaller = 0;
}

uintptr_t currentApiCaller() {
  return tlsCaller;
}

}  // namespace asctwin::device
