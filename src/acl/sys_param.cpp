// System parameters: the determinism switch (aclrtSetSysParamOpt).
#include <atomic>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"

namespace asctwin::acl {
namespace {
std::atomic<int64_t> gDeterministic{0};

Status checkOpt(int opt) {
  if (opt == ACL_OPT_DETERMINISTIC) return Status::ok();
  if (opt == ACL_OPT_ENABLE_DEBUG_KERNEL || opt == 2 /* ACL_OPT_STRONG_CONSISTENCY (deprecated) */)
    return invalidParam("opt " + std::to_string(opt) +
                        " is not supported by asctwin; only ACL_OPT_DETERMINISTIC (0) is");
  return invalidParam("opt must be ACL_OPT_DETERMINISTIC (0), got " + std::to_string(opt));
}
}  // namespace

bool deterministic() {
  return gDeterministic.load(std::memory_order_relaxed) != 0;
}

}  // namespace asctwin::acl

extern "C" {

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  return asctwin::acl::guard("aclrtSetSysParamOpt", [&] {
    asctwin::Status s = asctwin::acl::checkOpt(static_cast<int>(opt));
    if (!s) return s;
    if (value != 0 && value != 1)
      return asctwin::invalidParam(
          "value of ACL_OPT_DETERMINISTIC must be 0 (off) or 1 (deterministic), got " +
          std::to_string(value));
    asctwin::acl::gDeterministic.store(value, std::memory_order_relaxed);
    return asctwin::Status::ok();
  });
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  return asctwin::acl::guard("aclrtGetSysParamOpt", [&] {
    asctwin::Status s = asctwin::acl::checkOpt(static_cast<int>(opt));
    if (!s) return s;
    if (value == nullptr) return asctwin::invalidParam("value must not be null");
    *value = asctwin::acl::gDeterministic.load(std::memory_order_relaxed);
    return asctwin::Status::ok();
  });
}

}  // extern "C"
