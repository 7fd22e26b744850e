#include "python_finder.h"

#include <climits>
#include <cstdlib>
#include <sstream>

#include <unistd.h>

#include "subprocess.h"

namespace asctwin::report {
namespace {

std::string realPath(const std::string& p) {
  char buf[PATH_MAX];
  return ::realpath(p.c_str(), buf) != nullptr ? std::string(buf) : p;
}

std::string onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream ss(path);
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    const std::string full = (dir.empty() ? "." : dir) + "/" + name;
    if (isExecutable(full)) return full;
  }
  return {};
}

}  // namespace

std::vector<std::string> pythonCandidates(const std::string& chosen) {
  if (!chosen.empty()) return {chosen};
  std::vector<std::string> c;
  const std::string first = onPath("python3");
  if (!first.empty()) c.push_back(first);
  // A pyenv shim resolves to another interpreter, so compare resolved files.
  const std::string system = "/usr/bin/python3";
  if (isExecutable(system) && (first.empty() || realPath(first) != realPath(system)))
    c.push_back(system);
  return c;
}

std::string scriptPath(const std::string& name) {
  const std::string dir = selfDir();
  for (const std::string& p : {dir + "/" + name, dir + "/../share/asctwin/" + name})
    if (isExecutable(p) || ::access(p.c_str(), R_OK) == 0) return p;
  return dir + "/" + name;
}

}  // namespace asctwin::report
