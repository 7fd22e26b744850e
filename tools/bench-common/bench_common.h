// Shared by the asctwin-bench-* programs (header only; tools/bench-common has
// no target of its own): the process CPU time, which other processes on a
// shared machine inflate far less than the wall time, and the load-average
// line their summaries end with.
#pragma once

#include <benchmark/benchmark.h>
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

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

// "<prefix><load> on <n> hardware threads" (1-minute load average), when known.
inline void printLoadAverage(const char* prefix) {
  double load[1] = {0.0};
  if (getloadavg(load, 1) == 1)
    std::printf("%s%6.2f on %u hardware threads\n", prefix, load[0],
                std::thread::hardware_concurrency());
}

}  // namespace asctwin::bench
