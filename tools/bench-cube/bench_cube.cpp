// Fast-mode cube throughput: a 1024 x 1024 x 1024 half matmul (fp32
// accumulation, fp32 out) written with the basic API (Nd2Nz DataCopy,
// LoadData, Mmad, Fixpipe NZ -> ND) on 20 AIC blocks, next to the same
// product by OpenBLAS (cblas_sgemm on float copies of the inputs, as many
// threads as the twin's worker pool) in the same run. Counters of
// BM_CubeMatmul: `vs_openblas` is OpenBLAS's wall time over the twin's (> 1:
// the twin is faster), `vs_openblas_cpu` the same in process CPU time (what
// a shared machine still measures fairly), `cpu_ms` the twin's CPU time per
// product. BM_CubeMatmulCheck runs the kernel in check mode (seed 0);
// `vs_fast` is its CPU time over fast mode's.
//
//   ./asctwin-bench-cube --benchmark_counters_tabular=true
//   ASCTWIN_THREADS=1 OPENBLAS_NUM_THREADS=1 ./asctwin-bench-cube   (one thread each)
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "device/worker_pool.h"
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr uint32_t kM = 1024, kK = 1024, kN = 1024;
constexpr uint32_t kBlocks = 20;  // the AIC cores of an Atlas A2
constexpr uint32_t kBaseM = 128, kBaseN = 128, kBaseK = 256;
constexpr uint32_t kTilesM = kM / kBaseM, kTilesN = kN / kBaseN;

// Block b computes the C tiles b, b + 20, ... (128 x 128 each), walking K in
// chunks of 256: GM -> L1 (ND -> NZ), L1 -> L0A/L0B, Mmad accumulating in
// L0C, then Fixpipe NZ -> ND into C.
__global__ __cube__ void matmulKernel(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  GlobalTensor<half> ag, bg;
  GlobalTensor<float> cg;
  ag.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), kM * kK);
  bg.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), kK * kN);
  cg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), kM * kN);
  LocalMemAllocator<Hardware::L1> l1;
  LocalMemAllocator<Hardware::L0A> l0a;
  LocalMemAllocator<Hardware::L0B> l0b;
  LocalMemAllocator<Hardware::L0C> l0c;
  LocalTensor<half> a1 = l1.Alloc<half>(kBaseM * kBaseK);
  LocalTensor<half> b1 = l1.Alloc<half>(kBaseK * kBaseN);
  LocalTensor<half> a2 = l0a.Alloc<half>(kBaseM * kBaseK);
  LocalTensor<half> b2 = l0b.Alloc<half>(kBaseK * kBaseN);
  LocalTensor<float> c1 = l0c.Alloc<float>(kBaseM * kBaseN);
  constexpr uint32_t m1 = kBaseM / 16, n1 = kBaseN / 16, k1 = kBaseK / 16;
  for (uint32_t t = GetBlockIdx(); t < kTilesM * kTilesN; t += GetBlockNum()) {
    const uint32_t tm = t / kTilesN, tn = t % kTilesN;
    for (uint32_t kc = 0; kc < kK / kBaseK; ++kc) {
      DataCopy(a1, ag[(tm * kBaseM) * kK + kc * kBaseK],
               Nd2NzParams(1, kBaseM, kBaseK, 0, kK, kBaseM, 1, 0));
      DataCopy(b1, bg[(kc * kBaseK) * kN + tn * kBaseN],
               Nd2NzParams(1, kBaseK, kBaseN, 0, kN, kBaseK, 1, 0));
      SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      for (uint32_t i = 0; i < m1; ++i)  // A: Nz -> Zz
        LoadData(a2[i * kBaseK * 16], a1[i * 256], LoadData2DParams(0, k1, m1, 0, 0, false, 0));
      for (uint32_t i = 0; i < k1; ++i)  // B: Nz -> Zn (fractals transposed)
        LoadData(b2[i * kBaseN * 16], b1[i * 256], LoadData2DParams(0, n1, k1, 0, 0, true, 0));
      SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);  // L1 may be refilled
      WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
      SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
      WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
      Mmad(c1, a2, b2, MmadParams(kBaseM, kBaseN, kBaseK, 0, false, kc == 0));
      SetFlag<HardEvent::M_MTE1>(EVENT_ID0);  // L0A/L0B may be refilled
      WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
    }
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    FixpipeParamsV220 fp(kBaseN, kBaseM, kBaseM, kN, false);
    Fixpipe(cg[(tm * kBaseM) * kN + tn * kBaseN], c1, fp);
    SetFlag<HardEvent::FIX_M>(EVENT_ID0);  // L0C may be overwritten
    WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
  }
}

struct Data {
  std::vector<half> a, b;
  std::vector<float> af, bf, cBlas;
  void *ad = nullptr, *bd = nullptr, *cd = nullptr;
  Data()
      : a(size_t{kM} * kK), b(size_t{kK} * kN), af(a.size()), bf(b.size()), cBlas(size_t{kM} * kN) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    std::mt19937 g(7);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (size_t i = 0; i < a.size(); ++i) af[i] = static_cast<float>(a[i] = half(d(g)));
    for (size_t i = 0; i < b.size(); ++i) bf[i] = static_cast<float>(b[i] = half(d(g)));
    aclrtMalloc(&ad, a.size() * 2, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&bd, b.size() * 2, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&cd, cBlas.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(ad, a.size() * 2, a.data(), a.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(bd, b.size() * 2, b.data(), b.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE);
    openblas_set_num_threads(static_cast<int>(asctwin::device::WorkerPool::instance().size()));
  }
};
Data& data() {
  static Data d;
  return d;
}

double gBlasSeconds = 0;     // the last OpenBLAS run's wall time per product
double gBlasCpuSeconds = 0;  // and its process CPU time
double gFastCpuSeconds = 0;  // the twin's fast-mode CPU time per product

// CPU time of the whole process (every thread), in seconds.
double processCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

void runBlas(Data& d) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kM, kN, kK, 1.0f, d.af.data(), kK,
              d.bf.data(), kN, 0.0f, d.cBlas.data(), kN);
}

void BM_OpenBlasSgemm(benchmark::State& state) {
  auto& d = data();
  uint64_t n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = processCpuSeconds();
  for (auto _ : state) {
    runBlas(d);
    ++n;
  }
  gBlasSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                 static_cast<double>(std::max<uint64_t>(n, 1));
  gBlasCpuSeconds = (processCpuSeconds() - c0) / static_cast<double>(std::max<uint64_t>(n, 1));
  state.counters["cpu_ms"] = gBlasCpuSeconds * 1e3;
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kM * kN * kK * static_cast<double>(n) / 1e9,
                                                benchmark::Counter::kIsRate);
  state.counters["threads"] = asctwin::device::WorkerPool::instance().size();
}
BENCHMARK(BM_OpenBlasSgemm)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

// Runs the kernel over the benchmark's iterations; returns the wall and
// process CPU seconds per product.
std::pair<double, double> runTwin(benchmark::State& state, Data& d, asctwin::ExecMode mode) {
  asctwin::LaunchOptions opt;
  opt.spec = asctwin::KernelSpec{asctwin::KernelKind::Cube, 0, 0};
  opt.numBlocks = kBlocks;
  opt.name = "matmul";
  opt.mode = mode;
  uint64_t n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = processCpuSeconds();
  for (auto _ : state) {
    if (asctwin::run(matmulKernel, opt, d.ad, d.bd, d.cd) != 0)
      state.SkipWithError(aclGetRecentErrMsg());
    ++n;
  }
  const double per = static_cast<double>(std::max<uint64_t>(n, 1));
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * kM * kN * kK * static_cast<double>(n) / 1e9,
                                                benchmark::Counter::kIsRate);
  return {wall / per, (processCpuSeconds() - c0) / per};
}

// The products agree to fp32 rounding (different summation orders).
void checkAgainstBlas(benchmark::State& state, Data& d) {
  std::vector<float> c(d.cBlas.size());
  aclrtMemcpy(c.data(), c.size() * 4, d.cd, c.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
  runBlas(d);
  double worst = 0;
  for (size_t i = 0; i < c.size(); ++i)
    worst = std::max(worst, std::fabs(double{c[i]} - double{d.cBlas[i]}));
  state.counters["max_abs_diff"] = worst;
  if (worst > 1e-2) state.SkipWithError("the twin's product differs from OpenBLAS's");
}

void BM_CubeMatmul(benchmark::State& state) {
  auto& d = data();
  const auto [wall, cpu] = runTwin(state, d, asctwin::ExecMode::Fast);
  gFastCpuSeconds = cpu;
  if (gBlasSeconds == 0) {
    const auto b0 = std::chrono::steady_clock::now();
    const double c0 = processCpuSeconds();
    runBlas(d);
    gBlasSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - b0).count();
    gBlasCpuSeconds = processCpuSeconds() - c0;
  }
  state.counters["cpu_ms"] = cpu * 1e3;
  state.counters["vs_openblas"] = gBlasSeconds / wall;
  state.counters["vs_openblas_cpu"] = gBlasCpuSeconds / cpu;
  checkAgainstBlas(state, d);
}
BENCHMARK(BM_CubeMatmul)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

void BM_CubeMatmulCheck(benchmark::State& state) {
  auto& d = data();
  const auto [wall, cpu] = runTwin(state, d, asctwin::ExecMode::Check);
  (void)wall;
  state.counters["cpu_ms"] = cpu * 1e3;
  if (gFastCpuSeconds > 0) state.counters["vs_fast"] = cpu / gFastCpuSeconds;
  checkAgainstBlas(state, d);
}
BENCHMARK(BM_CubeMatmulCheck)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
