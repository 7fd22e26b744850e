#include "device/stream.h"

#include <atomic>
#include <set>

namespace asctwin::device {
namespace {
constexpr int kStreamSyncTimeout = 507046;  // ACL_ERROR_RT_STREAM_SYNC_TIMEOUT

std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}
std::set<const Stream*>& registry() {
  static auto* r = new std::set<const Stream*>();
  return *r;
}
int32_t nextStreamId() {
  static std::atomic<int32_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

Stream::Stream(int32_t device) : Stream(device, Config{}) {}

Stream::Stream(int32_t device, const Config& config)
    : device_(device), id_(nextStreamId()), config_(config) {
  worker_ = std::thread([this] { workerLoop(); });
  std::lock_guard lock(registryMutex());
  registry().insert(this);
}

Stream::~Stream() {
  retire();
  {
    std::unique_lock lock(mu_);
    idle_.wait(lock, [&] { return drainedLocked(); });
    stop_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

bool Stream::isLive(const Stream* s) {
  std::lock_guard lock(registryMutex());
  return registry().count(s) != 0;
}

void Stream::setStopOnFailure(bool stop) {
  std::lock_guard lock(mu_);
  config_.stopOnFailure = stop;
}

bool Stream::stopOnFailure() const {
  std::lock_guard lock(mu_);
  return config_.stopOnFailure;
}

void Stream::enqueue(std::string name, Task task) {
  enqueueCapturable(std::move(name), std::move(task), nullptr);
}

void Stream::enqueueCapturable(std::string name, Task task, LaunchTask atLaunch) {
  CaptureSink sink;
  {
    std::lock_guard lock(mu_);
    if (!capture_) {
      queue_.push_back(Item{std::move(name), std::move(task), true});
    } else {
      sink = capture_;
    }
  }
  if (sink) {
    sink(std::move(name), std::move(task), std::move(atLaunch));
    return;
  }
  wake_.notify_one();
}

void Stream::holdUntilDrained(std::shared_ptr<void> hold) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Item{"hold", [h = std::move(hold)] { return Status::ok(); }, false});
  }
  wake_.notify_one();
}

void Stream::setCaptureSink(CaptureSink sink) {
  std::lock_guard lock(mu_);
  capture_ = std::move(sink);
}

void Stream::clearCaptureSink() {
  std::lock_guard lock(mu_);
  capture_ = nullptr;
}

bool Stream::capturing() const {
  std::lock_guard lock(mu_);
  return static_cast<bool>(capture_);
}

void Stream::retire() {
  std::lock_guard lock(registryMutex());
  registry().erase(this);
}

void Stream::discardQueued() {
  std::deque<Item> dropped;
  {
    std::lock_guard lock(mu_);
    dropped.swap(queue_);
    if (drainedLocked()) idle_.notify_all();
  }
  // Destroyed outside the lock: a dropped task may hold resources.
}

bool Stream::idle() const {
  std::lock_guard lock(mu_);
  return drainedLocked();
}

bool Stream::onWorker() const {
  return std::this_thread::get_id() == worker_.get_id();
}

uint64_t Stream::tasksRun() const {
  std::lock_guard lock(mu_);
  return tasksRun_;
}

Status Stream::peekError() const {
  std::lock_guard lock(mu_);
  return latched_;
}

Status Stream::synchronize() {
  return synchronizeFor(std::chrono::milliseconds(-1));
}

Status Stream::synchronizeFor(std::chrono::milliseconds timeout) {
  if (onWorker())
    return Status(code::kRtFailure,
                  "a stream was synchronised from a task running on the same stream "
                  "(it would wait for itself)");
  std::unique_lock lock(mu_);
  if (timeout.count() < 0) {
    idle_.wait(lock, [&] { return drainedLocked(); });
  } else if (!idle_.wait_for(lock, timeout, [&] { return drainedLocked(); })) {
    return Status(kStreamSyncTimeout, "the stream's work did not finish within " +
                                          std::to_string(timeout.count()) + " ms");
  }
  Status result = latched_;
  if (!result.isOk() && skipped_ > 0) {
    result = Status(result.code(), result.message() + " (" + std::to_string(skipped_) +
                                       " later task(s) on the stream were skipped)");
  }
  latched_ = Status::ok();
  skipped_ = 0;
  return result;
}

void Stream::workerLoop() {
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) {
      if (stop_) return;
      continue;
    }
    Item item = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    const bool skip = item.counted && !latched_.isOk() && config_.stopOnFailure;
    lock.unlock();
    Status s;
    if (!skip) {
      try {
        s = item.task();
      } catch (const std::exception& e) {
        s = Status(code::kRtFailure, std::string("unexpected exception: ") + e.what());
      }
    }
    // The task (and what it holds) dies before the stream counts as idle.
    item.task = nullptr;
    lock.lock();
    if (skip) {
      ++skipped_;
    } else if (item.counted) {
      ++tasksRun_;
      if (!s.isOk() && latched_.isOk())
        latched_ = Status(s.code(), "stream task '" + item.name + "' failed: " + s.message());
    }
    busy_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace asctwin::device
