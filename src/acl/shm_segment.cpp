#include "acl/shm_segment.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <new>

#include "acl/acl_rt.h"

namespace asctwin::acl {
namespace {
std::atomic<uint64_t> gNextSegment{1};

Status sysError(const std::string& what) {
  return Status(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, what + ": " + std::strerror(errno));
}
}  // namespace

Status shmCreate(const char* tag, uint32_t kind, size_t payloadBytes, ShmSegment* out) {
  ShmSegment seg;
  seg.name = std::string("/asctwin-") + tag + "-" + std::to_string(getpid()) + "-" +
             std::to_string(gNextSegment.fetch_add(1));
  seg.fd = shm_open(seg.name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  if (seg.fd < 0) return sysError("cannot create shared memory " + seg.name);
  seg.bytes = kShmHeaderBytes + payloadBytes;
  if (ftruncate(seg.fd, static_cast<off_t>(seg.bytes)) != 0) {
    Status s = sysError("cannot size shared memory " + seg.name);
    close(seg.fd);
    shm_unlink(seg.name.c_str());
    return s;
  }
  seg.base = mmap(nullptr, kShmHeaderBytes, PROT_READ | PROT_WRITE, MAP_SHARED, seg.fd, 0);
  if (seg.base == MAP_FAILED) {
    Status s = sysError("cannot map shared memory " + seg.name);
    close(seg.fd);
    shm_unlink(seg.name.c_str());
    return s;
  }
  auto* h = new (seg.base) ShmHeader();
  h->kind = kind;
  h->payloadBytes = payloadBytes;
  h->ownerPid = static_cast<int32_t>(getpid());
  *out = seg;
  return Status::ok();
}

Status shmOpen(const std::string& rawName, uint32_t kind, ShmSegment* out) {
  ShmSegment seg;
  seg.name = rawName.empty() || rawName[0] == '/' ? rawName : "/" + rawName;
  if (seg.name.rfind("/asctwin-", 0) != 0)
    return invalidParam("'" + rawName + "' is not a key or handle the twin exported");
  seg.fd = shm_open(seg.name.c_str(), O_RDWR, 0);
  if (seg.fd < 0)
    return invalidParam("'" + rawName +
                        "' names nothing shared: never exported, or its owner closed or freed it");
  struct stat st {};
  if (fstat(seg.fd, &st) != 0 || static_cast<size_t>(st.st_size) < kShmHeaderBytes) {
    close(seg.fd);
    return invalidParam("'" + rawName + "' is not a segment of the twin");
  }
  seg.bytes = static_cast<size_t>(st.st_size);
  seg.base = mmap(nullptr, kShmHeaderBytes, PROT_READ | PROT_WRITE, MAP_SHARED, seg.fd, 0);
  if (seg.base == MAP_FAILED) {
    close(seg.fd);
    return sysError("cannot map shared memory " + seg.name);
  }
  const ShmHeader* h = seg.header();
  if (h->magic != ShmHeader().magic || h->kind != kind) {
    shmClose(&seg, false);
    return invalidParam("'" + rawName + "' was exported as another kind of object");
  }
  if (h->checkPids != 0) {
    bool allowed = h->ownerPid == getpid();
    for (uint32_t i = 0; i < h->pidCount && i < kMaxImportPids; ++i)
      allowed |= h->allowedPids[i] == getpid();
    if (!allowed) {
      shmClose(&seg, false);
      return Status(ACL_ERROR_RT_NO_PERMISSION,
                    "process " + std::to_string(getpid()) + " may not import '" + rawName +
                        "': its exporter allowed other pids (set them with the SetPid call, or "
                        "export with the flag that disables pid validation)");
    }
  }
  *out = seg;
  return Status::ok();
}

void shmClose(ShmSegment* seg, bool unlink) {
  if (seg->base != nullptr && seg->base != MAP_FAILED) munmap(seg->base, kShmHeaderBytes);
  if (seg->fd >= 0) close(seg->fd);
  if (unlink && !seg->name.empty()) shm_unlink(seg->name.c_str());
  seg->base = nullptr;
  seg->fd = -1;
}

Status shmAllowPids(ShmSegment* seg, const int32_t* pids, size_t count) {
  ShmHeader* h = seg->header();
  if (h->pidCount + count > kMaxImportPids)
    return invalidParam("at most " + std::to_string(kMaxImportPids) + " pids can be allowed");
  for (size_t i = 0; i < count; ++i) h->allowedPids[h->pidCount++] = pids[i];
  h->checkPids = 1;
  return Status::ok();
}

}  // namespace asctwin::acl
