// Kernel timeouts (ACL_ERROR_RT_AICORE_TIMEOUT): a block in an endless
// compute loop, a block that keeps issuing instructions, a block waiting in
// SyncAll for them and a block blocked in a system call. The launch fails
// after the limit with the runtime's timeout code and a report naming every
// unfinished block with its state, its last issued instruction and the line
// it was executing (oracles: __LINE__ of those statements); the process then
// runs a correct kernel.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <string>

#include "device/kernel_exception.h"
#include "device/worker_pool.h"
#include "kernel_test_util.h"

using namespace AscendC;

namespace {

// Records the next line's number in `var` before that line runs (the
// fence keeps the compiler from moving the faulting access above the store).
#define MARK_NEXT_LINE(var) \
  var = __LINE__ + 1;       \
  std::atomic_signal_fence(std::memory_order_seq_cst)

constexpr int kAicoreTimeout = 507014;  // ACL_ERROR_RT_AICORE_TIMEOUT (rt_error_codes.h)
constexpr auto kLimit = std::chrono::milliseconds(300);

uint32_t gDupLine = 0;
uint32_t gLoopLine = 0;
uint32_t gAddsLine = 0;
uint32_t gSyncLine = 0;

// Issues one instruction, then spins without any kernel call.
__global__ __aicore__ void spinKernel(GM_ADDR flag) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1024);
  LocalTensor<float> t = buf.Get<float>();
  MARK_NEXT_LINE(gDupLine);
  Duplicate(t, 1.0f, 256);
  volatile uint64_t counter = 0;
  auto* stop = reinterpret_cast<__gm__ volatile int32_t*>(flag);
  MARK_NEXT_LINE(gLoopLine);
  while (stop[0] == 0) counter = counter + 1;
}

// Block 0 waits in SyncAll for the others; block 1 keeps issuing
// instructions; block 2 spins. (With two host threads, blocks 0 and 2 share
// one: block 0 waits, then block 2 runs.)
__global__ __aicore__ void mixedKernel(GM_ADDR flag) {
  auto* stop = reinterpret_cast<__gm__ volatile int32_t*>(flag);
  if (GetBlockIdx() == 2) {
    volatile uint64_t counter = 0;
    while (stop[0] == 0) counter = counter + 1;
  } else if (GetBlockIdx() == 1) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, 256);
    while (stop[0] == 0) {
      MARK_NEXT_LINE(gAddsLine);
      Adds(t, t, 1.0f, 256);
    }
  }
  MARK_NEXT_LINE(gSyncLine);
  SyncAll();
}

// Waits on a condition nobody signals: blocked in a system call inside libc.
__global__ __aicore__ void blockedKernel() {
  std::mutex m;
  std::condition_variable cv;
  std::unique_lock lock(m);
  cv.wait(lock, [] { return false; });
}

__global__ __aicore__ void fillKernel(GM_ADDR out) {
  GlobalTensor<int32_t> y;
  y.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out) + GetBlockIdx() * 64, 64);
  for (int32_t i = 0; i < 64; ++i) y.SetValue(i, static_cast<int32_t>(GetBlockIdx() * 1000 + i));
}

class TimeoutTest : public asctwin::testing::KernelTest {
 protected:
  void SetUp() override {
    asctwin::device::setKernelTimeout(kLimit);
    flag_ = std::make_unique<asctwin::testing::DevBuf>(64);
    flag_->zero();
  }
  void TearDown() override { asctwin::device::resetKernelTimeout(); }

  void expectCorrectKernelRuns() {
    asctwin::testing::DevBuf out(4 * 64 * sizeof(int32_t));
    ASSERT_EQ(asctwin::run(fillKernel, vec(4, "fill"), out.gm()), 0) << lastError();
    const std::vector<int32_t> v = out.download<int32_t>(4 * 64);
    for (int32_t b = 0; b < 4; ++b)
      for (int32_t i = 0; i < 64; ++i) ASSERT_EQ(v[b * 64 + i], b * 1000 + i);
  }

  static std::string line(uint32_t l) { return "timeout_test.cpp:" + std::to_string(l); }
  // The report's line for one block.
  static std::string blockLine(const std::string& msg, const std::string& block) {
    const size_t at = msg.find("\n  " + block + " ");
    if (at == std::string::npos) return "";
    const size_t end = msg.find('\n', at + 1);
    return msg.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
  }

  std::unique_ptr<asctwin::testing::DevBuf> flag_;
};

TEST_F(TimeoutTest, EndlessLoopIsAnAicoreTimeoutNamingBlockInstructionAndLine) {
  const auto t0 = std::chrono::steady_clock::now();
  const int rc = asctwin::run(spinKernel, vec(1, "spin"), flag_->gm());
  const auto took = std::chrono::steady_clock::now() - t0;
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreTimeout) << msg;
  EXPECT_GE(took, kLimit);
  EXPECT_NE(msg.find("kernel 'spin': AI Core timeout: still running after 300 ms"),
            std::string::npos)
      << msg;
  const std::string b0 = blockLine(msg, "block 0");
  EXPECT_NE(b0.find("(AIV) running, executing " + line(gLoopLine) + " in "), std::string::npos)
      << msg;
  EXPECT_NE(b0.find("spinKernel("), std::string::npos) << msg;
  EXPECT_NE(b0.find("last issued instruction: Duplicate at " + line(gDupLine)), std::string::npos)
      << msg;
  EXPECT_NE(b0.find("abandoned"), std::string::npos) << msg;
  asctwin::device::KernelException e;
  ASSERT_TRUE(asctwin::device::takeThreadKernelException(&e));
  EXPECT_EQ(e.code, kAicoreTimeout);
  EXPECT_EQ(e.timeout, kLimit);
  ASSERT_EQ(e.hung.size(), 1u);
  EXPECT_EQ(e.hung[0].block, 0);
  EXPECT_EQ(e.hung[0].pcLine, gLoopLine);
  EXPECT_EQ(e.hung[0].lastApi, "Duplicate");
  EXPECT_EQ(e.hung[0].lastLine, gDupLine);
  expectCorrectKernelRuns();
}

TEST_F(TimeoutTest, EveryUnfinishedBlockIsReported) {
  if (asctwin::device::WorkerPool::instance().size() < 2)
    GTEST_SKIP() << "needs two host threads (ASCTWIN_THREADS) so that blocks 1 and 2 both run";
  asctwin::LaunchOptions o = vec(3, "mixed");
  o.mode = asctwin::ExecMode::Fast;
  const int rc = asctwin::run(mixedKernel, o, flag_->gm());
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreTimeout) << msg;
  EXPECT_NE(msg.find("3 of 3 blocks had not finished"), std::string::npos) << msg;
  const std::string b0 = blockLine(msg, "block 0"), b1 = blockLine(msg, "block 1"),
                    b2 = blockLine(msg, "block 2");
  EXPECT_NE(b2.find("running"), std::string::npos) << msg;
  EXPECT_NE(b2.find("abandoned"), std::string::npos) << msg;
  EXPECT_NE(b2.find("last issued instruction: none"), std::string::npos) << msg;
  EXPECT_NE(b1.find("running"), std::string::npos) << msg;
  EXPECT_NE(b1.find("last issued instruction: Adds at " + line(gAddsLine)), std::string::npos)
      << msg;
  EXPECT_NE(b1.find("stopped at its next instruction"), std::string::npos) << msg;
  EXPECT_NE(b0.find("waiting (SyncAll at " + line(gSyncLine) + ")"), std::string::npos) << msg;
  EXPECT_NE(b0.find("stopped when it came back from its wait"), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(TimeoutTest, ABlockWaitingInASystemCallIsAbandoned) {
  const int rc = asctwin::run(blockedKernel, vec(1, "blocked"));
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreTimeout) << msg;
  const std::string b0 = blockLine(msg, "block 0");
  EXPECT_NE(b0.find("running"), std::string::npos) << msg;
  EXPECT_NE(b0.find("abandoned"), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(TimeoutTest, CheckModeTimesOutTheSameWay) {
  asctwin::LaunchOptions o = vec(2, "spin");
  o.mode = asctwin::ExecMode::Check;
  const int rc = asctwin::run(spinKernel, o, flag_->gm());
  const std::string msg = lastError();
  EXPECT_EQ(rc, kAicoreTimeout) << msg;
  EXPECT_NE(msg.find("2 of 2 blocks had not finished"), std::string::npos) << msg;
  // One block runs at a time: the one that was spinning is named with its
  // line; the other had not started or was waiting for its turn.
  EXPECT_NE(msg.find("running, executing " + line(gLoopLine)), std::string::npos) << msg;
  expectCorrectKernelRuns();
}

TEST_F(TimeoutTest, AKernelThatEndsInTimeSucceeds) {
  expectCorrectKernelRuns();
}

TEST_F(TimeoutTest, TheLimitComesFromTheEnvironment) {
  asctwin::device::resetKernelTimeout();
  ASSERT_EQ(setenv("ASCTWIN_KERNEL_TIMEOUT", "250ms", 1), 0);
  const int rc = asctwin::run(spinKernel, vec(1, "spin"), flag_->gm());
  EXPECT_EQ(rc, kAicoreTimeout) << lastError();
  EXPECT_NE(lastError().find("still running after 250 ms"), std::string::npos) << lastError();
  ASSERT_EQ(setenv("ASCTWIN_KERNEL_TIMEOUT", "soon", 1), 0);
  EXPECT_EQ(asctwin::run(fillKernel, vec(1, "fill"), flag_->gm()), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("ASCTWIN_KERNEL_TIMEOUT must be a number"), std::string::npos)
      << lastError();
  ASSERT_EQ(unsetenv("ASCTWIN_KERNEL_TIMEOUT"), 0);
  std::chrono::microseconds limit{0};
  ASSERT_TRUE(asctwin::device::kernelTimeout(&limit));
  EXPECT_EQ(limit, std::chrono::seconds(1091));  // the A2/A3 operator timeout
}

TEST(KernelTimeoutSetting, ParsesDurations) {
  using std::chrono::microseconds;
  microseconds d{0};
  ASSERT_TRUE(asctwin::device::parseDuration("2", &d));
  EXPECT_EQ(d, std::chrono::seconds(2));
  ASSERT_TRUE(asctwin::device::parseDuration("1500ms", &d));
  EXPECT_EQ(d, std::chrono::milliseconds(1500));
  ASSERT_TRUE(asctwin::device::parseDuration("7us", &d));
  EXPECT_EQ(d, microseconds(7));
  ASSERT_TRUE(asctwin::device::parseDuration("3min", &d));
  EXPECT_EQ(d, std::chrono::minutes(3));
  ASSERT_TRUE(asctwin::device::parseDuration("0", &d));
  EXPECT_EQ(d, microseconds(0));
  EXPECT_FALSE(asctwin::device::parseDuration("", &d));
  EXPECT_FALSE(asctwin::device::parseDuration("-1", &d));
  EXPECT_FALSE(asctwin::device::parseDuration("5 s", &d));
  EXPECT_FALSE(asctwin::device::parseDuration("5h", &d));
  EXPECT_FALSE(asctwin::device::parseDuration("99999999999999999999", &d));
}

}  // namespace
