// asctwin-bench-dsa: packed-mask generation for 16 Mi elements (a 2 MiB mask)
// with the scalar reference on one thread, the AVX2 path on one thread and on
// every WorkerPool thread, next to a memset of the same 2 MiB in the same run.
// After the table it prints the ratios the targets are stated in (vectorised
// vs scalar, Gbit of mask per second per core), all measured in this run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

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

void setCounters(benchmark::State& state, unsigned threads) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kBytes));
  state.counters["bits/s"] = benchmark::Counter(static_cast<double>(kElements),
                                                benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bits/s/core"] = benchmark::Counter(static_cast<double>(kElements) / threads,
                                                     benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = threads;
}

void maskBench(benchmark::State& state, dsa::Impl impl, unsigned parts) {
  if (!dsa::implAvailable(impl)) {
    state.SkipWithError("AVX2 is not available on this CPU");
    return;
  }
  uint8_t* out = buffer().data();
  for (auto _ : state) {
    dsa::genBitMask(kElements, kSeed, kOffset, kDropProb, out, {impl, parts});
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  setCounters(state, parts);
}

void BM_MaskScalar1T(benchmark::State& state) {
  maskBench(state, dsa::Impl::kScalar, 1);
}
void BM_MaskAvx2_1T(benchmark::State& state) {
  maskBench(state, dsa::Impl::kAvx2, 1);
}
void BM_MaskAvx2AllThreads(benchmark::State& state) {
  maskBench(state, dsa::Impl::kAvx2, device::WorkerPool::instance().size());
}
void BM_Memset2MiB(benchmark::State& state) {
  uint8_t* out = buffer().data();
  int v = 0;
  for (auto _ : state) {
    std::memset(out, ++v & 0xFF, kBytes);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  setCounters(state, 1);
}

BENCHMARK(BM_MaskScalar1T)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaskAvx2_1T)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaskAvx2AllThreads)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Memset2MiB)->Unit(benchmark::kMicrosecond)->UseRealTime();

// The console table as usual, plus the rates kept for the summary.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      // Plain runs, or the median when --benchmark_repetitions is used.
      if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
      auto it = r.counters.find("bits/s");
      if (it != r.counters.end()) bitsPerSecond[r.run_name.function_name] = it->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> bitsPerSecond;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::printf(
      "mask of %llu elements (%llu bytes), seed %lld, offset %lld, prob 0.35; "
      "WorkerPool threads: %u; AVX2: %s\n",
      static_cast<unsigned long long>(kElements), static_cast<unsigned long long>(kBytes),
      static_cast<long long>(kSeed), static_cast<long long>(kOffset),
      device::WorkerPool::instance().size(), dsa::implAvailable(dsa::Impl::kAvx2) ? "yes" : "no");
  std::fflush(stdout);
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  const auto& r = reporter.bitsPerSecond;
  auto get = [&](const char* name) {
    auto it = r.find(name);
    return it == r.end() ? 0.0 : it->second;
  };
  const double scalar = get("BM_MaskScalar1T"), avx1 = get("BM_MaskAvx2_1T");
  const double avxAll = get("BM_MaskAvx2AllThreads"), memset = get("BM_Memset2MiB");
  const unsigned threads = device::WorkerPool::instance().size();
  std::printf("\nsummary (measured in this run):\n");
  if (scalar > 0) std::printf("  scalar reference, 1 thread : %8.3f Gbit/s\n", scalar / 1e9);
  if (avx1 > 0) std::printf("  AVX2, 1 thread             : %8.3f Gbit/s\n", avx1 / 1e9);
  if (avxAll > 0)
    std::printf("  AVX2, %u threads            : %8.3f Gbit/s (%.3f Gbit/s per thread)\n", threads,
                avxAll / 1e9, avxAll / 1e9 / threads);
  if (memset > 0)
    std::printf("  memset of the same bytes   : %8.3f Gbit/s of mask (%.2f GB/s)\n", memset / 1e9,
                memset / 8e9);
  if (scalar > 0 && avx1 > 0)
    std::printf("  AVX2 / scalar (1 thread)   : %8.2fx (target >= 3x)\n", avx1 / scalar);
  if (avx1 > 0 && avxAll > 0)
    std::printf("  all threads / 1 thread     : %8.2fx on %u threads\n", avxAll / avx1, threads);
  if (avx1 > 0)
    std::printf("  per core (AVX2, 1 thread)  : %8.3f Gbit/s (target >= 1)\n", avx1 / 1e9);
  return 0;
}
