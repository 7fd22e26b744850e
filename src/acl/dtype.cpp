#include "acl/dtype.h"

#include <cstring>

namespace asctwin::acl {
namespace {

struct TypeRow {
  int value;
  const char* name;
  size_t size;
};

constexpr TypeRow kTypes[] = {
    {ACL_DT_UNDEFINED, "ACL_DT_UNDEFINED", 0},
    {ACL_FLOAT, "ACL_FLOAT", 4},
    {ACL_FLOAT16, "ACL_FLOAT16", 2},
    {ACL_INT8, "ACL_INT8", 1},
    {ACL_INT32, "ACL_INT32", 4},
    {ACL_UINT8, "ACL_UINT8", 1},
    {ACL_INT16, "ACL_INT16", 2},
    {ACL_UINT16, "ACL_UINT16", 2},
    {ACL_UINT32, "ACL_UINT32", 4},
    {ACL_INT64, "ACL_INT64", 8},
    {ACL_UINT64, "ACL_UINT64", 8},
    {ACL_DOUBLE, "ACL_DOUBLE", 8},
    {ACL_BOOL, "ACL_BOOL", 1},
    {ACL_STRING, "ACL_STRING", 0},
    {ACL_COMPLEX64, "ACL_COMPLEX64", 8},
    {ACL_COMPLEX128, "ACL_COMPLEX128", 16},
    {ACL_BF16, "ACL_BF16", 2},
};

struct FormatRow {
  int value;
  const char* name;
  bool isPrivate;
};

constexpr FormatRow kFormats[] = {
    {ACL_FORMAT_UNDEFINED, "ACL_FORMAT_UNDEFINED", false},
    {ACL_FORMAT_NCHW, "ACL_FORMAT_NCHW", false},
    {ACL_FORMAT_NHWC, "ACL_FORMAT_NHWC", false},
    {ACL_FORMAT_ND, "ACL_FORMAT_ND", false},
    {ACL_FORMAT_NC1HWC0, "ACL_FORMAT_NC1HWC0", true},
    {ACL_FORMAT_FRACTAL_Z, "ACL_FORMAT_FRACTAL_Z", true},
    {ACL_FORMAT_NC1HWC0_C04, "ACL_FORMAT_NC1HWC0_C04", true},
    {ACL_FORMAT_HWCN, "ACL_FORMAT_HWCN", false},
    {ACL_FORMAT_NDHWC, "ACL_FORMAT_NDHWC", false},
    {ACL_FORMAT_FRACTAL_NZ, "ACL_FORMAT_FRACTAL_NZ", true},
    {ACL_FORMAT_NCDHW, "ACL_FORMAT_NCDHW", false},
    {ACL_FORMAT_NDC1HWC0, "ACL_FORMAT_NDC1HWC0", true},
    {ACL_FRACTAL_Z_3D, "ACL_FRACTAL_Z_3D", true},
};

const TypeRow* findType(int v) {
  for (const auto& r : kTypes)
    if (r.value == v) return &r;
  return nullptr;
}

const FormatRow* findFormat(int v) {
  for (const auto& r : kFormats)
    if (r.value == v) return &r;
  return nullptr;
}

uint32_t floatBits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  return x;
}

float bitsFloat(uint32_t x) {
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

// Shifts m right by `shift` bits, rounding to nearest, ties to even.
uint32_t shiftRoundEven(uint32_t m, uint32_t shift) {
  if (shift == 0) return m;
  if (shift >= 32) return 0;
  const uint32_t result = m >> shift;
  const uint32_t rem = m & ((1u << shift) - 1);
  const uint32_t halfway = 1u << (shift - 1);
  if (rem > halfway || (rem == halfway && (result & 1u))) return result + 1;
  return result;
}

}  // namespace

bool isKnownDataType(int dataType) {
  return findType(dataType) != nullptr;
}

bool isNumericDataType(int dataType) {
  const TypeRow* r = findType(dataType);
  return r != nullptr && r->size != 0;
}

size_t dataTypeSize(int dataType) {
  const TypeRow* r = findType(dataType);
  return r == nullptr ? 0 : r->size;
}

bool isFloatingDataType(int dataType) {
  return dataType == ACL_FLOAT || dataType == ACL_FLOAT16 || dataType == ACL_DOUBLE ||
         dataType == ACL_BF16;
}

bool isComplexDataType(int dataType) {
  return dataType == ACL_COMPLEX64 || dataType == ACL_COMPLEX128;
}

std::string dataTypeName(int dataType) {
  const TypeRow* r = findType(dataType);
  if (r != nullptr) return r->name;
  return "aclDataType(" + std::to_string(dataType) + ")";
}

bool isKnownFormat(int format) {
  return findFormat(format) != nullptr;
}

bool isPrivateFormat(int format) {
  const FormatRow* r = findFormat(format);
  return r != nullptr && r->isPrivate;
}

std::string formatName(int format) {
  const FormatRow* r = findFormat(format);
  if (r != nullptr) return r->name;
  return "aclFormat(" + std::to_string(format) + ")";
}

uint16_t floatToHalf(float value) {
  const uint32_t x = floatBits(value);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const uint32_t exp = (x >> 23) & 0xFFu;
  uint32_t mant = x & 0x7FFFFFu;
  if (exp == 0xFF) {  // infinity or NaN (NaN stays a quiet NaN)
    return static_cast<uint16_t>(sign | 0x7C00u | (mant != 0 ? 0x200u | (mant >> 13) : 0u));
  }
  const int32_t e = static_cast<int32_t>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00u);  // overflow: infinity
  if (e <= 0) {
    // Subnormal half (or zero): value = m * 2^-24 with m = M * 2^(e - 14).
    if (e < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    const uint32_t m = shiftRoundEven(mant, static_cast<uint32_t>(14 - e));
    return static_cast<uint16_t>(sign | m);  // m may reach 0x400: the smallest normal
  }
  uint32_t result = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1FFFu;
  if (rem > 0x1000u || (rem == 0x1000u && (result & 1u))) ++result;  // may carry into infinity
  return static_cast<uint16_t>(sign | result);
}

float halfToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  const uint32_t exp = (bits >> 10) & 0x1Fu;
  const uint32_t mant = bits & 0x3FFu;
  if (exp == 0) {
    if (mant == 0) return bitsFloat(sign);
    // Subnormal: mant * 2^-24, exact in binary32.
    const float magnitude = static_cast<float>(mant) * bitsFloat(0x33800000u);  // 2^-24
    return sign != 0 ? -magnitude : magnitude;
  }
  if (exp == 31) return bitsFloat(sign | 0x7F800000u | (mant << 13));
  return bitsFloat(sign | ((exp + 112) << 23) | (mant << 13));
}

float bf16ToFloat(uint16_t bits) {
  return bitsFloat(static_cast<uint32_t>(bits) << 16);
}

uint16_t floatToBf16(float value) {
  const uint32_t x = floatBits(value);
  if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu) != 0)
    return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN
  return static_cast<uint16_t>(shiftRoundEven(x, 16));
}

}  // namespace asctwin::acl
