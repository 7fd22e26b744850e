// Where the driver finds the twin: its headers, its library and the host C++
// compiler. An installed driver finds the headers and the library next to it
// (<prefix>/bin -> <prefix>/include/asctwin, <prefix>/lib); a driver in
// asctwin's build tree uses the source tree's headers and the build tree's
// library (paths compiled in).
#pragma once

#include <string>

namespace asctwin::ascc {

struct Toolchain {
  std::string includeDir;  // holds kernel_operator.h and acl/acl.h
  std::string libDir;      // holds libasctwin.so and the CANN library names
  std::string hostCxx;     // the host C++ compiler
};

// `hostCxxOverride` (--asctwin-host-cxx) wins over $ASCTWIN_HOST_CXX, which
// wins over the compiler asctwin was built with (when it still exists), then `c++`.
Toolchain findToolchain(const std::string& hostCxxOverride);

}  // namespace asctwin::ascc
