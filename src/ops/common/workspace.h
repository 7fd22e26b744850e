// The workspace of an operator's plan: pieces at 512-byte-aligned offsets
// (CANN's alignment of workspace buffers), the size the end of the last piece.
#pragma once

#include <cstdint>

namespace asctwin::ops {

inline constexpr uint64_t kWorkspaceAlign = 512;
// An offset for a piece the plan does not place in the workspace.
inline constexpr uint64_t kNotInWorkspace = UINT64_MAX;

struct WorkspaceLayout {
  uint64_t end = 0;  // the workspace size so far (a multiple of 512)
  // Places a piece of `bytes` and returns its offset.
  uint64_t add(uint64_t bytes) {
    const uint64_t start = end;
    end = (start + bytes + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign;
    return start;
  }
};

// The device address `offset` bytes into `base`.
inline uint8_t* at(void* base, uint64_t offset) {
  return static_cast<uint8_t*>(base) + offset;
}
inline const uint8_t* at(const void* base, uint64_t offset) {
  return static_cast<const uint8_t*>(base) + offset;
}

}  // namespace asctwin::ops
