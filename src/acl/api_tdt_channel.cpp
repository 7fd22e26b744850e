// C entry points: tensor data transfer channels and datasets (acl/acl_tdt.h).
// A channel is a named host-side queue of datasets with an optional
// capacity; sending copies the dataset's items (their bytes) into the
// channel, receiving moves the oldest dataset's items into the caller's.
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "acl/acl_tdt.h"
#include "acl/c_boundary.h"
#include "acl/dtype.h"
#include "acl/runtime.h"

struct acltdtDataItem {
  acltdtTensorType type = ACL_TENSOR_DATA_TENSOR;
  std::vector<int64_t> dims;
  aclDataType dataType = ACL_FLOAT;
  std::vector<uint8_t> bytes;  // the data, copied at creation
  size_t sliceNum = 0;
  size_t sliceId = 0;
};

struct acltdtDataset {
  std::vector<acltdtDataItem*> items;
  std::string name;
};

struct acltdtChannelHandle {
  uint32_t device = 0;
  std::string name;
  size_t capacity = 0;  // 0: unbounded
  mutable std::mutex mu;
  mutable std::condition_variable cv;
  std::deque<std::vector<acltdtDataItem>> queue;
  bool stopped = false;
};

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace {

struct Registry {
  std::mutex mu;
  std::set<const acltdtDataItem*> items;
  std::set<const acltdtDataset*> datasets;
  std::set<const acltdtChannelHandle*> channels;
};
Registry& reg() {
  static auto* r = new Registry();
  return *r;
}
template <class T>
bool live(const std::set<const T*>& s, const T* p) {
  std::lock_guard lock(reg().mu);
  return p != nullptr && s.count(p) != 0;
}
bool liveItem(const acltdtDataItem* p) {
  return live(reg().items, p);
}
bool liveDataset(const acltdtDataset* p) {
  return live(reg().datasets, p);
}
bool liveChannel(const acltdtChannelHandle* p) {
  return live(reg().channels, p);
}

acltdtChannelHandle* createChannel(const char* api, uint32_t deviceId, const char* name,
                                   size_t capacity) {
  return asctwin::acl::guardPtr<acltdtChannelHandle>(api, [&](acltdtChannelHandle** out) {
    Status s = asctwin::acl::checkDeviceId(static_cast<int32_t>(deviceId), "deviceId");
    if (!s) return s;
    if (name == nullptr || *name == '\0') return invalidParam("name must be a non-empty string");
    auto* c = new acltdtChannelHandle();
    c->device = deviceId;
    c->name = name;
    c->capacity = capacity;
    std::lock_guard lock(reg().mu);
    reg().channels.insert(c);
    *out = c;
    return Status::ok();
  });
}

// Waits on the channel's condition until `ready` or the timeout (ms; -1: no
// limit; 0: no wait).
template <class Ready>
bool waitFor(const acltdtChannelHandle& c, std::unique_lock<std::mutex>& lock, int32_t timeout,
             Ready ready) {
  if (timeout < 0) {
    c.cv.wait(lock, ready);
    return true;
  }
  return c.cv.wait_for(lock, std::chrono::milliseconds(timeout), ready);
}

}  // namespace

extern "C" {

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem) {
  return liveItem(dataItem) ? dataItem->type : ACL_TENSOR_DATA_UNDEFINED;
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem) {
  return liveItem(dataItem) ? dataItem->dataType : ACL_DT_UNDEFINED;
}

void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem) {
  if (!liveItem(dataItem)) return nullptr;
  return const_cast<uint8_t*>(dataItem->bytes.data());
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem) {
  return liveItem(dataItem) ? dataItem->bytes.size() : 0;
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem) {
  return liveItem(dataItem) ? dataItem->dims.size() : 0;
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum,
                                    size_t* sliceId) {
  return guard("acltdtGetSliceInfoFromItem", [&] {
    if (!liveItem(dataItem)) return invalidParam("dataItem is not a live data item");
    if (sliceNum == nullptr || sliceId == nullptr)
      return invalidParam("sliceNum and sliceId must not be null");
    *sliceNum = dataItem->sliceNum;
    *sliceId = dataItem->sliceId;
    return Status::ok();
  });
}

aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum) {
  return guard("acltdtGetDimsFromItem", [&] {
    if (!liveItem(dataItem)) return invalidParam("dataItem is not a live data item");
    if (dims == nullptr && !dataItem->dims.empty()) return invalidParam("dims must not be null");
    if (dimNum < dataItem->dims.size())
      return invalidParam("dimNum " + std::to_string(dimNum) + " is less than the item's " +
                          std::to_string(dataItem->dims.size()) + " dimensions");
    for (size_t i = 0; i < dataItem->dims.size(); ++i) dims[i] = dataItem->dims[i];
    return Status::ok();
  });
}

acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum,
                                     aclDataType dataType, void* data, size_t size) {
  return asctwin::acl::guardPtr<acltdtDataItem>("acltdtCreateDataItem", [&](acltdtDataItem** out) {
    const int t = static_cast<int>(tdtType);
    if (t < ACL_TENSOR_DATA_TENSOR || t > ACL_TENSOR_DATA_END_TENSOR)
      return invalidParam("tdtType is not an acltdtTensorType");
    if (dims == nullptr && dimNum != 0)
      return invalidParam("dims must not be null when dimNum > 0");
    if (dimNum > 128) return invalidParam("dimNum must be at most 128");
    if (data == nullptr && size != 0) return invalidParam("data must not be null when size > 0");
    if (!asctwin::acl::isKnownDataType(static_cast<int>(dataType)))
      return invalidParam("dataType is not an aclDataType");
    auto* item = new acltdtDataItem();
    item->type = tdtType;
    item->dims.assign(dims, dims + dimNum);
    item->dataType = dataType;
    if (size != 0)
      item->bytes.assign(static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
    std::lock_guard lock(reg().mu);
    reg().items.insert(item);
    *out = item;
    return Status::ok();
  });
}

aclError acltdtDestroyDataItem(acltdtDataItem* dataItem) {
  return guard("acltdtDestroyDataItem", [&] {
    std::lock_guard lock(reg().mu);
    if (dataItem == nullptr || reg().items.erase(dataItem) == 0)
      return invalidParam("dataItem is not a live data item");
    for (const acltdtDataset* d : reg().datasets) {
      auto& v = const_cast<acltdtDataset*>(d)->items;
      std::erase(v, dataItem);
    }
    delete dataItem;
    return Status::ok();
  });
}

acltdtDataset* acltdtCreateDataset(void) {
  return asctwin::acl::guardPtr<acltdtDataset>("acltdtCreateDataset", [](acltdtDataset** out) {
    auto* d = new acltdtDataset();
    std::lock_guard lock(reg().mu);
    reg().datasets.insert(d);
    *out = d;
    return Status::ok();
  });
}

aclError acltdtDestroyDataset(acltdtDataset* dataset) {
  return guard("acltdtDestroyDataset", [&] {
    std::lock_guard lock(reg().mu);
    if (dataset == nullptr || reg().datasets.erase(dataset) == 0)
      return invalidParam("dataset is not a live dataset");
    delete dataset;  // its items stay (the caller destroys them)
    return Status::ok();
  });
}

acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index) {
  return asctwin::acl::guardPtr<acltdtDataItem>("acltdtGetDataItem", [&](acltdtDataItem** out) {
    if (!liveDataset(dataset)) return invalidParam("dataset is not a live dataset");
    if (index >= dataset->items.size())
      return invalidParam("index " + std::to_string(index) + " is past the dataset's " +
                          std::to_string(dataset->items.size()) + " items");
    *out = dataset->items[index];
    return Status::ok();
  });
}

aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem) {
  return guard("acltdtAddDataItem", [&] {
    if (!liveDataset(dataset)) return invalidParam("dataset is not a live dataset");
    if (!liveItem(dataItem)) return invalidParam("dataItem is not a live data item");
    dataset->items.push_back(dataItem);
    return Status::ok();
  });
}

size_t acltdtGetDatasetSize(const acltdtDataset* dataset) {
  return liveDataset(dataset) ? dataset->items.size() : 0;
}

const char* acltdtGetDatasetName(const acltdtDataset* dataset) {
  return liveDataset(dataset) ? dataset->name.c_str() : nullptr;
}

acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name) {
  return createChannel("acltdtCreateChannel", deviceId, name, 0);
}

acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name,
                                                     size_t capacity) {
  if (capacity == 0) {
    asctwin::acl::report("acltdtCreateChannelWithCapacity", invalidParam("capacity must be > 0"));
    return nullptr;
  }
  return createChannel("acltdtCreateChannelWithCapacity", deviceId, name, capacity);
}

aclError acltdtStopChannel(acltdtChannelHandle* handle) {
  return guard("acltdtStopChannel", [&] {
    if (!liveChannel(handle)) return invalidParam("handle is not a live channel");
    {
      std::lock_guard lock(handle->mu);
      handle->stopped = true;
    }
    handle->cv.notify_all();
    return Status::ok();
  });
}

aclError acltdtDestroyChannel(acltdtChannelHandle* handle) {
  return guard("acltdtDestroyChannel", [&] {
    std::lock_guard lock(reg().mu);
    if (handle == nullptr || reg().channels.erase(handle) == 0)
      return invalidParam("handle is not a live channel");
    delete handle;
    return Status::ok();
  });
}

aclError acltdtCleanChannel(acltdtChannelHandle* handle) {
  return guard("acltdtCleanChannel", [&] {
    if (!liveChannel(handle)) return invalidParam("handle is not a live channel");
    {
      std::lock_guard lock(handle->mu);
      handle->queue.clear();
    }
    handle->cv.notify_all();
    return Status::ok();
  });
}

aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset,
                          int32_t timeout) {
  return guard("acltdtSendTensor", [&] {
    if (!liveChannel(handle)) return invalidParam("handle is not a live channel");
    if (!liveDataset(dataset)) return invalidParam("dataset is not a live dataset");
    if (timeout < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
    std::vector<acltdtDataItem> copy;
    for (const acltdtDataItem* i : dataset->items) copy.push_back(*i);
    auto* c = const_cast<acltdtChannelHandle*>(handle);
    std::unique_lock lock(c->mu);
    auto room = [&] { return c->stopped || c->capacity == 0 || c->queue.size() < c->capacity; };
    if (!waitFor(*c, lock, timeout, room))
      return Status(ACL_ERROR_RT_QUEUE_FULL, "the channel '" + c->name + "' is full (capacity " +
                                                 std::to_string(c->capacity) + ")");
    if (c->stopped) return Status(ACL_ERROR_FAILURE, "the channel '" + c->name + "' is stopped");
    c->queue.push_back(std::move(copy));
    lock.unlock();
    c->cv.notify_all();
    return Status::ok();
  });
}

aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset,
                             int32_t timeout) {
  return guard("acltdtReceiveTensor", [&] {
    if (!liveChannel(handle)) return invalidParam("handle is not a live channel");
    if (!liveDataset(dataset)) return invalidParam("dataset is not a live dataset");
    if (timeout < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
    auto* c = const_cast<acltdtChannelHandle*>(handle);
    std::unique_lock lock(c->mu);
    if (!waitFor(*c, lock, timeout, [&] { return c->stopped || !c->queue.empty(); }))
      return Status(ACL_ERROR_RT_QUEUE_EMPTY, "the channel '" + c->name + "' has no dataset");
    if (c->queue.empty())
      return Status(ACL_ERROR_FAILURE, "the channel '" + c->name + "' is stopped");
    std::vector<acltdtDataItem> got = std::move(c->queue.front());
    c->queue.pop_front();
    lock.unlock();
    c->cv.notify_all();
    std::lock_guard rlock(reg().mu);
    for (auto& i : got) {
      auto* item = new acltdtDataItem(std::move(i));
      reg().items.insert(item);
      dataset->items.push_back(item);
    }
    return Status::ok();
  });
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size) {
  return guard("acltdtQueryChannelSize", [&] {
    if (!liveChannel(handle)) return invalidParam("handle is not a live channel");
    if (size == nullptr) return invalidParam("size must not be null");
    std::lock_guard lock(handle->mu);
    *size = handle->queue.size();
    return Status::ok();
  });
}

}  // extern "C"
