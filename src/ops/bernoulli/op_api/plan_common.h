// Internal helpers shared by the scalar and tensor-probability plans.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/tensor.h"
#include "acl/tensor_checks.h"
#include "common/status.h"
#include "common/text.h"

namespace asctwin::ops::bernoulli::detail {

inline constexpr size_t kMaxRank = 8;
inline constexpr uint64_t kNotInWorkspace = UINT64_MAX;

// The handle is a live tensor / scalar (ACLNN_ERR_PARAM_INVALID otherwise).
Status checkLiveTensor(const aclTensor* t, const char* name);

bool isSelfDtype(aclDataType t);
bool isProbDtype(aclDataType t);
Status checkSelfDtype(const aclTensor& t, const char* name);
Status checkRank(const aclTensor& t, const char* name);
Status checkFormat(const aclTensor& t, const char* name);

// Workspace layout: pieces at 512-byte-aligned offsets.
struct Layout {
  uint64_t end = 0;
  uint64_t add(uint64_t bytes);
};

}  // namespace asctwin::ops::bernoulli::detail
