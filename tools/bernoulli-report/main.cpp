// asctwin-bernoulli-report: the design document's evidence for aclnnBernoulli
// (workspace, peak memory against the GPU, old vs new time, output hashes,
// statistics, the checker), measured on this machine next to the CPU peers a
// user would otherwise reach for. See --help.
#include <sched.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "child.h"
#include "device/worker_pool.h"
#include "outputs.h"
#include "sections.h"

namespace {

using namespace asctwin::report;

double loadAverage() {
  double l[1] = {0.0};
  return ::getloadavg(l, 1) == 1 ? l[0] : 0.0;
}

unsigned usableCores() {
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<unsigned>(CPU_COUNT(&set));
  return 1;
}

int runReport(const Options& o) {
  Report r;
  r.options = o;
  r.cores = usableCores();
  // The children inherit the environment, so their pool has this size too.
  r.twinThreads = asctwin::device::WorkerPool::instance().size();
  r.loadBefore = loadAverage();
  const auto start = std::chrono::steady_clock::now();
  {
    const bool time = !o.skips("time");
    Progress bar(!o.noProgress,
                 1 + memorySteps(o) + timeSteps(o) + peerSteps(o) + (o.skips("checker") ? 0 : 1));
    if (!o.skips("workspace")) {
      bar.step("workspace");
      measureWorkspace(r);
    }
    if (!o.skips("memory")) measureMemory(r, bar);
    if (time) {
      measureTime(r, bar);
      measurePeers(r, bar);
      judgeOutputs(r);
    }
    if (!o.skips("checker")) {
      runChecker(r, bar);
    } else {
      r.checker.verdict = "skipped (--skip checker)";
    }
    bar.finish();
  }
  judgeTargets(r);
  r.loadAfter = loadAverage();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!writeJson(r, reportJson(r))) return 1;
  drawCharts(r);
  nlohmann::json j = reportJson(r);
  j["charts"] = r.charts;
  if (!writeJson(r, j)) return 1;
  printReport(r, stdout);
  std::printf("\nJSON: %s\n", o.json.c_str());
  for (const std::string& c : r.charts) std::printf("chart: %s\n", c.c_str());
  // A failed measurement (not a missed target) is a failed run.
  bool failed = false;
  for (const TimeRow& row : r.time) failed |= !row.fresh.ok || !row.legacy.ok;
  for (const MemoryRow& m : r.memory) failed |= !m.fresh.ok || !m.legacy.ok;
  failed |= o.skips("workspace") ? false : r.workspace.size() != o.dtypes.size();
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (const int rc = parseOptions(argc, argv, &o); rc >= 0) return rc;
  if (!o.child.empty()) return runChild(o);
  return runReport(o);
}
