// Starting a program and waiting for it: the one place the tools spawn
// processes (posix_spawnp, pipes, poll, waitpid). asctwin-sanitizer and
// asctwin-explore run the user's program under the twin's environment,
// asctwin-asc runs the host compiler, asctwin-bernoulli-report runs itself,
// python3 and the checker.
#pragma once

#include <string>
#include <vector>

namespace asctwin::tools {

struct ProcessRequest {
  // argv[0] is searched on PATH when it has no '/'.
  std::vector<std::string> argv;
  // "NAME=value" entries that replace NAME in (or add it to) this process's
  // environment for the child; the rest of the environment is passed on.
  std::vector<std::string> env;
  // The child's stdout and stderr: this process's own, /dev/null, or
  // collected into ProcessResult::out / err.
  enum class Output { Inherit, Discard, Capture };
  Output output = Output::Inherit;
  // The child's stdin: /dev/null, or this process's own.
  bool stdinFromNull = true;
  // Capture only: the child is killed (SIGKILL) when it runs longer (0: no limit).
  double timeoutSeconds = 0;
  // The command line is printed to stderr before the program starts.
  bool echo = false;
};

struct ProcessResult {
  bool started = false;  // false: the program could not be started (`error` says why)
  int exitCode = -1;     // the exit status, or 128 + the signal that ended it
  bool timedOut = false;
  std::string out;    // Output::Capture
  std::string err;    // Output::Capture
  std::string error;  // "cannot start <argv[0]>: <reason>"
};

// Runs the request's program and waits for it to end.
ProcessResult runProcess(const ProcessRequest& request);

// Runs the requests, at most `jobs` at a time, and waits for them. After a
// failure (not started, or an exit status other than 0) no further request
// is started. True when every request ran and exited with 0.
bool runProcesses(const std::vector<ProcessRequest>& requests, unsigned jobs);

}  // namespace asctwin::tools
