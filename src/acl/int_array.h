// The integer array handle behind aclIntArray: a copy of the values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/status.h"

struct aclIntArray {
  std::vector<int64_t> values;
  size_t size() const { return values.size(); }
};

namespace asctwin::acl {

// At most 2^28 values per array.
inline constexpr uint64_t kMaxIntArraySize = uint64_t{1} << 28;

Status createIntArray(const int64_t* value, uint64_t size, aclIntArray** out);
Status destroyIntArray(const aclIntArray* array);  // null accepted, unknown rejected
bool isLiveIntArray(const aclIntArray* array);
size_t liveIntArrayCount();

}  // namespace asctwin::acl
