// One ABI fact: "sizeof T", "offsetof T.f", an enumerator or a macro, and
// its value as compiled in one translation unit.
#pragma once

#include <cstddef>

namespace asctwin::abi {

struct Entry {
  const char* what;
  long long value;
};

// The list compiled against CANN's headers (abi_cann.cpp) and against
// asctwin's (abi_ours.cpp), in the same order.
extern const Entry kCann[];
extern const size_t kCannCount;
extern const Entry kOurs[];
extern const size_t kOursCount;

}  // namespace asctwin::abi

// The X-macros of abi_table.inc, as initialisers of Entry.
#define ABI_STRUCT(id, T)                            \
  {"sizeof " #T, static_cast<long long>(sizeof(T))}, \
      {"alignof " #T, static_cast<long long>(alignof(T))},
#define ABI_FIELD(id, T, f) {"offsetof " #T "." #f, static_cast<long long>(offsetof(T, f))},
#define ABI_ENUM(e) {#e, static_cast<long long>(e)},
#define ABI_DEFINE(d) {#d, static_cast<long long>(d)},
