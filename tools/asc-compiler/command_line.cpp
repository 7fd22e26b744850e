#include "command_line.h"

#include <array>
#include <string_view>

namespace asctwin::ascc {
namespace {

bool startsWith(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// Options whose value is the next argument.
constexpr std::array<std::string_view, 13> kPreprocessWithValue = {"-D",
                                                                   "-U",
                                                                   "-I",
                                                                   "-isystem",
                                                                   "-iquote",
                                                                   "-idirafter",
                                                                   "-include",
                                                                   "-imacros",
                                                                   "-iprefix",
                                                                   "-iwithprefix",
                                                                   "-isysroot",
                                                                   "-imultilib",
                                                                   "-iwithprefixbefore"};
constexpr std::array<std::string_view, 3> kDependencyWithValue = {"-MF", "-MT", "-MQ"};
constexpr std::array<std::string_view, 4> kLinkWithValue = {"-L", "-l", "-Xlinker", "-T"};

template <size_t N>
bool among(const std::array<std::string_view, N>& list, std::string_view s) {
  for (const std::string_view x : list) {
    if (s == x) return true;
  }
  return false;
}

// A short option that takes its value joined or separate (-DX / -D X).
template <size_t N>
bool joinedAmong(const std::array<std::string_view, N>& list, std::string_view s) {
  for (const std::string_view x : list) {
    if (x.size() == 2 && startsWith(s, x) && s.size() > 2) return true;
  }
  return false;
}

// ASC options that only steer NPU code generation: accepted, not passed on.
bool ascOnlyFlag(std::string_view a) {
  return a == "-dc" || a == "--asc-aicore-lang" || a == "--aicore-only" ||
         a == "--cce-aicore-only" || a == "--enable-simt" ||
         a == "-forward-options-to-host-compiler" || startsWith(a, "--cce-") ||
         startsWith(a, "-cce-") || startsWith(a, "--gcc-toolchain=") || a == "-Xaicore-start" ||
         a == "-Xaicore-end" || a == "-Xhost-start" || a == "-Xhost-end" ||
         startsWith(a, "--asc-") || startsWith(a, "--cce_");
}

bool isSource(std::string_view a) {
  for (const std::string_view ext :
       {".asc", ".cpp", ".cc", ".cxx", ".c++", ".C", ".c", ".aicpu", ".cce", ".ii", ".i"}) {
    if (a.size() > ext.size() && a.substr(a.size() - ext.size()) == ext) return true;
  }
  return false;
}

bool isArchValue(const std::string& arch) {
  return supportedArch(arch);
}

}  // namespace

bool supportedArch(const std::string& arch) {
  // dav-2201 is Atlas A2/A3 (ascend910b, ascend910_93); dav-c220 is the same
  // core by its compiler name, with the -vec / -cube variants of one pass.
  return arch == "dav-2201" || arch == "dav-c220" || arch == "dav-c220-vec" ||
         arch == "dav-c220-cube";
}

std::string supportedArchList() {
  return "dav-2201 (Atlas A2/A3)";
}

CommandLine parseCommandLine(const std::vector<std::string>& args) {
  CommandLine cl;
  bool forceAscLanguage = false;
  auto value = [&](size_t& i, const std::string& opt) -> std::string {
    if (i + 1 >= args.size()) {
      cl.errors.push_back("option '" + opt + "' needs a value");
      return {};
    }
    return args[++i];
  };
  auto setArch = [&](const std::string& arch, const std::string& opt) {
    if (!isArchValue(arch)) {
      cl.errors.push_back(opt + "=" + arch + ": asctwin twins " + supportedArchList() + "; '" +
                          arch + "' is not supported");
    } else {
      cl.npuArch = arch;
    }
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-c") {
      cl.mode = Mode::Compile;
    } else if (a == "-S") {
      cl.mode = Mode::Assemble;
    } else if (a == "-E") {
      cl.mode = Mode::Preprocess;
    } else if (a == "-fsyntax-only") {
      cl.mode = Mode::SyntaxOnly;
    } else if (a == "--asctwin-translate") {
      cl.mode = Mode::Translate;
    } else if (a == "--asctwin-aclrtlaunch-headers") {
      cl.mode = Mode::LaunchHeaders;
    } else if (a == "--version") {
      cl.mode = Mode::Version;
    } else if (a == "--help" || a == "-h") {
      cl.mode = Mode::Help;
    } else if (a == "-v" || a == "--verbose") {
      cl.verbose = true;
    } else if (a == "-save-temps" || a == "--save-temps" || a == "--asctwin-keep-temps") {
      cl.keepTemps = true;
    } else if (startsWith(a, "--asctwin-host-cxx=")) {
      cl.hostCxx = a.substr(std::string_view("--asctwin-host-cxx=").size());
    } else if (a == "-o") {
      cl.output = value(i, a);
    } else if (startsWith(a, "-o") && a.size() > 2) {
      cl.output = a.substr(2);
    } else if (startsWith(a, "--npu-arch=") || startsWith(a, "--cce-aicore-arch=")) {
      const size_t eq = a.find('=');
      setArch(a.substr(eq + 1), a.substr(0, eq));
      cl.dropped.push_back(a);
    } else if (a == "--npu-arch" || a == "--cce-aicore-arch") {
      setArch(value(i, a), a);
      cl.dropped.push_back(a);
    } else if (startsWith(a, "--run-mode=")) {
      const std::string mode = a.substr(std::string_view("--run-mode=").size());
      if (mode != "npu" && mode != "cpu" && mode != "sim") {
        cl.errors.push_back("--run-mode=" + mode + ": the run mode is npu, cpu or sim");
      } else {
        cl.runMode = mode;
      }
      cl.dropped.push_back(a);
    } else if (a == "-mllvm") {
      cl.dropped.push_back(a + " " + value(i, a));
    } else if (ascOnlyFlag(a)) {
      cl.dropped.push_back(a);
    } else if (a == "-x") {
      // As with gcc, `-x` holds until the next `-x`; `-x none` goes back to
      // choosing by extension (so objects and archives after it are not sources).
      const std::string lang = value(i, a);
      forceAscLanguage = lang == "asc" || lang == "cce" || lang == "aicpu";
      if (!forceAscLanguage && lang != "none") {
        cl.compileArgs.insert(cl.compileArgs.end(), {"-x", lang});
      }
    } else if (among(kPreprocessWithValue, a)) {
      cl.preprocessArgs.push_back(a);
      cl.preprocessArgs.push_back(value(i, a));
    } else if (joinedAmong(kPreprocessWithValue, a) || startsWith(a, "-isystem") ||
               startsWith(a, "-iquote") || startsWith(a, "-idirafter") || a == "-nostdinc" ||
               a == "-nostdinc++" || a == "-undef" || a == "-P" || a == "-C" || a == "-dD" ||
               a == "-dM" || a == "-H") {
      cl.preprocessArgs.push_back(a);
    } else if (among(kDependencyWithValue, a)) {
      cl.dependencyArgs.push_back(a);
      cl.dependencyArgs.push_back(value(i, a));
    } else if (a == "-M" || a == "-MM" || a == "-MD" || a == "-MMD" || a == "-MP" || a == "-MG" ||
               (startsWith(a, "-MF") || startsWith(a, "-MT") || startsWith(a, "-MQ"))) {
      cl.dependencyArgs.push_back(a);
    } else if (among(kLinkWithValue, a)) {
      cl.linkArgs.push_back(a);
      cl.linkArgs.push_back(value(i, a));
    } else if (joinedAmong(kLinkWithValue, a) || startsWith(a, "-Wl,") || a == "-shared" ||
               a == "-static" || a == "-rdynamic" || a == "-nostdlib" || a == "-nodefaultlibs" ||
               a == "-static-libstdc++" || a == "-static-libgcc" || a == "-pie" || a == "-no-pie" ||
               startsWith(a, "-fuse-ld=") || a == "-s") {
      cl.linkArgs.push_back(a);
    } else if (a == "-pthread" || a == "-fopenmp" || startsWith(a, "-fsanitize") ||
               a == "--coverage" || startsWith(a, "-fprofile") || a == "-flto" ||
               startsWith(a, "-flto=")) {
      cl.compileArgs.push_back(a);  // compile and link
      cl.linkArgs.push_back(a);
    } else if (!a.empty() && a[0] == '-') {
      cl.compileArgs.push_back(a);  // -O -g -f -m -W -std and whatever the host compiler knows
    } else if (isSource(a) || forceAscLanguage) {
      cl.sources.push_back(a);
      cl.linkArgs.push_back(a);
    } else {
      cl.linkArgs.push_back(a);  // objects, archives, shared libraries
    }
  }
  return cl;
}

}  // namespace asctwin::ascc
