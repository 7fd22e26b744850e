// The tensor handle behind aclTensor: a strided view on a storage. The
// operator layer reads these fields directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/status.h"

struct aclTensor {
  std::vector<int64_t> viewDims;  // the shape (empty = rank 0, one element)
  std::vector<int64_t> strides;   // element strides, one per view dim (filled in when null)
  bool stridesGiven = false;      // false when the caller passed null (row-major dense)
  int64_t offset = 0;             // element offset of the first view element
  aclDataType dataType = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_ND;
  std::vector<int64_t> storageDims;  // the storage shape (empty = one element)
  void* data = nullptr;              // the storage; may be null
  bool dataOnDevice = false;         // data lies inside a live device allocation at creation

  size_t rank() const { return viewDims.size(); }
  int64_t numel() const;         // product of viewDims (1 for rank 0)
  int64_t storageNumel() const;  // product of storageDims (1 for rank 0)
  bool isEmpty() const { return numel() == 0; }
  size_t elementSize() const;     // bytes per element of dataType
  uint64_t storageBytes() const;  // storageNumel() * elementSize()
  // The strides are the row-major dense ones for viewDims (dimensions of
  // extent 1 may have any stride; an empty tensor counts as contiguous). Says
  // nothing about offset.
  bool isRowMajorContiguous() const;
  bool isPrivateFormat() const;
  // Largest storage element index the view reaches (offset for an empty view).
  int64_t maxReachableIndex() const;
};

namespace asctwin::acl {

// CANN's runtime shape holds at most 25 dimensions; operators may limit rank
// further (most ACLNN operators accept rank <= 8).
inline constexpr uint64_t kMaxTensorRank = 25;

// Row-major dense strides for `dims` (extent-0/1 dimensions count as 1).
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& dims);

// aclCreateTensor without the C boundary: validates every argument and
// returns a registered tensor.
Status createTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                    const int64_t* stride, int64_t offset, int format, const int64_t* storageDims,
                    uint64_t storageDimsNum, void* tensorData, aclTensor** out);
// Unregisters and deletes; null is accepted (ok), unknown pointers rejected.
Status destroyTensor(const aclTensor* tensor);
// The pointer is a tensor created by aclCreateTensor and not yet destroyed.
bool isLiveTensor(const aclTensor* tensor);
size_t liveTensorCount();

}  // namespace asctwin::acl
