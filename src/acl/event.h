// Events (aclrtEvent): markers recorded on a stream, completed when the
// stream reaches them.
//
// Two behaviours, as CANN has them:
//  - events of aclrtCreateEvent / aclrtCreateEventWithFlag are flags: a
//    record sets the flag when the stream reaches it, a wait blocks its stream
//    until the flag is set, aclrtResetEvent clears it (asynchronously);
//  - events of aclrtCreateEventExWithFlag count records: a wait blocks until
//    the record that was the latest when the wait was issued has completed
//    (no record yet: nothing to wait for).
// The state lives in an EventState, in process memory or, for ACL_EVENT_IPC
// events shared with aclrtIpcGetEventHandle, in a shared-memory segment that
// other processes open with aclrtIpcOpenEventHandle (waits poll it).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "acl/acl_rt.h"
#include "common/status.h"
#include "device/stream.h"

namespace asctwin::acl {

struct EventState {
  std::atomic<uint64_t> recorded{0};     // records issued (host side)
  std::atomic<uint64_t> completed{0};    // records the stream reached
  std::atomic<uint32_t> flag{0};         // set by a completed record, cleared by reset
  std::atomic<uint64_t> timestampUs{0};  // host clock at the last completed record
  std::atomic<uint64_t> waitsIssued{0};
  std::atomic<uint64_t> waitsDone{0};
};

struct Event {
  uint32_t magic = kMagic;
  uint32_t flags = 0;
  uint32_t id = 0;
  int32_t device = 0;
  bool countsRecords = false;   // created by aclrtCreateEventExWithFlag
  EventState* state = nullptr;  // local or shared
  EventState local;
  std::string shmName;  // non-empty: state is a shared mapping
  bool shmOwner = false;
  static constexpr uint32_t kMagic = 0x45564e54;  // "EVNT"
};

// Live event handle or ACL_ERROR_INVALID_PARAM naming `what`.
Status resolveEvent(aclrtEvent handle, const char* what, Event** out);

Status createEvent(aclrtEvent* event, uint32_t flags, bool countsRecords);
Status destroyEvent(aclrtEvent event);
Status recordEvent(aclrtEvent event, aclrtStream stream);
Status resetEvent(aclrtEvent event, aclrtStream stream);
Status streamWaitEvent(aclrtStream stream, aclrtEvent event, int32_t timeoutMs);
// Blocks the host until the event's latest record has completed.
// timeoutMs < 0: no limit (else ACL_ERROR_RT_EVENT_SYNC_TIMEOUT).
Status synchronizeEvent(aclrtEvent event, int32_t timeoutMs);
// True when the latest record has completed (or there is none).
Status eventComplete(aclrtEvent event, bool* complete);
Status eventWaitsDone(aclrtEvent event, bool* done);
Status eventTimestamp(aclrtEvent event, uint64_t* us);
Status elapsedTime(float* ms, aclrtEvent start, aclrtEvent end);

// IPC: the handle names a shared-memory segment that holds the state.
Status ipcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle);
Status ipcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event);

// The host clock events use, in microseconds.
uint64_t hostMicros();

}  // namespace asctwin::acl
