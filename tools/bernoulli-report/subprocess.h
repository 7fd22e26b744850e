// Running a program and collecting its output: the report runs itself (child
// modes), python3 (the peers and the charts) and the checker this way.
#pragma once

#include <string>
#include <vector>

#include "tool_process.h"

namespace asctwin::report {

// started (false: the program could not be executed), exitCode (the exit
// status, or 128 + signal), out and err (stdout and stderr).
using ProcessResult = tools::ProcessResult;

// Runs argv[0] (searched on PATH when it has no '/') with argv, stdin from
// /dev/null, stdout and stderr collected, and waits for it (tools/process).
ProcessResult runProcess(const std::vector<std::string>& argv);

// The absolute path of this executable and the directory holding it.
std::string selfPath();
std::string selfDir();

// Whether `path` names an executable regular file.
bool isExecutable(const std::string& path);

}  // namespace asctwin::report
