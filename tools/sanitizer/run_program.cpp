#include "run_program.h"

#include "tool_process.h"

namespace asctwin::sanitizer {

int runProgram(const RunRequest& r, std::string* error) {
  tools::ProcessRequest p;
  p.argv = r.argv;
  p.env = {"ASCTWIN_MODE=check", "ASCTWIN_SEED=" + std::to_string(r.seed),
           "ASCTWIN_CHECKER=" + r.tools, "ASCTWIN_CHECKER_OUT=" + r.outputFile};
  p.output = r.discardOutput ? tools::ProcessRequest::Output::Discard
                             : tools::ProcessRequest::Output::Inherit;
  const tools::ProcessResult result = tools::runProcess(p);
  if (!result.started) {
    *error = result.error;
    return -1;
  }
  return result.exitCode < 0 ? 1 : result.exitCode;
}

}  // namespace asctwin::sanitizer
