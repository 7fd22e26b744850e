#include "acl/scalar.h"

#include <cmath>
#include <cstring>
#include <memory>

#include "acl/c_boundary.h"
#include "acl/dtype.h"
#include "acl/handle_registry.h"

namespace asctwin::acl {
namespace {

HandleRegistry<aclScalar>& registry() {
  static auto* r = new HandleRegistry<aclScalar>();
  return *r;
}

template <class T>
T load(const unsigned char* bytes) {
  T v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}

}  // namespace

Status createScalar(const void* value, int dataType, aclScalar** out) {
  if (out == nullptr) return invalidParam("out must not be null");
  *out = nullptr;
  if (value == nullptr) return invalidParam("value must not be null");
  if (!isKnownDataType(dataType))
    return invalidParam("dataType must be an aclDataType, got " + std::to_string(dataType));
  if (!isNumericDataType(dataType))
    return invalidParam("dataType must be a numeric type, got " + dataTypeName(dataType));
  auto s = std::make_unique<aclScalar>();
  s->dataType = static_cast<aclDataType>(dataType);
  std::memcpy(s->bytes, value, dataTypeSize(dataType));
  registry().add(s.get());  // before release: a throwing add must not leak
  *out = s.release();
  return Status::ok();
}

Status destroyScalar(const aclScalar* scalar) {
  if (scalar == nullptr) return Status::ok();
  if (!registry().remove(scalar))
    return invalidParam("scalar " + hexPointer(scalar) +
                        " is not a live aclScalar (destroyed already, or not created by "
                        "aclCreateScalar)");
  delete scalar;
  return Status::ok();
}

bool isLiveScalar(const aclScalar* scalar) {
  return registry().contains(scalar);
}

size_t liveScalarCount() {
  return registry().size();
}

}  // namespace asctwin::acl

using asctwin::acl::load;

double aclScalar::toDouble() const {
  switch (dataType) {
    case ACL_FLOAT:
    case ACL_COMPLEX64:
      return static_cast<double>(load<float>(bytes));
    case ACL_FLOAT16:
      return static_cast<double>(asctwin::acl::halfToFloat(load<uint16_t>(bytes)));
    case ACL_BF16:
      return static_cast<double>(asctwin::acl::bf16ToFloat(load<uint16_t>(bytes)));
    case ACL_DOUBLE:
    case ACL_COMPLEX128:
      return load<double>(bytes);
    case ACL_INT8:
      return load<int8_t>(bytes);
    case ACL_UINT8:
      return load<uint8_t>(bytes);
    case ACL_INT16:
      return load<int16_t>(bytes);
    case ACL_UINT16:
      return load<uint16_t>(bytes);
    case ACL_INT32:
      return load<int32_t>(bytes);
    case ACL_UINT32:
      return load<uint32_t>(bytes);
    case ACL_INT64:
      return static_cast<double>(load<int64_t>(bytes));
    case ACL_UINT64:
      return static_cast<double>(load<uint64_t>(bytes));
    case ACL_BOOL:
      return bytes[0] != 0 ? 1.0 : 0.0;
    default:
      return 0.0;
  }
}

int64_t aclScalar::toInt64() const {
  switch (dataType) {
    case ACL_INT8:
      return load<int8_t>(bytes);
    case ACL_UINT8:
      return load<uint8_t>(bytes);
    case ACL_INT16:
      return load<int16_t>(bytes);
    case ACL_UINT16:
      return load<uint16_t>(bytes);
    case ACL_INT32:
      return load<int32_t>(bytes);
    case ACL_UINT32:
      return load<uint32_t>(bytes);
    case ACL_INT64:
      return load<int64_t>(bytes);
    case ACL_UINT64: {
      const auto v = load<uint64_t>(bytes);
      return v > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(v);
    }
    case ACL_BOOL:
      return bytes[0] != 0 ? 1 : 0;
    default: {
      const double d = toDouble();
      if (std::isnan(d)) return 0;
      if (d >= 9223372036854775808.0) return INT64_MAX;
      if (d <= -9223372036854775808.0) return INT64_MIN;
      return static_cast<int64_t>(d);
    }
  }
}

bool aclScalar::isFloating() const {
  return asctwin::acl::isFloatingDataType(dataType);
}

bool aclScalar::isComplex() const {
  return asctwin::acl::isComplexDataType(dataType);
}

extern "C" {

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
  return asctwin::acl::guardPtr<aclScalar>("aclCreateScalar", [&](aclScalar** out) {
    return asctwin::acl::createScalar(value, static_cast<int>(dataType), out);
  });
}

aclError aclDestroyScalar(const aclScalar* scalar) {
  return asctwin::acl::guard("aclDestroyScalar",
                             [&] { return asctwin::acl::destroyScalar(scalar); });
}

}  // extern "C"
