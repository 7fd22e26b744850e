// C entry points: IPC memory (aclrtIpcMem*) and notifies (aclrtNotify*,
// local and shared between processes), acl/acl_rt.h.
//
// IPC memory: exporting a device allocation moves the pages that hold it
// into a shared-memory segment in place (the segment receives their current
// bytes and is mapped over them), so the exporter keeps using the same
// addresses while an importer maps the same segment. Notifies are a flag in
// a segment: a record sets it, a wait blocks its stream until it is set and
// clears it.
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/runtime.h"
#include "acl/shm_segment.h"
#include "device/allocator.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;

namespace asctwin::acl {
namespace {

size_t pageSize() {
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

// ---- IPC memory -------------------------------------------------------------------
struct Exported {
  ShmSegment seg;
  uintptr_t pagesStart = 0;
  size_t pagesBytes = 0;
};
struct Imported {
  ShmSegment seg;
  void* mapping = nullptr;
  size_t mappingBytes = 0;
  void* devPtr = nullptr;
};
struct IpcState {
  std::mutex mu;
  std::map<std::string, Exported> exported;  // by key
  std::map<std::string, Imported> imported;  // by key
};
IpcState& ipc() {
  static auto* s = new IpcState();
  return *s;
}

std::string keyOf(const ShmSegment& seg) {
  return seg.name.substr(1);
}  // without '/'

Status exportMemory(void* devPtr, size_t size, char* key, size_t len, uint64_t flags) {
  if (devPtr == nullptr) return invalidParam("devPtr must not be null");
  if (key == nullptr) return invalidParam("key must not be null");
  if (size == 0) return invalidParam("size must be > 0");
  if (flags > ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION)
    return invalidParam(
        "flags must be ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT or "
        "ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION");
  Status s = device::DeviceMemory::instance().checkRange(devPtr, size, "devPtr");
  if (!s) return s;
  const uintptr_t p = reinterpret_cast<uintptr_t>(devPtr);
  const size_t page = pageSize();
  const uintptr_t start = p / page * page;
  const uintptr_t end = (p + size + page - 1) / page * page;
  ShmSegment seg;
  s = shmCreate("ipcmem", kShmIpcMemory, end - start, &seg);
  if (!s) return s;
  const std::string k = keyOf(seg);
  if (len < k.size() + 1) {
    shmClose(&seg, true);
    return invalidParam("len " + std::to_string(len) + " is too short for the key (needs " +
                        std::to_string(k.size() + 1) + "; CANN's is 65)");
  }
  // The segment takes the pages' bytes, then replaces them in place.
  void* staging = mmap(nullptr, end - start, PROT_READ | PROT_WRITE, MAP_SHARED, seg.fd,
                       static_cast<off_t>(kShmHeaderBytes));
  if (staging == MAP_FAILED) {
    shmClose(&seg, true);
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map the IPC segment");
  }
  std::memcpy(staging, reinterpret_cast<void*>(start), end - start);
  munmap(staging, end - start);
  if (mmap(reinterpret_cast<void*>(start), end - start, PROT_READ | PROT_WRITE,
           MAP_SHARED | MAP_FIXED, seg.fd, static_cast<off_t>(kShmHeaderBytes)) == MAP_FAILED) {
    shmClose(&seg, true);
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot share the allocation's pages");
  }
  ShmHeader* h = seg.header();
  h->payloadOffset = p - start;
  h->userBytes = size;
  h->checkPids = flags == ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION ? 0 : 1;
  std::snprintf(key, len, "%s", k.c_str());
  auto& st = ipc();
  std::lock_guard lock(st.mu);
  st.exported[k] = Exported{seg, start, end - start};
  return Status::ok();
}

Status importMemory(void** devPtr, const char* key, uint64_t flags) {
  if (devPtr == nullptr) return invalidParam("devPtr must not be null");
  if (key == nullptr) return invalidParam("key must not be null");
  if (flags > ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS)
    return invalidParam("flags must be ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT or _ENABLE_PEER_ACCESS");
  auto& st = ipc();
  std::lock_guard lock(st.mu);
  if (st.imported.count(key) != 0)
    return invalidParam(std::string("key '") + key + "' is already imported");
  ShmSegment seg;
  Status s = shmOpen(key, kShmIpcMemory, &seg);
  if (!s) return s;
  const ShmHeader* h = seg.header();
  const size_t bytes = h->payloadBytes;
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, seg.fd,
                 static_cast<off_t>(kShmHeaderBytes));
  if (m == MAP_FAILED) {
    shmClose(&seg, false);
    return Status(ACL_ERROR_RT_MEMORY_ALLOCATION, "cannot map the IPC memory");
  }
  void* user = static_cast<uint8_t*>(m) + h->payloadOffset;
  int32_t dev = 0;
  (void)currentDevice(&dev);
  s = device::DeviceMemory::instance().addMapped(dev, user, h->userBytes);
  if (!s) {
    munmap(m, bytes);
    shmClose(&seg, false);
    return s;
  }
  st.imported[key] = Imported{seg, m, bytes, user};
  *devPtr = user;
  return Status::ok();
}

Status closeMemory(const char* key) {
  if (key == nullptr) return invalidParam("key must not be null");
  auto& st = ipc();
  std::lock_guard lock(st.mu);
  auto im = st.imported.find(key);
  if (im != st.imported.end()) {
    (void)device::DeviceMemory::instance().removeMapped(im->second.devPtr);
    munmap(im->second.mapping, im->second.mappingBytes);
    shmClose(&im->second.seg, false);
    st.imported.erase(im);
    return Status::ok();
  }
  auto ex = st.exported.find(key);
  if (ex != st.exported.end()) {
    // The exporter's pages stay mapped (they are its allocation); only the
    // name goes, so no new process can import it.
    shmClose(&ex->second.seg, true);
    st.exported.erase(ex);
    return Status::ok();
  }
  return invalidParam(std::string("key '") + key + "' is neither exported nor imported here");
}

Status allowPids(const char* key, const int32_t* pids, size_t num) {
  if (key == nullptr) return invalidParam("key must not be null");
  if (pids == nullptr || num == 0) return invalidParam("pid must hold at least one pid");
  auto& st = ipc();
  std::lock_guard lock(st.mu);
  auto ex = st.exported.find(key);
  if (ex == st.exported.end())
    return invalidParam(std::string("key '") + key + "' was not exported here");
  return shmAllowPids(&ex->second.seg, pids, num);
}

// ---- notifies ---------------------------------------------------------------------
struct NotifyState {
  std::atomic<uint32_t> flag{0};
};

struct Notify {
  uint32_t magic = 0x4e4f5446;  // "NOTF"
  uint32_t id = 0;
  ShmSegment seg;
  NotifyState* state = nullptr;
  bool owner = false;
};

std::mutex gNotifyMu;
std::set<Notify*>& notifies() {
  static auto* s = new std::set<Notify*>();
  return *s;
}
std::atomic<uint32_t> gNextNotifyId{1};

Status resolveNotify(aclrtNotify h, Notify** out) {
  std::lock_guard lock(gNotifyMu);
  auto* n = static_cast<Notify*>(h);
  if (h == nullptr || notifies().count(n) == 0)
    return invalidParam("notify is not a live notify (aclrtCreateNotify / aclrtNotifyImportByKey)");
  *out = n;
  return Status::ok();
}

Status mapNotify(Notify* n) {
  void* p = mmap(nullptr, sizeof(NotifyState), PROT_READ | PROT_WRITE, MAP_SHARED, n->seg.fd,
                 static_cast<off_t>(kShmHeaderBytes));
  if (p == MAP_FAILED) return Status(ACL_ERROR_RT_NO_NOTIFY_RESOURCE, "cannot map the notify");
  n->state = static_cast<NotifyState*>(p);
  return Status::ok();
}

void releaseNotify(Notify* n) {
  if (n->state != nullptr) munmap(n->state, sizeof(NotifyState));
  shmClose(&n->seg, n->owner);
  delete n;
}

Status createNotify(aclrtNotify* out, uint64_t flag) {
  if (out == nullptr) return invalidParam("notify must not be null");
  *out = nullptr;
  if (flag != ACL_NOTIFY_DEFAULT && flag != ACL_NOTIFY_DEVICE_USE_ONLY)
    return invalidParam("flag must be ACL_NOTIFY_DEFAULT or ACL_NOTIFY_DEVICE_USE_ONLY");
  int32_t dev = -1;
  Status s = currentDevice(&dev);
  if (!s) return s;
  auto n = std::make_unique<Notify>();
  n->id = gNextNotifyId.fetch_add(1);
  s = shmCreate("notify", kShmNotify, pageSize(), &n->seg);
  if (!s) return s;
  n->owner = true;
  s = mapNotify(n.get());
  if (!s) {
    shmClose(&n->seg, true);
    return s;
  }
  std::lock_guard lock(gNotifyMu);
  *out = n.get();
  notifies().insert(n.release());
  return Status::ok();
}

}  // namespace
}  // namespace asctwin::acl

namespace acl = asctwin::acl;

extern "C" {

aclError aclrtIpcMemGetExportKey(void* devPtr, size_t size, char* key, size_t len, uint64_t flags) {
  return guard("aclrtIpcMemGetExportKey",
               [&] { return acl::exportMemory(devPtr, size, key, len, flags); });
}

aclError aclrtIpcMemImportByKey(void** devPtr, const char* key, uint64_t flags) {
  return guard("aclrtIpcMemImportByKey", [&] { return acl::importMemory(devPtr, key, flags); });
}

aclError aclrtIpcMemClose(const char* key) {
  return guard("aclrtIpcMemClose", [&] { return acl::closeMemory(key); });
}

aclError aclrtIpcMemSetImportPid(const char* key, int32_t* pid, size_t num) {
  return guard("aclrtIpcMemSetImportPid", [&] { return acl::allowPids(key, pid, num); });
}

aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag) {
  return guard("aclrtCreateNotify", [&] { return acl::createNotify(notify, flag); });
}

aclError aclrtDestroyNotify(aclrtNotify notify) {
  return guard("aclrtDestroyNotify", [&] {
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    {
      std::lock_guard lock(acl::gNotifyMu);
      acl::notifies().erase(n);
    }
    // Queued records and waits keep the notify until they have run.
    auto doomed = std::shared_ptr<acl::Notify>(n, acl::releaseNotify);
    acl::forEachStream([&](asctwin::device::Stream& st) {
      if (!st.idle()) st.holdUntilDrained(doomed);
    });
    return Status::ok();
  });
}

aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) {
  return guard("aclrtRecordNotify", [&] {
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    acl::NotifyState* state = n->state;
    st->enqueue("RecordNotify", [state] {
      state->flag.store(1);
      return Status::ok();
    });
    return Status::ok();
  });
}

aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout) {
  return guard("aclrtWaitAndResetNotify", [&] {
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    asctwin::device::Stream* st = nullptr;
    s = acl::resolveStream(stream, &st);
    if (!s) return s;
    acl::NotifyState* state = n->state;
    st->enqueue("WaitAndResetNotify", [state, timeout] {
      const auto start = std::chrono::steady_clock::now();
      auto pause = std::chrono::microseconds(20);
      for (;;) {
        uint32_t one = 1;
        if (state->flag.compare_exchange_strong(one, 0)) return Status::ok();
        if (timeout != 0 &&
            std::chrono::steady_clock::now() - start >= std::chrono::seconds(timeout))
          return Status(ACL_ERROR_RT_WAIT_TIMEOUT,
                        "the notify was not recorded within " + std::to_string(timeout) + " s");
        std::this_thread::sleep_for(pause);
        if (pause < std::chrono::milliseconds(1)) pause *= 2;
      }
    });
    return Status::ok();
  });
}

aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId) {
  return guard("aclrtGetNotifyId", [&] {
    if (notifyId == nullptr) return invalidParam("notifyId must not be null");
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    *notifyId = n->id;
    return Status::ok();
  });
}

aclError aclrtNotifyBatchReset(aclrtNotify* notifies, size_t num) {
  return guard("aclrtNotifyBatchReset", [&] {
    if (notifies == nullptr || num == 0)
      return invalidParam("notifies must hold at least one notify");
    for (size_t i = 0; i < num; ++i) {
      acl::Notify* n = nullptr;
      Status s = acl::resolveNotify(notifies[i], &n);
      if (!s) return Status(s.code(), "notifies[" + std::to_string(i) + "]: " + s.message());
    }
    for (size_t i = 0; i < num; ++i) static_cast<acl::Notify*>(notifies[i])->state->flag.store(0);
    return Status::ok();
  });
}

aclError aclrtNotifyGetExportKey(aclrtNotify notify, char* key, size_t len, uint64_t flags) {
  return guard("aclrtNotifyGetExportKey", [&] {
    if (key == nullptr) return invalidParam("key must not be null");
    if (flags != ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT &&
        flags != ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION)
      return invalidParam(
          "flags must be ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT or "
          "ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION");
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    if (!n->owner) return invalidParam("an imported notify cannot be exported again");
    const std::string k = acl::keyOf(n->seg);
    if (len < k.size() + 1) return invalidParam("len must be at least 65");
    n->seg.header()->checkPids = flags == ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT ? 1 : 0;
    std::snprintf(key, len, "%s", k.c_str());
    return Status::ok();
  });
}

aclError aclrtNotifyImportByKey(aclrtNotify* notify, const char* key, uint64_t flags) {
  return guard("aclrtNotifyImportByKey", [&] {
    if (notify == nullptr || key == nullptr) return invalidParam("notify and key must not be null");
    if (flags != ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT &&
        flags != ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS)
      return invalidParam("flags must be ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT or _ENABLE_PEER_ACCESS");
    auto n = std::make_unique<acl::Notify>();
    Status s = acl::shmOpen(key, acl::kShmNotify, &n->seg);
    if (!s) return s;
    n->id = acl::gNextNotifyId.fetch_add(1);
    s = acl::mapNotify(n.get());
    if (!s) {
      acl::shmClose(&n->seg, false);
      return s;
    }
    std::lock_guard lock(acl::gNotifyMu);
    *notify = n.get();
    acl::notifies().insert(n.release());
    return Status::ok();
  });
}

aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t* pid, size_t num) {
  return guard("aclrtNotifySetImportPid", [&] {
    if (pid == nullptr || num == 0) return invalidParam("pid must hold at least one pid");
    acl::Notify* n = nullptr;
    Status s = acl::resolveNotify(notify, &n);
    if (!s) return s;
    return acl::shmAllowPids(&n->seg, pid, num);
  });
}

}  // extern "C"
