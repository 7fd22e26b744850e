// Time section: the new path, the legacy chain and the memset floor per
// dtype, each in a process of its own (the design timed old and new in
// isolated processes); the new and legacy children also hand back the hash
// and ones count of their output for judgeOutputs. The parallel memset, the
// floor the new path is judged against, runs right before and right after
// the new path and its two samples are pooled, so a machine that speeds up
// or slows down over the seconds of a row moves both sides of the ratio
// alike.
#include <algorithm>

#include "dtypes.h"
#include "run_self.h"
#include "sections.h"

namespace asctwin::report {
namespace {

Timing timingOf(const nlohmann::json& j) {
  Timing t;
  if (!j.value("ok", false)) {
    t.note = j.value("error", std::string("no answer"));
    return t;
  }
  t.ok = true;
  t.ms = j.at("times_ms").get<std::vector<double>>();
  t.p50 = percentile(t.ms, 50);
  t.p90 = percentile(t.ms, 90);
  return t;
}

// The samples of two runs of one measurement as one (P50/P90 over both);
// not ok when either run failed (its note is kept).
Timing pooled(const Timing& a, const Timing& b) {
  if (!a.ok) return a;
  if (!b.ok) return b;
  Timing t = a;
  t.ms.insert(t.ms.end(), b.ms.begin(), b.ms.end());
  t.p50 = percentile(t.ms, 50);
  t.p90 = percentile(t.ms, 90);
  return t;
}

}  // namespace

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const double rank = p / 100.0 * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<size_t>(rank);
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (rank - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

int timeSteps(const Options& o) {
  if (o.skips("time")) return 0;
  return static_cast<int>(o.dtypes.size()) * (o.wantsPeer("memset") ? 5 : 2);
}

void measureTime(Report& r, Progress& bar) {
  const Options& o = r.options;
  for (const std::string& dtype : o.dtypes) {
    TimeRow row;
    row.dtype = dtype;
    row.width = findDtype(dtype)->width;
    auto run = [&](const std::string& path) {
      bar.step("time " + dtype + " " + path);
      std::vector<std::string> args = childArgs(o, "time", path);
      args.insert(args.end(), {"--dtypes", dtype, "--shape", joinShape(o.shape)});
      return runChildProcess(args);
    };
    const bool floors = o.wantsPeer("memset");
    const nlohmann::json floorBefore = floors ? run("memset-mt") : nlohmann::json();
    const nlohmann::json n = run("new");
    const nlohmann::json floorAfter = floors ? run("memset-mt") : nlohmann::json();
    const nlohmann::json l = run("legacy");
    row.fresh = timingOf(n);
    row.legacy = timingOf(l);
    if (floors) {
      row.memset = timingOf(run("memset"));
      row.memsetParallel = pooled(timingOf(floorBefore), timingOf(floorAfter));
    } else {
      row.memset.note = "not requested (--peers)";
      row.memsetParallel.note = row.memset.note;
    }
    if (row.fresh.ok) {
      row.output.seed = n.at("seed").get<int64_t>();
      row.output.hashNew = n.at("hash").get<uint64_t>();
      row.output.ones = n.at("ones").get<uint64_t>();
      row.output.elements = n.at("elements").get<uint64_t>();
    }
    if (row.fresh.ok && n.contains("stages")) {
      const nlohmann::json& st = n.at("stages");
      for (auto [t, key] : {std::pair{&row.dsa, "dsa_ms"}, std::pair{&row.kernel, "kernel_ms"}}) {
        t->ok = true;
        t->ms = st.at(key).get<std::vector<double>>();
        t->p50 = percentile(t->ms, 50);
        t->p90 = percentile(t->ms, 90);
      }
      row.stagesMatch = st.at("hash").get<uint64_t>() == row.output.hashNew;
      if (!row.stagesMatch)
        r.notes.push_back("time " + dtype + ": the stages' output differs from the operator's");
    }
    if (row.legacy.ok) row.output.hashLegacy = l.at("hash").get<uint64_t>();
    row.output.measured = row.fresh.ok && row.legacy.ok;
    for (const Timing* t : {&row.fresh, &row.legacy, &row.memset})
      if (!t->ok && t != &row.memset)
        r.notes.push_back("time " + dtype + (t == &row.fresh ? " new: " : " legacy: ") + t->note);
    if (o.wantsPeer("memset") && !row.memset.ok)
      r.notes.push_back("time " + dtype + " memset: " + row.memset.note);
    if (o.wantsPeer("memset") && !row.memsetParallel.ok)
      r.notes.push_back("time " + dtype + " parallel memset: " + row.memsetParallel.note);
    r.time.push_back(row);
  }
}

}  // namespace asctwin::report
