#include "acl/tensor_checks.h"

#include <string>

#include "device/allocator.h"

namespace asctwin::acl {

Status checkOperandStorage(const aclTensor& t, const char* name, bool write) {
  if (t.isEmpty()) return Status::ok();
  if (t.data == nullptr)
    return Status(code::kNnParamNullptr, std::string(name) + " has no data (tensorData is null) " +
                                             "but holds " + std::to_string(t.numel()) +
                                             " elements");
  Status s = device::DeviceMemory::instance().checkRange(t.data, t.storageBytes(), name);
  if (!s)
    return nnInvalidArgument(std::string(name) +
                             " storage must be device memory from aclrtMalloc: " + s.message());
  if (write) {
    for (size_t i = 0; i < t.rank(); ++i)
      if (t.viewDims[i] > 1 && t.strides[i] == 0)
        return nnInvalidArgument(std::string(name) + " has stride 0 on dimension " +
                                 std::to_string(i) + " of extent " + std::to_string(t.viewDims[i]) +
                                 ": several elements would be written to one location");
  }
  return Status::ok();
}

}  // namespace asctwin::acl
