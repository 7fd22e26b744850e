// The user's source line of an instruction issued by library code that does
// not report its call sites.
//
// The own front end's API reports each call's line (apiEnter). Code compiled
// against another library's headers (devkit mode: Huawei's asc-devkit) calls
// the intrinsics directly, so a record would name only the intrinsic. Once
// such a library registers the directories of its sources, the record of an
// instruction issued outside any API call is attributed to the first frame of
// the calling stack (inlined calls included: each inlined call's site counts
// as a frame) that is the user's: not asctwin's, not under a registered
// directory, not system code, and with line information.
//
// Cost: a stack walk from the intrinsic to that frame per record, and one
// debug-information lookup per distinct return address (cached for the
// process); only records that an observer sees are attributed
// (isa::enter), and the message of a launch failure.
#pragma once

#include <string>

#include "asctwin/kernel/runtime.h"

namespace asctwin::kernel {

// Files under `dir` (an absolute path) are library code, not the user's.
void addLibraryRoot(const std::string& dir);

// True once a library root is registered.
bool userSitesEnabled();

// The site of the calling code: the first user frame's file and line, with
// `api` as its name; Site{api, "", 0} when no frame is the user's.
Site userSite(const char* api);

}  // namespace asctwin::kernel
