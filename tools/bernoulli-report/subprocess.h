// Running a program and collecting its output: the report runs itself (child
// modes), python3 (the peers and the charts) and the checker this way.
#pragma once

#include <string>
#include <vector>

namespace asctwin::report {

struct ProcessResult {
  bool started = false;  // false: the program could not be executed
  int exitCode = -1;     // the exit status, or 128 + signal
  std::string out;       // stdout
  std::string err;       // stderr
};

// Runs argv[0] (searched on PATH when it has no '/') with argv, stdin from
// /dev/null, and waits for it.
ProcessResult runProcess(const std::vector<std::string>& argv);

// The absolute path of this executable and the directory holding it.
std::string selfPath();
std::string selfDir();

// Whether `path` names an executable regular file.
bool isExecutable(const std::string& path);

}  // namespace asctwin::report
