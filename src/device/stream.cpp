#include "device/stream.h"

#include <set>

namespace asctwin::device {
namespace {
std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}
std::set<const Stream*>& registry() {
  static auto* r = new std::set<const Stream*>();
  return *r;
}
}  // namespace

Stream::Stream(int32_t device) : device_(device) {
  worker_ = std::thread([this] { workerLoop(); });
  std::lock_guard lock(registryMutex());
  registry().insert(this);
}

Stream::~Stream() {
  retire();
  {
    std::unique_lock lock(mu_);
    idle_.wait(lock, [&] { return queue_.empty() && !busy_; });
    stop_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

bool Stream::isLive(const Stream* s) {
  std::lock_guard lock(registryMutex());
  return registry().count(s) != 0;
}

void Stream::enqueue(std::string name, Task task) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Item{std::move(name), std::move(task)});
  }
  wake_.notify_one();
}

void Stream::retire() {
  std::lock_guard lock(registryMutex());
  registry().erase(this);
}

bool Stream::idle() const {
  std::lock_guard lock(mu_);
  return queue_.empty() && !busy_;
}

bool Stream::onWorker() const { return std::this_thread::get_id() == worker_.get_id(); }

uint64_t Stream::tasksRun() const {
  std::lock_guard lock(mu_);
  return tasksRun_;
}

Status Stream::synchronize() {
  if (onWorker())
    return Status(code::kRtFailure,
                  "aclrtSynchronizeStream called from a task running on the same stream "
                  "(it would wait for itself)");
  std::unique_lock lock(mu_);
  idle_.wait(lock, [&] { return queue_.empty() && !busy_; });
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
    const bool skip = !latched_.isOk();
    lock.unlock();
    Status s;
    if (!skip) {
      try {
        s = item.task();
      } catch (const std::exception& e) {
        s = Status(code::kRtFailure, std::string("unexpected exception: ") + e.what());
      }
    }
    lock.lock();
    if (skip) {
      ++skipped_;
    } else {
      ++tasksRun_;
      if (!s.isOk())
        latched_ = Status(s.code(), "stream task '" + item.name + "' failed: " + s.message());
    }
    busy_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace asctwin::device
