// C entry points of acl/acl_base.h: recent error message, element sizes and
// FP16 conversions.
#include "acl/acl_base.h"
#include "acl/dtype.h"
#include "common/error_message.h"

#include <string>

extern "C" {

// Returns and clears the thread's message; null when there is none. The
// pointer stays valid until the next call on the same thread.
const char* aclGetRecentErrMsg(void) {
  thread_local std::string taken;
  const char* m = asctwin::lastErrorMessage();
  if (m == nullptr || *m == '\0') return nullptr;
  taken = m;
  asctwin::clearLastError();
  return taken.c_str();
}

size_t aclDataTypeSize(aclDataType dataType) {
  return asctwin::acl::dataTypeSize(static_cast<int>(dataType));
}

aclFloat16 aclFloatToFloat16(float value) {
  return asctwin::acl::floatToHalf(value);
}

float aclFloat16ToFloat(aclFloat16 value) {
  return asctwin::acl::halfToFloat(value);
}

}  // extern "C"
