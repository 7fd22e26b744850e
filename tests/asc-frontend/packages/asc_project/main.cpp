// Host code (compiled as C++): runs run_add() of the kernel sources and
// checks z = x + y.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"

void run_add(float* x, float* y, float* z, uint32_t n, uint32_t blocks, aclrtStream stream);

int main() {
  constexpr uint32_t kBlocks = 8;
  constexpr uint32_t kN = kBlocks * 256;
  constexpr size_t kBytes = kN * sizeof(float);
  aclrtStream stream = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
      aclrtCreateStream(&stream) != ACL_SUCCESS) {
    std::printf("FAIL: ACL setup\n");
    return 1;
  }
  std::vector<float> x(kN), y(kN), z(kN, -1.0f);
  for (uint32_t i = 0; i < kN; ++i) {
    x[i] = static_cast<float>(i % 97) * 0.5f;
    y[i] = static_cast<float>(i % 13) - 6.0f;
  }
  void *xd = nullptr, *yd = nullptr, *zd = nullptr;
  aclrtMalloc(&xd, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&yd, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&zd, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(xd, kBytes, x.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(yd, kBytes, y.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  run_add(static_cast<float*>(xd), static_cast<float*>(yd), static_cast<float*>(zd), kN, kBlocks,
          stream);
  const aclError rc = aclrtSynchronizeStream(stream);
  aclrtMemcpy(z.data(), kBytes, zd, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
  bool same = rc == ACL_SUCCESS;
  for (uint32_t i = 0; i < kN; ++i) same = same && z[i] == x[i] + y[i];
  aclrtFree(xd);
  aclrtFree(yd);
  aclrtFree(zd);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", same ? "PASS" : "FAIL: z != x + y");
  return same ? 0 : 1;
}
