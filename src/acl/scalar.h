// The scalar handle behind aclScalar: a copy of the value taken at creation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "aclnn/acl_meta.h"
#include "common/status.h"

struct aclScalar {
  aclDataType dataType = ACL_FLOAT;
  alignas(16) unsigned char bytes[16] = {};  // the value as given (elementSize bytes used)

  // The value as a double. Complex types give their real part; BOOL gives 0/1.
  double toDouble() const;
  // The value as an int64: floating values are truncated toward zero and
  // saturate at the int64 range (NaN gives 0); UINT64 above INT64_MAX saturates.
  int64_t toInt64() const;
  bool isFloating() const;  // FP16, BF16, FP32, FP64
  bool isComplex() const;
};

namespace asctwin::acl {

Status createScalar(const void* value, int dataType, aclScalar** out);
Status destroyScalar(const aclScalar* scalar);  // null accepted, unknown rejected
bool isLiveScalar(const aclScalar* scalar);
size_t liveScalarCount();

}  // namespace asctwin::acl
