/* A C11 translation unit using the public headers the way a C client would.
 * Compiled with -std=c11 -Wall -Wextra -Wpedantic -Werror. */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "asctwin/asctwin_ext.h"

#include "c_api_smoke.h"

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      snprintf(err, errLen, "line %d: %s (recent error: %s)", __LINE__, #cond, \
               aclGetRecentErrMsg());                                          \
      return __LINE__;                                                         \
    }                                                                          \
  } while (0)

int asctwin_c_smoke(char* err, size_t errLen) {
  aclError ret;
  aclnnStatus nn;
  int32_t device = -1;
  uint32_t count = 0;
  aclrtStream stream = NULL;
  void* dev = NULL;
  float host[8] = {1.f, 2.f, 3.f, 4.f, 5.f, 6.f, 7.f, 8.f};
  float back[8];
  int64_t dims[2] = {2, 4};
  aclTensor* tensor;
  double alpha = 0.5;
  aclScalar* scalar;
  int64_t axes[2] = {0, -1};
  aclIntArray* array;
  asctwinMemStats stats;
  size_t freeB = 0, totalB = 0;
  int64_t det = -1;
  aclDataType dt = ACL_FLOAT;
  int i;

  CHECK(aclInit(NULL) == ACL_SUCCESS);
  CHECK(aclrtGetDeviceCount(&count) == ACL_SUCCESS && count >= 1);
  CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
  CHECK(aclrtGetDevice(&device) == ACL_SUCCESS && device == 0);
  CHECK(aclrtCreateStream(&stream) == ACL_SUCCESS);
  CHECK(aclrtMalloc(&dev, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
  CHECK(aclrtMemcpy(dev, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
  CHECK(aclrtMemsetAsync(dev, 4, 0, 4, stream) == ACL_SUCCESS);
  CHECK(aclrtMemcpyAsync(back, sizeof back, dev, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST, stream) ==
        ACL_SUCCESS);
  CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
  CHECK(back[0] == 0.f);
  for (i = 1; i < 8; ++i) CHECK(back[i] == host[i]);
  CHECK(aclrtMemset(dev, sizeof host, 0, sizeof host) == ACL_SUCCESS);
  CHECK(aclrtMemcpy(back, sizeof back, dev, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
  CHECK(back[7] == 0.f);

  ret = aclrtMemcpy(dev, 4, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK(ret == ACL_ERROR_INVALID_PARAM);
  CHECK(strstr(aclGetRecentErrMsg(), "count (32) must not exceed destMax (4)") != NULL);

  tensor = aclCreateTensor(dims, 2, dt, NULL, 0, ACL_FORMAT_ND, dims, 2, dev);
  CHECK(tensor != NULL);
  scalar = aclCreateScalar(&alpha, ACL_DOUBLE);
  CHECK(scalar != NULL);
  array = aclCreateIntArray(axes, 2);
  CHECK(array != NULL);
  CHECK(aclDataTypeSize(ACL_BF16) == 2);
  CHECK(aclFloat16ToFloat(aclFloatToFloat16(0.5f)) == 0.5f);
  CHECK(aclDestroyTensor(tensor) == ACL_SUCCESS);
  CHECK(aclDestroyScalar(scalar) == ACL_SUCCESS);
  CHECK(aclDestroyIntArray(array) == ACL_SUCCESS);
  nn = aclDestroyAclOpExecutor(NULL);
  CHECK(nn == ACLNN_ERR_PARAM_NULLPTR);

  CHECK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1) == ACL_SUCCESS);
  CHECK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &det) == ACL_SUCCESS && det == 1);
  CHECK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0) == ACL_SUCCESS);
  CHECK(aclrtGetMemInfo(ACL_HBM_MEM, &freeB, &totalB) == ACL_SUCCESS && freeB < totalB);
  CHECK(asctwinMemGetStats(0, &stats) == ACL_SUCCESS && stats.liveAllocations >= 1);
  CHECK(asctwinMemCheckRedZones() == ACL_SUCCESS);
  CHECK(asctwinVersion() != NULL && asctwinVersion()[0] != '\0');

  CHECK(aclrtFree(dev) == ACL_SUCCESS);
  CHECK(aclrtDestroyStream(stream) == ACL_SUCCESS);
  CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
  CHECK(aclFinalize() == ACL_SUCCESS);
  return 0;
}
