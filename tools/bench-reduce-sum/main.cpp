// asctwin-bench-reduce-sum: aclnnReduceSum of 16 Mi floats on the kernel
// twin (fast mode), with ACL_OPT_DETERMINISTIC on and off in the same run:
// the whole tensor to one value, a [4096, 4096] matrix over dim 0 (lanes
// order) and over dim 1 (rows order). Each iteration is a full client call:
// GetWorkspaceSize, the execute call, aclrtSynchronizeStream. After the table
// it prints, per shape, how much longer the deterministic call took than the
// non-deterministic one (target: at most 15 %), measured in this run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn_reduce_sum.h"
#include "bench-common/bench_common.h"
#include "device/worker_pool.h"
#include "ops/reduce_sum/op_api/reduce_sum_hooks.h"

namespace {

constexpr int64_t kRows = 4096;
constexpr int64_t kCols = 4096;
constexpr int64_t kElements = kRows * kCols;  // 16 Mi

#define CHECK_OK(expr)                                                                \
  do {                                                                                \
    const int rc_ = static_cast<int>(expr);                                           \
    if (rc_ != 0) {                                                                   \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, rc_, aclGetRecentErrMsg()); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

struct Setup {
  aclrtStream stream = nullptr;
  void* input = nullptr;
  void* output = nullptr;
  void* workspace = nullptr;
  uint64_t workspaceBytes = 0;

  Setup() {
    CHECK_OK(aclInit(nullptr));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtCreateStream(&stream));
    std::vector<float> host(kElements);
    std::mt19937 rng(2026);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (float& v : host) v = u(rng);
    const size_t bytes = host.size() * sizeof(float);
    CHECK_OK(aclrtMalloc(&input, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(input, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMalloc(&output, kCols * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    workspaceBytes = 64ull << 20;
    CHECK_OK(aclrtMalloc(&workspace, workspaceBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  }
};

Setup& setup() {
  static Setup s;
  return s;
}

struct Shape {
  std::vector<int64_t> self;
  std::vector<int64_t> dim;
  std::vector<int64_t> out;
};

const std::map<std::string, Shape>& shapes() {
  static const std::map<std::string, Shape> s = {
      {"all", {{kElements}, {0}, {}}},
      {"dim0", {{kRows, kCols}, {0}, {kCols}}},
      {"dim1", {{kRows, kCols}, {1}, {kRows}}},
  };
  return s;
}

void reduceSum(benchmark::State& state, const std::string& shapeName, bool deterministic) {
  Setup& s = setup();
  const Shape& shape = shapes().at(shapeName);
  CHECK_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, deterministic ? 1 : 0));
  const int64_t storage[1] = {kElements};
  aclTensor* self = aclCreateTensor(shape.self.data(), shape.self.size(), ACL_FLOAT, nullptr, 0,
                                    ACL_FORMAT_ND, storage, 1, s.input);
  const int64_t outStorage[1] = {kCols};
  aclTensor* out = aclCreateTensor(shape.out.data(), shape.out.size(), ACL_FLOAT, nullptr, 0,
                                   ACL_FORMAT_ND, outStorage, 1, s.output);
  aclIntArray* dim = aclCreateIntArray(shape.dim.data(), shape.dim.size());
  uint32_t blocks = 0, groups = 0;
  for (auto _ : state) {
    uint64_t ws = 0;
    aclOpExecutor* executor = nullptr;
    CHECK_OK(aclnnReduceSumGetWorkspaceSize(self, dim, false, ACL_FLOAT, out, &ws, &executor));
    if (ws > s.workspaceBytes) {
      state.SkipWithError("workspace larger than the benchmark's 64 MiB");
      aclDestroyAclOpExecutor(executor);
      break;
    }
    CHECK_OK(aclnnReduceSum(s.workspace, ws, executor, s.stream));
    CHECK_OK(aclrtSynchronizeStream(s.stream));
  }
  const auto plan = asctwin::ops::reduce_sum::lastPlan();
  blocks = plan.tiling.blockDim;
  groups = plan.tiling.groups;
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kElements * 4);
  state.counters["blocks"] = blocks;
  state.counters["groups"] = groups;
  aclDestroyIntArray(dim);
  aclDestroyTensor(out);
  aclDestroyTensor(self);
  CHECK_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0));
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [name, shape] : shapes()) {
    (void)shape;
    for (bool det : {false, true}) {
      const std::string id = "ReduceSum/" + name + (det ? "/deterministic" : "/nondeterministic");
      const std::string shapeName = name;  // clang 14 cannot capture a structured binding
      benchmark::RegisterBenchmark(
          id.c_str(), [shapeName, det](benchmark::State& st) { reduceSum(st, shapeName, det); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MinTime(1.0);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  setup();
  std::printf("aclnnReduceSum of %lld floats (64 MiB), fast mode; WorkerPool threads: %u\n",
              static_cast<long long>(kElements), asctwin::device::WorkerPool::instance().size());
  std::fflush(stdout);
  asctwin::bench::RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  std::printf("\ndeterministic vs non-deterministic (same run; target: at most +15 %%)\n");
  for (const auto& [name, shape] : shapes()) {
    (void)shape;
    const auto* nd = reporter.find("ReduceSum/" + name + "/nondeterministic");
    const auto* d = reporter.find("ReduceSum/" + name + "/deterministic");
    if (nd == nullptr || d == nullptr) continue;
    std::printf("  %-5s  %8.2f ms vs %8.2f ms  %+6.1f %%\n", name.c_str(), d->realTime,
                nd->realTime, (d->realTime / nd->realTime - 1.0) * 100.0);
  }
  return 0;
}
