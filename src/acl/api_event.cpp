// C entry points: events (acl/acl_rt.h).
#include "acl/acl_rt.h"
#include "acl/c_boundary.h"
#include "acl/event.h"
#include "acl/runtime.h"

using asctwin::invalidParam;
using asctwin::Status;
using asctwin::acl::guard;
namespace acl = asctwin::acl;

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) {
  return guard("aclrtCreateEvent", [&] { return acl::createEvent(event, ACL_EVENT_SYNC, false); });
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  return guard("aclrtCreateEventWithFlag", [&] { return acl::createEvent(event, flag, false); });
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  return guard("aclrtCreateEventExWithFlag", [&] { return acl::createEvent(event, flag, true); });
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  return guard("aclrtDestroyEvent", [&] { return acl::destroyEvent(event); });
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  return guard("aclrtRecordEvent", [&] { return acl::recordEvent(event, stream); });
}

aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag) {
  return guard("aclrtRecordEventWithFlag", [&] {
    if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL)
      return invalidParam("flag must be ACL_EVENT_RECORD_DEFAULT or ACL_EVENT_RECORD_EXTERNAL");
    return acl::recordEvent(event, stream);
  });
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  return guard("aclrtResetEvent", [&] { return acl::resetEvent(event, stream); });
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  return guard("aclrtQueryEvent", [&] {
    if (status == nullptr) return invalidParam("status must not be null");
    bool done = false;
    Status s = acl::eventComplete(event, &done);
    if (!s) return s;
    *status = done ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    return Status::ok();
  });
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  return guard("aclrtQueryEventStatus", [&] {
    if (status == nullptr) return invalidParam("status must not be null");
    bool done = false;
    Status s = acl::eventComplete(event, &done);
    if (!s) return s;
    *status = done ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return Status::ok();
  });
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  return guard("aclrtQueryEventWaitStatus", [&] {
    if (status == nullptr) return invalidParam("status must not be null");
    bool done = false;
    Status s = acl::eventWaitsDone(event, &done);
    if (!s) return s;
    *status = done ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
    return Status::ok();
  });
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  return guard("aclrtSynchronizeEvent", [&] { return acl::synchronizeEvent(event, -1); });
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  return guard("aclrtSynchronizeEventWithTimeout", [&] {
    if (timeout < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
    return acl::synchronizeEvent(event, timeout);
  });
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  return guard("aclrtEventElapsedTime", [&] { return acl::elapsedTime(ms, startEvent, endEvent); });
}

aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp) {
  return guard("aclrtEventGetTimestamp", [&] { return acl::eventTimestamp(event, timestamp); });
}

aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId) {
  return guard("aclrtGetEventId", [&] {
    if (eventId == nullptr) return invalidParam("eventId must not be null");
    acl::Event* e = nullptr;
    Status s = acl::resolveEvent(event, "event", &e);
    if (!s) return s;
    *eventId = e->id;
    return Status::ok();
  });
}

aclError aclrtGetEventAvailNum(uint32_t* eventCount) {
  return guard("aclrtGetEventAvailNum", [&] {
    if (eventCount == nullptr) return invalidParam("eventCount must not be null");
    *eventCount = 65536;  // host memory is the only limit on the twin
    return Status::ok();
  });
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  return guard("aclrtStreamWaitEvent", [&] { return acl::streamWaitEvent(stream, event, -1); });
}

aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout,
                                      uint32_t flag) {
  return guard("aclrtStreamWaitEventWithFlag", [&] {
    if (flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL)
      return invalidParam("flag must be ACL_EVENT_WAIT_DEFAULT or ACL_EVENT_WAIT_EXTERNAL");
    return acl::streamWaitEvent(stream, event, timeout == 0 ? -1 : static_cast<int32_t>(timeout));
  });
}

aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout) {
  return guard("aclrtStreamWaitEventWithTimeout", [&] {
    if (timeout < -1) return invalidParam("timeout must be -1 (no limit) or >= 0 ms");
    return acl::streamWaitEvent(stream, event, timeout);
  });
}

aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle) {
  return guard("aclrtIpcGetEventHandle", [&] { return acl::ipcGetEventHandle(event, handle); });
}

aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event) {
  return guard("aclrtIpcOpenEventHandle", [&] { return acl::ipcOpenEventHandle(handle, event); });
}

}  // extern "C"
