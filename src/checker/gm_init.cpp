#include "checker/gm_init.h"

#include <algorithm>

#include "device/allocator.h"
#include "device/host_writes.h"

namespace asctwin::checker {
namespace {

bool poisonWord(uintptr_t a, uintptr_t e) {
  for (uintptr_t b = a; b < e; ++b)
    if (*reinterpret_cast<const uint8_t*>(b) != device::kPoisonByte) return false;
  return !device::hostWritten(reinterpret_cast<const void*>(a), e - a);
}

}  // namespace

bool uninitialisedGm(uintptr_t lo, uintptr_t hi) {
  if (device::hostWritten(reinterpret_cast<const void*>(lo), hi - lo)) return false;
  for (uintptr_t a = lo; a < hi; a += 4)
    if (poisonWord(a, std::min(hi, a + 4))) return true;
  return false;
}

UninitialisedSpan uninitialisedGmSpan(uintptr_t lo, uintptr_t hi) {
  UninitialisedSpan span;
  if (device::hostWritten(reinterpret_cast<const void*>(lo), hi - lo)) return span;
  for (uintptr_t a = lo; a < hi; a += 4) {
    const uintptr_t e = std::min(hi, a + 4);
    if (!poisonWord(a, e)) continue;
    if (span.first == 0) span.first = a;
    span.bytes += e - a;
  }
  return span;
}

}  // namespace asctwin::checker
