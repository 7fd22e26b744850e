// Model run instances (aclmdlRI): task sequences recorded from streams and
// replayed on a stream as one task.
//
// Two ways to make one, as CANN has them:
//  - stream capture (aclmdlRICaptureBegin .. aclmdlRICaptureEnd): every task
//    enqueued on the captured stream is recorded in order instead of run.
//    Task groups (aclmdlRICaptureTaskGrpBegin/End) mark entries that
//    aclmdlRICaptureTaskUpdateBegin/End later replace; conditional tasks
//    (aclmdlRIAddCondTask) run sub-models captured with
//    aclmdlRICaptureToModelRIBegin, chosen by a condition value in device
//    memory;
//  - building (aclmdlRIBuildBegin .. aclmdlRIBuildEnd): persistent streams
//    bound to the model record their tasks; the head stream runs first,
//    aclrtActiveStream / aclrtSwitchStream activate other bound streams,
//    labels (aclrtSetLabel, aclrtSwitchLabelByIndex) jump inside a stream,
//    aclmdlRIEndTask ends the run.
// aclmdlRIExecuteAsync enqueues one task that runs the entries in order on
// the stream's worker (bound streams one after another, in activation
// order). Event records and waits take their generation at the launch.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "common/status.h"
#include "device/stream.h"

namespace asctwin::acl::model {

struct RunContext;

struct Group;

struct Entry {
  std::string name;
  device::Stream::Task task;                   // run as is (a copy per run)
  device::Stream::LaunchTask atLaunch;         // or: makes the task at the launch
  std::shared_ptr<Group> group;                // a task group: runs the group's entries
  std::function<Status(RunContext&)> control;  // stream activation, switch, end, cond
  const void* label = nullptr;                 // a label marker (aclrtSetLabel)
};

struct Group {
  std::mutex mu;
  std::vector<Entry> entries;
};

}  // namespace asctwin::acl::model

namespace asctwin::acl {

// The stream's capture state for aclmdlRICaptureGetInfo; false when the
// stream is not captured.
bool streamCaptureModel(const device::Stream* stream, aclmdlRI* model);

}  // namespace asctwin::acl
