// Reading asctwin's environment variables (ASCTWIN_*) with strict parsing:
// a malformed value is an error that names the variable, never silently ignored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/status.h"

namespace asctwin {

std::optional<std::string> envString(const char* name);

// Parses an unsigned integer with an optional K/M/G suffix (binary units).
// Returns nullopt when unset; `error` is set when the value does not parse.
std::optional<uint64_t> envUnsigned(const char* name, Status* error);

// Parses a decimal/hex integer with an optional K/M/G suffix (binary units).
bool parseUnsigned(const std::string& text, uint64_t* value);

}  // namespace asctwin
