// Where the driver finds the twin: its headers, its library and the host C++
// compiler. An installed driver finds the headers and the library next to it
// (<prefix>/bin -> <prefix>/include/asctwin, <prefix>/lib); a driver in
// asctwin's build tree uses the source tree's headers and the build tree's
// library (paths compiled in).
#pragma once

#include <string>
#include <vector>

namespace asctwin::ascc {

struct Toolchain {
  std::string includeDir;  // holds kernel_operator.h and acl/acl.h
  std::string libDir;      // holds libasctwin.so and the CANN library names
  std::string hostCxx;     // the host C++ compiler
  // Devkit mode: the user's asc-devkit (its include/ and impl/ are compiled
  // instead of asctwin's own kernel API); empty in own mode.
  std::string devkitBase;
  std::string error;  // a devkit root that is not one
};

// `hostCxxOverride` (--asctwin-host-cxx) wins over $ASCTWIN_HOST_CXX, which
// wins over the compiler asctwin was built with (when it still exists), then `c++`.
// The devkit: `devkitOverride` (--asctwin-devkit=), else $ASC_DEVKIT_ROOT,
// else $ASCEND_HOME_PATH when it is a CANN install with asc/include (asctwin's
// own CANN home is not: it holds asctwin's headers). A root is an asc-devkit
// checkout (include/kernel_operator.h) or a CANN install (asc/include/...).
Toolchain findToolchain(const std::string& hostCxxOverride, const std::string& devkitOverride);

// The include directories of devkit mode, in search order, for a devkit base
// (CANN's CPU-mode list, cmake/asc/asc_modules/CMakeASCInformation.cmake of
// asc-devkit, on the base's include/ and impl/).
std::vector<std::string> devkitIncludeDirs(const std::string& base);

}  // namespace asctwin::ascc
