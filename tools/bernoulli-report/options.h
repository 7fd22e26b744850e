// Command line of asctwin-bernoulli-report (the report and its hidden child
// modes, which the report runs in separate processes of itself).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asctwin::report {

// Defaults of the timing protocol. The design used 10 warm-up + 100 timed
// runs per isolated process on an NPU, where one run takes 0.2-35 ms; on a
// 2-core CPU one PyTorch bernoulli_ of [4096, 4096] takes ~0.5 s, so that
// protocol costs ~10 minutes for the peers alone. 2 + 8 keeps a default run
// under 3 minutes; `--warmup 10 --runs 100` gives the design's protocol.
inline constexpr int kDefaultWarmup = 2;
inline constexpr int kDefaultRuns = 8;

struct Options {
  std::vector<int64_t> shape{4096, 4096};
  std::vector<std::string> dtypes;  // report names; empty = all ten
  double prob = 0.5;
  int64_t seed = 20260725;
  int64_t offset = 0;
  int warmup = kDefaultWarmup;
  int runs = kDefaultRuns;
  std::vector<int64_t> memoryShape{8192, 8192};
  std::vector<std::string> memoryDtypes{"FP32", "FP16", "INT64", "BF16"};
  std::vector<std::string> peers{"torch", "numpy", "memset"};
  std::vector<std::string> skip;  // sections: workspace, memory, time, checker
  std::string json = "bernoulli-report.json";
  std::string pngDir = ".";
  bool noCharts = false;
  std::string python;  // empty: probe python3 on PATH, then /usr/bin/python3
  bool noProgress = false;

  // Hidden: the child modes run by the report itself.
  std::string child;      // "", "time", "memory", "kernel"
  std::string childPath;  // new | legacy | memset | memset-mt

  bool skips(const std::string& section) const;
  bool wantsPeer(const std::string& peer) const;
};

// Parses argv into *o. Returns -1 to go on, 0 after --help, 2 on a bad
// option (the message, naming the option, is on stderr).
int parseOptions(int argc, char** argv, Options* o);

// "4096x4096" for messages and tables.
std::string shapeText(const std::vector<int64_t>& shape);
uint64_t elementsOf(const std::vector<int64_t>& shape);

}  // namespace asctwin::report
