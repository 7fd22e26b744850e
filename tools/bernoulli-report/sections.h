// The report's sections. Each fills its part of the Report; a measurement
// that fails is recorded (with its message) rather than ending the run, so
// that one broken peer or path does not hide the other figures.
#pragma once

#include "progress.h"
#include "report.h"

namespace asctwin::report {

// Steps each section announces to the progress bar (for its total).
int memorySteps(const Options& o);
int timeSteps(const Options& o);
int peerSteps(const Options& o);

void measureWorkspace(Report& r);              // in this process: phase 1 only
void measureMemory(Report& r, Progress& bar);  // one child per dtype and path
void measureTime(Report& r, Progress& bar);    // one child per dtype and path/memset
void measurePeers(Report& r, Progress& bar);   // one python3 process per peer
void judgeOutputs(Report& r);                  // hashes and statistics of measureTime's outputs
void runChecker(Report& r, Progress& bar);     // asctwin-sanitizer, when built
void judgeTargets(Report& r);                  // PASS/MISS/SKIP

// P-th percentile (0..100) of `v` with linear interpolation between order
// statistics (NumPy's default); 0 for an empty vector.
double percentile(std::vector<double> v, double p);

}  // namespace asctwin::report
