// asctwin-bench-checker: the checker's cost on the design's largest case,
// aclnnInplaceBernoulli on 1,000,000 FP32 elements (the aliased plan: the
// DSA mask in the output's own bytes, the BernoulliMask kernel expanding it
// in waves), measured in one process: fast mode (best of --fast-runs), then
// check mode under the checker with every tool (best of --checker-runs).
// Prints both times, the overhead factor, the findings, and whether the two
// modes gave the same bytes.
//
//   asctwin-bench-checker [--elements N] [--fast-runs K] [--checker-runs K] [--seed S]
//
// Exit status: 0 when the outputs agree and there are no findings, 1
// otherwise, 2 on bad options.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_bernoulli.h"
#include "asctwin/asctwin_check.h"
#include "asctwin/asctwin_sanitizer.h"

namespace {

double seconds(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Case {
  uint64_t n = 0;
  void* data = nullptr;
  aclTensor* self = nullptr;
  aclScalar* prob = nullptr;
  aclrtStream stream = nullptr;

  // One aclnnInplaceBernoulli (workspace query, execute, synchronise).
  bool run() {
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    if (aclnnInplaceBernoulliGetWorkspaceSize(self, prob, 20260725, 0, &wsSize, &executor) != 0)
      return false;
    void* ws = nullptr;
    if (wsSize != 0 && aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST) != 0) return false;
    const bool ok = aclnnInplaceBernoulli(ws, wsSize, executor, stream) == 0 &&
                    aclrtSynchronizeStream(stream) == 0;
    if (ws != nullptr) aclrtFree(ws);
    return ok;
  }
  std::vector<uint8_t> bytes() const {
    std::vector<uint8_t> v(n * 4);
    aclrtMemcpy(v.data(), v.size(), data, v.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    return v;
  }
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "asctwin-bench-checker: checker (all tools, check mode) against fast mode on "
      "aclnnInplaceBernoulli, FP32, aliased plan",
      "asctwin-bench-checker"};
  uint64_t n = 1000000, seed = 0;
  unsigned fastRuns = 3, checkerRuns = 1;
  app.add_option("--elements", n, "tensor elements")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 30));
  app.add_option("--fast-runs", fastRuns, "fast-mode runs (the best is reported)")
      ->check(CLI::Range(1u, 100u));
  app.add_option("--checker-runs", checkerRuns, "checker runs (the best is reported)")
      ->check(CLI::Range(1u, 100u));
  app.add_option("--seed", seed, "check-mode seed of the first checker run");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return e.get_exit_code() == 0 ? rc : 2;
  }

  aclInit(nullptr);
  aclrtSetDevice(0);
  Case c;
  c.n = n;
  aclrtCreateStream(&c.stream);
  aclrtMalloc(&c.data, n * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemset(c.data, n * 4, 0, n * 4);
  const int64_t dims[1] = {static_cast<int64_t>(n)};
  const int64_t strides[1] = {1};
  c.self = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, c.data);
  const float p = 0.3f;
  c.prob = aclCreateScalar(const_cast<float*>(&p), ACL_FLOAT);

  asctwinSetKernelMode(ASCTWIN_MODE_FAST, 0);
  double fast = 1e30;
  for (unsigned i = 0; i < fastRuns; ++i) {
    bool ok = false;
    fast = std::min(fast, seconds([&] { ok = c.run(); }));
    if (!ok) {
      std::fprintf(stderr, "fast mode failed: %s\n", aclGetRecentErrMsg());
      return 1;
    }
  }
  const std::vector<uint8_t> fastBytes = c.bytes();

  double checked = 1e30;
  size_t findings = 0;
  const uint64_t before = asctwinExecutedInstructions();
  bool same = true;
  {
    asctwin::checker::Session session(asctwin::checker::all);
    for (unsigned i = 0; i < checkerRuns; ++i) {
      asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed + i);
      bool ok = false;
      checked = std::min(checked, seconds([&] { ok = c.run(); }));
      if (!ok) {
        std::fprintf(stderr, "checker run failed: %s\n", aclGetRecentErrMsg());
        return 1;
      }
      same = same && c.bytes() == fastBytes;
    }
    for (const auto& f : session.findings())
      std::fputs(asctwin::checker::toText(f).c_str(), stdout);
    findings = session.findings().size();
  }
  const uint64_t instructions = (asctwinExecutedInstructions() - before) / checkerRuns;
  const uint64_t scheduleHash = asctwinLastScheduleHash();
  asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0);

  std::printf("aclnnInplaceBernoulli FP32 aliased, %llu elements\n",
              static_cast<unsigned long long>(n));
  std::printf("  fast mode        : %.5f s (best of %u)\n", fast, fastRuns);
  std::printf("  checker, all     : %.5f s (best of %u, seeds %llu..)\n", checked, checkerRuns,
              static_cast<unsigned long long>(seed));
  std::printf("  overhead factor  : %.1fx\n", checked / fast);
  std::printf("  instructions     : %llu per checked run (schedule hash %016llx)\n",
              static_cast<unsigned long long>(instructions),
              static_cast<unsigned long long>(scheduleHash));
  std::printf("  findings         : %zu\n", findings);
  std::printf("  same output bytes: %s\n", same ? "yes" : "NO");
  aclDestroyTensor(c.self);
  aclDestroyScalar(c.prob);
  aclrtFree(c.data);
  aclrtDestroyStream(c.stream);
  aclrtResetDevice(0);
  aclFinalize();
  return same && findings == 0 ? 0 : 1;
}
