#include "device/worker_pool.h"

#include <algorithm>

#include "common/env.h"

namespace asctwin::device {

WorkerPool& WorkerPool::instance() {
  static WorkerPool pool([] {
    Status err;
    auto v = envUnsigned("ASCTWIN_THREADS", &err);
    unsigned n = std::max(1u, std::thread::hardware_concurrency());
    if (v && *v >= 1 && *v <= 1024) n = static_cast<unsigned>(*v);
    return n;
  }());
  return pool;
}

WorkerPool::WorkerPool(unsigned threads) {
  for (unsigned i = 1; i < threads; ++i) threads_.emplace_back([this, i] { loop(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::loop(unsigned index) {
  unsigned long seen = 0;
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    if (index >= jobParts_) continue;
    const auto* job = job_;
    lock.unlock();
    (*job)(index);
    lock.lock();
    if (--pending_ == 0) done_.notify_all();
  }
}

void WorkerPool::runConcurrently(unsigned parts, const std::function<void(unsigned)>& fn) {
  if (parts == 0) return;
  if (parts == 1) {
    fn(0);
    return;
  }
  std::lock_guard jobLock(jobMu_);
  parts = std::min(parts, size());
  {
    std::lock_guard lock(mu_);
    job_ = &fn;
    jobParts_ = parts;
    pending_ = parts - 1;
    ++generation_;
  }
  wake_.notify_all();
  fn(0);
  std::unique_lock lock(mu_);
  done_.wait(lock, [&] { return pending_ == 0; });
  job_ = nullptr;
  jobParts_ = 0;
}

void WorkerPool::parallelFor(size_t n, unsigned maxParts,
                             const std::function<void(size_t, size_t, unsigned)>& fn) {
  if (n == 0) return;
  unsigned parts = maxParts == 0 ? size() : std::min(maxParts, size());
  parts = static_cast<unsigned>(std::min<size_t>(parts, n));
  const size_t chunk = (n + parts - 1) / parts;
  runConcurrently(parts, [&](unsigned part) {
    const size_t begin = part * chunk;
    const size_t end = std::min(n, begin + chunk);
    if (begin < end) fn(begin, end, part);
  });
}

}  // namespace asctwin::device
