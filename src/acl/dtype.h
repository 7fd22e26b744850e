// Element types and storage formats: which values are known, their sizes and
// names (for messages), and the 16-bit float conversions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "acl/acl_base.h"

namespace asctwin::acl {

// A value of the aclDataType enumeration (ACL_DT_UNDEFINED included).
bool isKnownDataType(int dataType);
// Known and with a fixed element size (everything but UNDEFINED and STRING).
bool isNumericDataType(int dataType);
// Bytes per element; 0 for UNDEFINED, STRING and unknown values.
size_t dataTypeSize(int dataType);
bool isFloatingDataType(int dataType);  // FP16, BF16, FP32, FP64
bool isComplexDataType(int dataType);
// "ACL_FLOAT", or "aclDataType(99)" for unknown values.
std::string dataTypeName(int dataType);

bool isKnownFormat(int format);  // ACL_FORMAT_UNDEFINED included
// NC1HWC0, FRACTAL_Z, NC1HWC0_C04, FRACTAL_NZ, NDC1HWC0, FRACTAL_Z_3D.
bool isPrivateFormat(int format);
std::string formatName(int format);

// IEEE binary16 <-> binary32 (round to nearest even), bfloat16 -> binary32.
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);
float bf16ToFloat(uint16_t bits);
uint16_t floatToBf16(float value);

}  // namespace asctwin::acl
