// What one report run measured: filled by the sections (measure_*.cpp),
// read by the verdicts (targets.cpp) and the outputs (table, JSON, charts).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "options.h"

namespace asctwin::report {

struct WorkspaceRow {
  std::string dtype;
  uint64_t newBytes = 0, legacyBytes = 0;
  std::string newPlan, legacyPlan;
  double reductionPercent = 0.0;  // (legacy - new) / legacy * 100
};

struct MemoryFigures {
  bool ok = false;
  std::string error;
  std::string plan;
  uint64_t workspaceBytes = 0;
  uint64_t peakAllocated = 0, peakReserved = 0;                // above the session's baseline
  uint64_t incrementalAllocated = 0, incrementalReserved = 0;  // above the tensor
  double allocatedGapPercent = 0.0, reservedGapPercent = 0.0;
};

struct MemoryRow {
  std::string caseId;  // B011..B014 for the design's cases, else "-"
  std::string dtype;
  uint64_t gpuReferenceBytes = 0;  // the tensor's own bytes
  MemoryFigures fresh, legacy;     // new path, legacy chain
};

struct Timing {
  bool ok = false;
  std::string note;  // why it is missing
  std::vector<double> ms;
  double p50 = 0.0, p90 = 0.0;
};

struct OutputCheck {
  bool measured = false;
  uint64_t hashNew = 0, hashLegacy = 0;
  uint64_t ones = 0, elements = 0;
  int64_t seed = 0;
  double fraction = 0.0, wilsonLower = 0.0, wilsonUpper = 0.0, binomialP = 1.0, holmP = 1.0;
  bool wilsonContains = false, holmRejected = false;
};

struct TimeRow {
  std::string dtype;
  size_t width = 0;
  Timing fresh, legacy, memset;  // memset: one thread
  Timing memsetParallel;         // memset on the twin's thread count
  // The new path's two stream tasks timed alone (child_stages.h), and whether
  // their output equals the operator's.
  Timing dsa, kernel;
  bool stagesMatch = false;
  std::map<std::string, Timing> peers;  // "torch", "numpy"
  OutputCheck output;
};

struct PeerInfo {
  std::string name;
  bool available = false;
  std::string note;  // why it was skipped, or extra facts
  std::string interpreter, version;
  int threads = 0;
};

struct CheckerInfo {
  bool built = false, ran = false;
  std::string tool, verdict, output;
  int exitCode = -1;
  std::optional<uint64_t> findings;
  std::string mode;  // the kernel child's own report: "check" under the checker
  uint64_t scheduleHash = 0, instructions = 0;
};

struct Target {
  std::string id;           // "new_vs_legacy:FP32"
  std::string description;  // "new >= 2x faster than legacy"
  std::string dtype;
  double measured = 0.0, threshold = 0.0;
  std::string status;  // PASS, MISS or SKIP
  std::string reason;
};

struct Report {
  Options options;
  unsigned cores = 0, twinThreads = 0;
  double loadBefore = 0.0, loadAfter = 0.0;
  double seconds = 0.0;
  std::vector<WorkspaceRow> workspace;
  std::vector<MemoryRow> memory;
  std::vector<TimeRow> time;
  std::vector<PeerInfo> peers;
  bool holmAnyRejected = false;
  CheckerInfo checker;
  std::vector<Target> targets;
  std::vector<std::string> notes;  // skipped sections, failures
  std::vector<std::string> charts;
};

}  // namespace asctwin::report
