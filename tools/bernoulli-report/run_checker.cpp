// Checker section: the design reports "0 FAIL" from msSanitizer for its
// kernel; here asctwin-sanitizer (issue #7) runs this tool's kernel child (a
// 1024 x 1024 FP32 aliased Bernoulli on 40 blocks: DSA mask in out,
// BernoulliMask's high-to-low waves with SyncAll) under check mode with every
// check on, and
// its verdict is reported. The checker is found where the build puts it
// (ASCTWIN_REPORT_SANITIZER, set by CMake when the target exists) or next to
// this executable (install, or the build tree's tools/sanitizer). The runner's
// contract (docs/checker.md): exit 0 = no findings and the program
// succeeded, 1 = findings, --json FILE with summary.findings.
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "run_self.h"
#include "sections.h"
#include "subprocess.h"

namespace asctwin::report {
namespace {

std::string findSanitizer() {
  std::vector<std::string> candidates;
#ifdef ASCTWIN_REPORT_SANITIZER
  candidates.emplace_back(ASCTWIN_REPORT_SANITIZER);
#endif
  const std::string dir = selfDir();
  candidates.push_back(dir + "/asctwin-sanitizer");
  candidates.push_back(dir + "/../sanitizer/asctwin-sanitizer");
  for (const std::string& c : candidates)
    if (!c.empty() && isExecutable(c)) return c;
  return {};
}

// summary.findings of the runner's --json file (docs/checker.md), else the
// last "<n> finding(s)" of its text output (the ERROR SUMMARY line).
std::optional<uint64_t> findingsIn(const std::string& jsonPath, const std::string& text) {
  std::ifstream f(jsonPath);
  const nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
  if (!j.is_discarded() && j.contains("summary") && j["summary"].contains("findings"))
    return j["summary"]["findings"].get<uint64_t>();
  static const std::regex kCount(R"((\d+)\s+findings?)", std::regex::icase);
  std::optional<uint64_t> last;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kCount);
       it != std::sregex_iterator(); ++it)
    last = std::stoull((*it)[1].str());
  return last;
}

}  // namespace

void runChecker(Report& r, Progress& bar) {
  CheckerInfo& c = r.checker;
  c.tool = findSanitizer();
  if (c.tool.empty()) {
    c.verdict = "checker: not built";
    return;
  }
  c.built = true;
  bar.step("checker");
  char jsonPath[] = "/tmp/asctwin-bernoulli-report-checker-XXXXXX";
  const int fd = ::mkstemp(jsonPath);
  if (fd >= 0) ::close(fd);
  std::vector<std::string> args{c.tool, "--tool", "all", "--json", jsonPath, "--"};
  const std::vector<std::string> child = childArgs(r.options, "kernel", "new");
  args.insert(args.end(), child.begin(), child.end());
  const ProcessResult p = runProcess(args);
  c.ran = p.started;
  c.exitCode = p.exitCode;
  c.output = p.out + p.err;
  if (c.output.size() > 4000) c.output = c.output.substr(c.output.size() - 4000);
  c.findings = findingsIn(jsonPath, c.output);
  // The child's JSON line says whether its launches really ran in check mode.
  std::istringstream lines(p.out);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("mode")) continue;
    c.mode = j.at("mode").get<std::string>();
    c.scheduleHash = j.at("schedule_hash").get<uint64_t>();
    c.instructions = j.at("instructions").get<uint64_t>();
  }
  if (fd >= 0) ::unlink(jsonPath);
  if (!p.started) {
    c.verdict = "could not run " + c.tool;
  } else if (p.exitCode == 0 && c.mode != "check") {
    c.verdict = "ERROR: the kernel did not run in check mode under the checker";
  } else if (p.exitCode == 0) {
    c.verdict = "PASS: " + std::to_string(c.findings.value_or(0)) + " findings";
  } else if (c.findings && *c.findings > 0) {
    c.verdict = "FAIL: " + std::to_string(*c.findings) + " findings";
  } else {
    c.verdict = "ERROR: the checker exited with status " + std::to_string(p.exitCode);
  }
}

}  // namespace asctwin::report
