// Internal helpers shared by the scalar and tensor-probability plans; the
// checks every operator makes are the foundation's (ops/common).
#pragma once

#include <string>

#include "acl/tensor.h"
#include "acl/tensor_checks.h"
#include "common/status.h"
#include "common/text.h"
#include "ops/common/operand_checks.h"
#include "ops/common/workspace.h"

namespace asctwin::ops::bernoulli::detail {

bool isSelfDtype(aclDataType t);
bool isProbDtype(aclDataType t);
Status checkSelfDtype(const aclTensor& t, const char* name);

}  // namespace asctwin::ops::bernoulli::detail
