// What `asctwin-asc` does with a parsed command line.
//
// Compiling an ASC source takes two passes of the host C++ compiler with the
// front end between them:
//   1. preprocess: `<host> -E -x c++` with the user's -D/-I options, the
//      twin's headers on the system include path, the architecture macros
//      (__NPU_ARCH__=2201, __CCE_AICORE__=220), ASCENDC_CPU_DEBUG in run mode
//      cpu, and the kernel markers defined to themselves so they survive;
//      dependency files (-MD/-MF/-MT) come from this pass;
//   2. translate (tools/asc-rewrite, translate.h): markers blanked, launches
//      rewritten, kernels registered;
//   3. compile: `<host> -x c++-cpp-output -c` with the user's code-generation
//      options.
// Linking is the host compiler's, with the twin's library directory, rpath
// and -lasctwin added.
#pragma once

#include "command_line.h"
#include "toolchain.h"

namespace asctwin::ascc {

// Runs the command; returns the exit status (0, the host compiler's status,
// 1 for front-end errors, 2 for a bad command line).
int runDriver(const CommandLine& cl, const Toolchain& toolchain);

}  // namespace asctwin::ascc
