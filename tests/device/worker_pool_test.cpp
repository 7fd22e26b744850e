#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "device/worker_pool.h"

namespace asctwin::device {
namespace {

TEST(WorkerPool, PartsRunConcurrently) {
  auto& pool = WorkerPool::instance();
  const unsigned parts = pool.size();
  std::atomic<unsigned> arrived{0};
  std::mutex mu;
  std::set<std::thread::id> threads;
  // Every part waits for all others: only possible if they run at the same time.
  pool.runConcurrently(parts, [&](unsigned) {
    {
      std::lock_guard lock(mu);
      threads.insert(std::this_thread::get_id());
    }
    arrived.fetch_add(1);
    while (arrived.load() < parts) std::this_thread::yield();
  });
  EXPECT_EQ(threads.size(), parts);
}

TEST(WorkerPool, ParallelForCoversRangeOnce) {
  auto& pool = WorkerPool::instance();
  for (size_t n : {1u, 2u, 7u, 1000u}) {
    std::vector<std::atomic<int>> hits(n);
    pool.parallelFor(n, 0, [&](size_t b, size_t e, unsigned) {
      for (size_t i = b; i < e; ++i) hits[i].fetch_add(1);
    });
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
  }
}

TEST(WorkerPool, RepeatedJobs) {
  auto& pool = WorkerPool::instance();
  std::atomic<long> sum{0};
  for (int j = 0; j < 500; ++j)
    pool.parallelFor(64, 0, [&](size_t b, size_t e, unsigned) {
      for (size_t i = b; i < e; ++i) sum.fetch_add(static_cast<long>(i));
    });
  EXPECT_EQ(sum.load(), 500L * (63 * 64 / 2));
}

}  // namespace
}  // namespace asctwin::device
