// C entry points: data buffers (aclDataBuffer, acl/acl_base_rt.h): a device
// address and a size, as the runtime hands buffers to models and operators.
#include <mutex>
#include <set>

#include "acl/acl_base.h"
#include "acl/c_boundary.h"

struct aclDataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

namespace {
std::mutex gMu;
std::set<const aclDataBuffer*>& live() {
  static auto* s = new std::set<const aclDataBuffer*>();
  return *s;
}
bool isLive(const aclDataBuffer* b) {
  std::lock_guard lock(gMu);
  return live().count(b) != 0;
}
}  // namespace

using asctwin::invalidParam;
using asctwin::Status;

extern "C" {

// data may be null with size 0 (an empty buffer), as CANN allows.
aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
  return asctwin::acl::guardPtr<aclDataBuffer>("aclCreateDataBuffer", [&](aclDataBuffer** out) {
    if (data == nullptr && size != 0)
      return invalidParam("data must not be null when size (" + std::to_string(size) + ") is > 0");
    auto* b = new aclDataBuffer{data, size};
    std::lock_guard lock(gMu);
    live().insert(b);
    *out = b;
    return Status::ok();
  });
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  return asctwin::acl::guard("aclDestroyDataBuffer", [&] {
    if (dataBuffer == nullptr) return invalidParam("dataBuffer must not be null");
    std::lock_guard lock(gMu);
    if (live().erase(dataBuffer) == 0)
      return invalidParam("dataBuffer is not a live aclDataBuffer");
    delete dataBuffer;
    return Status::ok();
  });
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  return asctwin::acl::guard("aclUpdateDataBuffer", [&] {
    if (dataBuffer == nullptr) return invalidParam("dataBuffer must not be null");
    if (!isLive(dataBuffer)) return invalidParam("dataBuffer is not a live aclDataBuffer");
    if (data == nullptr && size != 0) return invalidParam("data must not be null when size is > 0");
    dataBuffer->data = data;
    dataBuffer->size = size;
    return Status::ok();
  });
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return asctwin::acl::guardPtr<void>("aclGetDataBufferAddr", [&](void** out) {
    if (dataBuffer == nullptr) return invalidParam("dataBuffer must not be null");
    if (!isLive(dataBuffer)) return invalidParam("dataBuffer is not a live aclDataBuffer");
    *out = dataBuffer->data;
    return Status::ok();
  });
}

uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  if (dataBuffer == nullptr || !isLive(dataBuffer)) return 0;
  return static_cast<uint32_t>(dataBuffer->size);
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  if (dataBuffer == nullptr || !isLive(dataBuffer)) return 0;
  return dataBuffer->size;
}

}  // extern "C"
