#include "acl/tensor.h"

#include <memory>

#include "acl/c_boundary.h"
#include "acl/dtype.h"
#include "acl/handle_registry.h"
#include "common/text.h"
#include "device/allocator.h"

namespace asctwin::acl {
namespace {

HandleRegistry<aclTensor>& registry() {
  static auto* r = new HandleRegistry<aclTensor>();
  return *r;
}

// Element counts and byte sizes are kept below 2^62 so that every sum below
// stays representable.
constexpr int64_t kMaxElements = int64_t{1} << 62;

// Product of dims into *out; false when it reaches kMaxElements.
bool product(const std::vector<int64_t>& dims, int64_t* out) {
  int64_t n = 1;
  for (int64_t d : dims)
    if (d == 0) {
      *out = 0;
      return true;
    }
  for (int64_t d : dims) {
    if (__builtin_mul_overflow(n, d, &n) || n >= kMaxElements) return false;
  }
  *out = n;
  return true;
}

Status readDims(const int64_t* dims, uint64_t num, const char* name, const char* numName,
                std::vector<int64_t>* out) {
  if (num > kMaxTensorRank)
    return invalidParam(std::string(numName) + " (" + std::to_string(num) + ") must not exceed " +
                        std::to_string(kMaxTensorRank));
  if (num > 0 && dims == nullptr)
    return invalidParam(std::string(name) + " must not be null when " + numName + " is " +
                        std::to_string(num));
  out->assign(dims, dims + num);
  for (uint64_t i = 0; i < num; ++i)
    if ((*out)[i] < 0)
      return invalidParam(std::string(name) + "[" + std::to_string(i) + "] must be >= 0, got " +
                          std::to_string((*out)[i]));
  return Status::ok();
}

}  // namespace

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t acc = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = acc;
    const int64_t d = dims[i] > 1 ? dims[i] : 1;
    if (__builtin_mul_overflow(acc, d, &acc)) acc = INT64_MAX;
  }
  return strides;
}

Status createTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                    const int64_t* stride, int64_t offset, int format, const int64_t* storageDims,
                    uint64_t storageDimsNum, void* tensorData, aclTensor** out) {
  if (out == nullptr) return invalidParam("out must not be null");
  *out = nullptr;
  auto t = std::make_unique<aclTensor>();
  Status s = readDims(viewDims, viewDimsNum, "viewDims", "viewDimsNum", &t->viewDims);
  if (!s) return s;
  if (!isKnownDataType(dataType))
    return invalidParam("dataType must be an aclDataType, got " + std::to_string(dataType));
  if (!isNumericDataType(dataType))
    return invalidParam("dataType must have a fixed element size, got " + dataTypeName(dataType));
  if (!isKnownFormat(format) || format == ACL_FORMAT_UNDEFINED)
    return invalidParam("format must be a defined aclFormat, got " + formatName(format));
  if (stride != nullptr) {
    t->strides.assign(stride, stride + viewDimsNum);
    for (uint64_t i = 0; i < viewDimsNum; ++i)
      if (t->strides[i] < 0)
        return invalidParam("stride[" + std::to_string(i) + "] must be >= 0, got " +
                            std::to_string(t->strides[i]) +
                            " (negative strides are not supported)");
    t->stridesGiven = true;
  } else {
    t->strides = rowMajorStrides(t->viewDims);
  }
  if (offset < 0) return invalidParam("offset must be >= 0, got " + std::to_string(offset));
  s = readDims(storageDims, storageDimsNum, "storageDims", "storageDimsNum", &t->storageDims);
  if (!s) return s;
  t->dataType = static_cast<aclDataType>(dataType);
  t->format = static_cast<aclFormat>(format);
  t->offset = offset;
  t->data = tensorData;

  int64_t viewNumel = 0;
  if (!product(t->viewDims, &viewNumel))
    return invalidParam("viewDims " + listText(t->viewDims) +
                        " hold too many elements (2^62 or more)");
  int64_t storageNumel = 0;
  if (!product(t->storageDims, &storageNumel))
    return invalidParam("storageDims " + listText(t->storageDims) +
                        " hold too many elements (2^62 or more)");
  const auto elem = static_cast<int64_t>(dataTypeSize(dataType));
  int64_t storageBytes = 0;
  if (__builtin_mul_overflow(storageNumel, elem, &storageBytes) || storageBytes >= kMaxElements)
    return invalidParam("storageDims " + listText(t->storageDims) + " of " +
                        dataTypeName(dataType) + " need 2^62 bytes or more");

  if (viewNumel > 0) {
    int64_t reach = offset;
    bool overflow = false;
    for (size_t i = 0; i < t->viewDims.size() && !overflow; ++i) {
      int64_t term = 0;
      overflow = __builtin_mul_overflow(t->viewDims[i] - 1, t->strides[i], &term) ||
                 __builtin_add_overflow(reach, term, &reach);
    }
    if (overflow || reach >= storageNumel)
      return invalidParam(
          "the view (viewDims " + listText(t->viewDims) + ", strides " + listText(t->strides) +
          ", offset " + std::to_string(offset) + ") reaches storage element " +
          (overflow ? std::string("beyond 2^63") : std::to_string(reach)) + ", but storageDims " +
          listText(t->storageDims) + " hold " + std::to_string(storageNumel) + " elements");
  }

  if (tensorData != nullptr) {
    auto& mem = device::DeviceMemory::instance();
    device::AllocationInfo a;
    const auto bytes = static_cast<size_t>(storageBytes);
    if (mem.find(tensorData, &a)) {
      s = mem.checkRange(tensorData, bytes, "tensorData");
      if (!s)
        return Status(s.code(), s.message() + " (the storage is " + std::to_string(bytes) +
                                    " bytes: storageDims " + listText(t->storageDims) + " of " +
                                    dataTypeName(dataType) + ")");
      t->dataOnDevice = true;
    } else if (bytes > 0) {
      const auto start = reinterpret_cast<uintptr_t>(tensorData);
      if (start + (bytes - 1) < start)
        return invalidParam("tensorData storage of " + std::to_string(bytes) + " bytes at " +
                            hexPointer(tensorData) + " wraps around the address space");
      if (mem.find(reinterpret_cast<const void*>(start + (bytes - 1)), &a))
        return invalidParam("tensorData " + hexPointer(tensorData) +
                            " is not device memory, but its storage of " + std::to_string(bytes) +
                            " bytes runs into device allocation #" + std::to_string(a.id));
    }
  }

  registry().add(t.get());  // before release: a throwing add must not leak
  *out = t.release();
  return Status::ok();
}

Status destroyTensor(const aclTensor* tensor) {
  if (tensor == nullptr) return Status::ok();
  if (!registry().remove(tensor))
    return invalidParam("tensor " + hexPointer(tensor) +
                        " is not a live aclTensor (destroyed already, or not created by "
                        "aclCreateTensor)");
  delete tensor;
  return Status::ok();
}

bool isLiveTensor(const aclTensor* tensor) {
  return registry().contains(tensor);
}

size_t liveTensorCount() {
  return registry().size();
}

}  // namespace asctwin::acl

int64_t aclTensor::numel() const {
  int64_t n = 1;
  for (int64_t d : viewDims) n *= d;  // bounded below 2^62 at creation
  return n;
}

int64_t aclTensor::storageNumel() const {
  int64_t n = 1;
  for (int64_t d : storageDims) n *= d;
  return n;
}

size_t aclTensor::elementSize() const {
  return asctwin::acl::dataTypeSize(dataType);
}

uint64_t aclTensor::storageBytes() const {
  return static_cast<uint64_t>(storageNumel()) * elementSize();
}

bool aclTensor::isRowMajorContiguous() const {
  if (numel() == 0) return true;
  const std::vector<int64_t> dense = asctwin::acl::rowMajorStrides(viewDims);
  for (size_t i = 0; i < viewDims.size(); ++i)
    if (viewDims[i] != 1 && strides[i] != dense[i]) return false;
  return true;
}

bool aclTensor::isPrivateFormat() const {
  return asctwin::acl::isPrivateFormat(format);
}

int64_t aclTensor::maxReachableIndex() const {
  int64_t reach = offset;
  if (numel() == 0) return reach;
  for (size_t i = 0; i < viewDims.size(); ++i) reach += (viewDims[i] - 1) * strides[i];
  return reach;
}

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format,
                           const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  return asctwin::acl::guardPtr<aclTensor>("aclCreateTensor", [&](aclTensor** out) {
    return asctwin::acl::createTensor(viewDims, viewDimsNum, static_cast<int>(dataType), stride,
                                      offset, static_cast<int>(format), storageDims, storageDimsNum,
                                      tensorData, out);
  });
}

aclError aclDestroyTensor(const aclTensor* tensor) {
  return asctwin::acl::guard("aclDestroyTensor",
                             [&] { return asctwin::acl::destroyTensor(tensor); });
}

}  // extern "C"
