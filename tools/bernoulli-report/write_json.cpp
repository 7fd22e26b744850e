// The JSON form of the report: every figure of the table, the raw run times,
// and the targets; bernoulli_charts.py and the tests read it.
#include <cerrno>
#include <cstring>
#include <fstream>

#include "asctwin/asctwin_ext.h"
#include "outputs.h"

namespace asctwin::report {
namespace {

using nlohmann::json;

json timingJson(const Timing& t) {
  if (!t.ok) return {{"measured", false}, {"note", t.note}};
  return {{"measured", true}, {"p50_ms", t.p50}, {"p90_ms", t.p90}, {"runs_ms", t.ms}};
}

json ratioJson(const Timing& num, const Timing& den) {
  if (!num.ok || !den.ok || den.p50 <= 0) return nullptr;
  return num.p50 / den.p50;
}

json memoryJson(const MemoryFigures& m) {
  if (!m.ok) return {{"measured", false}, {"error", m.error}};
  return {{"measured", true},
          {"plan", m.plan},
          {"workspace_bytes", m.workspaceBytes},
          {"peak_allocated_bytes", m.peakAllocated},
          {"peak_reserved_bytes", m.peakReserved},
          {"incremental_peak_allocated_bytes", m.incrementalAllocated},
          {"incremental_peak_reserved_bytes", m.incrementalReserved},
          {"allocated_gap_percent", m.allocatedGapPercent},
          {"reserved_gap_percent", m.reservedGapPercent}};
}

std::string hex(uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

json reportJson(const Report& r) {
  const Options& o = r.options;
  json j;
  j["tool"] = "asctwin-bernoulli-report";
  j["asctwin_version"] = asctwinVersion();
  j["config"] = {{"shape", o.shape},
                 {"elements", elementsOf(o.shape)},
                 {"dtypes", o.dtypes},
                 {"prob", o.prob},
                 {"seed", o.seed},
                 {"offset", o.offset},
                 {"warmup", o.warmup},
                 {"runs", o.runs},
                 {"memory_shape", o.memoryShape},
                 {"memory_dtypes", o.memoryDtypes},
                 {"peers", o.peers},
                 {"skip", o.skip}};
  j["machine"] = {{"cores", r.cores},
                  {"twin_threads", r.twinThreads},
                  {"load_average_before", r.loadBefore},
                  {"load_average_after", r.loadAfter},
                  {"seconds", r.seconds}};
  json ws = json::array();
  for (const WorkspaceRow& w : r.workspace)
    ws.push_back({{"dtype", w.dtype},
                  {"new_bytes", w.newBytes},
                  {"new_plan", w.newPlan},
                  {"legacy_bytes", w.legacyBytes},
                  {"legacy_plan", w.legacyPlan},
                  {"reduction_percent", w.reductionPercent}});
  j["workspace"] = ws;
  json mem = json::array();
  for (const MemoryRow& m : r.memory)
    mem.push_back({{"case", m.caseId},
                   {"dtype", m.dtype},
                   {"shape", o.memoryShape},
                   {"gpu_reference_bytes", m.gpuReferenceBytes},
                   {"new", memoryJson(m.fresh)},
                   {"legacy", memoryJson(m.legacy)}});
  j["memory"] = mem;
  json time = json::array(), outputs = json::array();
  for (const TimeRow& row : r.time) {
    json peers = json::object(), ratios = json::object();
    for (const auto& [name, t] : row.peers) {
      peers[name] = timingJson(t);
      ratios[name + "_over_new"] = ratioJson(t, row.fresh);
    }
    ratios["legacy_over_new"] = ratioJson(row.legacy, row.fresh);
    ratios["new_over_memset"] = ratioJson(row.fresh, row.memset);
    ratios["new_over_memset_parallel"] = ratioJson(row.fresh, row.memsetParallel);
    time.push_back({{"dtype", row.dtype},
                    {"bytes", elementsOf(o.shape) * row.width},
                    {"new", timingJson(row.fresh)},
                    {"legacy", timingJson(row.legacy)},
                    {"memset", timingJson(row.memset)},
                    {"memset_parallel", timingJson(row.memsetParallel)},
                    {"stages",
                     {{"dsa_mask", timingJson(row.dsa)},
                      {"bernoulli_mask_kernel", timingJson(row.kernel)},
                      {"output_equals_operator", row.stagesMatch}}},
                    {"peers", peers},
                    {"ratios", ratios}});
    const OutputCheck& c = row.output;
    if (!row.fresh.ok) continue;
    outputs.push_back(
        {{"dtype", row.dtype},
         {"seed", c.seed},
         {"offset", o.offset},
         {"hash_new", hex(c.hashNew)},
         {"hash_legacy", row.legacy.ok ? json(hex(c.hashLegacy)) : json(nullptr)},
         {"hashes_equal", c.measured ? json(c.hashNew == c.hashLegacy) : json(nullptr)},
         {"ones", c.ones},
         {"elements", c.elements},
         {"fraction", c.fraction},
         {"wilson99_lower", c.wilsonLower},
         {"wilson99_upper", c.wilsonUpper},
         {"wilson99_contains_p", c.wilsonContains},
         {"binomial_p", c.binomialP},
         {"holm_adjusted_p", c.holmP},
         {"holm_rejected", c.holmRejected}});
  }
  j["time"] = time;
  j["output"] = outputs;
  j["statistics"] = {{"holm_alpha", 0.01}, {"any_rejected", r.holmAnyRejected}};
  json peers = json::array();
  for (const PeerInfo& p : r.peers)
    peers.push_back({{"name", p.name},
                     {"available", p.available},
                     {"note", p.note},
                     {"interpreter", p.interpreter},
                     {"version", p.version},
                     {"threads", p.threads}});
  j["peers"] = peers;
  const CheckerInfo& c = r.checker;
  j["checker"] = {{"built", c.built},
                  {"ran", c.ran},
                  {"tool", c.tool},
                  {"verdict", c.verdict},
                  {"exit_code", c.exitCode},
                  {"findings", c.findings ? json(*c.findings) : json(nullptr)},
                  {"kernel_mode", c.mode},
                  {"schedule_hash", c.scheduleHash},
                  {"instructions", c.instructions},
                  {"output", c.output}};
  json targets = json::array();
  for (const Target& t : r.targets)
    targets.push_back({{"id", t.id},
                       {"description", t.description},
                       {"dtype", t.dtype},
                       {"measured", t.status == "SKIP" ? json(nullptr) : json(t.measured)},
                       {"threshold", t.threshold},
                       {"status", t.status},
                       {"reason", t.reason}});
  j["targets"] = targets;
  j["notes"] = r.notes;
  return j;
}

bool writeJson(const Report& r, const nlohmann::json& j) {
  std::ofstream f(r.options.json);
  if (f) f << j.dump(2) << '\n';
  if (!f) {
    std::fprintf(stderr, "asctwin-bernoulli-report: cannot write %s: %s\n", r.options.json.c_str(),
                 std::strerror(errno));
    return false;
  }
  return true;
}

}  // namespace asctwin::report
