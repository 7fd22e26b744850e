// Internal helpers shared by the scalar and tensor-probability plans; the
// checks every operator makes are the foundation's (ops/common).
#pragma once

#include <string>
#include <type_traits>

#include "acl/scalar.h"
#include "aclnn/aclnn_base.h"
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
// prob's dtype is one of isProbDtype's.
Status checkProbDtype(aclDataType t);
// out has self's dtype.
Status checkOutDtype(const aclTensor& out, const char* outName, const aclTensor& self,
                     const char* selfName);

// Steps 1 and 2 of both plans' validation, in the spec's order: null
// pointers (workspaceSize and executor are zeroed once known good), live
// handles, then the dtypes of self, prob and out. prob is an aclScalar
// (aclnnBernoulli) or an aclTensor (aclnnBernoulliTensor); `inplace` names
// self and out "selfRef".
template <typename Prob>
Status checkHandlesAndDtypes(const aclTensor* self, const Prob* prob, const aclTensor* out,
                             bool inplace, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const char* selfName = inplace ? "selfRef" : "self";
  const char* outName = inplace ? "selfRef" : "out";
  if (workspaceSize == nullptr) return nnNullArgument("workspaceSize");
  if (executor == nullptr) return nnNullArgument("executor");
  *workspaceSize = 0;
  *executor = nullptr;
  if (self == nullptr) return nnNullArgument(selfName);
  if (prob == nullptr) return nnNullArgument("prob");
  if (out == nullptr) return nnNullArgument(outName);
  if (Status s = checkLiveTensor(self, selfName); !s) return s;
  if constexpr (std::is_same_v<Prob, aclScalar>) {
    if (Status s = checkLiveScalar(prob, "prob"); !s) return s;
  } else {
    if (Status s = checkLiveTensor(prob, "prob"); !s) return s;
  }
  if (Status s = checkLiveTensor(out, outName); !s) return s;
  if (Status s = checkSelfDtype(*self, selfName); !s) return s;
  if (Status s = checkProbDtype(prob->dataType); !s) return s;
  return checkOutDtype(*out, outName, *self, selfName);
}

}  // namespace asctwin::ops::bernoulli::detail
