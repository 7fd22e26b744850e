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
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "asctwin/kernel/explore.h"

extern char** environ;

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
  RunResult r;
  std::vector<std::string> envStore;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::strncmp(*e, "ASCTWIN_MODE=", 13) == 0 || std::strncmp(*e, "ASCTWIN_SEED=", 13) == 0)
      continue;
    envStore.emplace_back(*e);
  }
  envStore.push_back("ASCTWIN_MODE=check");
  envStore.push_back("ASCTWIN_SEED=" + std::to_string(seed));
  std::vector<char*> envp, args;
  for (auto& s : envStore) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argStore = argv;
  for (auto& s : argStore) args.push_back(s.data());
  args.push_back(nullptr);

  int outPipe[2], errPipe[2];
  if (pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0) {
    r.status = -1;
    r.err = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, outPipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&fa, errPipe[1], STDERR_FILENO);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  close(outPipe[1]);
  close(errPipe[1]);
  if (rc != 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    r.status = -1;
    r.err = "cannot start " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  const auto start = std::chrono::steady_clock::now();
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  int open = 2;
  char buf[65536];
  while (open > 0) {
    int waitMs = -1;
    if (timeoutSeconds > 0) {
      const double left =
          timeoutSeconds -
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left <= 0) {
        kill(pid, SIGKILL);
        r.timedOut = true;
        break;
      }
      waitMs = static_cast<int>(left * 1000) + 1;
    }
    const int n = poll(fds, 2, waitMs);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got > 0) {
        (i == 0 ? r.out : r.err).append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) close(f.fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) {
    r.status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.status = 128 + WTERMSIG(status);
  }
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
