// The aclInit configuration file: CANN accepts a JSON file (dump, profiling
// and error-message options). asctwin checks that it is readable and is an
// empty document or a JSON object, and applies its "dump" section
// (acl/dump.h); other keys are accepted and ignored.
#pragma once

#include "common/status.h"

namespace asctwin::acl {

// ACL_ERROR_INVALID_FILE when the file cannot be read (missing, a directory,
// no permission, larger than 16 MiB); ACL_ERROR_PARSE_FILE when its content is
// not a JSON object.
Status checkConfigFile(const char* path);

}  // namespace asctwin::acl
