// Devkit mode: the kernel-side tiling structures of a devkit root
// (kernel_tiling/kernel_tiling.h), made from the root's own tiling-data
// definitions as CANN's build makes them, and cached per root.
#pragma once

#include <string>
#include <vector>

namespace asctwin::ascc {

// The kernel_tiling.h text for the tiling-data definitions under
// `adv_api` (every *tilingdata.h, in path order): each
// BEGIN_TILING_DATA_DEF(Name) ... END_TILING_DATA_DEF becomes a plain
// struct AscendC::tiling::Name (8-byte packing, fields zero-initialised),
// and the structures kernels name unqualified are exported to the global
// namespace.
std::string kernelTilingHeader(const std::string& advApiDir);

// A directory holding kernel_tiling/kernel_tiling.h for the devkit `base`
// (generated when missing or older than a definition); "" and `error` on
// failure. The cache is $ASCTWIN_DEVKIT_CACHE, else $XDG_CACHE_HOME/asctwin,
// else ~/.cache/asctwin, else $TMPDIR, with one directory per root.
std::string kernelTilingDir(const std::string& base, std::string* error);

// The devkit's host tiling library (the advanced API's tiling functions,
// PlatformAscendC, the host log), compiled from the root's own sources
// (impl/adv_api/tiling, impl/adv_api/detail/host_log.cpp,
// impl/utils/tiling) against asctwin's host contract
// (include/asctwin/devkit/host) with `hostCxx`, once per root, into
// <cache>/libasctwin_devkit_tiling.a; "" and `error` on failure.
// It is rebuilt when a source or a header of `hostContractDir` is newer.
std::string tilingLibrary(const std::string& base, const std::string& hostCxx,
                          const std::vector<std::string>& includeArgs,
                          const std::string& hostContractDir, bool verbose, std::string* error);

// The header names a CANN install adds to a devkit's include/adv_api (the
// links of impl/adv_api/cmake/kernel_headers.cmake, e.g. matmul_intf.h ->
// matmul/matmul_intf.h, and the `lib/` prefix that names include/adv_api),
// as forwarding headers under <cache>/compat: the include path gets
// <compat> (for lib/...) and <compat>/adv. "" and `error` on failure.
std::string compatIncludeDir(const std::string& base, std::string* error);

// The cache directory for the devkit `base` (created); "" on failure.
std::string devkitCacheDir(const std::string& base, std::string* error);

}  // namespace asctwin::ascc
