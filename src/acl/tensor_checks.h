// Validation every ACLNN operator applies to the tensors it is given.
#pragma once

#include "acl/tensor.h"
#include "common/status.h"

namespace asctwin::acl {

// A non-empty tensor the operator reads (write = false) or writes: it has
// data, its storage is device memory from aclrtMalloc, and (write) no two
// elements share a location through a stride 0. `name` is the parameter
// name the message uses.
Status checkOperandStorage(const aclTensor& t, const char* name, bool write);

}  // namespace asctwin::acl
