// The parameter checks every ACLNN operator makes of its tensors, each with
// the one message the operators share (code ACLNN_ERR_PARAM_INVALID).
// `name` is the parameter's name in the message ("self", "selfRef", "out").
#pragma once

#include "acl/tensor.h"
#include "common/status.h"

namespace asctwin::ops {

// The handle is a live aclTensor (made by aclCreateTensor, not destroyed).
Status checkLiveTensor(const aclTensor* t, const char* name);
// The handle is a live aclScalar.
Status checkLiveScalar(const aclScalar* s, const char* name);
// Rank at most kMaxRank.
Status checkRank(const aclTensor& t, const char* name);
// Not a private (NPU-internal) format.
Status checkPlainFormat(const aclTensor& t, const char* name);

}  // namespace asctwin::ops
