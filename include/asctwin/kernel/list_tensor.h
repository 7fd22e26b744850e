// ListTensorDesc / TensorDesc: the descriptor of a dynamic list of GM
// tensors that the host passes as one GM buffer (the framework's "list
// tensor" input). Layout, as the real decoder reads it (uint64 words):
//   [0]             byte offset from the start to the data pointers
//   [1 + k * (1+d)] low 32 bits: dim d, high 32 bits: tensor count (first
//                   entry) or the entry's index; then d shape words
//   data pointers   one __gm__ address per tensor
// (dim 0: only data pointers; the one shape word is 0xffffffff.)
#pragma once

#include <cstdint>

#include "asctwin/kernel/runtime.h"
#include "asctwin/kernel/tensor.h"

namespace AscendC {

class ListTensorDesc;

template <class T>
class TensorDesc {
 public:
  TensorDesc() {}
  ~TensorDesc() {}
  void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
  uint64_t GetDim() { return dim_; }
  uint64_t GetIndex() { return index_; }
  uint64_t GetShape(uint32_t offset) {
    if (offset >= dim_ || shape_ == nullptr)
      asctwin::kernel::failApi("TensorDesc::GetShape(%u): the tensor has %u dimensions%s", offset,
                               dim_,
                               shape_ == nullptr ? " and no shape buffer (SetShapeAddr)" : "");
    return shape_[offset];
  }
  __gm__ T* GetDataPtr() { return ptr_; }
  GlobalTensor<T> GetDataObj() {
    GlobalTensor<T> obj;
    uint64_t size = sizeof(T);  // the real code starts the product at sizeof(T) too
    for (uint32_t i = 0; i < dim_; ++i) size *= shape_[i];
    obj.SetGlobalBuffer(ptr_, size);
    return obj;
  }

 private:
  friend class ListTensorDesc;
  uint32_t dim_ = 0;
  uint32_t index_ = 0;
  uint64_t* shape_ = nullptr;
  __gm__ T* ptr_ = nullptr;
};

class ListTensorDesc {
 public:
  ListTensorDesc() {}
  ~ListTensorDesc() {}
  ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
    Init(data, length, shapeSize);
  }
  void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
    if (data == nullptr) asctwin::kernel::failApi("ListTensorDesc: data must not be null");
    auto* words = reinterpret_cast<__gm__ uint64_t*>(data);
    const uint64_t dataOffset = words[0];
    shapeStart_ = words + 1;
    dataPtr_ = words + dataOffset / sizeof(uint64_t);
    dim_ = static_cast<uint32_t>(shapeStart_[0] & 0xffffffffu);
    const auto count = static_cast<uint32_t>(shapeStart_[0] >> 32);
    descSize_ = dim_ == 0 ? 2 : 1 + dim_;
    count_ = count != 0 ? count : static_cast<uint32_t>(*(dataPtr_ - descSize_) >> 32) + 1;
    const bool consistent =
        dim_ != 0 ? count_ == (dataOffset - sizeof(uint64_t)) / (descSize_ * sizeof(uint64_t))
                  : shapeStart_[1] == 0xffffffffu && dataOffset == 24;
    if (!consistent)
      asctwin::kernel::failApi(
          "ListTensorDesc: the descriptor is inconsistent (data offset %llu, dim %u, count %u)",
          static_cast<unsigned long long>(dataOffset), dim_, count_);
    if (length != 0xffffffff && shapeSize != 0xffffffff &&
        (count_ != shapeSize || length != dataOffset + count_ * sizeof(uint64_t)))
      asctwin::kernel::failApi(
          "ListTensorDesc: length %u / shapeSize %u do not match the descriptor", length,
          shapeSize);
  }
  template <class T>
  void GetDesc(TensorDesc<T>& desc, uint32_t index) {
    if (index >= count_ || dim_ == 0)
      asctwin::kernel::failApi("ListTensorDesc::GetDesc(%u): %u tensors of dim %u", index, count_,
                               dim_);
    desc.dim_ = dim_;
    desc.ptr_ = reinterpret_cast<__gm__ T*>(dataPtr_[index]);
    desc.index_ = index;
    if (desc.shape_ == nullptr)
      asctwin::kernel::failApi(
          "ListTensorDesc::GetDesc: the TensorDesc has no shape buffer "
          "(SetShapeAddr)");
    const __gm__ uint64_t* shape = shapeStart_ + index * descSize_ + 1;
    for (uint32_t i = 0; i < dim_; ++i) desc.shape_[i] = shape[i];
  }
  template <class T>
  __gm__ T* GetDataPtr(uint32_t index) {
    if (index >= count_)
      asctwin::kernel::failApi("ListTensorDesc::GetDataPtr(%u): the list has %u tensors", index,
                               count_);
    return reinterpret_cast<__gm__ T*>(dataPtr_[index]);
  }
  uint32_t GetSize() { return count_; }

 private:
  __gm__ uint64_t* dataPtr_ = nullptr;
  __gm__ uint64_t* shapeStart_ = nullptr;
  uint32_t dim_ = 0;
  uint32_t descSize_ = 0;
  uint32_t count_ = 0;
};

}  // namespace AscendC
