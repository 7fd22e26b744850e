// A stream: an in-order task queue with its own worker thread, asynchronous to
// the host. The first task error latches; in the default failure mode
// (continue on failure, as CANN's) later tasks still run; in stop-on-failure
// mode they are skipped (their inputs may be garbage). The latched error is
// returned, then cleared, by the next synchronize().
//
// A stream can be captured: while a capture sink is set, enqueue() hands the
// task to the sink (a model run instance records it) instead of running it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "common/status.h"

namespace asctwin::device {

class Stream {
 public:
  using Task = std::function<Status()>;
  // Makes the task a captured entry runs, when its model is launched (event
  // records and waits take their generation then, not at capture).
  using LaunchTask = std::function<Task()>;
  // Receives a task enqueued while the stream is captured (atLaunch may be
  // empty: the task itself is run on every replay).
  using CaptureSink = std::function<void(std::string name, Task task, LaunchTask atLaunch)>;

  struct Config {
    uint32_t flags = 0;    // ACL_STREAM_* flags as created
    int32_t priority = 0;  // 0 (highest) .. 7 (lowest)
    // ACL_CONTINUE_ON_FAILURE is the runtime's default (aclrtSetStreamFailureMode).
    bool stopOnFailure = false;
  };

  explicit Stream(int32_t device);
  Stream(int32_t device, const Config& config);
  ~Stream();  // waits for queued tasks, then stops the worker
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  int32_t device() const { return device_; }
  // A process-unique stream id (aclrtStreamGetId).
  int32_t id() const { return id_; }
  uint32_t flags() const { return config_.flags; }
  int32_t priority() const { return config_.priority; }
  void setStopOnFailure(bool stop);
  bool stopOnFailure() const;

  // Queues `task` (or gives it to the capture sink); `name` appears in the
  // error message if it fails.
  void enqueue(std::string name, Task task);
  // As enqueue, with the form a capture records: `atLaunch` is called when the
  // captured model is launched and returns the task to run then.
  void enqueueCapturable(std::string name, Task now, LaunchTask atLaunch);
  // Queues a task that bypasses capture and is not counted: it keeps `hold`
  // alive until every task queued before it has run or been skipped.
  void holdUntilDrained(std::shared_ptr<void> hold);
  // Waits until every queued task has finished; returns the latched error (if
  // any) and clears it. Called from this stream's own worker it is an error.
  Status synchronize();
  // As synchronize(), but gives up after `timeout` (negative: no limit) with
  // ACL_ERROR_RT_STREAM_SYNC_TIMEOUT; the work goes on.
  Status synchronizeFor(std::chrono::milliseconds timeout);
  // The latched error without waiting or clearing it.
  Status peekError() const;
  // True when called on this stream's worker thread.
  bool onWorker() const;
  // Number of tasks run (not skipped) so far.
  uint64_t tasksRun() const;
  // True when no task is queued or running.
  bool idle() const;
  // Takes the stream out of the registry of live handles (isLive() becomes
  // false) without waiting for its work: aclrtDestroyStreamForce. The owner
  // destroys the object later, which then waits for the remaining tasks.
  void retire();
  // Drops every queued task that has not started (aclrtStreamAbort).
  void discardQueued();

  // Capture: while set, enqueue() calls the sink instead of queuing.
  void setCaptureSink(CaptureSink sink);
  void clearCaptureSink();
  bool capturing() const;

  // Registry of live streams, so that C handles can be validated.
  static bool isLive(const Stream* s);

 private:
  struct Item {
    std::string name;
    Task task;
    bool counted = true;
  };
  void workerLoop();
  bool drainedLocked() const { return queue_.empty() && !busy_; }

  const int32_t device_;
  const int32_t id_;
  Config config_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Item> queue_;
  CaptureSink capture_;
  bool busy_ = false;
  bool stop_ = false;
  Status latched_;
  uint64_t tasksRun_ = 0;
  uint64_t skipped_ = 0;
  std::thread worker_;
};

}  // namespace asctwin::device
