// The ABI list against asctwin's headers.
#include <cstddef>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_platform.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_rt_memory_soma.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "abi/abi_entries.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace asctwin::abi {
const Entry kOurs[] = {
#include "abi_table.inc"
};
const size_t kOursCount = sizeof kOurs / sizeof kOurs[0];
}  // namespace asctwin::abi
