// The extern "C" entry points of aclnnop/aclnn_bernoulli.h and
// asctwin/asctwin_bernoulli.h. Bodies run behind the ACL C boundary: a
// failed Status becomes the return code plus aclGetRecentErrMsg(), prefixed
// with the entry point's name; nothing thrown crosses into C.
#include "aclnnop/aclnn_bernoulli.h"

#include "acl/c_boundary.h"
#include "acl/executor.h"
#include "asctwin/asctwin_bernoulli.h"
#include "ops/bernoulli/op_api/bernoulli_plan.h"
#include "ops/bernoulli/op_api/plan_common.h"

namespace {

namespace b = asctwin::ops::bernoulli;
using asctwin::acl::guard;
constexpr int kInner = asctwin::code::kNnInner;

}  // namespace

extern "C" {

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob,
                                           int64_t seed, int64_t offset, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  constexpr const char* kApi = "aclnnBernoulliGetWorkspaceSize";
  return guard(
      kApi,
      [&] {
        return b::planScalar("aclnnBernoulli", self, prob, seed, offset, out, false, workspaceSize,
                             executor);
      },
      kInner);
}

aclnnStatus aclnnBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream) {
  return asctwin::acl::executeC("aclnnBernoulli", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(aclTensor* selfRef, const aclScalar* prob,
                                                  int64_t seed, int64_t offset,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  constexpr const char* kApi = "aclnnInplaceBernoulliGetWorkspaceSize";
  return guard(
      kApi,
      [&] {
        return b::planScalar("aclnnInplaceBernoulli", selfRef, prob, seed, offset, selfRef, true,
                             workspaceSize, executor);
      },
      kInner);
}

aclnnStatus aclnnInplaceBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  aclrtStream stream) {
  return asctwin::acl::executeC("aclnnInplaceBernoulli", workspace, workspaceSize, executor,
                                stream);
}

aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* prob,
                                                 int64_t seed, int64_t offset, aclTensor* out,
                                                 uint64_t* workspaceSize,
                                                 aclOpExecutor** executor) {
  constexpr const char* kApi = "aclnnBernoulliTensorGetWorkspaceSize";
  return guard(
      kApi,
      [&] {
        return b::planTensor("aclnnBernoulliTensor", self, prob, seed, offset, out, false,
                             workspaceSize, executor);
      },
      kInner);
}

aclnnStatus aclnnBernoulliTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream) {
  return asctwin::acl::executeC("aclnnBernoulliTensor", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(aclTensor* selfRef, const aclTensor* prob,
                                                        int64_t seed, int64_t offset,
                                                        uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
  constexpr const char* kApi = "aclnnInplaceBernoulliTensorGetWorkspaceSize";
  return guard(
      kApi,
      [&] {
        return b::planTensor("aclnnInplaceBernoulliTensor", selfRef, prob, seed, offset, selfRef,
                             true, workspaceSize, executor);
      },
      kInner);
}

aclnnStatus aclnnInplaceBernoulliTensor(void* workspace, uint64_t workspaceSize,
                                        aclOpExecutor* executor, aclrtStream stream) {
  return asctwin::acl::executeC("aclnnInplaceBernoulliTensor", workspace, workspaceSize, executor,
                                stream);
}

aclnnStatus asctwinBernoulliSetPath(int path) {
  return guard(
      "asctwinBernoulliSetPath", [&] { return b::setThreadPath(path); }, kInner);
}

aclnnStatus asctwinBernoulliGetPath(int* path) {
  return guard(
      "asctwinBernoulliGetPath",
      [&] {
        if (path == nullptr) return asctwin::nnNullArgument("path");
        *path = b::threadPath();
        return asctwin::Status::ok();
      },
      kInner);
}

aclnnStatus asctwinBernoulliGetLastPlan(asctwinBernoulliPlanInfo* info) {
  return guard(
      "asctwinBernoulliGetLastPlan",
      [&] {
        if (info == nullptr) return asctwin::nnNullArgument("info");
        *info = b::lastPlan();
        return asctwin::Status::ok();
      },
      kInner);
}

const char* asctwinBernoulliPlanName(int plan) {
  return b::planName(plan);
}

}  // extern "C"
