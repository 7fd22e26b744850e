#include "toolchain.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace asctwin::ascc {
namespace {

fs::path selfDir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

bool pathExists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

}  // namespace

Toolchain findToolchain(const std::string& hostCxxOverride) {
  Toolchain t;
  const fs::path bin = selfDir();
  const fs::path installedInclude = (bin / ASCTWIN_REL_INCLUDEDIR).lexically_normal();
  if (!bin.empty() && pathExists(installedInclude / "kernel_operator.h")) {
    t.includeDir = installedInclude.string();
    t.libDir = (bin / ASCTWIN_REL_LIBDIR).lexically_normal().string();
  } else {
    t.includeDir = ASCTWIN_SOURCE_INCLUDEDIR;
    t.libDir = ASCTWIN_BUILD_LIBDIR;
  }
  if (!hostCxxOverride.empty()) {
    t.hostCxx = hostCxxOverride;
  } else if (const char* env = std::getenv("ASCTWIN_HOST_CXX"); env != nullptr && *env != '\0') {
    t.hostCxx = env;
  } else if (pathExists(ASCTWIN_DEFAULT_HOST_CXX)) {
    t.hostCxx = ASCTWIN_DEFAULT_HOST_CXX;
  } else {
    t.hostCxx = "c++";
  }
  return t;
}

}  // namespace asctwin::ascc
