// Check mode against fast mode on mid-size kernels: each benchmark times one
// kernel in check mode and reports, next to it, the fastest of a few
// fast-mode runs of the same launch measured in the same process
// (counter slowdown = check time / fast time). Outputs are compared between
// the modes before timing (a mismatch fails the benchmark).
//
//   ./asctwin-bench-check --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <vector>

#include "acl/acl.h"
#include "device/soc.h"
#include "kernel_operator.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"

using namespace AscendC;

namespace {

void initAcl() {
  static bool once = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
  }();
  (void)once;
}

double seconds(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Times `launch(mode, seed)` in check mode (one launch per iteration, a new
// seed each time) after checking that check and fast mode agree on `output`.
// `prepare` restores the inputs before every launch (not timed).
void checkVsFast(benchmark::State& state, const std::function<void()>& prepare,
                 const std::function<int(asctwin::ExecMode, uint64_t)>& launch, const void* output,
                 size_t outputBytes) {
  std::vector<uint8_t> fastOut(outputBytes);
  prepare();
  if (launch(asctwin::ExecMode::Fast, 0) != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  std::memcpy(fastOut.data(), output, outputBytes);
  prepare();
  if (launch(asctwin::ExecMode::Check, 12345) != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  if (std::memcmp(fastOut.data(), output, outputBytes) != 0) {
    state.SkipWithError("check mode and fast mode disagree on the output");
    return;
  }
  double fast = 1e30;
  for (int i = 0; i < 5; ++i) {
    prepare();
    fast = std::min(fast, seconds([&] { launch(asctwin::ExecMode::Fast, 0); }));
  }
  double check = 0;
  uint64_t seed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    prepare();
    state.ResumeTiming();
    check += seconds([&] {
      if (launch(asctwin::ExecMode::Check, seed++) != 0) state.SkipWithError(aclGetRecentErrMsg());
    });
  }
  const double perRun = check / static_cast<double>(state.iterations());
  state.counters["fast_ms"] = fast * 1e3;
  state.counters["check_ms"] = perRun * 1e3;
  state.counters["slowdown"] = perRun / fast;
}

// The aliased BernoulliMask kernel: N float outputs whose first bytes hold
// the packed mask (the kernel works high to low, with SyncAll between waves).
void BM_BernoulliMaskAliasedFp32(benchmark::State& state) {
  initAcl();
  using namespace asctwin::ops::bernoulli;
  const uint64_t n = static_cast<uint64_t>(state.range(0));
  BernoulliMaskTiling tiling;
  asctwin::Status st =
      computeBernoulliMaskTiling(ACL_FLOAT, n, true, asctwin::device::currentSoc(), &tiling);
  if (!st) {
    state.SkipWithError(st.message().c_str());
    return;
  }
  void* out = nullptr;
  aclrtMalloc(&out, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  std::vector<uint8_t> mask(BernoulliMaskBytes(n));
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (auto& b : mask) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    b = static_cast<uint8_t>(x >> 56);
  }
  auto prepare = [&] { std::memcpy(out, mask.data(), mask.size()); };
  auto launch = [&](asctwin::ExecMode mode, uint64_t seed) {
    asctwin::LaunchOptions opt;
    opt.numBlocks = tiling.blockDim;
    opt.name = "BernoulliMask";
    opt.mode = mode;
    opt.seed = seed;
    return asctwin::run(bernoulli_mask, opt, out, out, tiling);
  };
  checkVsFast(state, prepare, launch, out, n * 4);
  state.counters["blocks"] = tiling.blockDim;
  aclrtFree(out);
}
BENCHMARK(BM_BernoulliMaskAliasedFp32)->Arg(1000000)->Unit(benchmark::kMillisecond)->UseRealTime();

constexpr uint32_t kTile = 8192;

__global__ __aicore__ void addKernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint64_t total) {
  const uint64_t per = total / GetBlockNum();
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + per * GetBlockIdx(), per);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + per * GetBlockIdx(), per);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + per * GetBlockIdx(), per);
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inX, inY;
  TQue<TPosition::VECOUT, 2> outZ;
  pipe.InitBuffer(inX, 2, kTile * sizeof(float));
  pipe.InitBuffer(inY, 2, kTile * sizeof(float));
  pipe.InitBuffer(outZ, 2, kTile * sizeof(float));
  for (uint64_t t = 0; t < per / kTile; ++t) {
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = inY.AllocTensor<float>();
    DataCopy(a, xg[t * kTile], kTile);
    DataCopy(b, yg[t * kTile], kTile);
    inX.EnQue(a);
    inY.EnQue(b);
    LocalTensor<float> a2 = inX.DeQue<float>();
    LocalTensor<float> b2 = inY.DeQue<float>();
    LocalTensor<float> c = outZ.AllocTensor<float>();
    Add(c, a2, b2, kTile);
    outZ.EnQue(c);
    inX.FreeTensor(a2);
    inY.FreeTensor(b2);
    LocalTensor<float> c2 = outZ.DeQue<float>();
    DataCopy(zg[t * kTile], c2, kTile);
    outZ.FreeTensor(c2);
  }
}

// The vector-add kernel of asctwin-bench-kernel (queues, double buffering),
// 40 blocks.
void BM_VectorAdd40Blocks(benchmark::State& state) {
  initAcl();
  const uint64_t n = static_cast<uint64_t>(state.range(0));
  void *x = nullptr, *y = nullptr, *z = nullptr;
  aclrtMalloc(&x, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&y, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&z, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  for (uint64_t i = 0; i < n; ++i) {
    static_cast<float*>(x)[i] = static_cast<float>(i % 1000);
    static_cast<float*>(y)[i] = 0.5f;
  }
  auto launch = [&](asctwin::ExecMode mode, uint64_t seed) {
    asctwin::LaunchOptions opt;
    opt.numBlocks = 40;
    opt.name = "add";
    opt.mode = mode;
    opt.seed = seed;
    return asctwin::run(addKernel, opt, x, y, z, n);
  };
  checkVsFast(
      state, [] {}, launch, z, n * 4);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * 3 * n * 4));
  aclrtFree(x);
  aclrtFree(y);
  aclrtFree(z);
}
BENCHMARK(BM_VectorAdd40Blocks)->Arg(40 * 8192 * 16)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
