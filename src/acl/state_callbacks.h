// Callbacks the runtime calls on state changes (registered in
// api_runtime_ext.cpp): stream creation/destruction, device set/reset,
// aclInit/aclFinalize.
#pragma once

#include "acl/acl_rt.h"
#include "common/status.h"

namespace asctwin::acl {

void notifyStreamState(aclrtStream stream, aclrtStreamState state);
void notifyDeviceState(int32_t device, aclrtDeviceState state);
// Calls the aclInit callbacks with the configuration file's text.
Status runInitCallbacks(const char* configPath);
void runFinalizeCallbacks();

}  // namespace asctwin::acl
