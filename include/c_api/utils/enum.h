// The C API's cache-mode enumerations (asctwin's own, with the values of
// the reference's c_api/utils/enum.h): the L2 cache policy of a load from or
// a store to GM. The twin has no L2 cache; the values pass through.
#pragma once

#include <cstdint>

enum class asc_load_l2_cache_mode : uint8_t {
  NORMAL_FIRST_VICTIM = 0,
  NORMAL_LAST_VICTIM = 1,
  NORMAL_PERSISTENT = 2,
  NOTALLOC_KEEP = 4,
  NOTALLOC_CLEAN = 5,
  NOTALLOC_DROP = 6
};

enum class asc_store_l2_cache_mode : uint8_t {
  NORMAL_FIRST_VICTIM = 0,
  NORMAL_LAST_VICTIM = 1,
  NORMAL_PERSISTENT = 2,
  NOTALLOC_CLEAN = 4
};
