// Charts: bernoulli_charts.py draws them from the JSON with matplotlib in the
// first python3 that has it; without one the report says so and goes on.
#include <sstream>

#include "outputs.h"
#include "python_finder.h"
#include "subprocess.h"

namespace asctwin::report {

void drawCharts(Report& r) {
  const Options& o = r.options;
  if (o.noCharts) return;
  std::string reasons;
  for (const std::string& py : pythonCandidates(o.python)) {
    const ProcessResult p = runProcess({py, scriptPath("bernoulli_charts.py"), o.json, o.pngDir});
    if (p.started && p.exitCode == 0) {
      std::istringstream lines(p.out);
      for (std::string line; std::getline(lines, line);)
        if (!line.empty()) r.charts.push_back(line);
      return;
    }
    std::string why = !p.started ? py + ": cannot run" : p.err;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    reasons += (reasons.empty() ? "" : "; ") + why.substr(0, 300);
    if (p.started && p.exitCode != 3) break;  // matplotlib was there but failed
  }
  r.notes.push_back("charts skipped: python3-matplotlib not usable (" +
                    (reasons.empty() ? std::string("no python3 found") : reasons) + ")");
}

}  // namespace asctwin::report
