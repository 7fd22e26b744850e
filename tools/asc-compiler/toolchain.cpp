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

// The directory holding include/ and impl/ of a devkit root, or "".
std::string devkitBaseOf(const fs::path& root) {
  if (pathExists(root / "include" / "kernel_operator.h") && pathExists(root / "impl")) {
    return root.lexically_normal().string();
  }
  if (pathExists(root / "asc" / "include" / "kernel_operator.h")) {
    return (root / "asc").lexically_normal().string();
  }
  return "";
}

}  // namespace

std::vector<std::string> devkitIncludeDirs(const std::string& base) {
  std::vector<std::string> dirs;
  for (const char* d :
       {"impl/adv_api", "impl/basic_api", "impl/c_api", "impl/micro_api", "impl/simt_api",
        "impl/utils", "include", "include/adv_api", "include/adv_api/matmul", "include/aicpu_api",
        "include/basic_api", "include/c_api", "include/interface", "include/micro_api",
        "include/simt_api", "include/tiling", "include/utils"}) {
    dirs.push_back((fs::path(base) / d).string());
  }
  dirs.push_back(base);  // the headers' own "impl/..." includes
  return dirs;
}

Toolchain findToolchain(const std::string& hostCxxOverride, const std::string& devkitOverride) {
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
  std::string root = devkitOverride;
  const char* origin = "--asctwin-devkit";
  if (root.empty()) {
    if (const char* env = std::getenv("ASC_DEVKIT_ROOT"); env != nullptr && *env != '\0') {
      root = env;
      origin = "ASC_DEVKIT_ROOT";
    }
  }
  if (!root.empty()) {
    t.devkitBase = devkitBaseOf(fs::absolute(root));
    if (t.devkitBase.empty()) {
      t.error = std::string(origin) + "=" + root +
                ": not an asc-devkit checkout (include/kernel_operator.h and impl/) nor a CANN "
                "install (asc/include/kernel_operator.h)";
    }
  } else if (const char* home = std::getenv("ASCEND_HOME_PATH"); home != nullptr && *home != '\0') {
    if (pathExists(fs::path(home) / "asc" / "include" / "kernel_operator.h")) {
      t.devkitBase = (fs::path(home) / "asc").lexically_normal().string();
    }
  }
  return t;
}

}  // namespace asctwin::ascc
