#include "subprocess.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

extern char** environ;

namespace asctwin::ascc {

int runTool(const std::vector<std::string>& argv, bool verbose) {
  if (verbose) {
    std::string line;
    for (const std::string& a : argv) line += (line.empty() ? "" : " ") + a;
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ);
  if (rc != 0) {
    std::fprintf(stderr, "asctwin-asc: cannot run '%s': %s\n", args[0], std::strerror(rc));
    return 127;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 127;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

}  // namespace asctwin::ascc
