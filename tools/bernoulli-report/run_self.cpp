#include "run_self.h"

#include <cstdio>

#include "subprocess.h"

namespace asctwin::report {

std::string joinShape(const std::vector<int64_t>& shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s;
}

std::vector<std::string> childArgs(const Options& o, const std::string& mode,
                                   const std::string& path) {
  char prob[64];
  std::snprintf(prob, sizeof prob, "%.17g", o.prob);
  return {selfPath(),
          "--child",
          mode,
          "--child-path",
          path,
          "--prob",
          prob,
          "--seed",
          std::to_string(o.seed),
          "--offset",
          std::to_string(o.offset),
          "--warmup",
          std::to_string(o.warmup),
          "--runs",
          std::to_string(o.runs),
          "--no-progress",
          "--no-charts"};
}

nlohmann::json runChildProcess(const std::vector<std::string>& args) {
  const ProcessResult p = runProcess(args);
  if (!p.started) return {{"ok", false}, {"error", "could not run " + args.front()}};
  // The answer is the last line of stdout.
  std::string line = p.out;
  while (!line.empty() && line.back() == '\n') line.pop_back();
  if (const size_t nl = line.rfind('\n'); nl != std::string::npos) line = line.substr(nl + 1);
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    std::string err = p.err.empty() ? p.out : p.err;
    if (err.size() > 400) err = err.substr(0, 400) + "...";
    return {{"ok", false},
            {"error", "child exited with status " + std::to_string(p.exitCode) + ": " + err}};
  }
  return j;
}

}  // namespace asctwin::report
