// Fast-mode kernel throughput: a vector-add kernel over 64 Mi floats on 40
// blocks, next to a plain memcpy of the same bytes in the same run. Reported
// as bytes/s; the ratio kernel/memcpy is the figure of merit (target >= 0.5).
//
//   ./asctwin-bench-kernel --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "device/worker_pool.h"
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t kTile = 8192;  // floats per tile: 3 queues x 2 buffers x 32 KiB = 192 KiB

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

constexpr uint64_t kElems = 64ull << 20;  // 64 Mi floats
constexpr uint64_t kBytes = kElems * 4;

struct Buffers {
  void *x = nullptr, *y = nullptr, *z = nullptr;
  Buffers() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtMalloc(&x, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&z, kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    std::memset(x, 0, kBytes);
    std::memset(y, 0, kBytes);
    std::memset(z, 0, kBytes);
  }
};
Buffers& buffers() {
  static Buffers b;
  return b;
}

// The kernel moves 3 x 256 MiB (two reads, one write).
void BM_VectorAddKernel40Blocks(benchmark::State& state) {
  auto& b = buffers();
  asctwin::LaunchOptions opt;
  opt.numBlocks = 40;
  opt.name = "add";
  for (auto _ : state) {
    if (asctwin::run(addKernel, opt, b.x, b.y, b.z, kElems) != 0)
      state.SkipWithError(aclGetRecentErrMsg());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * 3 * kBytes));
}
BENCHMARK(BM_VectorAddKernel40Blocks)->Unit(benchmark::kMillisecond)->UseRealTime();

// The fixed cost of API calls and instructions: one block streams 64 Mi
// floats through 256-float tiles (1 KiB), so per tile six queue operations,
// two loads, one Add and one store dominate, not the bytes.
constexpr uint32_t kSmallTile = 256;
constexpr uint64_t kSmallElems = 4ull << 20;

__global__ __aicore__ void smallTilesKernel(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), kSmallElems);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), kSmallElems);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), kSmallElems);
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inX, inY;
  TQue<TPosition::VECOUT, 2> outZ;
  pipe.InitBuffer(inX, 2, kSmallTile * sizeof(float));
  pipe.InitBuffer(inY, 2, kSmallTile * sizeof(float));
  pipe.InitBuffer(outZ, 2, kSmallTile * sizeof(float));
  for (uint64_t t = 0; t < kSmallElems / kSmallTile; ++t) {
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = inY.AllocTensor<float>();
    DataCopy(a, xg[t * kSmallTile], kSmallTile);
    DataCopy(b, yg[t * kSmallTile], kSmallTile);
    inX.EnQue(a);
    inY.EnQue(b);
    LocalTensor<float> a2 = inX.DeQue<float>();
    LocalTensor<float> b2 = inY.DeQue<float>();
    LocalTensor<float> c = outZ.AllocTensor<float>();
    Add(c, a2, b2, kSmallTile);
    outZ.EnQue(c);
    inX.FreeTensor(a2);
    inY.FreeTensor(b2);
    LocalTensor<float> c2 = outZ.DeQue<float>();
    DataCopy(zg[t * kSmallTile], c2, kSmallTile);
    outZ.FreeTensor(c2);
  }
}

// Per tile: the time of one pass divided by the tiles (counter tile_ns).
void BM_SmallTilesOneBlock(benchmark::State& state) {
  auto& b = buffers();
  asctwin::LaunchOptions opt;
  opt.numBlocks = 1;
  opt.name = "small";
  for (auto _ : state) {
    if (asctwin::run(smallTilesKernel, opt, b.x, b.y, b.z) != 0)
      state.SkipWithError(aclGetRecentErrMsg());
  }
  state.counters["tile_ns"] =
      benchmark::Counter(static_cast<double>(state.iterations() * (kSmallElems / kSmallTile)),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SmallTilesOneBlock)->Unit(benchmark::kMillisecond)->UseRealTime();

// memcpy of the same traffic: 256 MiB copied moves 2 x 256 MiB; the kernel's
// 3 x 256 MiB equals 1.5 such copies, so compare bytes/s.
void BM_MemcpySameBytes(benchmark::State& state) {
  auto& b = buffers();
  for (auto _ : state) {
    std::memcpy(b.z, b.x, kBytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * 2 * kBytes));
}
BENCHMARK(BM_MemcpySameBytes)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same copy split over every worker thread (the kernel uses them all too).
void BM_MemcpyAllThreads(benchmark::State& state) {
  auto& b = buffers();
  auto& pool = asctwin::device::WorkerPool::instance();
  for (auto _ : state) {
    pool.parallelFor(kBytes / 4096, 0, [&](size_t lo, size_t hi, unsigned) {
      std::memcpy(static_cast<char*>(b.z) + lo * 4096, static_cast<const char*>(b.x) + lo * 4096,
                  (hi - lo) * 4096);
    });
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * 2 * kBytes));
}
BENCHMARK(BM_MemcpyAllThreads)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
