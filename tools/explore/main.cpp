// asctwin-explore: runs a host program K times under check mode
// (ASCTWIN_MODE=check, ASCTWIN_SEED=first..first+K-1), hashes what each run
// produced (stdout and exit status by default), and prints how many distinct
// results there were and the seed that replays each:
//
//   $ asctwin-explore --seeds 1000 -- ./atomic_scenario1
//   1 distinct result in 1000 seeds: hash 5d1c... x 1000 (replay: ASCTWIN_SEED=0)
//
// Exit status: 0 when every run gave the same result, 1 when there were two
// or more, 2 when the tool could not do its job (bad options, the program
// could not be started).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "asctwin/kernel/explore.h"
#include "tool_process.h"

namespace {

enum class HashWhat { StdoutAndExit, Stdout, Exit };

struct RunResult {
  std::string out;
  std::string err;
  int status = 0;  // exit code, or 128 + signal, or -1 when the program did not start
  bool timedOut = false;
  uint64_t hash = 0;
};

std::string describeStatus(const RunResult& r) {
  if (r.status < 0) return "did not start";
  if (r.timedOut) return "timed out";
  if (r.status >= 128) return "killed by signal " + std::to_string(r.status - 128);
  return "exit status " + std::to_string(r.status);
}

// Runs argv with ASCTWIN_MODE=check ASCTWIN_SEED=seed added to the environment.
RunResult runOnce(const std::vector<std::string>& argv, uint64_t seed, double timeoutSeconds) {
  asctwin::tools::ProcessRequest p;
  p.argv = argv;
  p.env = {"ASCTWIN_MODE=check", "ASCTWIN_SEED=" + std::to_string(seed)};
  p.output = asctwin::tools::ProcessRequest::Output::Capture;
  p.timeoutSeconds = timeoutSeconds;
  asctwin::tools::ProcessResult pr = asctwin::tools::runProcess(p);
  RunResult r;
  if (!pr.started) {
    r.status = -1;
    r.err = pr.error;
    return r;
  }
  r.out = std::move(pr.out);
  r.err = std::move(pr.err);
  r.timedOut = pr.timedOut;
  r.status = pr.exitCode < 0 ? 0 : pr.exitCode;
  return r;
}

// The stdout lines that count: all, or those matching --match.
std::string relevantOutput(const std::string& out, const std::regex* match) {
  if (match == nullptr) return out;
  std::string kept;
  size_t pos = 0;
  while (pos < out.size()) {
    size_t end = out.find('\n', pos);
    if (end == std::string::npos) end = out.size();
    const std::string line = out.substr(pos, end - pos);
    if (std::regex_search(line, *match)) kept += line + "\n";
    pos = end + 1;
  }
  return kept;
}

uint64_t hashOf(const RunResult& r, HashWhat what, const std::regex* match) {
  uint64_t h = 0xCBF29CE484222325ull;
  if (what != HashWhat::Exit) {
    const std::string out = relevantOutput(r.out, match);
    h = asctwin::hashBytes(out.data(), out.size(), h);
  }
  if (what != HashWhat::Stdout) {
    const int32_t s = r.timedOut ? -2 : r.status;
    h = asctwin::hashBytes(&s, sizeof s, h);
  }
  return h;
}

std::string indent(const std::string& text, size_t maxBytes) {
  std::string s = text.substr(0, maxBytes);
  std::string out = "    ";
  for (char ch : s) {
    out += ch;
    if (ch == '\n') out += "    ";
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
  if (text.size() > maxBytes) out += "\n    ... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "asctwin-explore: run a program under K check-mode seeds (ASCTWIN_MODE=check, "
      "ASCTWIN_SEED=i), hash what each run produced, print the distinct results and the seed "
      "that replays each. Exit status 0: one result; 1: two or more; 2: usage or start "
      "failure.",
      "asctwin-explore"};
  uint64_t seeds = 1000, firstSeed = 0;
  bool hashStdoutOnly = false, hashExitOnly = false, show = false;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  double timeout = 0;
  std::string matchText;
  std::vector<std::string> command;
  app.add_option("--seeds", seeds, "how many seeds (runs)")
      ->default_val(1000)
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  app.add_option("--first-seed", firstSeed, "the first seed")->default_val(0);
  app.add_flag("--hash-stdout", hashStdoutOnly,
               "hash stdout only (default: stdout and the exit status)");
  app.add_flag("--hash-exit", hashExitOnly, "hash the exit status only");
  app.add_option("--jobs,-j", jobs, "runs at a time (default: the number of CPUs)")
      ->check(CLI::Range(1u, 256u));
  app.add_option("--timeout", timeout, "seconds per run before it is killed (0: none)")
      ->default_val(0);
  app.add_option("--match", matchText,
                 "hash only the stdout lines matching this regular expression (ECMAScript), "
                 "e.g. to ignore lines whose order depends on the schedule");
  app.add_flag("--show", show, "print the output of each distinct result's first seed");
  app.add_option("command", command, "the program and its arguments (after --)")->required();
  try {
    app.parse(argc, argv);
    if (hashStdoutOnly && hashExitOnly)
      throw CLI::ValidationError("--hash-stdout and --hash-exit exclude each other");
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return e.get_exit_code() == 0 ? rc : 2;
  }
  std::regex match;
  if (!matchText.empty()) {
    try {
      match = std::regex(matchText);
    } catch (const std::regex_error& e) {
      std::fprintf(stderr, "asctwin-explore: --match '%s': %s\n", matchText.c_str(), e.what());
      return 2;
    }
  }
  const std::regex* matchPtr = matchText.empty() ? nullptr : &match;
  const HashWhat what = hashStdoutOnly ? HashWhat::Stdout
                        : hashExitOnly ? HashWhat::Exit
                                       : HashWhat::StdoutAndExit;

  std::vector<RunResult> results(seeds);
  std::atomic<uint64_t> next{0};
  std::atomic<bool> startFailed{false};
  auto worker = [&] {
    for (;;) {
      const uint64_t i = next.fetch_add(1);
      if (i >= seeds || startFailed.load()) return;
      results[i] = runOnce(command, firstSeed + i, timeout);
      if (results[i].status < 0) startFailed.store(true);
      results[i].hash = hashOf(results[i], what, matchPtr);
    }
  };
  std::vector<std::thread> pool;
  const unsigned n = static_cast<unsigned>(std::min<uint64_t>(jobs, seeds));
  for (unsigned t = 0; t < n; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  for (const RunResult& r : results) {
    if (r.status < 0) {
      std::fprintf(stderr, "asctwin-explore: %s\n", r.err.c_str());
      return 2;
    }
  }

  // Group in seed order through the library's explore (same summary format).
  const asctwin::ExploreResult grouped = asctwin::explore(
      seeds, firstSeed, [&](uint64_t seed) { return results[seed - firstSeed].hash; });
  std::printf("%s\n", grouped.summary().c_str());
  if (show) {
    for (const asctwin::ExploreOutcome& o : grouped.outcomes) {
      const RunResult& r = results[o.firstSeed - firstSeed];
      std::printf("\nhash %016llx x %llu, first at ASCTWIN_SEED=%llu (%s):\n",
                  static_cast<unsigned long long>(o.hash), static_cast<unsigned long long>(o.count),
                  static_cast<unsigned long long>(o.firstSeed), describeStatus(r).c_str());
      if (!r.out.empty()) std::printf("  stdout:\n%s\n", indent(r.out, 4000).c_str());
      if (!r.err.empty()) std::printf("  stderr:\n%s\n", indent(r.err, 4000).c_str());
    }
    std::string cmd;
    for (auto& a : command) cmd += " " + a;
    std::printf("\nreplay one: ASCTWIN_MODE=check ASCTWIN_SEED=<seed>%s\n", cmd.c_str());
  }
  return grouped.distinct() == 1 ? 0 : 1;
}
