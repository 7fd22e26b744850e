#include "subprocess.h"

#include <cstdio>

#include "tool_process.h"

namespace asctwin::ascc {
namespace {

tools::ProcessRequest toolRequest(const std::vector<std::string>& argv, bool verbose) {
  tools::ProcessRequest r;
  r.argv = argv;
  r.stdinFromNull = false;  // the driver's own streams
  r.echo = verbose;
  return r;
}

}  // namespace

int runTool(const std::vector<std::string>& argv, bool verbose) {
  const tools::ProcessResult r = tools::runProcess(toolRequest(argv, verbose));
  if (!r.started) {
    std::fprintf(stderr, "asctwin-asc: %s\n", r.error.c_str());
    return 127;
  }
  return r.exitCode < 0 ? 127 : r.exitCode;
}

bool runTools(const std::vector<std::vector<std::string>>& cmds, unsigned jobs, bool verbose) {
  std::vector<tools::ProcessRequest> requests;
  requests.reserve(cmds.size());
  for (const auto& argv : cmds) requests.push_back(toolRequest(argv, verbose));
  return tools::runProcesses(requests, jobs);
}

}  // namespace asctwin::ascc
