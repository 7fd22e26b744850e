// The hidden child modes: one measurement per process, its result as one
// JSON object on stdout (the design measured each case in an isolated
// process, so that one path's allocations and warm caches do not colour the
// other's figures).
//   --child time   --child-path new|legacy|memset|memset-mt --dtypes D --shape ...
//   --child memory --child-path new|legacy        --memory-dtypes D --memory-shape ...
//   --child kernel  (a small aliased FP32 Bernoulli, for the checker to watch)
#pragma once

#include "options.h"

namespace asctwin::report {

// Returns the process exit status (0, or 1 with {"ok": false, "error": ...}).
int runChild(const Options& o);

}  // namespace asctwin::report
