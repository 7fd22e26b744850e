#include "dtypes.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace asctwin::report {
namespace {

// BOOL and the integers store 1 as a little-endian integer; FP16 is 0x3C00,
// BF16 0x3F80, FP32 0x3F800000, FP64 0x3FF0000000000000.
constexpr std::array<DtypeInfo, 10> kDtypes{{
    {"FP16", ACL_FLOAT16, 2, "float16", "float16", {0x00, 0x3C}},
    {"FP32", ACL_FLOAT, 4, "float32", "float32", {0x00, 0x00, 0x80, 0x3F}},
    {"FP64", ACL_DOUBLE, 8, "float64", "float64", {0, 0, 0, 0, 0, 0, 0xF0, 0x3F}},
    {"BF16", ACL_BF16, 2, "bfloat16", nullptr, {0x80, 0x3F}},
    {"UINT8", ACL_UINT8, 1, "uint8", "uint8", {1}},
    {"INT8", ACL_INT8, 1, "int8", "int8", {1}},
    {"INT16", ACL_INT16, 2, "int16", "int16", {1, 0}},
    {"INT32", ACL_INT32, 4, "int32", "int32", {1, 0, 0, 0}},
    {"INT64", ACL_INT64, 8, "int64", "int64", {1, 0, 0, 0, 0, 0, 0, 0}},
    {"BOOL", ACL_BOOL, 1, "bool", "bool_", {1}},
}};

bool sameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) ==
                  std::toupper(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::span<const DtypeInfo> allDtypes() {
  return kDtypes;
}

std::optional<DtypeInfo> findDtype(std::string_view name) {
  for (const DtypeInfo& d : kDtypes)
    if (sameName(d.name, name)) return d;
  return std::nullopt;
}

size_t dtypeIndex(std::string_view name) {
  for (size_t i = 0; i < kDtypes.size(); ++i)
    if (sameName(kDtypes[i].name, name)) return i;
  return kDtypes.size();
}

}  // namespace asctwin::report
