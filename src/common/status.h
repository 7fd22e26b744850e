// Status: an error code (ACL or ACLNN numbering) with a message naming the
// parameter and the rule it broke. Inside asctwin errors are values; the C
// boundary turns them into return codes plus aclGetRecentErrMsg().
#pragma once

#include <string>
#include <utility>

namespace asctwin {

// Numeric values are the CANN ones (acl/acl_base.h, aclnn/aclnn_base.h).
namespace code {
inline constexpr int kSuccess = 0;
inline constexpr int kInvalidParam = 100000;       // ACL_ERROR_INVALID_PARAM
inline constexpr int kUninitialize = 100001;       // ACL_ERROR_UNINITIALIZE
inline constexpr int kRepeatInitialize = 100002;   // ACL_ERROR_REPEAT_INITIALIZE
inline constexpr int kRepeatFinalize = 100037;     // ACL_ERROR_REPEAT_FINALIZE
inline constexpr int kRtInvalidDeviceId = 107001;  // ACL_ERROR_RT_INVALID_DEVICEID
inline constexpr int kRtContextNull = 107002;      // ACL_ERROR_RT_CONTEXT_NULL
inline constexpr int kBadAlloc = 200000;           // ACL_ERROR_BAD_ALLOC
inline constexpr int kInternal = 500000;           // ACL_ERROR_INTERNAL_ERROR
inline constexpr int kFailure = 500001;            // ACL_ERROR_FAILURE
inline constexpr int kRtFailure = 500003;          // ACL_ERROR_RT_FAILURE

inline constexpr int kNnParamNullptr = 161001;  // ACLNN_ERR_PARAM_NULLPTR
inline constexpr int kNnParamInvalid = 161002;  // ACLNN_ERR_PARAM_INVALID
inline constexpr int kNnRuntimeError = 361001;  // ACLNN_ERR_RUNTIME_ERROR
inline constexpr int kNnInner = 561000;         // ACLNN_ERR_INNER
inline constexpr int kNnInnerCreateExecutor = 561101;
inline constexpr int kNnInnerNullptr = 561103;
}  // namespace code

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(int c, std::string msg) : code_(c), message_(std::move(msg)) {}
  static Status ok() { return {}; }

  bool isOk() const { return code_ == code::kSuccess; }
  explicit operator bool() const { return isOk(); }
  int code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  int code_ = code::kSuccess;
  std::string message_;
};

inline Status invalidParam(std::string msg) {
  return {code::kInvalidParam, std::move(msg)};
}

// The two ACLNN parameter errors every operator's validation returns.
inline Status nnNullArgument(const std::string& name) {
  return {code::kNnParamNullptr, name + " must not be null"};
}
inline Status nnInvalidArgument(std::string msg) {
  return {code::kNnParamInvalid, std::move(msg)};
}

}  // namespace asctwin
