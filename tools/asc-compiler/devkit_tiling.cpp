#include "devkit_tiling.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>
#include <thread>
#include <vector>

#include "subprocess.h"

namespace fs = std::filesystem;

namespace asctwin::ascc {
namespace {

// The structures Ascend C kernels name without a namespace (CANN exports
// these from AscendC::tiling for compatibility with older kernels).
constexpr const char* kLegacyStructs[] = {
    "LogSoftMaxTiling",
    "SoftMaxTiling",
    "TConv3DApiTiling",
    "TConv3DBpFilterTiling",
    "Conv3DBpFilterParams",
    "TConv3DBpFilterBasicBlockTiling",
    "Conv3DBackpropFilterTilingData",
    "TConv3DBackpropInputTiling",
    "Conv3DBackpropInputTilingData",
    "Mc2ServerCfg",
    "Mc2HcommCfg",
    "Mc2InitTiling",
    "Mc2CcTiling",
    "TCubeTiling",
    "BatchNormTiling",
    "DeepNormTiling",
    "GroupNormTiling",
    "LayerNormGradBetaTiling",
    "LayerNormGradTiling",
    "LayerNormTiling",
    "LayerNormSeparateTiling",
    "RmsNormTiling",
    "UnPadTiling",
    "PadTiling",
    "TopkTiling",
    "ConfusionTransposeTiling",
};

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// The comma-separated arguments between the line's outermost parentheses.
std::vector<std::string> macroArgs(const std::string& line) {
  std::vector<std::string> out;
  const size_t open = line.find('(');
  const size_t close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::stringstream in(line.substr(open + 1, close - open - 1));
  std::string part;
  while (std::getline(in, part, ',')) out.push_back(trim(part));
  return out;
}

bool startsWith(const std::string& s, const char* p) {
  return s.rfind(p, 0) == 0;
}

void translateFile(const fs::path& file, std::string& structs, std::string& exports) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    const std::vector<std::string> a = macroArgs(line);
    if (startsWith(line, "BEGIN_TILING_DATA_DEF") && !a.empty()) {
      structs += "#pragma pack(push, 8)\nstruct " + a[0] + " {\n";
      for (const char* legacy : kLegacyStructs) {
        if (a[0] == legacy) exports += "using AscendC::tiling::" + a[0] + ";\n";
      }
    } else if (startsWith(line, "TILING_DATA_FIELD_DEF_ARR") && a.size() >= 3) {
      structs += "    " + a[0] + " " + a[2] + "[" + a[1] + "] = {};\n";
    } else if (startsWith(line, "TILING_DATA_FIELD_DEF_STRUCT") && a.size() >= 2) {
      structs += "    " + a[0] + " " + a[1] + ";\n";
    } else if (startsWith(line, "TILING_DATA_FIELD_DEF") && a.size() >= 2) {
      structs += "    " + a[0] + " " + a[1] + " = 0;\n";
    } else if (startsWith(line, "END_TILING_DATA_DEF")) {
      structs += "};\n#pragma pack(pop)\n";
    }
  }
}

std::vector<fs::path> definitionFiles(const std::string& advApiDir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(advApiDir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_regular_file(ec) && name.size() >= 12 &&
        name.compare(name.size() - 12, 12, "tilingdata.h") == 0) {
      files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The sources of the host tiling library of a devkit base.
std::vector<fs::path> tilingSources(const fs::path& base) {
  std::vector<fs::path> out;
  std::error_code ec;
  const fs::path tiling = base / "impl" / "adv_api" / "tiling";
  for (auto it = fs::recursive_directory_iterator(tiling, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().extension() == ".cpp") out.push_back(it->path());
  }
  for (const fs::path& p :
       {base / "impl" / "adv_api" / "detail" / "host_log.cpp",
        base / "impl" / "utils" / "tiling" / "platform" / "platform_ascendc.cpp",
        base / "impl" / "utils" / "tiling" / "template_argument.cpp"}) {
    if (fs::exists(p, ec)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::string tilingLibrary(const std::string& base, const std::string& hostCxx,
                          const std::vector<std::string>& includeArgs,
                          const std::string& hostContractDir, bool verbose, std::string* error) {
  const std::string dir = devkitCacheDir(base, error);
  if (dir.empty()) return "";
  const fs::path archive = fs::path(dir) / "libasctwin_devkit_tiling.a";
  const std::vector<fs::path> sources = tilingSources(base);
  if (sources.empty()) {
    *error = base + " has no host tiling sources (impl/adv_api/tiling)";
    return "";
  }
  // One build per root at a time (parallel makes link several programs).
  const std::string lockPath = (fs::path(dir) / "tiling.lock").string();
  const int lock = ::open(lockPath.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
  if (lock < 0 || ::flock(lock, LOCK_EX) != 0) {
    *error = "cannot lock " + lockPath;
    if (lock >= 0) ::close(lock);
    return "";
  }
  std::error_code ec;
  bool fresh = fs::exists(archive, ec);
  if (fresh) {
    const auto made = fs::last_write_time(archive, ec);
    for (const fs::path& s : sources) {
      if (fs::last_write_time(s, ec) > made) fresh = false;
    }
    for (auto it = fs::recursive_directory_iterator(hostContractDir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) && fs::last_write_time(it->path(), ec) > made) fresh = false;
    }
  }
  std::string result = archive.string();
  if (!fresh) {
    std::fprintf(stderr,
                 "asctwin-asc: devkit mode: compiling the host tiling library of %s "
                 "(once per devkit root)\n",
                 base.c_str());
    const fs::path objDir = fs::path(dir) / "tiling-objects";
    fs::remove_all(objDir, ec);
    fs::create_directories(objDir, ec);
    std::vector<std::vector<std::string>> compiles;
    std::vector<std::string> objects;
    for (size_t i = 0; i < sources.size(); ++i) {
      const std::string obj =
          (objDir / (std::to_string(i) + "-" + sources[i].stem().string() + ".o")).string();
      std::vector<std::string> cmd = {hostCxx, "-c", "-std=c++17", "-O1", "-fPIC", "-w"};
      cmd.insert(cmd.end(), includeArgs.begin(), includeArgs.end());
      cmd.insert(cmd.end(), {sources[i].string(), "-o", obj});
      compiles.push_back(cmd);
      objects.push_back(obj);
    }
    const unsigned jobs = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    const fs::path tmp = archive.string() + ".tmp";
    std::vector<std::string> ar = {"ar", "rcs", tmp.string()};
    ar.insert(ar.end(), objects.begin(), objects.end());
    fs::remove(tmp, ec);
    if (!runTools(compiles, jobs, verbose) || runTool(ar, verbose) != 0) {
      *error = "the host tiling library of " + base + " did not compile (see above)";
      result.clear();
    } else {
      fs::rename(tmp, archive, ec);
      if (ec) {
        *error = "cannot write " + archive.string() + ": " + ec.message();
        result.clear();
      }
      fs::remove_all(objDir, ec);
    }
  }
  ::flock(lock, LOCK_UN);
  ::close(lock);
  return result;
}

namespace {

bool writeForwarder(const fs::path& at, const fs::path& target) {
  std::error_code ec;
  fs::create_directories(at.parent_path(), ec);
  std::ofstream out(at, std::ios::binary | std::ios::trunc);
  out << "// Generated by asctwin-asc (devkit mode): a header name of a CANN install.\n"
      << "#include \"" << target.string() << "\"\n";
  return static_cast<bool>(out.flush());
}

// Forwarders at `at` for `target` (a header, or every header of a directory).
bool forward(const fs::path& at, const fs::path& target) {
  std::error_code ec;
  if (fs::is_directory(target, ec)) {
    for (auto it = fs::recursive_directory_iterator(target, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file(ec) &&
          !writeForwarder(at / fs::relative(it->path(), target, ec), it->path()))
        return false;
    }
    return true;
  }
  return !fs::exists(target, ec) || writeForwarder(at, target);
}

}  // namespace

std::string compatIncludeDir(const std::string& base, std::string* error) {
  const std::string dir = devkitCacheDir(base, error);
  if (dir.empty()) return "";
  const fs::path compat = fs::path(dir) / "compat";
  const fs::path stamp = compat / ".complete";
  std::error_code ec;
  if (fs::exists(stamp, ec)) return compat.string();
  const fs::path advApi = fs::path(base) / "include" / "adv_api";
  // Built aside and renamed, so parallel compiles see all of it or none.
  const fs::path tmp = fs::path(dir) / ("compat.tmp." + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  bool ok = forward(tmp / "lib", advApi);
  std::ifstream in(fs::path(base) / "impl" / "adv_api" / "cmake" / "kernel_headers.cmake");
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const std::string marker = "asc/include/adv_api/";
  for (size_t i = 0; ok && i + 2 < words.size(); ++i) {
    if (words[i] != "CREATE_LINK" && words[i] != "file(CREATE_LINK") continue;
    const std::string& target = words[i + 1];
    const std::string& link = words[i + 2];
    const size_t at = link.find(marker);
    if (at == std::string::npos) continue;
    const fs::path rel = link.substr(at + marker.size());
    const fs::path resolved = (advApi / rel.parent_path() / target).lexically_normal();
    ok = forward(tmp / "adv" / rel, resolved) && forward(tmp / "lib" / rel, resolved);
  }
  std::ofstream(tmp / ".complete") << "1\n";
  if (!ok) {
    *error = "cannot write the devkit's compatibility headers in " + tmp.string();
    return "";
  }
  fs::rename(tmp, compat, ec);
  if (ec) fs::remove_all(tmp, ec);  // another compile made it first
  return compat.string();
}

std::string kernelTilingHeader(const std::string& advApiDir) {
  std::string structs;
  std::string exports;
  for (const fs::path& f : definitionFiles(advApiDir)) translateFile(f, structs, exports);
  return "// Generated by asctwin-asc from " + advApiDir +
         "/**/*tilingdata.h (devkit mode).\n"
         "#ifndef __TIKCFW_KERNEL_TILING_H_\n#define __TIKCFW_KERNEL_TILING_H_\n\n"
         "#include <cstdint>\n#include <cstring>\n\nnamespace AscendC {\nnamespace tiling {\n" +
         structs + "}  // namespace tiling\n}  // namespace AscendC\n\n" + exports + "\n#endif\n";
}

std::string devkitCacheDir(const std::string& base, std::string* error) {
  fs::path root;
  if (const char* c = std::getenv("ASCTWIN_DEVKIT_CACHE"); c != nullptr && *c != '\0') {
    root = c;
  } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') {
    root = fs::path(x) / "asctwin";
  } else if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0') {
    root = fs::path(h) / ".cache" / "asctwin";
  } else {
    const char* t = std::getenv("TMPDIR");
    root = fs::path(t != nullptr && *t != '\0' ? t : "/tmp") / "asctwin-cache";
  }
  const size_t key = std::hash<std::string>{}(base);
  std::ostringstream name;
  name << "devkit-" << std::hex << key;
  const fs::path dir = root / name.str();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec) return dir.string();
  // An unwritable home: the temporary directory instead.
  const char* t = std::getenv("TMPDIR");
  const fs::path fallback =
      fs::path(t != nullptr && *t != '\0' ? t : "/tmp") / "asctwin-cache" / name.str();
  std::error_code ec2;
  fs::create_directories(fallback, ec2);
  if (!ec2) return fallback.string();
  *error = "cannot create the devkit cache " + dir.string() + ": " + ec.message();
  return "";
}

std::string kernelTilingDir(const std::string& base, std::string* error) {
  const std::string dir = devkitCacheDir(base, error);
  if (dir.empty()) return "";
  const std::string advApi = (fs::path(base) / "include" / "adv_api").string();
  const fs::path header = fs::path(dir) / "kernel_tiling" / "kernel_tiling.h";
  std::error_code ec;
  bool fresh = fs::exists(header, ec);
  if (fresh) {
    const auto made = fs::last_write_time(header, ec);
    for (const fs::path& f : definitionFiles(advApi)) {
      if (fs::last_write_time(f, ec) > made) fresh = false;
    }
  }
  // tiling/tiling_api.h, where a CANN install has it (a link to
  // include/adv_api/tiling_api.h in the devkit's own build).
  const fs::path api = fs::path(dir) / "tiling" / "tiling_api.h";
  const std::string apiText = "// Generated by asctwin-asc (devkit mode).\n#include \"" +
                              (fs::path(base) / "include" / "adv_api" / "tiling_api.h").string() +
                              "\"\n";
  if (!fs::exists(api, ec)) {
    fs::create_directories(api.parent_path(), ec);
    const fs::path apiTmp = api.string() + ".tmp." + std::to_string(::getpid());
    std::ofstream(apiTmp, std::ios::binary | std::ios::trunc) << apiText;
    fs::rename(apiTmp, api, ec);
  }
  if (fresh) return dir;
  fs::create_directories(header.parent_path(), ec);
  // Written aside and renamed, so parallel compiles never read half a file.
  const fs::path tmp = header.string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << kernelTilingHeader(advApi);
    if (!out.flush()) {
      *error = "cannot write " + tmp.string();
      return "";
    }
  }
  fs::rename(tmp, header, ec);
  if (ec) {
    *error = "cannot write " + header.string() + ": " + ec.message();
    return "";
  }
  return dir;
}

}  // namespace asctwin::ascc
