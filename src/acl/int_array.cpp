#include "acl/int_array.h"

#include <memory>

#include "acl/c_boundary.h"
#include "acl/handle_registry.h"

namespace asctwin::acl {
namespace {
HandleRegistry<aclIntArray>& registry() {
  static auto* r = new HandleRegistry<aclIntArray>();
  return *r;
}
}  // namespace

Status createIntArray(const int64_t* value, uint64_t size, aclIntArray** out) {
  if (out == nullptr) return invalidParam("out must not be null");
  *out = nullptr;
  if (size > 0 && value == nullptr)
    return invalidParam("value must not be null when size is " + std::to_string(size));
  if (size > kMaxIntArraySize)
    return invalidParam("size (" + std::to_string(size) + ") must not exceed " +
                        std::to_string(kMaxIntArraySize));
  auto a = std::make_unique<aclIntArray>();
  if (size > 0) a->values.assign(value, value + size);
  registry().add(a.get());  // before release: a throwing add must not leak
  *out = a.release();
  return Status::ok();
}

Status destroyIntArray(const aclIntArray* array) {
  if (array == nullptr) return Status::ok();
  if (!registry().remove(array))
    return invalidParam("array " + hexPointer(array) +
                        " is not a live aclIntArray (destroyed already, or not created by "
                        "aclCreateIntArray)");
  delete array;
  return Status::ok();
}

bool isLiveIntArray(const aclIntArray* array) {
  return registry().contains(array);
}

size_t liveIntArrayCount() {
  return registry().size();
}

}  // namespace asctwin::acl

extern "C" {

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  return asctwin::acl::guardPtr<aclIntArray>("aclCreateIntArray", [&](aclIntArray** out) {
    return asctwin::acl::createIntArray(value, size, out);
  });
}

aclError aclDestroyIntArray(const aclIntArray* array) {
  return asctwin::acl::guard("aclDestroyIntArray",
                             [&] { return asctwin::acl::destroyIntArray(array); });
}

}  // extern "C"
