// aclCreateScalar / aclCreateIntArray, element sizes and FP16 conversion.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "acl/dtype.h"
#include "acl/int_array.h"
#include "acl/scalar.h"
#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

template <class T>
aclScalar* scalarOf(T value, aclDataType dt) {
  return aclCreateScalar(&value, dt);
}

TEST(AclScalar, EveryNumericTypeKeepsItsValue) {
  struct Case {
    aclScalar* s;
    double asDouble;
    int64_t asInt;
  };
  const Case cases[] = {
      {scalarOf<float>(0.25f, ACL_FLOAT), 0.25, 0},
      {scalarOf<double>(-2.75, ACL_DOUBLE), -2.75, -2},
      {scalarOf<uint16_t>(0x3C00, ACL_FLOAT16), 1.0, 1},    // 1.0 in binary16
      {scalarOf<uint16_t>(0xC100, ACL_FLOAT16), -2.5, -2},  // -2.5 in binary16
      {scalarOf<uint16_t>(0x3F80, ACL_BF16), 1.0, 1},       // 1.0 in bfloat16
      {scalarOf<uint16_t>(0x4049, ACL_BF16), 3.140625, 3},  // 3.140625 in bfloat16
      {scalarOf<int8_t>(-128, ACL_INT8), -128, -128},
      {scalarOf<uint8_t>(255, ACL_UINT8), 255, 255},
      {scalarOf<int16_t>(-30000, ACL_INT16), -30000, -30000},
      {scalarOf<uint16_t>(65535, ACL_UINT16), 65535, 65535},
      {scalarOf<int32_t>(-7, ACL_INT32), -7, -7},
      {scalarOf<uint32_t>(4000000000u, ACL_UINT32), 4e9, 4000000000},
      {scalarOf<int64_t>(-(int64_t{1} << 40), ACL_INT64), -1099511627776.0, -(int64_t{1} << 40)},
      {scalarOf<uint64_t>(UINT64_MAX, ACL_UINT64), 18446744073709551615.0, INT64_MAX},
      {scalarOf<uint8_t>(1, ACL_BOOL), 1, 1},
      {scalarOf<uint8_t>(0, ACL_BOOL), 0, 0},
  };
  for (const Case& c : cases) {
    ASSERT_NE(c.s, nullptr) << recentError();
    EXPECT_EQ(c.s->toDouble(), c.asDouble) << acl::dataTypeName(c.s->dataType);
    EXPECT_EQ(c.s->toInt64(), c.asInt) << acl::dataTypeName(c.s->dataType);
    EXPECT_EQ(aclDestroyScalar(c.s), ACL_SUCCESS);
  }
  const float cf[2] = {1.5f, -9.0f};
  aclScalar* c64 = aclCreateScalar(const_cast<float*>(cf), ACL_COMPLEX64);
  ASSERT_NE(c64, nullptr);
  EXPECT_TRUE(c64->isComplex());
  EXPECT_EQ(c64->toDouble(), 1.5);  // real part
  EXPECT_EQ(aclDestroyScalar(c64), ACL_SUCCESS);
  const double cd[2] = {-0.5, 3.0};
  aclScalar* c128 = aclCreateScalar(const_cast<double*>(cd), ACL_COMPLEX128);
  ASSERT_NE(c128, nullptr);
  EXPECT_EQ(c128->toDouble(), -0.5);
  EXPECT_EQ(aclDestroyScalar(c128), ACL_SUCCESS);
}

TEST(AclScalar, FloatToIntSaturatesAndNanIsZero) {
  aclScalar* big = scalarOf<double>(1e30, ACL_DOUBLE);
  aclScalar* small = scalarOf<float>(-1e30f, ACL_FLOAT);
  aclScalar* nan = scalarOf<double>(std::nan(""), ACL_DOUBLE);
  ASSERT_TRUE(big && small && nan);
  EXPECT_EQ(big->toInt64(), INT64_MAX);
  EXPECT_EQ(small->toInt64(), INT64_MIN);
  EXPECT_EQ(nan->toInt64(), 0);
  EXPECT_TRUE(std::isnan(nan->toDouble()));
  EXPECT_TRUE(nan->isFloating());
  for (aclScalar* s : {big, small, nan}) EXPECT_EQ(aclDestroyScalar(s), ACL_SUCCESS);
}

TEST(AclScalar, ValueIsCopiedAtCreation) {
  double v = 0.5;
  aclScalar* s = aclCreateScalar(&v, ACL_DOUBLE);
  ASSERT_NE(s, nullptr);
  v = 0.75;
  EXPECT_EQ(s->toDouble(), 0.5);
  EXPECT_EQ(aclDestroyScalar(s), ACL_SUCCESS);
}

TEST(AclScalar, Rejections) {
  float v = 1.0f;
  EXPECT_NULL_REJECTED(aclCreateScalar(nullptr, ACL_FLOAT),
                       "aclCreateScalar: ", "value must not be null");
  EXPECT_NULL_REJECTED(aclCreateScalar(&v, ACL_STRING), "numeric type", "ACL_STRING");
  EXPECT_NULL_REJECTED(aclCreateScalar(&v, ACL_DT_UNDEFINED), "ACL_DT_UNDEFINED");
  EXPECT_NULL_REJECTED(aclCreateScalar(&v, static_cast<aclDataType>(5)),
                       "dataType must be an aclDataType, got 5");
  EXPECT_EQ(aclDestroyScalar(nullptr), ACL_SUCCESS);
  aclScalar* s = aclCreateScalar(&v, ACL_FLOAT);
  ASSERT_NE(s, nullptr);
  const size_t live = acl::liveScalarCount();
  EXPECT_EQ(aclDestroyScalar(s), ACL_SUCCESS);
  EXPECT_EQ(acl::liveScalarCount(), live - 1);
  EXPECT_REJECTED(aclDestroyScalar(s), ACL_ERROR_INVALID_PARAM,
                  "aclDestroyScalar: ", "not a live aclScalar");
  double foreign[4] = {};
  EXPECT_REJECTED(aclDestroyScalar(reinterpret_cast<const aclScalar*>(foreign)),
                  ACL_ERROR_INVALID_PARAM, "not a live aclScalar");
}

TEST(AclIntArray, CopiesValuesAndChecksHandles) {
  std::vector<int64_t> v = {3, -1, 0, INT64_MAX};
  aclIntArray* a = aclCreateIntArray(v.data(), v.size());
  ASSERT_NE(a, nullptr) << recentError();
  v[0] = 42;
  EXPECT_EQ(a->values, (std::vector<int64_t>{3, -1, 0, INT64_MAX}));
  EXPECT_TRUE(acl::isLiveIntArray(a));
  EXPECT_EQ(aclDestroyIntArray(a), ACL_SUCCESS);
  EXPECT_FALSE(acl::isLiveIntArray(a));
  EXPECT_REJECTED(aclDestroyIntArray(a), ACL_ERROR_INVALID_PARAM,
                  "aclDestroyIntArray: ", "not a live aclIntArray");
  aclIntArray* empty = aclCreateIntArray(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(empty->size(), 0u);
  EXPECT_EQ(aclDestroyIntArray(empty), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACL_SUCCESS);
  EXPECT_NULL_REJECTED(aclCreateIntArray(nullptr, 3),
                       "aclCreateIntArray: ", "value must not be null when size is 3");
  EXPECT_NULL_REJECTED(aclCreateIntArray(v.data(), uint64_t{1} << 40),
                       "size (1099511627776) must not exceed 268435456");
}

TEST(AclDataType, SizesOfEveryType) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT8), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT8), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_BOOL), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 16u);
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_DT_UNDEFINED), 0u);
  EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(5)), 0u);
  // The enum is usable the way CANN samples use it.
  constexpr aclDataType kTypes[] = {aclDataType::ACL_FLOAT, aclDataType::ACL_BF16};
  static_assert(kTypes[1] == 27, "ACL_BF16 is 27");
}

TEST(AclFloat16, ConversionsRoundToNearestEven) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloatToFloat16(-2.0f), 0xC000);
  EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7BFF);                      // largest finite
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);                      // rounds to infinity
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -24)), 0x0001);         // smallest subnormal
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -25)), 0x0000);         // tie to even: zero
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(3.0f, -25)), 0x0002);         // tie to even: 2
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);  // tie to even
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(3.0f, -11)), 0x3C02);  // tie to even
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), 0x3C01);
  EXPECT_EQ(aclFloatToFloat16(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -14)), 0x0400);  // smallest normal
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(aclFloatToFloat16(std::nanf("")))));
  // Every finite and infinite half survives a round trip; NaNs stay NaN.
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const float f = aclFloat16ToFloat(static_cast<aclFloat16>(h));
    if (std::isnan(f)) {
      EXPECT_EQ(h & 0x7C00u, 0x7C00u);
      EXPECT_NE(h & 0x3FFu, 0u);
      continue;
    }
    ASSERT_EQ(aclFloatToFloat16(f), h) << std::hex << h;
  }
  EXPECT_EQ(aclFloat16ToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(aclFloat16ToFloat(0x8000), -0.0f);
  EXPECT_TRUE(std::signbit(aclFloat16ToFloat(0x8000)));
}

TEST(AclFloat16, Bfloat16Conversion) {
  EXPECT_EQ(acl::floatToBf16(1.0f), 0x3F80);
  EXPECT_EQ(acl::bf16ToFloat(0x3F80), 1.0f);
  EXPECT_EQ(acl::floatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3F80);  // tie to even
  EXPECT_EQ(acl::floatToBf16(1.0f + std::ldexp(3.0f, -8)), 0x3F82);
  EXPECT_TRUE(std::isnan(acl::bf16ToFloat(acl::floatToBf16(std::nanf("")))));
}

}  // namespace
}  // namespace asctwin::testing
