// The user's code that called the ACL entry point in progress on this thread:
// its return address, kept so that a later finding about what the call made
// (an allocation that was never written, say) can name the user's source line.
// The outermost scope wins: an entry point that calls another one (the
// aclrtMalloc variants) keeps the user's address, not the twin's own.
#pragma once

#include <cstdint>

namespace asctwin::device {

class ApiCallerScope {
 public:
  explicit ApiCallerScope(const void* returnAddress);
  ~ApiCallerScope();
  ApiCallerScope(const ApiCallerScope&) = delete;
  ApiCallerScope& operator=(const ApiCallerScope&) = delete;

 private:
  bool outermost_ = false;
};

// The return address of the outermost entry point in progress (0 = none).
uintptr_t currentApiCaller();

}  // namespace asctwin::device
