#include "acl/config.h"

#include <sys/stat.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "acl/c_boundary.h"
#include "acl/dump.h"

namespace asctwin::acl {
namespace {
constexpr uint64_t kMaxConfigBytes = 16ull << 20;

bool blank(const std::string& text) {
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  return true;
}
bool readAll(const char* path, std::string* out) {
  std::FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return false;
  char buf[4096];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out->append(buf, n);
  const bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}
}  // namespace

Status checkConfigFile(const char* path) {
  const std::string where = std::string("configPath '") + path + "'";
  struct stat st {};
  if (::stat(path, &st) != 0)
    return Status(code::kInvalidFile, where + " does not name an existing file");
  if (!S_ISREG(st.st_mode)) return Status(code::kInvalidFile, where + " is not a regular file");
  if (static_cast<uint64_t>(st.st_size) > kMaxConfigBytes)
    return Status(code::kInvalidFile, where + " is " + std::to_string(st.st_size) +
                                          " bytes; a configuration file must not exceed " +
                                          std::to_string(kMaxConfigBytes) + " bytes");
  std::string text;
  if (!readAll(path, &text)) return Status(code::kInvalidFile, where + " could not be read");
  if (blank(text)) return Status::ok();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    return Status(code::kParseFile, where + " must contain a JSON object: " + e.what());
  }
  if (!doc.is_object())
    return Status(code::kParseFile, where + " must contain a JSON object, got a JSON " +
                                        std::string(doc.type_name()));
  return applyDumpConfig(text);
}

}  // namespace asctwin::acl
