#include "run_program.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace asctwin::sanitizer {
namespace {

bool overridden(const char* e) {
  static const char* names[] = {
      "ASCTWIN_MODE=", "ASCTWIN_SEED=", "ASCTWIN_CHECKER=", "ASCTWIN_CHECKER_OUT="};
  for (const char* n : names)
    if (std::strncmp(e, n, std::strlen(n)) == 0) return true;
  return false;
}

}  // namespace

int runProgram(const RunRequest& r, std::string* error) {
  std::vector<std::string> envStore;
  for (char** e = environ; *e != nullptr; ++e)
    if (!overridden(*e)) envStore.emplace_back(*e);
  envStore.push_back("ASCTWIN_MODE=check");
  envStore.push_back("ASCTWIN_SEED=" + std::to_string(r.seed));
  envStore.push_back("ASCTWIN_CHECKER=" + r.tools);
  envStore.push_back("ASCTWIN_CHECKER_OUT=" + r.outputFile);
  std::vector<char*> envp, args;
  for (auto& s : envStore) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argStore = r.argv;
  for (auto& s : argStore) args.push_back(s.data());
  args.push_back(nullptr);

  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (r.discardOutput) {
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  }
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    *error = "cannot start " + r.argv[0] + ": " + std::strerror(rc);
    return -1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

}  // namespace asctwin::sanitizer
