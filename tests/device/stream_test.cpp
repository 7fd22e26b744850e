#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "device/stream.h"

namespace asctwin::device {
namespace {

TEST(Stream, RunsInOrderAsynchronously) {
  Stream s(0);
  std::vector<int> order;
  std::atomic<bool> release{false};
  s.enqueue("gate", [&] {
    while (!release.load()) std::this_thread::yield();
    return Status::ok();
  });
  for (int i = 0; i < 100; ++i)
    s.enqueue("t", [&order, i] {
      order.push_back(i);
      return Status::ok();
    });
  // The host returned while the gate task still blocks the stream.
  EXPECT_TRUE(order.empty());
  release = true;
  ASSERT_TRUE(s.synchronize());
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(order[i], i);
}

TEST(Stream, ErrorLatchesUntilSynchronize) {
  // Stop on failure: the task after the failing one is skipped.
  Stream::Config stop;
  stop.stopOnFailure = true;
  Stream s(0, stop);
  int ran = 0;
  s.enqueue("ok", [&] {
    ++ran;
    return Status::ok();
  });
  s.enqueue("kernel_x", [&] { return Status(code::kRtFailure, "boom at line 12"); });
  s.enqueue("after", [&] {
    ++ran;
    return Status::ok();
  });
  Status st = s.synchronize();
  EXPECT_EQ(st.code(), code::kRtFailure);
  EXPECT_NE(st.message().find("kernel_x"), std::string::npos);
  EXPECT_NE(st.message().find("boom at line 12"), std::string::npos);
  EXPECT_NE(st.message().find("1 later task"), std::string::npos);
  EXPECT_EQ(ran, 1);
  // Cleared: the stream works again.
  s.enqueue("again", [&] {
    ++ran;
    return Status::ok();
  });
  EXPECT_TRUE(s.synchronize());
  EXPECT_EQ(ran, 2);
}

// The default failure mode (ACL_CONTINUE_ON_FAILURE): later tasks still run;
// the first error is the one reported.
TEST(Stream, ContinueOnFailureByDefault) {
  Stream s(0);
  int ran = 0;
  s.enqueue("first", [] { return Status(code::kRtFailure, "first error"); });
  s.enqueue("second", [] { return Status(code::kInvalidParam, "second error"); });
  s.enqueue("after", [&] {
    ++ran;
    return Status::ok();
  });
  Status st = s.synchronize();
  EXPECT_EQ(st.code(), code::kRtFailure);
  EXPECT_NE(st.message().find("first error"), std::string::npos);
  EXPECT_EQ(ran, 1);
}

TEST(Stream, ExceptionInTaskBecomesError) {
  Stream s(0);
  s.enqueue("throws", []() -> Status { throw std::runtime_error("bad"); });
  Status st = s.synchronize();
  EXPECT_EQ(st.code(), code::kRtFailure);
  EXPECT_NE(st.message().find("bad"), std::string::npos);
}

TEST(Stream, SynchronizeFromOwnWorkerIsRejected) {
  Stream s(0);
  Status inner;
  s.enqueue("self-sync", [&] {
    inner = s.synchronize();
    return Status::ok();
  });
  ASSERT_TRUE(s.synchronize());
  EXPECT_EQ(inner.code(), code::kRtFailure);
}

TEST(Stream, Registry) {
  auto* s = new Stream(0);
  EXPECT_TRUE(Stream::isLive(s));
  delete s;
  EXPECT_FALSE(Stream::isLive(s));
}

}  // namespace
}  // namespace asctwin::device
