// Shared by the asctwin-bench-* programs (header only; tools/bench-common has
// no target of its own): the process CPU time, which other processes on a
// shared machine inflate far less than the wall time, the reporter that keeps
// each benchmark's figures for the summary printed after the table, and the
// load-average line the summaries end with.
#pragma once

#include <benchmark/benchmark.h>
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace asctwin::bench {

// CPU time of every thread of the process, in seconds.
inline double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The process CPU time since construction (start it just before the timed loop).
struct CpuClock {
  double start = processCpuSeconds();
  double seconds() const { return processCpuSeconds() - start; }
  // The counter cpu_ms: CPU milliseconds per iteration of the timed loop.
  void setCounter(benchmark::State& state) const {
    if (state.iterations() > 0)
      state.counters["cpu_ms"] = 1e3 * seconds() / static_cast<double>(state.iterations());
  }
};

// The console table as usual; keeps, per benchmark (its function name), the
// adjusted real time (in the benchmark's unit) and the counters of a plain
// run, or of the median when --benchmark_repetitions is given.
class RecordingReporter : public benchmark::ConsoleReporter {
 public:
  struct Figures {
    double realTime = 0;
    std::map<std::string, double> counters;
    // A counter's value, 0 when the benchmark has none of that name.
    double counter(const char* name) const {
      auto it = counters.find(name);
      return it == counters.end() ? 0.0 : it->second;
    }
  };

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
      Figures& f = figures_[r.run_name.function_name];
      f.realTime = r.GetAdjustedRealTime();
      for (const auto& [name, c] : r.counters) f.counters[name] = c.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Null when the benchmark did not run (filtered out, or failed).
  const Figures* find(const std::string& name) const {
    auto it = figures_.find(name);
    return it == figures_.end() ? nullptr : &it->second;
  }

 private:
  std::map<std::string, Figures> figures_;
};

// The 1-minute load average, or a negative value when it is unknown.
inline double loadAverage() {
  double load[1] = {0.0};
  return getloadavg(load, 1) == 1 ? load[0] : -1.0;
}

// "<prefix><load> on <n> hardware threads" (1-minute load average), when known.
inline void printLoadAverage(const char* prefix) {
  const double load = loadAverage();
  if (load >= 0)
    std::printf("%s%6.2f on %u hardware threads\n", prefix, load,
                std::thread::hardware_concurrency());
}

}  // namespace asctwin::bench
