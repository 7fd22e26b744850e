// The persistent pool of host threads that carries out device work (kernel
// blocks, DSA mask generation). Its size is ASCTWIN_THREADS or the number of
// hardware threads. One job runs at a time; the calling thread takes part.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace asctwin::device {

class WorkerPool {
 public:
  static WorkerPool& instance();

  // Threads available to one job, the caller included (>= 1).
  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }

  // Runs fn(part) for part in [0, parts), every part on its own thread at the
  // same time (parts may wait for each other). Requires parts <= size().
  void runConcurrently(unsigned parts, const std::function<void(unsigned part)>& fn);

  // Splits [0, n) into at most `maxParts` contiguous chunks (0 = size()) and
  // runs fn(begin, end, part) on them concurrently.
  void parallelFor(size_t n, unsigned maxParts,
                   const std::function<void(size_t begin, size_t end, unsigned part)>& fn);

  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

 private:
  explicit WorkerPool(unsigned threads);
  void loop(unsigned index);

  std::mutex jobMu_;  // one job at a time
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  unsigned jobParts_ = 0;
  unsigned pending_ = 0;
  unsigned long generation_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace asctwin::device
