// The terminal form of the report: one aligned table per section, then the
// targets with PASS/MISS/SKIP.
#include <algorithm>
#include <cmath>

#include "asctwin/asctwin_ext.h"
#include "outputs.h"
#include "text_table.h"

namespace asctwin::report {
namespace {

std::string ms(const Timing& t, double v) {
  return t.ok ? format("%.3f", v) : "-";
}

std::string ratio(const Timing& num, const Timing& den) {
  return num.ok && den.ok && den.p50 > 0 ? format("%.2fx", num.p50 / den.p50) : "-";
}

std::string hex(uint64_t v) {
  return format("%016llx", static_cast<unsigned long long>(v));
}

std::string gap(double percent) {
  return format("%.6f%%", percent);
}

void printWorkspace(const Report& r, std::FILE* f) {
  if (r.workspace.empty()) return;
  std::fprintf(f,
               "\nWorkspace of the in-place call on %s (bytes; the design's hardware figures "
               "include the 1,024-1,536 B CANN reserves for every operator: new 1,024 there)\n",
               shapeText(r.options.shape).c_str());
  // The design's hardware figures (§1.4 / §3.5.1) exist for [4096, 4096] only.
  const bool designShape = r.options.shape == std::vector<int64_t>{4096, 4096};
  auto designLegacy = [](const std::string& d) -> std::string {
    if (d == "FP16" || d == "BF16") return "35,652,608";
    if (d == "FP32") return "69,207,040";
    if (d == "INT64" || d == "FP64") return "69,207,552";
    return "-";
  };
  TextTable t({"dtype", "new", "plan", "legacy", "plan", "reduction", "design legacy (A2/A3)"});
  t.leftAlign({0, 2, 4});
  for (const WorkspaceRow& w : r.workspace)
    t.add({w.dtype, groupDigits(w.newBytes), w.newPlan, groupDigits(w.legacyBytes), w.legacyPlan,
           format("%.3f%%", w.reductionPercent), designShape ? designLegacy(w.dtype) : "-"});
  t.print(f);
}

void printMemory(const Report& r, std::FILE* f) {
  if (r.memory.empty()) return;
  std::fprintf(f,
               "\nPeak device memory of in-place Bernoulli on %s (bytes; one process per "
               "cell; GPU reference = the tensor's bytes, as PyTorch reports on an H800)\n",
               shapeText(r.options.memoryShape).c_str());
  TextTable t({"case", "dtype", "GPU ref", "new alloc", "gap", "new reserved", "gap",
               "legacy alloc", "gap", "legacy reserved", "gap"});
  for (const MemoryRow& m : r.memory) {
    auto cells = [](const MemoryFigures& x, std::vector<std::string>& row) {
      if (!x.ok) {
        row.insert(row.end(), {"-", "-", "-", "-"});
        return;
      }
      row.insert(row.end(), {groupDigits(x.peakAllocated), gap(x.allocatedGapPercent),
                             groupDigits(x.peakReserved), gap(x.reservedGapPercent)});
    };
    std::vector<std::string> row{m.caseId, m.dtype, groupDigits(m.gpuReferenceBytes)};
    cells(m.fresh, row);
    cells(m.legacy, row);
    t.add(row);
  }
  t.print(f);
  // Design §3.5.3: the GPU's incremental peak is 0 B, so a percentage of it
  // is undefined; the bytes are printed instead.
  std::string incr;
  for (const MemoryRow& m : r.memory)
    if (m.fresh.ok && m.legacy.ok)
      incr += format("%s%s %s / %s B", incr.empty() ? "" : ", ", m.dtype.c_str(),
                     groupDigits(m.fresh.incrementalAllocated).c_str(),
                     groupDigits(m.legacy.incrementalAllocated).c_str());
  if (!incr.empty())
    std::fprintf(f,
                 "  incremental peak allocated above the tensor, new / legacy (GPU: 0 B, a "
                 "percentage is undefined): %s\n",
                 incr.c_str());
}

void printTime(const Report& r, std::FILE* f) {
  if (r.time.empty()) return;
  const Options& o = r.options;
  std::fprintf(f,
               "\nTime of in-place Bernoulli on %s (ms; %d warm-up + %d timed runs per "
               "process; ratios are P50 of the other / P50 of new: above 1, new is faster)\n",
               shapeText(o.shape).c_str(), o.warmup, o.runs);
  TextTable t({"dtype", "new P50", "new P90", "legacy P50", "legacy P90", "legacy/new",
               "memset P50", "new/memset", "memset MT", "new/memset MT", "torch P50", "torch/new",
               "numpy P50", "numpy/new"});
  for (const TimeRow& row : r.time) {
    const Timing none;
    auto peer = [&](const char* name) -> const Timing& {
      const auto it = row.peers.find(name);
      return it == row.peers.end() ? none : it->second;
    };
    t.add({row.dtype, ms(row.fresh, row.fresh.p50), ms(row.fresh, row.fresh.p90),
           ms(row.legacy, row.legacy.p50), ms(row.legacy, row.legacy.p90),
           ratio(row.legacy, row.fresh), ms(row.memset, row.memset.p50),
           ratio(row.fresh, row.memset), ms(row.memsetParallel, row.memsetParallel.p50),
           ratio(row.fresh, row.memsetParallel), ms(peer("torch"), peer("torch").p50),
           ratio(peer("torch"), row.fresh), ms(peer("numpy"), peer("numpy").p50),
           ratio(peer("numpy"), row.fresh)});
  }
  t.print(f);
  for (const PeerInfo& p : r.peers) {
    if (p.available) {
      std::fprintf(f, "  %s %s (%s, %d thread%s)\n", p.name.c_str(), p.version.c_str(),
                   p.interpreter.c_str(), p.threads, p.threads == 1 ? "" : "s");
    } else {
      std::fprintf(f, "  %s: skipped, %s\n", p.name.c_str(), p.note.c_str());
    }
  }
  for (const TimeRow& row : r.time)
    for (const auto& [name, timing] : row.peers)
      if (!timing.ok && !timing.note.empty() && timing.note != name + " not installed")
        std::fprintf(f, "  %s %s: skipped, %s\n", name.c_str(), row.dtype.c_str(),
                     timing.note.c_str());
  if (o.wantsPeer("memset"))
    std::fprintf(f,
                 "  memset: std::memset of the output bytes in a process of this tool, on one "
                 "thread (memset P50) and split over the twin's %u threads (memset MT, the "
                 "like-for-like floor the ratio uses)\n",
                 r.twinThreads);
}

// The new path's P50 split into its two stream tasks, next to the floor.
void printStages(const Report& r, std::FILE* f) {
  bool any = false;
  for (const TimeRow& row : r.time) any |= row.dsa.ok;
  if (!any) return;
  std::fprintf(f,
               "\nWhere the new path's time goes (ms, P50 of the same protocol; each stage "
               "timed alone: DSA mask into out, then BernoulliMask in place)\n");
  TextTable t({"dtype", "DSA mask", "BernoulliMask", "sum", "new", "memset MT", "DSA/memset MT",
               "kernel/memset MT"});
  for (const TimeRow& row : r.time) {
    if (!row.dsa.ok) continue;
    t.add({row.dtype, ms(row.dsa, row.dsa.p50), ms(row.kernel, row.kernel.p50),
           format("%.3f", row.dsa.p50 + row.kernel.p50), ms(row.fresh, row.fresh.p50),
           ms(row.memsetParallel, row.memsetParallel.p50), ratio(row.dsa, row.memsetParallel),
           ratio(row.kernel, row.memsetParallel)});
  }
  t.print(f);
}

void printOutputs(const Report& r, std::FILE* f) {
  if (r.time.empty()) return;
  std::fprintf(f,
               "\nOutput: new vs legacy for the same seed/offset, and the fraction of ones vs "
               "p = %g (99 %% Wilson; exact binomial, Holm over the dtypes at 1 %%)\n",
               r.options.prob);
  TextTable t({"dtype", "seed", "hash new", "hash legacy", "equal", "ones", "fraction",
               "99% Wilson", "in", "binom p", "Holm"});
  for (const TimeRow& row : r.time) {
    const OutputCheck& c = row.output;
    if (!row.fresh.ok) {
      t.add({row.dtype, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"});
      continue;
    }
    t.add({row.dtype, std::to_string(c.seed), hex(c.hashNew),
           row.legacy.ok ? hex(c.hashLegacy) : "-",
           !c.measured ? "-" : (c.hashNew == c.hashLegacy ? "yes" : "NO"), groupDigits(c.ones),
           format("%.6f", c.fraction), format("[%.6f, %.6f]", c.wilsonLower, c.wilsonUpper),
           c.wilsonContains ? "yes" : "NO", format("%.4f", c.binomialP),
           c.holmRejected ? "reject" : "pass"});
  }
  t.print(f);
}

void printTargets(const Report& r, std::FILE* f) {
  std::fprintf(f,
               "\nChecker (asctwin-sanitizer --tool all on a [1024, 1024] FP32 aliased Bernoulli, "
               "40 blocks): "
               "%s\n",
               r.checker.verdict.c_str());
  if (r.targets.empty()) return;
  std::fprintf(f, "\nTargets\n");
  TextTable t({"target", "dtype", "measured", "threshold", "status", "detail"});
  t.leftAlign({0, 1, 4, 5});
  int pass = 0, miss = 0, skip = 0;
  for (const Target& x : r.targets) {
    const bool gapTarget = x.id.rfind("peak_", 0) == 0;
    const bool rateTarget = x.id == "dsa_mask_rate";
    const std::string measured = x.status == "SKIP" ? "-"
                                 : gapTarget        ? gap(x.measured)
                                 : rateTarget       ? format("%.2f", x.measured)
                                                    : format("%.2fx", x.measured);
    const std::string threshold = gapTarget    ? "<= " + gap(x.threshold)
                                  : rateTarget ? format(">= %g", x.threshold)
                                  : x.id.rfind("new_vs_memset", 0) == 0
                                      ? format("<= %gx", x.threshold)
                                      : format(">= %gx", x.threshold);
    t.add({x.description, x.dtype, measured, threshold, x.status, x.reason});
    (x.status == "PASS" ? pass : x.status == "MISS" ? miss : skip)++;
  }
  t.print(f);
  std::fprintf(f, "%d PASS, %d MISS, %d SKIP\n", pass, miss, skip);
}

}  // namespace

void printReport(const Report& r, std::FILE* f) {
  const Options& o = r.options;
  std::fprintf(f,
               "asctwin-bernoulli-report (asctwin %s): shape %s, p = %g, seed %lld, offset "
               "%lld\n",
               asctwinVersion(), shapeText(o.shape).c_str(), o.prob, static_cast<long long>(o.seed),
               static_cast<long long>(o.offset));
  std::fprintf(f,
               "machine: %u cores, twin threads %u, load average %.2f before / %.2f after, "
               "%.1f s\n",
               r.cores, r.twinThreads, r.loadBefore, r.loadAfter, r.seconds);
  // Other processes on the cores inflate wall times (memset's single thread
  // most of all), so ratios of this run are only as good as the machine was idle.
  if (std::max(r.loadBefore, r.loadAfter) > static_cast<double>(r.cores))
    std::fprintf(f,
                 "warning: the load average exceeded the %u cores during this run; other "
                 "processes shared the cores, so times are inflated and ratios noisy\n",
                 r.cores);
  printWorkspace(r, f);
  printMemory(r, f);
  printTime(r, f);
  printStages(r, f);
  printOutputs(r, f);
  printTargets(r, f);
  for (const std::string& n : r.notes) std::fprintf(f, "note: %s\n", n.c_str());
}

}  // namespace asctwin::report
