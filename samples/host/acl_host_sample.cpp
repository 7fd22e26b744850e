/**
 * A host program in the style of the CANN ACLNN samples: it uses only the
 * CANN API (acl/acl.h), so it builds unchanged against CANN or asctwin.
 *
 *   init -> set device -> create stream -> malloc + copy host->device ->
 *   create tensors and a scalar -> async work on the stream -> synchronize ->
 *   copy device->host and check -> destroy everything -> finalize
 */
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"

#define CHECK_RET(cond, return_expr) \
  do {                               \
    if (!(cond)) {                   \
      return_expr;                   \
    }                                \
  } while (0)

#define LOG_PRINT(...)   \
  do {                   \
    printf(__VA_ARGS__); \
  } while (0)

int64_t GetShapeSize(const std::vector<int64_t>& shape) {
  int64_t shapeSize = 1;
  for (auto i : shape) {
    shapeSize *= i;
  }
  return shapeSize;
}

int Init(int32_t deviceId, aclrtStream* stream) {
  auto ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
  ret = aclrtCreateStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret);
            return ret);
  return 0;
}

template <typename T>
int CreateAclTensor(const std::vector<T>& hostData, const std::vector<int64_t>& shape,
                    void** deviceAddr, aclDataType dataType, aclTensor** tensor) {
  auto size = GetShapeSize(shape) * sizeof(T);
  auto ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);

  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0,
                            aclFormat::ACL_FORMAT_ND, shape.data(), shape.size(), *deviceAddr);
  CHECK_RET(*tensor != nullptr, LOG_PRINT("aclCreateTensor failed: %s\n", aclGetRecentErrMsg());
            return -1);
  return 0;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

  std::vector<int64_t> selfShape = {4, 2};
  std::vector<float> selfHostData = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<int64_t> outShape = {4, 2};
  std::vector<float> outHostData(8, 0);
  void* selfDeviceAddr = nullptr;
  void* outDeviceAddr = nullptr;
  aclTensor* self = nullptr;
  aclTensor* out = nullptr;
  float probValue = 0.5f;
  aclScalar* prob = nullptr;

  ret = CreateAclTensor(selfHostData, selfShape, &selfDeviceAddr, aclDataType::ACL_FLOAT, &self);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = CreateAclTensor(outHostData, outShape, &outDeviceAddr, aclDataType::ACL_FLOAT, &out);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  prob = aclCreateScalar(&probValue, aclDataType::ACL_FLOAT);
  CHECK_RET(prob != nullptr, LOG_PRINT("aclCreateScalar failed: %s\n", aclGetRecentErrMsg());
            return -1);

  // Work on the stream: out <- self, then zero the first row of out.
  auto size = GetShapeSize(outShape) * sizeof(float);
  ret = aclrtMemcpyAsync(outDeviceAddr, size, selfDeviceAddr, size, ACL_MEMCPY_DEVICE_TO_DEVICE,
                         stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpyAsync failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemsetAsync(outDeviceAddr, size, 0, 2 * sizeof(float), stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemsetAsync failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
            return ret);

  std::vector<float> resultData(8, -1);
  ret = aclrtMemcpy(resultData.data(), resultData.size() * sizeof(resultData[0]), outDeviceAddr,
                    size, ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
            return ret);
  int failures = 0;
  for (int64_t i = 0; i < GetShapeSize(outShape); i++) {
    const float expect = i < 2 ? 0.0f : selfHostData[i];
    LOG_PRINT("result[%ld] is: %f\n", static_cast<long>(i), static_cast<double>(resultData[i]));
    if (resultData[i] != expect) failures++;
  }

  // A call the runtime must refuse: more bytes than the destination holds.
  ret = aclrtMemcpy(outDeviceAddr, 4, selfHostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  LOG_PRINT("oversized aclrtMemcpy returned %d: %s\n", ret, aclGetRecentErrMsg());
  if (ret != ACL_ERROR_INVALID_PARAM) failures++;

  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclDestroyScalar(prob);
  aclrtFree(selfDeviceAddr);
  aclrtFree(outDeviceAddr);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();

  if (failures != 0) {
    LOG_PRINT("host sample finished: %d check(s) failed\n", failures);
    return 1;
  }
  LOG_PRINT("host sample finished: all checks passed\n");
  return 0;
}
