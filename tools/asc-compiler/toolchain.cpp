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

// The first executable `name` on $PATH, or "".
std::string onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::string dirs = path;
  size_t start = 0;
  while (start <= dirs.size()) {
    const size_t end = dirs.find(':', start);
    const std::string dir =
        dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return "";
}

}  // namespace

std::vector<std::string> devkitIncludeDirs(const std::string& base) {
  std::vector<std::string> dirs;
  for (const char* d :
       {"impl/adv_api", "impl/basic_api", "impl/c_api", "impl/micro_api", "impl/simt_api",
        "impl/utils", "include", "include/adv_api", "include/adv_api/matmul", "include/basic_api",
        "include/c_api", "include/interface", "include/micro_api", "include/simt_api",
        "include/tiling", "include/utils"}) {
    dirs.push_back((fs::path(base) / d).string());
  }
  // Not include/aicpu_api: its aicpu_api.h is AI CPU (AArch64) device code;
  // AI CPU kernels run as host tasks with asctwin's own aicpu_api.h.
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
  const char* hostEnv = std::getenv("ASCTWIN_HOST_CXX");
  const bool chosen = !hostCxxOverride.empty() || (hostEnv != nullptr && *hostEnv != '\0');
  if (!hostCxxOverride.empty()) {
    t.hostCxx = hostCxxOverride;
  } else if (chosen) {
    t.hostCxx = hostEnv;
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
  // Huawei's headers name constructors by their template-id
  // (`LocalTensor<T>(const LocalTensor<T>&)`), which C++20 forbids and GCC
  // rejects; Clang accepts it. So devkit mode compiles with clang++ unless a
  // compiler was chosen explicitly.
  if (!chosen && !t.devkitBase.empty()) {
    if (const std::string clang = onPath("clang++"); !clang.empty()) t.hostCxx = clang;
  }
  return t;
}

}  // namespace asctwin::ascc
