#include "ops/kernels/view.h"

#include "acl/dtype.h"
#include "acl/tensor.h"
#include "ops/common/workspace.h"

namespace asctwin::ops::kernels {

uint64_t View::numel() const {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);
  return n;
}

size_t View::elementSize() const {
  return acl::dataTypeSize(dtype);
}

bool View::rowMajorContiguous() const {
  if (numel() == 0) return true;
  const std::vector<int64_t> dense = acl::rowMajorStrides(dims);
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != 1 && strides[i] != dense[i]) return false;
  return true;
}

void* View::firstElement() const {
  return at(data, static_cast<uint64_t>(offset) * elementSize());
}

View View::of(const aclTensor& t) {
  View v;
  v.dtype = t.dataType;
  v.data = t.data;
  v.storageElements = static_cast<uint64_t>(t.storageNumel());
  v.offset = t.offset;
  v.dims = t.viewDims;
  v.strides = t.strides;
  return v;
}

View View::dense(void* data, aclDataType dtype, const std::vector<int64_t>& dims) {
  View v;
  v.dtype = dtype;
  v.data = data;
  v.dims = dims;
  v.strides = acl::rowMajorStrides(dims);
  v.storageElements = v.numel();
  return v;
}

}  // namespace asctwin::ops::kernels
