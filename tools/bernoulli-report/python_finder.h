// Finding a python3 that has a given module: Debian's python3-torch,
// python3-numpy and python3-matplotlib live in /usr/bin/python3's
// dist-packages, while the python3 first on PATH may be another interpreter
// (pyenv, a venv) without them.
#pragma once

#include <string>
#include <vector>

namespace asctwin::report {

// The interpreters to try, in order: `chosen` alone when not empty;
// otherwise python3 on PATH, then /usr/bin/python3 (when it is another file).
std::vector<std::string> pythonCandidates(const std::string& chosen);

// The directory holding the tool's python scripts: next to the executable
// (build tree and install), else ../share/asctwin (install layout).
std::string scriptPath(const std::string& name);

}  // namespace asctwin::report
