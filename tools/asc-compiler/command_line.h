// The command line of `asctwin-asc`, the ASC compiler driver: what it is
// asked to do and every argument sorted by where it goes.
//
// The driver accepts the options of Huawei's ASC compiler that real projects
// and the ASC CMake package pass (--npu-arch, --run-mode, -dc,
// -Xaicore-start/-end, -Xhost-start/-end, --cce-*, -mllvm, ...): it checks
// the ones that select something (the architecture, the run mode) and drops
// the ones that only steer NPU code generation. Every other option goes to
// the host C++ compiler, which reports what it does not know.
#pragma once

#include <string>
#include <vector>

namespace asctwin::ascc {

enum class Mode {
  Link,           // no -c/-E/-S/-fsyntax-only: link objects into a program or library
  Compile,        // -c: each source to an object
  Assemble,       // -S
  SyntaxOnly,     // -fsyntax-only
  Preprocess,     // -E: the plain preprocessed source
  Translate,      // --asctwin-translate: the C++ the front end makes of a source
  LaunchHeaders,  // --asctwin-aclrtlaunch-headers: the aclrtlaunch_<kernel>.h of sources as written
  Version,        // --version
  Help,           // --help
};

struct CommandLine {
  Mode mode = Mode::Link;
  std::string output;                // -o (empty: the compiler's default)
  std::vector<std::string> sources;  // compile modes: the sources to translate
  // Link mode: inputs and link options in their order (order matters to the linker).
  std::vector<std::string> linkArgs;
  std::vector<std::string> preprocessArgs;  // -D -U -I -isystem -include ... (pass 1 only)
  std::vector<std::string> dependencyArgs;  // -MD -MMD -MF -MT -MQ -MP (pass 1 only)
  std::vector<std::string> compileArgs;     // -O -g -f -m -W -std ... (both passes)
  std::string npuArch = "dav-2201";         // --npu-arch
  std::string runMode = "npu";              // --run-mode: npu, cpu or sim
  std::string hostCxx;                      // --asctwin-host-cxx (empty: the default)
  bool verbose = false;                     // -v: print every host command
  bool keepTemps = false;                   // -save-temps / --asctwin-keep-temps
  std::vector<std::string> dropped;         // ASC-only options accepted and not passed on
  std::vector<std::string> errors;          // bad options, each a full sentence
};

CommandLine parseCommandLine(const std::vector<std::string>& args);

// The architectures the twin implements (ASC's --npu-arch names).
bool supportedArch(const std::string& arch);
std::string supportedArchList();

}  // namespace asctwin::ascc
