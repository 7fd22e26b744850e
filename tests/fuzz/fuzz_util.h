// Shared by the libFuzzer targets: a property check that aborts (so libFuzzer
// records the input) with a readable reason.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "acl/acl.h"

#define FUZZ_CHECK(cond, ...)                                                                \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      std::fprintf(stderr, "property violated at %s:%d: %s\n  ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, __VA_ARGS__);                                                     \
      std::fprintf(stderr, "\n");                                                            \
      std::abort();                                                                          \
    }                                                                                        \
  } while (0)

// Brings the allocator to its steady state: its double-free history (a
// bounded record of recently freed bases) is filled once here, so that later
// frees replace entries instead of adding them. Otherwise libFuzzer sees more
// mallocs than frees on most inputs and re-runs each under LeakSanitizer.
inline void warmUpAllocator() {
  for (int i = 0; i < 4200; ++i) {
    void* p = nullptr;
    if (aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) std::abort();
    if (aclrtFree(p) != ACL_SUCCESS) std::abort();
  }
}

// A rejected call must leave a message (the caller cleared it before);
// aclGetRecentErrMsg returns null when there is none, and takes the message.
inline bool takeMessage() {
  const char* m = aclGetRecentErrMsg();
  return m != nullptr && *m != '\0';
}
#define FUZZ_CHECK_MESSAGE(rc, api)                                                 \
  FUZZ_CHECK((rc) == 0 || ::takeMessage(), "%s returned %d without a message", api, \
             static_cast<int>(rc))
