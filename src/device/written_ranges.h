// Which bytes of one device allocation have been written: initcheck's single
// answer to "was this GM byte initialised?". The host's copies and sets,
// device tasks (the DSA mask) and kernels (reported by the checker) all mark
// through DeviceMemory::markWritten; the record lives with the allocation and
// is forgotten when it is freed.
//
// Word-granular (4 bytes, the kernels' smallest common dtype width): writing
// any byte of a word marks the word, so a kernel that reads a word the host
// wrote only part of is not reported. Kept as merged disjoint ranges (a copy
// of a whole tensor is one entry).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

namespace asctwin::device {

inline constexpr uintptr_t kWrittenWordBytes = 4;

struct UnwrittenSpan {
  uintptr_t first = 0;  // the first never-written byte (0 = none)
  size_t bytes = 0;     // never-written bytes in the range
};

class WrittenRanges {
 public:
  // Marks the words [lo, hi) touches; the caller clips to the allocation.
  void mark(uintptr_t lo, uintptr_t hi);
  // The bytes of [lo, hi) in no written word.
  UnwrittenSpan unwritten(uintptr_t lo, uintptr_t hi) const;

 private:
  std::map<uintptr_t, uintptr_t> ranges_;  // start -> end, disjoint, not touching
};

}  // namespace asctwin::device
