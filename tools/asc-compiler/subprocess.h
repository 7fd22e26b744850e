// Runs one host tool with the driver's own standard streams and waits for it.
#pragma once

#include <string>
#include <vector>

namespace asctwin::ascc {

// The tool's exit status; 127 when it cannot be started, 128 + signal when
// it was killed. `verbose` prints the command first (to stderr).
int runTool(const std::vector<std::string>& argv, bool verbose);

}  // namespace asctwin::ascc
