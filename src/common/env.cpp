#include "common/env.h"

#include <cerrno>
#include <cstdlib>

namespace asctwin {

std::optional<std::string> envString(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) return std::nullopt;
  return std::string(v);
}

bool parseUnsigned(const std::string& text, uint64_t* value) {
  if (text.empty() || text[0] == '-' || text[0] == '+' || text[0] == ' ') return false;
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (errno != 0 || end == text.c_str()) return false;
  uint64_t mult = 1;
  std::string rest(end);
  if (rest == "K" || rest == "k" || rest == "KiB") {
    mult = 1ull << 10;
  } else if (rest == "M" || rest == "m" || rest == "MiB") {
    mult = 1ull << 20;
  } else if (rest == "G" || rest == "g" || rest == "GiB") {
    mult = 1ull << 30;
  } else if (!rest.empty()) {
    return false;
  }
  if (v > UINT64_MAX / mult) return false;
  *value = static_cast<uint64_t>(v) * mult;
  return true;
}

std::optional<uint64_t> envUnsigned(const char* name, Status* error) {
  auto s = envString(name);
  if (!s) return std::nullopt;
  uint64_t v = 0;
  if (!parseUnsigned(*s, &v)) {
    if (error)
      *error = invalidParam(std::string("environment variable ") + name +
                            " must be an unsigned integer (optional K/M/G suffix), got '" + *s +
                            "'");
    return std::nullopt;
  }
  return v;
}

}  // namespace asctwin
