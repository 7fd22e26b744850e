// Host side shared by the atomics samples: the seed's data (8 floats each:
// src0 = 0, src1 = 1.0, src2 = 1e16, src3 = -1e16), device buffers, the
// result check. The only correct accumulation order is src0, +src2, +src3,
// +src1, which gives exactly 1.0 in every element; any other order gives 0.0.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"

#define CHECK_ACL(expr)                                                                   \
  do {                                                                                    \
    const aclError rc_ = (expr);                                                          \
    if (rc_ != ACL_SUCCESS) {                                                             \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, rc_, aclGetRecentErrMsg());     \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

namespace sample {

constexpr uint32_t kLength = 8;

struct Inputs {
  void* src[4] = {nullptr, nullptr, nullptr, nullptr};
  void* dst = nullptr;
  void* sync = nullptr;  // zeroed GM area for the synchronisation flags
  aclrtStream stream = nullptr;

  explicit Inputs(size_t syncBytes) {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    CHECK_ACL(aclrtCreateStream(&stream));
    const float values[4] = {0.0f, 1.0f, 1e16f, -1e16f};
    for (int i = 0; i < 4; ++i) {
      std::vector<float> host(kLength, values[i]);
      CHECK_ACL(aclrtMalloc(&src[i], kLength * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
      CHECK_ACL(aclrtMemcpy(src[i], kLength * sizeof(float), host.data(), kLength * sizeof(float),
                            ACL_MEMCPY_HOST_TO_DEVICE));
    }
    CHECK_ACL(aclrtMalloc(&dst, kLength * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMalloc(&sync, syncBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemset(sync, syncBytes, 0, syncBytes));
  }

  uint8_t* gm(int i) const { return static_cast<uint8_t*>(src[i]); }
  uint8_t* out() const { return static_cast<uint8_t*>(dst); }
  uint8_t* flags() const { return static_cast<uint8_t*>(sync); }

  // Prints the result; returns the process exit code (0 when every element is 1.0).
  int report(const char* name) {
    CHECK_ACL(aclrtSynchronizeStream(stream));
    std::vector<float> host(kLength);
    CHECK_ACL(aclrtMemcpy(host.data(), kLength * sizeof(float), dst, kLength * sizeof(float),
                          ACL_MEMCPY_DEVICE_TO_HOST));
    int bad = 0;
    std::printf("%s result:", name);
    for (float v : host) {
      std::printf(" %g", static_cast<double>(v));
      bad += v != 1.0f;
    }
    std::printf("\n%s: %s\n", name, bad == 0 ? "PASS (every element is exactly 1.0)" : "FAIL");
    for (void* p : src) CHECK_ACL(aclrtFree(p));
    CHECK_ACL(aclrtFree(dst));
    CHECK_ACL(aclrtFree(sync));
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    return bad == 0 ? 0 : 2;
  }
};

}  // namespace sample
