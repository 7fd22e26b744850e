// dst = a + alpha * b: a kernel source (.cpp) of the legacy flow, compiled by
// ascendc_library() as the ASC language.
#include "vector_add_kernel.h"

#include "kernel_operator.h"

extern "C" __global__ __aicore__ void VectorAddKernel(GM_ADDR a, GM_ADDR b, GM_ADDR dst,
                                                      float alpha, uint32_t count) {
  auto* x = reinterpret_cast<__gm__ float*>(a);
  auto* y = reinterpret_cast<__gm__ float*>(b);
  auto* z = reinterpret_cast<__gm__ float*>(dst);
  const uint32_t per = count / static_cast<uint32_t>(AscendC::GetBlockNum());
  const uint32_t base = static_cast<uint32_t>(AscendC::GetBlockIdx()) * per;
  for (uint32_t i = base; i < base + per; ++i) z[i] = x[i] + alpha * y[i];
}

int32_t LaunchVectorAdd(float* a, float* b, float* dst, float alpha, uint32_t count,
                        uint32_t blockDim, aclrtStream stream) {
  auto* srcA = reinterpret_cast<uint8_t*>(a);
  auto* srcB = reinterpret_cast<uint8_t*>(b);
  auto* out = reinterpret_cast<uint8_t*>(dst);
  return static_cast<int32_t>(
      VectorAddKernel<<<blockDim, nullptr, stream>>>(srcA, srcB, out, alpha, count));
}
