// asctwin-asc: the ASC compiler driver of asctwin, used by the ASC CMake
// package (find_package(ASC), LANGUAGES ASC) and asctwin_add_asc_executable().
// See driver.h for what it does and command_line.h for the options.
#include <cstdio>
#include <string>
#include <vector>

#include "command_line.h"
#include "driver.h"
#include "toolchain.h"

namespace {

constexpr const char* kUsage =
    "usage: asctwin-asc [options] <sources and objects>\n"
    "The ASC compiler of asctwin: compiles Ascend C sources (.asc) for the CPU twin\n"
    "and links programs against libasctwin. Takes the host compiler's options plus:\n"
    "  --npu-arch=dav-2201        the architecture (Atlas A2/A3, the only one twinned)\n"
    "  --run-mode=npu|cpu|sim     cpu defines ASCENDC_CPU_DEBUG; all run on the twin\n"
    "  -dc, -Xaicore-start/-end, -Xhost-start/-end, --cce-*, -mllvm <x>\n"
    "                             accepted; they steer NPU code generation only\n"
    "  -save-temps                keep <object>.ii and <object>.asc.cpp\n"
    "  --asctwin-translate        write the translated C++ of one source to -o\n"
    "  --asctwin-host-cxx=<path>  the host C++ compiler (also $ASCTWIN_HOST_CXX)\n"
    "  -v                         print the host compiler commands\n";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const asctwin::ascc::CommandLine cl = asctwin::ascc::parseCommandLine(args);
  if (cl.mode == asctwin::ascc::Mode::Help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (!cl.errors.empty()) {
    for (const std::string& e : cl.errors)
      std::fprintf(stderr, "asctwin-asc: error: %s\n", e.c_str());
    return 2;
  }
  if (args.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const asctwin::ascc::Toolchain toolchain = asctwin::ascc::findToolchain(cl.hostCxx);
  return asctwin::ascc::runDriver(cl, toolchain);
}
