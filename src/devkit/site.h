// The site of a record devkit code makes itself (ld_dev, st_dev, dsb, trap,
// the hardware SyncAll): the user's line when an observer sees the record
// (kernel/user_site.h), else the intrinsic's name.
#pragma once

#include "kernel/core_state.h"
#include "kernel/user_site.h"

namespace asctwin::devkit {

inline kernel::Site intrinsicSite(const char* name) {
  const kernel::CoreState* c = kernel::currentCoreOrNull();
  if (c != nullptr && c->observer != nullptr && kernel::userSitesEnabled())
    return kernel::userSite(name);
  return kernel::Site{name, "", 0};
}

}  // namespace asctwin::devkit
