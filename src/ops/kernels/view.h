// The operand of the shared kernels: an element-strided view on device
// memory, as aclTensor describes one. Every kernel declares the view's whole
// storage to the twin (GlobalTensor sizes), so an access outside it is a
// reported error, never an overrun.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"

struct aclTensor;

namespace asctwin::ops::kernels {

// A strided view: element strides (>= 0), element offset, and the storage
// it lives in (elements, for bounds).
struct View {
  aclDataType dtype = ACL_FLOAT;
  void* data = nullptr;
  uint64_t storageElements = 0;
  int64_t offset = 0;
  std::vector<int64_t> dims;
  std::vector<int64_t> strides;

  uint64_t numel() const;
  size_t elementSize() const;
  // Strides are the row-major dense ones (dimensions of extent 1 may have any
  // stride). Says nothing about the offset.
  bool rowMajorContiguous() const;
  // The address of the view's first element (data + offset elements).
  void* firstElement() const;

  // The view an aclTensor describes.
  static View of(const aclTensor& t);
  // A dense row-major view of `dims` starting at `data` (offset 0, storage =
  // exactly the view).
  static View dense(void* data, aclDataType dtype, const std::vector<int64_t>& dims);
};

}  // namespace asctwin::ops::kernels
