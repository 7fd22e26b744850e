#include "device/written_ranges.h"

#include <algorithm>
#include <iterator>

namespace asctwin::device {

void WrittenRanges::mark(uintptr_t lo, uintptr_t hi) {
  if (hi <= lo) return;
  lo &= ~(kWrittenWordBytes - 1);
  hi = (hi + kWrittenWordBytes - 1) & ~(kWrittenWordBytes - 1);
  auto it = ranges_.upper_bound(lo);
  if (it != ranges_.begin() && std::prev(it)->second >= lo) --it;
  while (it != ranges_.end() && it->first <= hi) {
    lo = std::min(lo, it->first);
    hi = std::max(hi, it->second);
    it = ranges_.erase(it);
  }
  ranges_.emplace(lo, hi);
}

UnwrittenSpan WrittenRanges::unwritten(uintptr_t lo, uintptr_t hi) const {
  UnwrittenSpan span;
  uintptr_t at = lo;
  auto it = ranges_.upper_bound(lo);
  if (it != ranges_.begin() && std::prev(it)->second > lo) --it;
  for (; at < hi; ++it) {
    const uintptr_t gapEnd = it == ranges_.end() ? hi : std::min(hi, it->first);
    if (gapEnd > at) {
      if (span.first == 0) span.first = at;
      span.bytes += gapEnd - at;
    }
    if (it == ranges_.end()) break;
    at = std::max(at, it->second);
  }
  return span;
}

}  // namespace asctwin::device
