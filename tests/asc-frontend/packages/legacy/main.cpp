// Host program of the legacy flow: plain C++ and the ACL runtime.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclrtlaunch_VectorAddKernel.h"  // written by the toolchain for the library's kernel
#include "vector_add_kernel.h"

int main() {
  constexpr uint32_t kBlocks = 4;
  constexpr uint32_t kCount = kBlocks * 64;
  constexpr size_t kBytes = kCount * sizeof(float);
  aclrtStream stream = nullptr;
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
      aclrtCreateStream(&stream) != ACL_SUCCESS) {
    std::printf("FAIL: ACL setup\n");
    return 1;
  }
  std::vector<float> a(kCount), b(kCount), out(kCount, 0.0f);
  for (uint32_t i = 0; i < kCount; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(kCount - i);
  }
  void *ad = nullptr, *bd = nullptr, *od = nullptr;
  aclrtMalloc(&ad, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&bd, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&od, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(ad, kBytes, a.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(bd, kBytes, b.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  const int32_t launched = LaunchVectorAdd(static_cast<float*>(ad), static_cast<float*>(bd),
                                           static_cast<float*>(od), 2.0f, kCount, kBlocks, stream);
  const aclError rc = aclrtSynchronizeStream(stream);
  aclrtMemcpy(out.data(), kBytes, od, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
  bool same = launched == 0 && rc == ACL_SUCCESS;
  for (uint32_t i = 0; i < kCount; ++i) same = same && out[i] == a[i] + 2.0f * b[i];
  // The generated launch function: GM pointers as void*, the rest as declared.
  const uint32_t viaHeader = ACLRT_LAUNCH_KERNEL(VectorAddKernel)(kBlocks, stream, ad, bd, od,
                                                                   3.0f, kCount);
  same = same && viaHeader == 0 && aclrtSynchronizeStream(stream) == ACL_SUCCESS;
  aclrtMemcpy(out.data(), kBytes, od, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
  for (uint32_t i = 0; i < kCount; ++i) same = same && out[i] == a[i] + 3.0f * b[i];
  aclrtFree(ad);
  aclrtFree(bd);
  aclrtFree(od);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  std::printf("%s\n", same ? "PASS" : "FAIL: out != a + 2 b");
  return same ? 0 : 1;
}
