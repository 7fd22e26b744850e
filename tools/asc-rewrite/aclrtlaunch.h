// The launch functions CANN's toolchain generates for the kernels of a kernel
// library (ascendc_library with ENABLE_ACLRT_LAUNCH, and always in the
// kernel-launch flow of ascendc.cmake): for a kernel `k` defined in a source,
//   header  <dir>/aclrtlaunch_k.h   declares
//           extern "C" uint32_t aclrtlaunch_k(uint32_t numBlocks, void* stream, <params>);
//           and ACLRT_LAUNCH_KERNEL(k) -> aclrtlaunch_k
//   source  the definition (one line, put right after the kernel's body, so
//           in its namespace), which launches k<<<numBlocks, nullptr, stream>>>(params)
//           and returns the launch's status.
// A global-memory pointer parameter (`__gm__ T*`, GM_ADDR) becomes `void*`;
// other parameters keep their type. Only non-template kernels defined in the
// unit's own file (not in its headers) get one.
#pragma once

#include <string>
#include <vector>

#include "kernel_scan.h"

namespace asctwin::asc {

struct AclrtLaunch {
  std::string kernel;
  std::string headerName;  // "aclrtlaunch_<kernel>.h"
  std::string header;      // the header's text
  std::string definition;  // the launch function, on one line
};

// `inMainFile[d]`: definition d of `kernels` is in the unit's own file.
std::vector<AclrtLaunch> aclrtLaunches(const KernelTable& kernels,
                                       const std::vector<bool>& inMainFile);

}  // namespace asctwin::asc
