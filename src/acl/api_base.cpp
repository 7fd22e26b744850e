// C entry points of acl/acl_base.h: recent error message, element sizes and
// FP16 conversions.
#include "acl/acl_base.h"
#include "acl/dtype.h"
#include "common/error_message.h"

extern "C" {

const char* aclGetRecentErrMsg(void) {
  return asctwin::lastErrorMessage();
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
