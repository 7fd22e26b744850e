#include "tool_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

extern char** environ;

namespace asctwin::tools {
namespace {

// This process's environment with the request's entries in place of (or
// added to) those of the same names.
std::vector<std::string> childEnvironment(const std::vector<std::string>& overrides) {
  auto nameOf = [](const std::string& e) { return e.substr(0, e.find('=') + 1); };
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const bool replaced = std::any_of(overrides.begin(), overrides.end(),
                                      [&](const auto& o) { return nameOf(o) == nameOf(entry); });
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), overrides.begin(), overrides.end());
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> p;
  p.reserve(strings.size() + 1);
  for (std::string& s : strings) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

// Reads both pipes until they close (poll keeps a child that fills one pipe
// from blocking while the other is read); kills the child at the deadline.
void drain(pid_t pid, const std::array<int, 2>& fds, double timeoutSeconds, ProcessResult* r) {
  const auto start = std::chrono::steady_clock::now();
  std::array<pollfd, 2> p{{{fds[0], POLLIN, 0}, {fds[1], POLLIN, 0}}};
  std::array<std::string*, 2> sinks{&r->out, &r->err};
  int open = 2;
  char buf[65536];
  while (open > 0) {
    int waitMs = -1;
    if (timeoutSeconds > 0) {
      const double left =
          timeoutSeconds -
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left <= 0) {
        ::kill(pid, SIGKILL);
        r->timedOut = true;
        break;
      }
      waitMs = static_cast<int>(left * 1000) + 1;
    }
    const int n = ::poll(p.data(), p.size(), waitMs);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    for (size_t i = 0; i < p.size(); ++i) {
      if (p[i].fd < 0 || (p[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const ssize_t got = ::read(p[i].fd, buf, sizeof buf);
      if (got > 0) {
        sinks[i]->append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ::close(p[i].fd);
        p[i].fd = -1;
        --open;
      }
    }
  }
  for (const pollfd& f : p)
    if (f.fd >= 0) ::close(f.fd);
}

int waitFor(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

ProcessResult runProcess(const ProcessRequest& request) {
  ProcessResult r;
  if (request.argv.empty()) {
    r.error = "cannot start a program: no command";
    return r;
  }
  const std::string& program = request.argv[0];
  if (request.echo) {
    std::string line;
    for (const std::string& a : request.argv) line += (line.empty() ? "" : " ") + a;
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  const bool capture = request.output == ProcessRequest::Output::Capture;
  std::array<int, 2> outPipe{-1, -1}, errPipe{-1, -1};
  if (capture &&
      (::pipe2(outPipe.data(), O_CLOEXEC) != 0 || ::pipe2(errPipe.data(), O_CLOEXEC) != 0)) {
    r.error = "cannot start " + program + ": pipe: " + std::strerror(errno);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
      if (fd >= 0) ::close(fd);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (request.stdinFromNull)
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (capture) {
    posix_spawn_file_actions_adddup2(&fa, outPipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&fa, errPipe[1], STDERR_FILENO);
  } else if (request.output == ProcessRequest::Output::Discard) {
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  }
  std::vector<std::string> argStore = request.argv;
  std::vector<std::string> envStore = childEnvironment(request.env);
  std::vector<char*> args = pointers(argStore);
  std::vector<char*> envp = pointers(envStore);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  if (capture) {
    ::close(outPipe[1]);
    ::close(errPipe[1]);
  }
  if (rc != 0) {
    if (capture) {
      ::close(outPipe[0]);
      ::close(errPipe[0]);
    }
    r.error = "cannot start " + program + ": " + std::strerror(rc);
    return r;
  }
  r.started = true;  // glibc's posix_spawnp reports exec failures as rc
  if (capture) drain(pid, {outPipe[0], errPipe[0]}, request.timeoutSeconds, &r);
  r.exitCode = waitFor(pid);
  return r;
}

bool runProcesses(const std::vector<ProcessRequest>& requests, unsigned jobs) {
  std::atomic<size_t> next{0};
  std::atomic<bool> ok{true};
  auto worker = [&] {
    while (ok.load()) {
      const size_t i = next.fetch_add(1);
      if (i >= requests.size()) return;
      const ProcessResult r = runProcess(requests[i]);
      if (!r.started || r.exitCode != 0) ok.store(false);
    }
  };
  std::vector<std::thread> workers;
  const size_t n = std::min<size_t>(std::max(1u, jobs), requests.size());
  for (size_t k = 0; k < n; ++k) workers.emplace_back(worker);
  for (std::thread& t : workers) t.join();
  return ok.load();
}

}  // namespace asctwin::tools
