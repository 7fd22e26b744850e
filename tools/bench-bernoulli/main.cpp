// asctwin-bench-bernoulli: in-place aclnnBernoulli on [4096, 4096] (p = 0.5)
// per dtype through the public two-phase API, on the new path and on the
// legacy chain, next to a memset of the same output bytes (the floor: on one
// thread, and split over the twin's worker threads, the like-for-like one), plus
// the new path's two stages (DSA mask generation; the BernoulliMask kernel
// per dtype) so that a regression can be placed. The figures of
// asctwin-bernoulli-report, for tracking over commits:
//
//   ./asctwin-bench-bernoulli --benchmark_filter='FP32|INT64|FP64'
//   ./asctwin-bench-bernoulli --benchmark_format=json > bench.json
//
// Per iteration: GetWorkspaceSize + execute + synchronize, the workspace
// allocated once per benchmark (as a caching allocator reuses it). Times are
// wall-clock (UseRealTime: the work runs on the twin's worker threads); the
// counter cpu_ms is the CPU time of the whole process per iteration (all
// threads), which other processes on a shared machine inflate far less. After
// the table, per dtype: new / parallel memset in wall time and in CPU time,
// measured in this run (targets: <= 3x, FP32 <= 2x).
//
// Every buffer is written once before the timed loop, so page faults of a
// fresh allocation are not counted.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_bernoulli.h"
#include "bench-common/bench_common.h"
#include "bench-common/floor_fill.h"
#include "asctwin/asctwin_bernoulli.h"
#include "device/soc.h"
#include "device/worker_pool.h"
#include "dsa/bit_mask.h"
#include "ops/bernoulli/op_host/bernoulli_tiling.h"
#include "ops/bernoulli/op_kernel/bernoulli_mask.h"

namespace {

constexpr int64_t kDims[] = {4096, 4096};
constexpr uint64_t kElements = 4096ull * 4096ull;
constexpr double kProb = 0.5;
constexpr int64_t kSeed = 20260725;

struct Dtype {
  const char* name;
  aclDataType acl;
  size_t width;
};
constexpr Dtype kDtypes[] = {{"FP16", ACL_FLOAT16, 2}, {"FP32", ACL_FLOAT, 4},
                             {"FP64", ACL_DOUBLE, 8},  {"BF16", ACL_BF16, 2},
                             {"UINT8", ACL_UINT8, 1},  {"INT8", ACL_INT8, 1},
                             {"INT16", ACL_INT16, 2},  {"INT32", ACL_INT32, 4},
                             {"INT64", ACL_INT64, 8},  {"BOOL", ACL_BOOL, 1}};

aclrtStream stream() {
  static aclrtStream s = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream created = nullptr;
    aclrtCreateStream(&created);
    return created;
  }();
  return s;
}

// A device allocation freed with the object.
struct DeviceMemory {
  explicit DeviceMemory(uint64_t bytes) {
    if (bytes > 0) aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  }
  ~DeviceMemory() {
    if (data != nullptr) aclrtFree(data);
  }
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  void* data = nullptr;
};

using asctwin::bench::CpuClock;

void setCounters(benchmark::State& state, uint64_t bytes, const CpuClock& cpu) {
  const double cpuSeconds = cpu.seconds();
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kElements));
  if (state.iterations() > 0)
    state.counters["cpu_ms"] = 1e3 * cpuSeconds / static_cast<double>(state.iterations());
}

void inplaceBernoulli(benchmark::State& state, Dtype d, int path) {
  const aclrtStream s = stream();
  DeviceMemory out(kElements * d.width);
  aclTensor* t = aclCreateTensor(kDims, 2, d.acl, nullptr, 0, ACL_FORMAT_ND, kDims, 2, out.data);
  double prob = kProb;
  aclScalar* p = aclCreateScalar(&prob, ACL_DOUBLE);
  asctwinBernoulliSetPath(path);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  if (t == nullptr || p == nullptr ||
      aclnnInplaceBernoulliGetWorkspaceSize(t, p, kSeed, 0, &ws, &ex) != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  aclDestroyAclOpExecutor(ex);
  DeviceMemory workspace(ws);
  std::memset(out.data, 0, kElements * d.width);
  const CpuClock cpu;
  for (auto _ : state) {
    if (aclnnInplaceBernoulliGetWorkspaceSize(t, p, kSeed, 0, &ws, &ex) != 0 ||
        aclnnInplaceBernoulli(workspace.data, ws, ex, s) != 0 || aclrtSynchronizeStream(s) != 0) {
      state.SkipWithError(aclGetRecentErrMsg());
      break;
    }
  }
  setCounters(state, kElements * d.width, cpu);
  state.counters["workspace"] = static_cast<double>(ws);
  asctwinBernoulliSetPath(ASCTWIN_BERNOULLI_PATH_ENV);
  aclDestroyScalar(p);
  aclDestroyTensor(t);
}

void memsetFloor(benchmark::State& state, Dtype d) {
  stream();
  DeviceMemory out(kElements * d.width);
  std::memset(out.data, 0, kElements * d.width);
  int v = 0;
  const CpuClock cpu;
  for (auto _ : state) {
    std::memset(out.data, asctwin::bench::floorFillByte(++v), kElements * d.width);
    benchmark::ClobberMemory();
  }
  setCounters(state, kElements * d.width, cpu);
}

// The floor like for like: the same bytes written by the twin's worker
// threads (contiguous slices of whole cache lines), as the report does.
void memsetParallelFloor(benchmark::State& state, Dtype d) {
  stream();
  const uint64_t bytes = kElements * d.width;
  DeviceMemory out(bytes);
  auto* p = static_cast<unsigned char*>(out.data);
  std::memset(p, 0, bytes);
  int v = 0;
  const CpuClock cpu;
  for (auto _ : state) {
    ++v;
    asctwin::device::WorkerPool::instance().parallelFor(
        (bytes + 63) / 64, 0, [&](size_t begin, size_t end, unsigned) {
          const uint64_t from = begin * 64, to = std::min<uint64_t>(end * 64, bytes);
          std::memset(p + from, asctwin::bench::floorFillByte(v), to - from);
        });
    benchmark::ClobberMemory();
  }
  setCounters(state, bytes, cpu);
}

// Stage 1 of the alias plan: the packed mask (2 MiB) on the worker pool.
void dsaMask(benchmark::State& state) {
  std::vector<uint8_t> mask(asctwin::dsa::maskBytesFor(kElements));
  const CpuClock cpu;
  for (auto _ : state) {
    asctwin::dsa::genBitMask(kElements, kSeed, 0, asctwin::dsa::dropProbFromProb(kProb),
                             mask.data());
    benchmark::ClobberMemory();
  }
  setCounters(state, mask.size(), cpu);
}

// Stage 2 of the alias plan: the BernoulliMask kernel expanding the mask into
// the dtype (non-aliased here, so that the mask survives the iterations).
void bernoulliMaskKernel(benchmark::State& state, Dtype d) {
  stream();
  using namespace asctwin::ops::bernoulli;
  BernoulliMaskTiling tiling{};
  if (!computeBernoulliMaskTiling(d.acl, kElements, false, asctwin::device::currentSoc(),
                                  &tiling)) {
    state.SkipWithError("tiling failed");
    return;
  }
  DeviceMemory mask(asctwin::dsa::maskBytesFor(kElements));
  DeviceMemory out(kElements * d.width);
  std::memset(mask.data, 0x5A, asctwin::dsa::maskBytesFor(kElements));
  std::memset(out.data, 0, kElements * d.width);
  const CpuClock cpu;
  for (auto _ : state) {
    if (!runBernoulliMask(tiling, mask.data, out.data)) {
      state.SkipWithError("BernoulliMask failed");
      break;
    }
  }
  setCounters(state, kElements * d.width, cpu);
  state.counters["blocks"] = tiling.blockDim;
}

// Per dtype: new / parallel memset in wall and CPU time, measured in this run.
void printRatios(const asctwin::bench::RecordingReporter& reporter) {
  std::printf(
      "\nnew path / parallel memset of its output (measured in this run; %u worker threads)\n",
      asctwin::device::WorkerPool::instance().size());
  std::printf("  %-6s %10s %10s %8s   %10s %10s %8s   %s\n", "dtype", "new ms", "memsetMT", "wall",
              "new cpu", "memsetMT", "cpu", "target");
  for (const Dtype& d : kDtypes) {
    const auto* fresh = reporter.find(std::string("new/") + d.name);
    const auto* floor = reporter.find(std::string("memset_mt/") + d.name);
    if (fresh == nullptr || floor == nullptr) continue;
    const double newCpu = fresh->counter("cpu_ms"), floorCpu = floor->counter("cpu_ms");
    std::printf("  %-6s %10.3f %10.3f %7.2fx   %10.3f %10.3f %7.2fx   <= %gx\n", d.name,
                fresh->realTime, floor->realTime, fresh->realTime / floor->realTime, newCpu,
                floorCpu, newCpu / floorCpu, std::strcmp(d.name, "FP32") == 0 ? 2.0 : 3.0);
  }
  asctwin::bench::printLoadAverage("  load average (1 min): ");
}

}  // namespace

int main(int argc, char** argv) {
  for (const Dtype& d : kDtypes) {
    const std::string n = d.name;
    benchmark::RegisterBenchmark(("new/" + n).c_str(), inplaceBernoulli, d,
                                 ASCTWIN_BERNOULLI_PATH_NEW)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("legacy/" + n).c_str(), inplaceBernoulli, d,
                                 ASCTWIN_BERNOULLI_PATH_LEGACY)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("memset/" + n).c_str(), memsetFloor, d)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("memset_mt/" + n).c_str(), memsetParallelFloor, d)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("new_stage/bernoulli_mask_kernel/" + n).c_str(),
                                 bernoulliMaskKernel, d)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("new_stage/dsa_mask", dsaMask)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  asctwin::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  printRatios(reporter);
  return 0;
}
