#include "acl/event.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <mutex>
#include <new>
#include <set>
#include <thread>

#include "acl/c_boundary.h"
#include "acl/runtime.h"

namespace asctwin::acl {
namespace {

std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}
std::set<const Event*>& registry() {
  static auto* r = new std::set<const Event*>();
  return *r;
}
std::atomic<uint32_t> gNextEventId{1};

constexpr uint32_t kKnownFlags = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS |
                                 ACL_EVENT_TIME_LINE | ACL_EVENT_DEVICE_USE_ONLY |
                                 ACL_EVENT_EXTERNAL | ACL_EVENT_IPC;

// Polls `ready` with a growing pause (20 us .. 1 ms): the state may be in
// shared memory written by another process. Returns false on timeout.
template <class Ready>
bool pollUntil(Ready ready, int32_t timeoutMs) {
  const auto start = std::chrono::steady_clock::now();
  auto pause = std::chrono::microseconds(20);
  while (!ready()) {
    if (timeoutMs >= 0 &&
        std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(timeoutMs))
      return false;
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(1)) pause *= 2;
  }
  return true;
}

void registerEvent(Event* e) {
  std::lock_guard lock(registryMutex());
  registry().insert(e);
}

}  // namespace

uint64_t hostMicros() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

Status resolveEvent(aclrtEvent handle, const char* what, Event** out) {
  if (handle == nullptr) return invalidParam(std::string(what) + " must not be null");
  std::lock_guard lock(registryMutex());
  auto* e = static_cast<Event*>(handle);
  if (registry().count(e) == 0)
    return invalidParam(std::string(what) + " " + hexPointer(handle) +
                        " is not a live event (destroyed already, or not created by "
                        "aclrtCreateEvent*)");
  *out = e;
  return Status::ok();
}

Status createEvent(aclrtEvent* event, uint32_t flags, bool countsRecords) {
  if (event == nullptr) return invalidParam("event must not be null");
  *event = nullptr;
  if ((flags & ~kKnownFlags) != 0)
    return invalidParam("flag 0x" + [&] {
      char b[16];
      std::snprintf(b, sizeof b, "%x", flags);
      return std::string(b);
    }() + " has bits that are not ACL_EVENT_* flags");
  if ((flags & ACL_EVENT_IPC) != 0 && !countsRecords)
    return invalidParam("ACL_EVENT_IPC events are created with aclrtCreateEventExWithFlag");
  int32_t dev = -1;
  Status s = currentDevice(&dev);
  if (!s) return s;
  auto e = std::make_unique<Event>();
  e->flags = flags;
  e->id = gNextEventId.fetch_add(1);
  e->device = dev;
  e->countsRecords = countsRecords;
  e->state = &e->local;
  if ((flags & ACL_EVENT_IPC) != 0) {
    e->shmName = "/asctwin-ipcev-" + std::to_string(getpid()) + "-" + std::to_string(e->id);
    const int fd = shm_open(e->shmName.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0)
      return Status(
          ACL_ERROR_RT_NO_EVENT_RESOURCE,
          "cannot create the shared memory of an IPC event: " + std::string(std::strerror(errno)));
    void* p = MAP_FAILED;
    if (ftruncate(fd, sizeof(EventState)) == 0)
      p = mmap(nullptr, sizeof(EventState), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
      shm_unlink(e->shmName.c_str());
      return Status(ACL_ERROR_RT_NO_EVENT_RESOURCE, "cannot map the shared memory of an IPC event");
    }
    e->state = new (p) EventState();
    e->shmOwner = true;
  }
  Event* raw = e.release();
  registerEvent(raw);
  *event = raw;
  return Status::ok();
}

Status destroyEvent(aclrtEvent event) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  {
    std::lock_guard lock(registryMutex());
    registry().erase(e);
  }
  // Tasks still queued that refer to the event keep it alive: the state is
  // released once they have run (destroying an event does not wait, as CANN).
  auto doomed = std::shared_ptr<Event>(e, [](Event* ev) {
    if (!ev->shmName.empty()) {
      munmap(ev->state, sizeof(EventState));
      if (ev->shmOwner) shm_unlink(ev->shmName.c_str());
    }
    delete ev;
  });
  forEachStream([&](device::Stream& st) {
    if (!st.idle()) st.holdUntilDrained(doomed);
  });
  return Status::ok();
}

namespace {

// The stream task of a record: completes generation `gen` of the event.
device::Stream::Task recordTask(EventState* state, uint64_t gen) {
  return [state, gen] {
    state->timestampUs.store(hostMicros());
    uint64_t cur = state->completed.load();
    while (cur < gen && !state->completed.compare_exchange_weak(cur, gen)) {
    }
    state->flag.store(1);
    return Status::ok();
  };
}

// The stream task of a wait for generation `gen` (counting events) or for
// the flag; counted as issued now, so that the event's wait queries see it.
device::Stream::Task waitTask(EventState* state, bool counts, uint64_t gen, int32_t timeoutMs) {
  state->waitsIssued.fetch_add(1);
  return [state, counts, gen, timeoutMs] {
    const bool ok = counts ? pollUntil([&] { return state->completed.load() >= gen; }, timeoutMs)
                           : pollUntil([&] { return state->flag.load() != 0; }, timeoutMs);
    state->waitsDone.fetch_add(1);
    if (!ok)
      return Status(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                    "the event was not recorded within " + std::to_string(timeoutMs) + " ms");
    return Status::ok();
  };
}

// A captured task is built at each launch of the model, which may come after
// the event is destroyed: the handle is looked up again then (once launched,
// the queued task keeps the event alive like any other).
device::Stream::LaunchTask atLaunchOf(aclrtEvent event, const char* what,
                                      std::function<device::Stream::Task(EventState*)> build) {
  return [event, what, build = std::move(build)] {
    Event* live = nullptr;
    Status alive = resolveEvent(event, what, &live);
    if (!alive) return device::Stream::Task([alive] { return alive; });
    return build(live->state);
  };
}

}  // namespace

Status recordEvent(aclrtEvent event, aclrtStream stream) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  device::Stream* st = nullptr;
  s = resolveStream(stream, &st);
  if (!s) return s;
  // A record completes generation `gen` when the stream reaches it. Captured,
  // the generation is issued when the model is launched (so that waits issued
  // after the launch wait for it).
  if (st->capturing()) {
    st->enqueueCapturable(
        "RecordEvent", nullptr,
        atLaunchOf(event, "the event of a captured aclrtRecordEvent", [](EventState* now) {
          return recordTask(now, now->recorded.fetch_add(1) + 1);
        }));
    return Status::ok();
  }
  EventState* state = e->state;
  st->enqueue("RecordEvent", recordTask(state, state->recorded.fetch_add(1) + 1));
  return Status::ok();
}

Status resetEvent(aclrtEvent event, aclrtStream stream) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  device::Stream* st = nullptr;
  s = resolveStream(stream, &st);
  if (!s) return s;
  EventState* state = e->state;
  st->enqueue("ResetEvent", [state] {
    state->flag.store(0);
    return Status::ok();
  });
  return Status::ok();
}

Status streamWaitEvent(aclrtStream stream, aclrtEvent event, int32_t timeoutMs) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  device::Stream* st = nullptr;
  s = resolveStream(stream, &st);
  if (!s) return s;
  const bool counts = e->countsRecords;
  // The generation waited for is the latest record issued when the wait is
  // (captured: when the model is launched).
  if (st->capturing()) {
    st->enqueueCapturable("StreamWaitEvent", nullptr,
                          atLaunchOf(event, "the event of a captured aclrtStreamWaitEvent",
                                     [counts, timeoutMs](EventState* now) {
                                       return waitTask(now, counts, now->recorded.load(),
                                                       timeoutMs);
                                     }));
    return Status::ok();
  }
  EventState* state = e->state;
  st->enqueue("StreamWaitEvent", waitTask(state, counts, state->recorded.load(), timeoutMs));
  return Status::ok();
}

Status synchronizeEvent(aclrtEvent event, int32_t timeoutMs) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  EventState* state = e->state;
  const uint64_t gen = state->recorded.load();
  if (!pollUntil([&] { return state->completed.load() >= gen; }, timeoutMs))
    return Status(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "the event's record did not complete within " +
                                                       std::to_string(timeoutMs) + " ms");
  return Status::ok();
}

Status eventComplete(aclrtEvent event, bool* complete) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  *complete = e->state->completed.load() >= e->state->recorded.load();
  return Status::ok();
}

Status eventWaitsDone(aclrtEvent event, bool* done) {
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  if (e->countsRecords)
    return invalidParam("events of aclrtCreateEventExWithFlag have no wait status");
  *done = e->state->waitsDone.load() >= e->state->waitsIssued.load();
  return Status::ok();
}

Status eventTimestamp(aclrtEvent event, uint64_t* us) {
  if (us == nullptr) return invalidParam("timestamp must not be null");
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  if (e->state->completed.load() == 0)
    return Status(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                  "the event has no completed record (record it and synchronise first)");
  if (e->state->completed.load() < e->state->recorded.load())
    return Status(ACL_ERROR_RT_EVENT_NOT_COMPLETE, "the event's latest record has not completed");
  *us = e->state->timestampUs.load();
  return Status::ok();
}

Status elapsedTime(float* ms, aclrtEvent start, aclrtEvent end) {
  if (ms == nullptr) return invalidParam("ms must not be null");
  uint64_t a = 0, b = 0;
  Status s = eventTimestamp(start, &a);
  if (!s) return Status(s.code(), "startEvent: " + s.message());
  s = eventTimestamp(end, &b);
  if (!s) return Status(s.code(), "endEvent: " + s.message());
  if (b < a)
    return Status(ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL, "endEvent completed before startEvent");
  *ms = static_cast<float>(static_cast<double>(b - a) / 1000.0);
  return Status::ok();
}

Status ipcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle) {
  if (handle == nullptr) return invalidParam("handle must not be null");
  Event* e = nullptr;
  Status s = resolveEvent(event, "event", &e);
  if (!s) return s;
  if ((e->flags & ACL_EVENT_IPC) == 0)
    return invalidParam("event was not created with ACL_EVENT_IPC (aclrtCreateEventExWithFlag)");
  std::memset(handle->reserved, 0, sizeof handle->reserved);
  std::snprintf(handle->reserved, sizeof handle->reserved, "%s", e->shmName.c_str());
  return Status::ok();
}

Status ipcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event) {
  if (event == nullptr) return invalidParam("event must not be null");
  *event = nullptr;
  std::string name(handle.reserved, strnlen(handle.reserved, sizeof handle.reserved));
  if (name.rfind("/asctwin-ipcev-", 0) != 0)
    return invalidParam("handle is not an IPC event handle of aclrtIpcGetEventHandle");
  const int fd = shm_open(name.c_str(), O_RDWR, 0);
  if (fd < 0)
    return invalidParam("handle names no live IPC event (its process destroyed it or exited)");
  void* p = mmap(nullptr, sizeof(EventState), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return Status(ACL_ERROR_RT_NO_EVENT_RESOURCE, "cannot map the IPC event");
  int32_t dev = 0;
  (void)currentDevice(&dev);
  auto e = std::make_unique<Event>();
  e->flags = ACL_EVENT_IPC;
  e->id = gNextEventId.fetch_add(1);
  e->device = dev;
  e->countsRecords = true;
  e->state = static_cast<EventState*>(p);
  e->shmName = name;
  e->shmOwner = false;
  Event* raw = e.release();
  registerEvent(raw);
  *event = raw;
  return Status::ok();
}

}  // namespace asctwin::acl
