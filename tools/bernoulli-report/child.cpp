#include "child.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "asctwin/asctwin_check.h"
#include "asctwin/asctwin_ext.h"
#include "bench-common/floor_fill.h"
#include "child_stages.h"
#include "device/worker_pool.h"
#include "device_call.h"
#include "dtypes.h"

namespace asctwin::report {
namespace {

using nlohmann::json;

int pathOf(const std::string& p) {
  return p == "legacy" ? ASCTWIN_BERNOULLI_PATH_LEGACY : ASCTWIN_BERNOULLI_PATH_NEW;
}

DtypeInfo onlyDtype(const std::vector<std::string>& names) {
  if (names.size() != 1) throw std::runtime_error("a child measures exactly one dtype");
  return *findDtype(names.front());
}

json timeChild(const Options& o) {
  const DtypeInfo d = onlyDtype(o.dtypes);
  const int64_t seed = o.seed + static_cast<int64_t>(dtypeIndex(d.name));
  DeviceTensor t(d.acl, o.shape, d.width);
  json r{{"dtype", d.name}, {"path", o.childPath}, {"seed", seed}};
  std::vector<double> ms;
  ms.reserve(static_cast<size_t>(o.runs));
  using Clock = std::chrono::steady_clock;
  auto timed = [&](int i, auto&& body) {
    const auto t0 = Clock::now();
    body();
    const auto t1 = Clock::now();
    if (i >= o.warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  };
  if (o.childPath == "memset") {
    // The physical floor: the same output bytes written once by one thread.
    void* out = t.data();
    for (int i = 0; i < o.warmup + o.runs; ++i)
      timed(i, [&] { std::memset(out, bench::floorFillByte(i), t.bytes()); });
  } else if (o.childPath == "memset-mt") {
    // The floor like for like: the same bytes written by as many threads as
    // the twin uses (its worker pool, contiguous slices of whole cache lines).
    auto* out = static_cast<unsigned char*>(t.data());
    const size_t lines = (t.bytes() + 63) / 64;
    for (int i = 0; i < o.warmup + o.runs; ++i)
      timed(i, [&] {
        device::WorkerPool::instance().parallelFor(
            lines, 0, [&](size_t begin, size_t end, unsigned) {
              const size_t from = begin * 64, to = std::min(end * 64, t.bytes());
              std::memset(out + from, bench::floorFillByte(i), to - from);
            });
      });
  } else {
    InplaceBernoulli call(t, pathOf(o.childPath), o.prob, seed, o.offset);
    const asctwinBernoulliPlanInfo plan = call.plan();
    DeviceBuffer ws(plan.workspaceSize);  // once, as a caching allocator reuses it
    for (int i = 0; i < o.warmup + o.runs; ++i)
      timed(i, [&] { call.run(ws.data(), plan.workspaceSize); });
    const std::vector<uint8_t> host = t.download();
    r["plan"] = asctwinBernoulliPlanName(plan.plan);
    r["workspace_bytes"] = plan.workspaceSize;
    r["hash"] = hashBytes(host);
    r["ones"] = countOnes(host, d.width, d.one);
    r["elements"] = host.size() / d.width;
    if (o.childPath == "new" && plan.plan == ASCTWIN_BERNOULLI_PLAN_ALIAS)
      r["stages"] = timeNewPathStages(o, d, t, seed);
  }
  r["times_ms"] = ms;
  r["twin_threads"] = device::WorkerPool::instance().size();
  return r;
}

asctwinMemStats stats() {
  asctwinMemStats s{};
  if (asctwinMemGetStats(0, &s) != 0) throw std::runtime_error("asctwinMemGetStats failed");
  return s;
}

json memoryChild(const Options& o) {
  const DtypeInfo d = onlyDtype(o.memoryDtypes);
  sessionStream();
  const asctwinMemStats base = stats();  // what the session itself holds
  if (asctwinMemResetPeakStats(0) != 0) throw std::runtime_error("asctwinMemResetPeakStats");
  json r{{"dtype", d.name}, {"path", o.childPath}};
  asctwinMemStats withTensor{}, afterCall{};
  {
    // torch.empty(shape, dtype).bernoulli_(p): the tensor, its workspace, the call.
    DeviceTensor t(d.acl, o.memoryShape, d.width);
    // The design also reports the incremental peak: what the call adds above
    // the tensor (peaks restart here; the total peak is the larger of both).
    withTensor = stats();
    if (asctwinMemResetPeakStats(0) != 0) throw std::runtime_error("asctwinMemResetPeakStats");
    InplaceBernoulli call(t, pathOf(o.childPath), o.prob, o.seed, o.offset);
    const asctwinBernoulliPlanInfo plan = call.plan();
    DeviceBuffer ws(plan.workspaceSize);
    call.run(ws.data(), plan.workspaceSize);
    r["tensor_bytes"] = t.bytes();
    r["workspace_bytes"] = plan.workspaceSize;
    r["plan"] = asctwinBernoulliPlanName(plan.plan);
    afterCall = stats();
  }
  r["baseline_in_use_bytes"] = base.inUseBytes;
  r["baseline_reserved_bytes"] = base.reservedBytes;
  r["peak_allocated_bytes"] =
      std::max(withTensor.peakInUseBytes, afterCall.peakInUseBytes) - base.inUseBytes;
  r["peak_reserved_bytes"] =
      std::max(withTensor.peakReservedBytes, afterCall.peakReservedBytes) - base.reservedBytes;
  r["incremental_peak_allocated_bytes"] = afterCall.peakInUseBytes - withTensor.inUseBytes;
  r["incremental_peak_reserved_bytes"] = afterCall.peakReservedBytes - withTensor.reservedBytes;
  return r;
}

json kernelChild(const Options& o) {
  // 1024 x 1024 FP32 (issue #7's 1,000,000-element size): the aliased plan
  // on 40 blocks, so the high-to-low waves and their SyncAll span every core.
  const DtypeInfo d = *findDtype("FP32");
  DeviceTensor t(d.acl, {1024, 1024}, d.width);
  InplaceBernoulli call(t, ASCTWIN_BERNOULLI_PATH_NEW, o.prob, o.seed, o.offset);
  const asctwinBernoulliPlanInfo plan = call.plan();
  DeviceBuffer ws(plan.workspaceSize);
  call.run(ws.data(), plan.workspaceSize);
  const std::vector<uint8_t> host = t.download();
  // The mode and schedule hash show the checker's run really was check mode.
  int mode = 0;
  uint64_t modeSeed = 0;
  asctwinGetKernelMode(&mode, &modeSeed);
  return {{"plan", asctwinBernoulliPlanName(plan.plan)},
          {"hash", hashBytes(host)},
          {"ones", countOnes(host, d.width, d.one)},
          {"mode", mode == ASCTWIN_MODE_CHECK ? "check" : "fast"},
          {"schedule_hash", asctwinLastScheduleHash()},
          {"instructions", asctwinExecutedInstructions()}};
}

}  // namespace

int runChild(const Options& o) {
  json r;
  int status = 0;
  try {
    if (o.child == "time") {
      r = timeChild(o);
    } else if (o.child == "memory") {
      r = memoryChild(o);
    } else {
      r = kernelChild(o);
    }
    r["ok"] = true;
  } catch (const std::exception& e) {
    r = json{{"ok", false}, {"error", e.what()}};
    status = 1;
  }
  std::printf("%s\n", r.dump().c_str());
  std::fflush(stdout);
  return status;
}

}  // namespace asctwin::report
