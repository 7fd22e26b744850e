// Shared helpers of the BernoulliMask kernel tests: the dtype table with the
// expected bit patterns of 1, the test mask, and the oracle.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace asctwin::testing::bernoulli {

struct DtypeCase {
  aclDataType dtype;
  const char* name;
  uint32_t bytes;
  uint32_t key;
  uint64_t one;  // the element's bit pattern for 1 (0 is all zero bytes)
};

inline const std::vector<DtypeCase>& allDtypes() {
  static const std::vector<DtypeCase> v = {
      {ACL_FLOAT16, "fp16", 2, 1, 0x3C00},
      {ACL_FLOAT, "fp32", 4, 2, 0x3F800000},
      {ACL_DOUBLE, "fp64", 8, 3, 0x3FF0000000000000ull},
      {ACL_UINT8, "uint8", 1, 4, 1},
      {ACL_BOOL, "bool", 1, 4, 1},
      {ACL_INT8, "int8", 1, 5, 1},
      {ACL_INT16, "int16", 2, 6, 1},
      {ACL_INT32, "int32", 4, 7, 1},
      {ACL_INT64, "int64", 8, 8, 1},
      {ACL_BF16, "bf16", 2, 9, 0x3F80},
  };
  return v;
}

inline const DtypeCase& dtypeCase(aclDataType dt) {
  for (const auto& d : allDtypes())
    if (d.dtype == dt) return d;
  return allDtypes().front();
}

// M = 16 * ceil(n / 128) bytes of the repeating pattern 00 01 02 80 A5 5A 7F FF.
inline std::vector<uint8_t> patternMask(uint64_t n) {
  static const uint8_t kPattern[8] = {0x00, 0x01, 0x02, 0x80, 0xA5, 0x5A, 0x7F, 0xFF};
  std::vector<uint8_t> m((n + 127) / 128 * 16);
  for (size_t i = 0; i < m.size(); ++i) m[i] = kPattern[i % 8];
  return m;
}

inline bool maskBit(const std::vector<uint8_t>& mask, uint64_t i) {
  return ((mask[i / 8] >> (i % 8)) & 1u) != 0;
}

// The expected output bytes: element i is `one` (little endian) when bit i is
// set, else all zero.
inline std::vector<uint8_t> expandOracle(const std::vector<uint8_t>& mask, uint64_t n,
                                         const DtypeCase& d) {
  std::vector<uint8_t> out(n * d.bytes, 0);
  for (uint64_t i = 0; i < n; ++i) {
    if (!maskBit(mask, i)) continue;
    for (uint32_t b = 0; b < d.bytes; ++b)
      out[i * d.bytes + b] = static_cast<uint8_t>(d.one >> (8 * b));
  }
  return out;
}

}  // namespace asctwin::testing::bernoulli
