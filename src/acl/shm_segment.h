// Named POSIX shared-memory segments: the twin's stand-in for device memory
// and sync objects that several processes share (IPC memory, physical memory
// exported as a shareable handle, IPC events and notifies). Every segment
// starts with a header page the twin owns (kind, sizes, the pids allowed to
// import it); the payload follows at kHeaderBytes.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/status.h"

namespace asctwin::acl {

inline constexpr size_t kShmHeaderBytes = 4096;
inline constexpr uint32_t kMaxImportPids = 64;

struct ShmHeader {
  uint32_t magic = 0x41535457;  // "ASTW"
  uint32_t kind = 0;            // what the payload is (ShmKind)
  uint64_t payloadBytes = 0;
  uint64_t payloadOffset = 0;  // user offset inside the payload (IPC memory: the
                               // allocation's offset in its first page)
  uint64_t userBytes = 0;      // the exported size
  int32_t device = 0;
  int32_t ownerPid = 0;
  uint32_t checkPids = 0;  // 1: only allowedPids may import
  uint32_t pidCount = 0;
  int32_t allowedPids[kMaxImportPids] = {};
};

enum ShmKind : uint32_t { kShmIpcMemory = 1, kShmPhysical = 2, kShmNotify = 3 };

struct ShmSegment {
  std::string name;      // "/asctwin-..." as shm_open takes it
  void* base = nullptr;  // header page; payload at base + kShmHeaderBytes
  size_t bytes = 0;      // header + payload
  int fd = -1;
  ShmHeader* header() const { return static_cast<ShmHeader*>(base); }
  uint8_t* payload() const { return static_cast<uint8_t*>(base) + kShmHeaderBytes; }
};

// Creates "/asctwin-<tag>-<pid>-<n>" with a zeroed payload of `payloadBytes`.
Status shmCreate(const char* tag, uint32_t kind, size_t payloadBytes, ShmSegment* out);
// Opens an existing segment by name (with or without the leading '/'),
// checking its kind and, when the header asks for it, that this process is
// allowed to import it.
Status shmOpen(const std::string& name, uint32_t kind, ShmSegment* out);
// Unmaps (and closes); `unlink` removes the name as well.
void shmClose(ShmSegment* seg, bool unlink);
// Adds pids to the segment's import whitelist and turns the check on.
Status shmAllowPids(ShmSegment* seg, const int32_t* pids, size_t count);

}  // namespace asctwin::acl
