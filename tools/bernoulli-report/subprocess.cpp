#include "subprocess.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>

namespace asctwin::report {

ProcessResult runProcess(const std::vector<std::string>& argv) {
  tools::ProcessRequest request;
  request.argv = argv;
  request.output = tools::ProcessRequest::Output::Capture;
  return tools::runProcess(request);
}

std::string selfPath() {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

std::string selfDir() {
  const std::string p = selfPath();
  const size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string(".") : p.substr(0, slash);
}

bool isExecutable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace asctwin::report
