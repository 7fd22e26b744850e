#include "ops/bernoulli/op_api/plan_common.h"

#include "acl/dtype.h"
#include "ops/bernoulli/op_api/bernoulli_plan.h"

namespace asctwin::ops::bernoulli::detail {

bool isSelfDtype(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
    case ACL_FLOAT:
    case ACL_DOUBLE:
    case ACL_BF16:
    case ACL_UINT8:
    case ACL_INT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_BOOL:
      return true;
    default:
      return false;
  }
}

bool isProbDtype(aclDataType t) {
  return t == ACL_FLOAT16 || t == ACL_FLOAT || t == ACL_DOUBLE || t == ACL_BF16;
}

Status checkSelfDtype(const aclTensor& t, const char* name) {
  if (isSelfDtype(t.dataType)) return Status::ok();
  return nnInvalidArgument(std::string(name) +
                           " dtype must be one of ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16, "
                           "ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL, got " +
                           acl::dataTypeName(t.dataType));
}

Status checkProbDtype(aclDataType t) {
  if (isProbDtype(t)) return Status::ok();
  return nnInvalidArgument(
      "prob dtype must be one of ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16, got " +
      acl::dataTypeName(t));
}

Status checkOutDtype(const aclTensor& out, const char* outName, const aclTensor& self,
                     const char* selfName) {
  if (out.dataType == self.dataType) return Status::ok();
  return nnInvalidArgument(std::string(outName) + " dtype " + acl::dataTypeName(out.dataType) +
                           " must equal " + selfName + " dtype " +
                           acl::dataTypeName(self.dataType));
}

}  // namespace asctwin::ops::bernoulli::detail
