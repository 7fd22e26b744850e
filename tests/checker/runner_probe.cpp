// A host program for the asctwin-sanitizer tests: it knows nothing of the
// checker (the runner switches it on through the environment).
//   runner_probe clean | race | fail | nolaunch
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "kernel_operator.h"

using namespace AscendC;

namespace {

// Block 1 reads what block 0 writes, unsynchronised unless `synced`.
__global__ __aicore__ void handOver(GM_ADDR src, GM_ADDR mid, GM_ADDR dst, int32_t synced) {
  GlobalTensor<float> s, m, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), 64);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a;
  pipe.InitBuffer(a, 256);
  LocalTensor<float> x = a.Get<float>();
  if (GetBlockIdx() == 0) {
    DataCopy(x, s, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(m, x, 64);  // @probe-write
  }
  if (synced) SyncAll();
  if (GetBlockIdx() == 1) {
    DataCopy(x, m, 64);  // @probe-read
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(d, x, 64);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "clean";
  if (std::strcmp(mode, "nolaunch") == 0) return 0;
  aclInit(nullptr);
  aclrtSetDevice(0);
  void *src = nullptr, *mid = nullptr, *dst = nullptr;
  aclrtMalloc(&src, 256, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&mid, 256, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dst, 256, ACL_MEM_MALLOC_HUGE_FIRST);
  std::vector<float> ones(64, 1.0f);
  aclrtMemcpy(src, 256, ones.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemset(mid, 256, 0, 256);
  asctwin::LaunchOptions o;
  o.numBlocks = 2;
  o.name = "handOver";
  const int rc = asctwin::run(handOver, o, src, mid, dst, std::strcmp(mode, "race") == 0 ? 0 : 1);
  std::printf("probe %s: launch status %d\n", mode, rc);
  aclrtFree(src);
  aclrtFree(mid);
  aclrtFree(dst);
  aclrtResetDevice(0);
  aclFinalize();
  if (std::strcmp(mode, "fail") == 0) return 3;
  return rc == 0 ? 0 : 4;
}
