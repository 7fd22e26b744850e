// Running this tool's hidden child modes and reading their JSON answer.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "options.h"

namespace asctwin::report {

// The arguments every child shares with the parent's options (probability,
// seed, offset, protocol), exactly (doubles with 17 significant digits).
std::vector<std::string> childArgs(const Options& o, const std::string& mode,
                                   const std::string& path);
std::string joinShape(const std::vector<int64_t>& shape);

// Runs `args` (the first is this executable) and returns the child's JSON
// object; a child that fails or prints no JSON gives
// {"ok": false, "error": <what went wrong>}.
nlohmann::json runChildProcess(const std::vector<std::string>& args);

}  // namespace asctwin::report
