// asctwin-bench-dsa: packed-mask generation for 16 Mi elements (a 2 MiB mask)
// with the scalar reference, the AVX2 and the AVX-512 paths on one thread, the
// best path on every WorkerPool thread, next to a memset of the same 2 MiB in
// the same run. After the table it prints the ratios the targets are stated in
// (vectorised vs scalar, Gbit of mask per second per core), all measured in
// this run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "bench-common/bench_common.h"
#include "device/worker_pool.h"
#include "dsa/bit_mask.h"
#include "dsa/random_stream.h"

namespace {

using namespace asctwin;

constexpr uint64_t kElements = 16ull << 20;                // 16 Mi mask bits
constexpr uint64_t kBytes = dsa::maskBytesFor(kElements);  // 2 MiB
constexpr int64_t kSeed = 20260725;
constexpr int64_t kOffset = 4;
const float kDropProb = dsa::dropProbFromProb(0.35);

std::vector<uint8_t>& buffer() {
  static std::vector<uint8_t> b(kBytes);
  return b;
}

using asctwin::bench::processCpuSeconds;

// bits/cpu-s: mask bits per second of CPU time summed over every thread of
// the process, i.e. the throughput of one fully used core. Unlike the wall
// time rates it does not drop when other processes share the cores.
void setCounters(benchmark::State& state, unsigned threads, double cpuSeconds) {
  state.counters["bits/cpu-s"] =
      static_cast<double>(kElements) * static_cast<double>(state.iterations()) / cpuSeconds;
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kBytes));
  state.counters["bits/s"] = benchmark::Counter(static_cast<double>(kElements),
                                                benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bits/s/core"] = benchmark::Counter(static_cast<double>(kElements) / threads,
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = threads;
}

void maskBench(benchmark::State& state, dsa::Impl impl, unsigned parts) {
  if (!dsa::implAvailable(impl)) {
    state.SkipWithError("this path is not available on this CPU (or ASCTWIN_ISA caps it)");
    return;
  }
  uint8_t* out = buffer().data();
  const double cpu0 = processCpuSeconds();
  for (auto _ : state) {
    dsa::genBitMask(kElements, kSeed, kOffset, kDropProb, out, {impl, parts});
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  setCounters(state, parts, processCpuSeconds() - cpu0);
}

void BM_MaskScalar1T(benchmark::State& state) {
  maskBench(state, dsa::Impl::kScalar, 1);
}
void BM_MaskAvx2_1T(benchmark::State& state) {
  maskBench(state, dsa::Impl::kAvx2, 1);
}
void BM_MaskAvx512_1T(benchmark::State& state) {
  maskBench(state, dsa::Impl::kAvx512, 1);
}
void BM_MaskBestAllThreads(benchmark::State& state) {
  maskBench(state, dsa::Impl::kAuto, device::WorkerPool::instance().size());
}
void BM_Memset2MiB(benchmark::State& state) {
  uint8_t* out = buffer().data();
  int v = 0;
  const double cpu0 = processCpuSeconds();
  for (auto _ : state) {
    std::memset(out, ++v & 0xFF, kBytes);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  setCounters(state, 1, processCpuSeconds() - cpu0);
}

BENCHMARK(BM_MaskScalar1T)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaskAvx2_1T)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaskAvx512_1T)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaskBestAllThreads)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Memset2MiB)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::printf(
      "mask of %llu elements (%llu bytes), seed %lld, offset %lld, prob 0.35; "
      "WorkerPool threads: %u; AVX2: %s; AVX-512: %s; best: %s\n",
      static_cast<unsigned long long>(kElements), static_cast<unsigned long long>(kBytes),
      static_cast<long long>(kSeed), static_cast<long long>(kOffset),
      device::WorkerPool::instance().size(), dsa::implAvailable(dsa::Impl::kAvx2) ? "yes" : "no",
      dsa::implAvailable(dsa::Impl::kAvx512) ? "yes" : "no",
      dsa::implName(dsa::resolveImpl(dsa::Impl::kAuto)));
  std::fflush(stdout);
  bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  // Bits per second of wall time and per CPU-second; 0 when not run.
  auto wall = [&](const char* name) {
    const auto* f = reporter.find(name);
    return f != nullptr ? f->counter("bits/s") : 0.0;
  };
  auto cpu = [&](const char* name) {
    const auto* f = reporter.find(name);
    return f != nullptr ? f->counter("bits/cpu-s") : 0.0;
  };
  const double scalar = wall("BM_MaskScalar1T"), avx2 = wall("BM_MaskAvx2_1T");
  const double avx512 = wall("BM_MaskAvx512_1T"), all = wall("BM_MaskBestAllThreads");
  const double memset = wall("BM_Memset2MiB");
  const double scalarCpu = cpu("BM_MaskScalar1T"), avx2Cpu = cpu("BM_MaskAvx2_1T");
  const double avx512Cpu = cpu("BM_MaskAvx512_1T"), allCpu = cpu("BM_MaskBestAllThreads");
  const double best = avx512 > 0 ? avx512 : avx2, bestCpu = avx512Cpu > 0 ? avx512Cpu : avx2Cpu;
  const unsigned threads = device::WorkerPool::instance().size();
  const double load = bench::loadAverage();
  std::printf("\nsummary (measured in this run; Gbit/s of mask, wall time | per CPU-second):\n");
  auto row = [](const char* name, double w, double c) {
    if (w > 0) std::printf("  %-27s: %7.3f | %7.3f\n", name, w / 1e9, c / 1e9);
  };
  row("scalar reference, 1 thread", scalar, scalarCpu);
  row("AVX2, 1 thread", avx2, avx2Cpu);
  row("AVX-512, 1 thread", avx512, avx512Cpu);
  char allName[64];
  std::snprintf(allName, sizeof allName, "best, %u threads", threads);
  row(allName, all, allCpu);
  if (memset > 0)
    std::printf("  %-27s: %7.3f Gbit/s of mask (%.2f GB/s)\n", "memset of the same bytes",
                memset / 1e9, memset / 8e9);
  auto ratio = [scalarCpu](const char* name, double c) {
    if (c > 0 && scalarCpu > 0)
      std::printf("  %-27s: %7.2fx per CPU-second (target >= 20x)\n", name, c / scalarCpu);
  };
  ratio("AVX2 / scalar", avx2Cpu);
  ratio("AVX-512 / scalar", avx512Cpu);
  if (best > 0 && all > 0)
    std::printf("  %-27s: %7.2fx wall\n", "all threads / 1 thread", all / best);
  if (bestCpu > 0)
    std::printf("  %-27s: %7.3f Gbit per CPU-second (target >= 3)\n", "per core (best path)",
                bestCpu / 1e9);
  if (best > 0 && memset > 0)
    std::printf("  %-27s: %7.1fx slower than writing the bytes\n", "best 1 thread / memset",
                memset / best);
  if (load >= 0)
    std::printf("  %-27s: %7.2f on %u hardware threads%s\n", "load average (1 min)", load,
                std::thread::hardware_concurrency(),
                load > std::thread::hardware_concurrency()
                    ? " -- the machine is busy: wall-time rates are low, trust the CPU column"
                    : "");
  return 0;
}
