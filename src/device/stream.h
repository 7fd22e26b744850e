// A stream: an in-order task queue with its own worker thread, asynchronous to
// the host. The first task error latches; tasks enqueued after it are skipped
// (their inputs may be garbage) and the error is returned, then cleared, by the
// next synchronize().
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "common/status.h"

namespace asctwin::device {

class Stream {
 public:
  using Task = std::function<Status()>;

  explicit Stream(int32_t device);
  ~Stream();  // waits for queued tasks, then stops the worker
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  int32_t device() const { return device_; }

  // Queues `task`; `name` appears in the error message if it fails.
  void enqueue(std::string name, Task task);
  // Waits until every queued task has finished; returns the latched error (if
  // any) and clears it. Called from this stream's own worker it is an error.
  Status synchronize();
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

  // Registry of live streams, so that C handles can be validated.
  static bool isLive(const Stream* s);

 private:
  struct Item {
    std::string name;
    Task task;
  };
  void workerLoop();

  const int32_t device_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Item> queue_;
  bool busy_ = false;
  bool stop_ = false;
  Status latched_;
  uint64_t tasksRun_ = 0;
  uint64_t skipped_ = 0;
  std::thread worker_;
};

}  // namespace asctwin::device
