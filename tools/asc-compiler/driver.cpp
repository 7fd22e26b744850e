#include "driver.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <system_error>

#include "devkit_block_local.h"
#include "devkit_scalar_access.h"
#include "devkit_kfc_free_ub.h"
#include "devkit_sync_protocol.h"
#include "devkit_tiling.h"
#include "subprocess.h"
#include "translate.h"

namespace fs = std::filesystem;

namespace asctwin::ascc {
namespace {

bool endsWith(const std::string& s, const std::string& e) {
  return s.size() >= e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0;
}

bool readFile(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = std::move(buffer).str();
  return !in.bad();
}

bool writeFile(const fs::path& path, const std::string& data) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  return static_cast<bool>(out.write(data.data(), static_cast<std::streamsize>(data.size())) &&
                           out.flush());
}

// The twin's kernel headers need C++20 (std::bit_cast, std::source_location),
// while ASC's default standard is C++17: older standards are raised to C++20,
// keeping the GNU extensions choice.
std::vector<std::string> withStandard(const std::vector<std::string>& args, bool& given) {
  std::vector<std::string> out;
  given = false;
  for (const std::string& a : args) {
    if (a.rfind("-std=", 0) != 0) {
      out.push_back(a);
      continue;
    }
    given = true;
    const std::string v = a.substr(5);
    const bool gnu = v.rfind("gnu", 0) == 0;
    const std::string year = v.substr(gnu ? 5 : 3);
    const bool old = year == "98" || year == "03" || year == "0x" || year == "11" || year == "1y" ||
                     year == "14" || year == "1z" || year == "17";
    out.push_back(old ? (gnu ? "-std=gnu++20" : "-std=c++20") : a);
  }
  if (!given) out.push_back("-std=c++20");
  return out;
}

// Compile options without a language selection (the driver sets -x itself).
std::vector<std::string> withoutLanguage(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-x") {
      ++i;
      continue;
    }
    out.push_back(args[i]);
  }
  return out;
}

// Devkit mode: the front end sends device printf to ::AscendC::printf, the
// own API's; Huawei's headers declare theirs only in some units and after its
// first use in their own device code, so devkit mode sends it to the twin's
// kernel printf (asctwin/devkit/devkit_prelude.h) instead.
std::string devkitDeviceCalls(std::string text) {
  const std::string from = "::AscendC::printf";
  const std::string to = "::asctwin::devkit::kernelPrintf";
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    const size_t end = at + from.size();
    const bool whole = end >= text.size() ||
                       !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
    if (whole) {
      text.replace(at, from.size(), to);
      at += to.size();
    } else {
      at = end;
    }
  }
  return text;
}

class Driver {
 public:
  Driver(const CommandLine& cl, const Toolchain& tc) : cl_(cl), tc_(tc) {}
  ~Driver() {
    if (!tempDir_.empty() && !cl_.keepTemps) {
      std::error_code ec;
      fs::remove_all(tempDir_, ec);
    }
  }
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  int run() {
    if (!tc_.devkitBase.empty() && cl_.mode != Mode::Version && cl_.mode != Mode::Help &&
        cl_.mode != Mode::LaunchHeaders) {
      std::string error;
      tilingDir_ = kernelTilingDir(tc_.devkitBase, &error);
      if (!tilingDir_.empty()) compatDir_ = compatIncludeDir(tc_.devkitBase, &error);
      if (tilingDir_.empty() || compatDir_.empty()) {
        std::fprintf(stderr, "asctwin-asc: devkit mode: %s\n", error.c_str());
        return 2;
      }
    }
    switch (cl_.mode) {
      case Mode::Version:
        std::printf(
            "asctwin-asc %s: the ASC compiler driver of asctwin (a CPU twin of CANN)\n"
            "architecture: %s; host compiler: %s\nkernel API: %s\n",
            ASCTWIN_VERSION, supportedArchList().c_str(), tc_.hostCxx.c_str(),
            tc_.devkitBase.empty() ? "asctwin's own"
                                   : ("the asc-devkit in " + tc_.devkitBase).c_str());
        return 0;
      case Mode::Preprocess:
        return preprocessPlain();
      case Mode::Translate:
        return translateOnly();
      case Mode::LaunchHeaders:
        return launchHeadersOnly();
      case Mode::Compile:
      case Mode::Assemble:
      case Mode::SyntaxOnly:
        return compileAll();
      case Mode::Link:
        return link();
      case Mode::Help:
        break;
    }
    return 0;
  }

 private:
  // Devkit mode: the directories whose sources are library code, not the
  // user's (the devkit root, the per-root cache, asctwin's headers), as a
  // string literal of ':'-separated paths; records of instructions issued
  // from them name the user's line (asctwin/devkit/devkit_prelude.h).
  std::string devkitLibraryDirs() const {
    std::string list;
    for (const std::string& d : {tc_.devkitBase, tilingDir_, compatDir_, tc_.includeDir}) {
      if (d.empty()) continue;
      if (!list.empty()) list += ':';
      list += d;
    }
    std::string literal = "\"";
    for (const char c : list) {
      if (c == '"' || c == '\\') literal += '\\';
      literal += c;
    }
    return literal + "\"";
  }

  // Macros every ASC translation unit sees.
  std::vector<std::string> ascDefines(bool keepMarkers) const {
    std::vector<std::string> d = {"-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220"};
    // Huawei's headers build for a CPU in their CPU mode: devkit mode is that mode.
    if (cl_.runMode == "cpu" || !tc_.devkitBase.empty()) d.push_back("-DASCENDC_CPU_DEBUG=1");
    if (!tc_.devkitBase.empty()) {
      d.push_back("-DASCTWIN_DEVKIT=1");
      // An ASC unit holds host and device code in one pass: Huawei's headers
      // then take their host-compiler forms (typed enums, not DT_* macros).
      d.push_back("-D__ASCC_HOST__");
      d.push_back("-DASCTWIN_DEVKIT_LIBRARY_DIRS=" + devkitLibraryDirs());
    }
    if (keepMarkers) {
      for (const char* m :
           {"__global__", "__aicore__", "__vector__", "__cube__", "__aicpu__", "__gm__", "__ubuf__",
            "__cbuf__", "__ca__", "__cb__", "__cc__", "__biasbuf__", "__fbuf__"}) {
        d.push_back(std::string("-D") + m + "=" + m);
      }
      d.push_back("-D__mix__(aic,aiv)=__mix__(aic,aiv)");
      d.push_back("-DKERNEL_TASK_TYPE_DEFAULT(type)=KERNEL_TASK_TYPE_DEFAULT(type)");
      d.push_back("-DKERNEL_TASK_TYPE(key,type)=KERNEL_TASK_TYPE(key,type)");
    }
    return d;
  }

  // The twin's headers (and in devkit mode the devkit's before them and the
  // CPU-mode contract after them) on the system include path, after the
  // user's -I, and the prelude.
  std::vector<std::string> systemIncludes() const {
    std::vector<std::string> args;
    if (!tc_.devkitBase.empty()) {
      for (const std::string& d : devkitIncludeDirs(tc_.devkitBase)) {
        args.insert(args.end(), {"-isystem", d});
      }
      // kernel_tiling/kernel_tiling.h, made from the root's definitions,
      // and the header names a CANN install adds (lib/..., matmul_intf.h).
      args.insert(args.end(), {"-isystem", tilingDir_, "-isystem", compatDir_, "-isystem",
                               (fs::path(compatDir_) / "adv").string()});
      args.insert(args.end(),
                  {"-isystem", (fs::path(tc_.includeDir) / "asctwin" / "devkit").string()});
      // The host side of the contract: register/, graph/, platform/, dlog.
      args.insert(
          args.end(),
          {"-isystem", (fs::path(tc_.includeDir) / "asctwin" / "devkit" / "host").string()});
    }
    args.insert(args.end(), {"-isystem", tc_.includeDir, "-include", "asctwin/asc_prelude.h"});
    if (!tc_.devkitBase.empty()) {
      args.insert(args.end(), {"-include", "asctwin/devkit/devkit_prelude.h"});
    }
    return args;
  }

  // Devkit mode: the include path of the root's host tiling sources (as the
  // devkit's own build has it), then asctwin's host contract.
  std::vector<std::string> tilingIncludes() const {
    const fs::path b(tc_.devkitBase);
    std::vector<std::string> args;
    for (const fs::path& d :
         {b / "impl" / "adv_api" / "tiling", b, b / "include", b / "include" / "adv_api",
          b / "include" / "basic_api", b / "include" / "utils", b / "include" / "utils" / "context",
          b / "include" / "utils" / "tiling" / "platform"}) {
      args.push_back("-I" + d.string());
    }
    args.push_back("-I" + tilingDir_);
    args.insert(args.end(),
                {"-isystem", (fs::path(tc_.includeDir) / "asctwin" / "devkit" / "host").string(),
                 "-isystem", tc_.includeDir});
    return args;
  }

  const fs::path& tempDir() {
    if (tempDir_.empty()) {
      const char* base = std::getenv("TMPDIR");
      std::string pattern =
          std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/asctwin-asc-XXXXXX";
      if (::mkdtemp(pattern.data()) == nullptr) {
        std::perror("asctwin-asc: cannot create a temporary directory");
        std::exit(2);
      }
      tempDir_ = pattern;
    }
    return tempDir_;
  }

  // Intermediate files of `source` compiled to `object`: next to the object
  // with -save-temps, else in the temporary directory.
  fs::path intermediate(const std::string& source, const std::string& object,
                        const std::string& suffix) {
    if (cl_.keepTemps) return fs::path(object).concat(suffix);
    return tempDir() /
           (std::to_string(counter_++) + "-" + fs::path(source).filename().string() + suffix);
  }

  std::vector<std::string> hostCompileArgs() const {
    bool given = false;
    return withStandard(withoutLanguage(cl_.compileArgs), given);
  }

  // Pass 1 + the front end: `source` to translated C++ in `out`.
  int translate(const std::string& source, const std::string& object, const fs::path& out) {
    const fs::path ii = intermediate(source, object, ".ii");
    std::vector<std::string> cmd = {tc_.hostCxx, "-E"};
    for (const std::string& a : hostCompileArgs()) cmd.push_back(a);
    for (const std::string& a : ascDefines(true)) cmd.push_back(a);
    for (const std::string& a : cl_.preprocessArgs) cmd.push_back(a);
    for (const std::string& a : systemIncludes()) cmd.push_back(a);
    std::vector<std::string> deps = cl_.dependencyArgs;
    bool wantsDeps = false;
    bool hasTarget = false;
    bool hasFile = false;
    for (const std::string& a : deps) {
      wantsDeps = wantsDeps || a == "-MD" || a == "-MMD";
      hasTarget = hasTarget || a.rfind("-MT", 0) == 0 || a.rfind("-MQ", 0) == 0;
      hasFile = hasFile || a.rfind("-MF", 0) == 0;
    }
    if (wantsDeps && !hasTarget && !object.empty()) deps.insert(deps.end(), {"-MT", object});
    // Pass 1 writes to a temporary file, so -MD/-MMD without -MF would name the
    // dependency file after it: name it as gcc -c does, after the object.
    const bool userObject =
        !object.empty() && (tempDir_.empty() || object.rfind(tempDir_.string(), 0) != 0);
    if (wantsDeps && !hasFile && userObject) {
      deps.insert(deps.end(), {"-MF", fs::path(object).replace_extension(".d").string()});
    }
    for (const std::string& a : deps) cmd.push_back(a);
    cmd.insert(cmd.end(), {"-x", "c++", source, "-o", ii.string()});
    if (const int rc = runTool(cmd, cl_.verbose); rc != 0) return rc;

    std::string text;
    if (!readFile(ii, text)) {
      std::fprintf(stderr, "asctwin-asc: cannot read %s\n", ii.c_str());
      return 2;
    }
    std::error_code ec;
    const std::string display = fs::absolute(source, ec).lexically_normal().string();
    const std::string launchDir = aclrtLaunchDir();
    const asc::TranslateResult result =
        asc::translate(text, display, asc::SourceForm::Preprocessed, !launchDir.empty());
    if (!result.ok()) {
      constexpr size_t kMaxReported = 50;
      for (size_t i = 0; i < result.errors.size() && i < kMaxReported; ++i) {
        std::cerr << asc::formatDiagnostic(display, result.errors[i]) << '\n';
      }
      if (result.errors.size() > kMaxReported) {
        std::cerr << "asctwin-asc: " << result.errors.size() - kMaxReported
                  << " more errors not shown\n";
      }
      return 1;
    }
    std::string output = result.output;
    if (!tc_.devkitBase.empty()) {
      output = devkitDeviceCalls(output);
      std::string error;
      if (!asc::rewriteBlockLocals(output, &error) || !asc::rewriteScalarAccesses(output, &error) ||
          !asc::rewriteSyncProtocols(output, &error) || !asc::rewriteKfcFreeUb(output, &error)) {
        std::fprintf(stderr, "asctwin-asc: devkit mode: %s\n", error.c_str());
        return 1;
      }
    }
    if (!writeFile(out, output)) {
      std::fprintf(stderr, "asctwin-asc: cannot write %s\n", out.c_str());
      return 2;
    }
    return writeLaunchHeaders(launchDir, result);
  }

  static int writeLaunchHeaders(const std::string& dir, const asc::TranslateResult& result) {
    for (const asc::AclrtLaunch& a : result.aclrtLaunch) {
      const fs::path header = fs::path(dir) / a.headerName;
      std::string old;
      if (readFile(header, old) && old == a.header) continue;  // unchanged: no rebuild of users
      if (!writeFile(header, a.header)) {
        std::fprintf(stderr, "asctwin-asc: cannot write %s\n", header.c_str());
        return 2;
      }
    }
    return 0;
  }

  // GEN_ACLRT=<dir> among the definitions (ascendc_library with
  // ENABLE_ACLRT_LAUNCH, the kernel-launch flow): where the aclrtlaunch_<kernel>.h
  // headers go, as CANN's compiler writes them; "" when not asked for.
  std::string aclrtLaunchDir() const {
    const std::string key = "GEN_ACLRT=";
    const std::vector<std::string>& p = cl_.preprocessArgs;
    for (size_t i = 0; i < p.size(); ++i) {
      std::string d;
      if (p[i] == "-D" && i + 1 < p.size()) {
        d = p[i + 1];
      } else if (p[i].rfind("-D", 0) == 0) {
        d = p[i].substr(2);
      }
      if (d.rfind(key, 0) == 0) return d.substr(key.size());
    }
    return "";
  }

  // The object file name gcc would choose for `source` with -c and no -o.
  static std::string defaultObject(const std::string& source, const char* ext) {
    return fs::path(source).filename().replace_extension(ext).string();
  }

  int compileOne(const std::string& source, const std::string& object) {
    std::vector<std::string> cmd = {tc_.hostCxx};
    const char* modeFlag = cl_.mode == Mode::Assemble     ? "-S"
                           : cl_.mode == Mode::SyntaxOnly ? "-fsyntax-only"
                                                          : "-c";
    if (endsWith(source, ".c")) {  // C sources are the host compiler's alone, as C
      cmd.push_back(modeFlag);
      bool language = false;
      for (const std::string& a : cl_.compileArgs) {
        language = language || a == "-x";
        // A C++ standard (ASC's -std=c++17 from CMake) is not one for C.
        if (a.rfind("-std=c++", 0) == 0 || a.rfind("-std=gnu++", 0) == 0) continue;
        cmd.push_back(a);
      }
      if (!language) cmd.insert(cmd.end(), {"-x", "c"});  // `c++ x.c` would compile C++
      for (const std::string& a : cl_.preprocessArgs) cmd.push_back(a);
      for (const std::string& a : cl_.dependencyArgs) cmd.push_back(a);
      cmd.insert(cmd.end(), {"-isystem", tc_.includeDir, source});
      if (!object.empty()) cmd.insert(cmd.end(), {"-o", object});
      return runTool(cmd, cl_.verbose);
    }
    const fs::path cpp = intermediate(source, object, ".asc.cpp");
    if (const int rc = translate(source, object, cpp); rc != 0) return rc;
    cmd.push_back(modeFlag);
    for (const std::string& a : hostCompileArgs()) cmd.push_back(a);
    cmd.insert(cmd.end(), {"-x", "c++-cpp-output", cpp.string()});
    if (!object.empty() && cl_.mode != Mode::SyntaxOnly) cmd.insert(cmd.end(), {"-o", object});
    return runTool(cmd, cl_.verbose);
  }

  int compileAll() {
    if (cl_.sources.empty()) {
      std::fprintf(stderr, "asctwin-asc: no input files\n");
      return 2;
    }
    if (cl_.sources.size() > 1 && !cl_.output.empty() && cl_.mode != Mode::SyntaxOnly) {
      std::fprintf(stderr, "asctwin-asc: cannot specify -o with -c or -S with multiple files\n");
      return 2;
    }
    for (const std::string& s : cl_.sources) {
      const std::string object = !cl_.output.empty()          ? cl_.output
                                 : cl_.mode == Mode::Assemble ? defaultObject(s, ".s")
                                                              : defaultObject(s, ".o");
      if (const int rc = compileOne(s, object); rc != 0) return rc;
    }
    return 0;
  }

  int translateOnly() {
    if (cl_.sources.size() != 1 || cl_.output.empty()) {
      std::fprintf(stderr, "asctwin-asc: --asctwin-translate takes one source and -o <out.cpp>\n");
      return 2;
    }
    const fs::path tmp = fs::path(cl_.output).concat(".tmp");
    if (const int rc = translate(cl_.sources[0], cl_.output, tmp); rc != 0) return rc;
    std::error_code ec;
    fs::rename(tmp, cl_.output, ec);
    if (ec) {
      std::fprintf(stderr, "asctwin-asc: cannot write %s: %s\n", cl_.output.c_str(),
                   ec.message().c_str());
      return 2;
    }
    return 0;
  }

  // The launch headers of sources as written (no preprocessing, so no include
  // path is needed): what a build system runs before anything is compiled,
  // so that users of a kernel library find them; the compile writes them
  // again from the preprocessed unit.
  int launchHeadersOnly() {
    const std::string dir = aclrtLaunchDir();
    if (cl_.sources.empty() || dir.empty()) {
      std::fprintf(
          stderr,
          "asctwin-asc: --asctwin-aclrtlaunch-headers takes sources and -DGEN_ACLRT=<dir>\n");
      return 2;
    }
    for (const std::string& source : cl_.sources) {
      std::string text;
      if (!readFile(source, text)) {
        std::fprintf(stderr, "asctwin-asc: cannot read %s\n", source.c_str());
        return 2;
      }
      std::error_code ec;
      const std::string display = fs::absolute(source, ec).lexically_normal().string();
      const asc::TranslateResult result =
          asc::translate(text, display, asc::SourceForm::Raw, /*aclrtLaunch=*/true);
      if (!result.ok()) {
        for (const asc::Diagnostic& d : result.errors) {
          std::cerr << asc::formatDiagnostic(display, d) << '\n';
        }
        return 1;
      }
      if (const int rc = writeLaunchHeaders(dir, result); rc != 0) return rc;
    }
    return 0;
  }

  int preprocessPlain() {
    std::vector<std::string> cmd = {tc_.hostCxx, "-E"};
    for (const std::string& a : hostCompileArgs()) cmd.push_back(a);
    for (const std::string& a : ascDefines(false)) cmd.push_back(a);
    for (const std::string& a : cl_.preprocessArgs) cmd.push_back(a);
    for (const std::string& a : systemIncludes()) cmd.push_back(a);
    for (const std::string& a : cl_.dependencyArgs) cmd.push_back(a);
    for (const std::string& s : cl_.sources) cmd.insert(cmd.end(), {"-x", "c++", s});
    if (!cl_.output.empty()) cmd.insert(cmd.end(), {"-o", cl_.output});
    return runTool(cmd, cl_.verbose);
  }

  static bool linksTwin(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
      const std::string name = fs::path(a).filename().string();
      if (a == "-lasctwin" || name.rfind("libasctwin.", 0) == 0) return true;
    }
    return false;
  }

  int link() {
    std::vector<std::string> inputs = cl_.linkArgs;
    // Sources on a link line are compiled first (gcc's one-step build).
    for (std::string& a : inputs) {
      bool isSource = false;
      for (const std::string& s : cl_.sources) isSource = isSource || s == a;
      if (!isSource || endsWith(a, ".o")) continue;
      const std::string object =
          (tempDir() / (std::to_string(counter_++) + "-" + defaultObject(a, ".o"))).string();
      if (const int rc = compileOne(a, object); rc != 0) return rc;
      a = object;
    }
    std::vector<std::string> cmd = {tc_.hostCxx};
    for (const std::string& a : withoutLanguage(cl_.compileArgs)) cmd.push_back(a);
    bool devkitTiling = false;
    for (const std::string& a : inputs) {
      // Devkit mode: CANN's libtiling_api is the devkit's own tiling code,
      // compiled from the root (cached); asctwin's library answers what it
      // asks the platform, log and graph libraries.
      if (!tc_.devkitBase.empty() && !devkitTiling &&
          (a == "-ltiling_api" ||
           fs::path(a).filename().string().rfind("libtiling_api.", 0) == 0)) {
        std::string error;
        const std::string lib =
            tilingLibrary(tc_.devkitBase, tc_.hostCxx, tilingIncludes(),
                          (fs::path(tc_.includeDir) / "asctwin" / "devkit" / "host").string(),
                          cl_.verbose, &error);
        if (lib.empty()) {
          std::fprintf(stderr, "asctwin-asc: devkit mode: %s\n", error.c_str());
          return 2;
        }
        cmd.push_back(lib);
        devkitTiling = true;
      }
      cmd.push_back(a);
    }
    cmd.insert(cmd.end(), {"-L" + tc_.libDir, "-Wl,-rpath," + tc_.libDir});
    if (!linksTwin(inputs) || devkitTiling) cmd.push_back("-lasctwin");
    cmd.push_back("-pthread");
    if (!cl_.output.empty()) cmd.insert(cmd.end(), {"-o", cl_.output});
    return runTool(cmd, cl_.verbose);
  }

  const CommandLine& cl_;
  const Toolchain& tc_;
  fs::path tempDir_;
  int counter_ = 0;
  std::string tilingDir_;  // devkit mode: holds kernel_tiling/kernel_tiling.h
  std::string compatDir_;  // devkit mode: the header names of a CANN install
};

}  // namespace

int runDriver(const CommandLine& cl, const Toolchain& toolchain) {
  Driver driver(cl, toolchain);
  return driver.run();
}

}  // namespace asctwin::ascc
