// The ten Bernoulli dtypes as the report names them, with their widths, the
// bytes of the value 1 (to count ones in an output) and the peers' names.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "acl/acl_base.h"

namespace asctwin::report {

struct DtypeInfo {
  const char* name;   // "FP32", as in the design's tables
  aclDataType acl;    // ACL_FLOAT
  size_t width;       // bytes per element
  const char* torch;  // "float32": torch.<name>
  const char* numpy;  // "float32": numpy.<name>; nullptr when NumPy has no such dtype
  // The little-endian bytes of the value 1 (width of them).
  unsigned char one[8];
};

// All ten, in the design's order of §1.3 (FP16, FP32, FP64, BF16, UINT8,
// INT8, INT16, INT32, INT64, BOOL).
std::span<const DtypeInfo> allDtypes();
// By report name, case-insensitive ("fp32", "FP32"); nullopt when unknown.
std::optional<DtypeInfo> findDtype(std::string_view name);
// The index of `name` in allDtypes() (report names only).
size_t dtypeIndex(std::string_view name);

}  // namespace asctwin::report
