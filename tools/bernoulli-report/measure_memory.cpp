// Peak-memory section (design §3.5.3, B011-B014): one in-place Bernoulli on
// --memory-shape per dtype and path, each in a process of its own so that
// the peaks hold that call alone.
#include <map>

#include "dtypes.h"
#include "run_self.h"
#include "sections.h"

namespace asctwin::report {
namespace {

// The design's case names for [8192, 8192].
std::string caseId(const Options& o, const std::string& dtype) {
  if (o.memoryShape != std::vector<int64_t>{8192, 8192}) return "-";
  static const std::map<std::string, std::string> kCases{
      {"FP32", "B011"}, {"FP16", "B012"}, {"INT64", "B013"}, {"BF16", "B014"}};
  const auto it = kCases.find(dtype);
  return it == kCases.end() ? "-" : it->second;
}

double gapPercent(uint64_t measured, uint64_t reference) {
  return 100.0 * (static_cast<double>(measured) - static_cast<double>(reference)) /
         static_cast<double>(reference);
}

MemoryFigures measure(const Options& o, const std::string& dtype, const std::string& path,
                      uint64_t reference) {
  std::vector<std::string> args = childArgs(o, "memory", path);
  args.insert(args.end(), {"--memory-dtypes", dtype, "--memory-shape", joinShape(o.memoryShape)});
  const nlohmann::json j = runChildProcess(args);
  MemoryFigures f;
  if (!j.value("ok", false)) {
    f.error = j.value("error", std::string("no answer"));
    return f;
  }
  f.ok = true;
  f.plan = j.at("plan").get<std::string>();
  f.workspaceBytes = j.at("workspace_bytes").get<uint64_t>();
  f.peakAllocated = j.at("peak_allocated_bytes").get<uint64_t>();
  f.peakReserved = j.at("peak_reserved_bytes").get<uint64_t>();
  f.incrementalAllocated = j.at("incremental_peak_allocated_bytes").get<uint64_t>();
  f.incrementalReserved = j.at("incremental_peak_reserved_bytes").get<uint64_t>();
  f.allocatedGapPercent = gapPercent(f.peakAllocated, reference);
  f.reservedGapPercent = gapPercent(f.peakReserved, reference);
  return f;
}

}  // namespace

int memorySteps(const Options& o) {
  return o.skips("memory") ? 0 : 2 * static_cast<int>(o.memoryDtypes.size());
}

void measureMemory(Report& r, Progress& bar) {
  const Options& o = r.options;
  for (const std::string& dtype : o.memoryDtypes) {
    MemoryRow row;
    row.caseId = caseId(o, dtype);
    row.dtype = dtype;
    row.gpuReferenceBytes = elementsOf(o.memoryShape) * findDtype(dtype)->width;
    bar.step("memory " + dtype + " new");
    row.fresh = measure(o, dtype, "new", row.gpuReferenceBytes);
    bar.step("memory " + dtype + " legacy");
    row.legacy = measure(o, dtype, "legacy", row.gpuReferenceBytes);
    for (const MemoryFigures* f : {&row.fresh, &row.legacy})
      if (!f->ok)
        r.notes.push_back("memory " + dtype + (f == &row.fresh ? " new: " : " legacy: ") +
                          f->error);
    r.memory.push_back(row);
  }
}

}  // namespace asctwin::report
