// Runs host tools with the driver's own standard streams and waits for
// them (tools/process).
#pragma once

#include <string>
#include <vector>

namespace asctwin::ascc {

// The tool's exit status; 127 when it cannot be started, 128 + signal when
// it was killed. `verbose` prints the command first (to stderr).
int runTool(const std::vector<std::string>& argv, bool verbose);

// Runs the commands, `jobs` at a time (no new one after a failure); true
// when all exit 0.
bool runTools(const std::vector<std::vector<std::string>>& cmds, unsigned jobs, bool verbose);

}  // namespace asctwin::ascc
