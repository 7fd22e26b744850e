// Starting the checked program once: its environment gets the check-mode and
// checker variables; its stdin is /dev/null, its stdout/stderr are ours (or
// discarded).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asctwin::sanitizer {

struct RunRequest {
  std::vector<std::string> argv;
  uint64_t seed = 0;
  std::string tools;       // ASCTWIN_CHECKER
  std::string outputFile;  // ASCTWIN_CHECKER_OUT
  bool discardOutput = false;
};

// The program's exit status, 128 + signal when killed, or -1 when it could
// not be started (`error` says why).
int runProgram(const RunRequest& r, std::string* error);

}  // namespace asctwin::sanitizer
