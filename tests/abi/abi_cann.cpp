// The ABI list against CANN's own headers (only in this test, never shipped).
#include <cstddef>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_platform.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_rt_memory_soma.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "abi_entries.h"

namespace asctwin::abi {
const Entry kCann[] = {
#include "abi_table.inc"
};
const size_t kCannCount = sizeof kCann / sizeof kCann[0];
}  // namespace asctwin::abi
