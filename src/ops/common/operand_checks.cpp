#include "ops/common/operand_checks.h"

#include <string>

#include "acl/dtype.h"
#include "acl/scalar.h"
#include "ops/common/limits.h"

namespace asctwin::ops {

Status checkLiveTensor(const aclTensor* t, const char* name) {
  if (acl::isLiveTensor(t)) return Status::ok();
  return nnInvalidArgument(std::string(name) +
                           " is not a live aclTensor (destroyed, or not made by aclCreateTensor)");
}

Status checkLiveScalar(const aclScalar* s, const char* name) {
  if (acl::isLiveScalar(s)) return Status::ok();
  return nnInvalidArgument(std::string(name) +
                           " is not a live aclScalar (destroyed, or not made by aclCreateScalar)");
}

Status checkRank(const aclTensor& t, const char* name) {
  if (t.rank() <= kMaxRank) return Status::ok();
  return nnInvalidArgument(std::string(name) + " rank must be at most " + std::to_string(kMaxRank) +
                           ", got " + std::to_string(t.rank()));
}

Status checkPlainFormat(const aclTensor& t, const char* name) {
  if (!t.isPrivateFormat()) return Status::ok();
  return nnInvalidArgument(std::string(name) + " format must not be a private format, got " +
                           acl::formatName(t.format));
}

}  // namespace asctwin::ops
