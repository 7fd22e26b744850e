// The executor base: registry, aclDestroyAclOpExecutor and the execute helper
// operators call (validation, consumption, lifetime on the stream).
#include <atomic>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "acl/executor.h"
#include "acl/runtime.h"
#include "acl_test_util.h"

namespace asctwin::testing {
namespace {

// A plan that fills its workspace with a byte on the stream and reports when
// it is destroyed.
struct FillPlan : aclOpExecutor {
  FillPlan(uint64_t ws, std::atomic<int>* destroyed, Status result = Status::ok())
      : aclOpExecutor("aclnnTestFill", ws), destroyed_(destroyed), result_(std::move(result)) {}
  ~FillPlan() override {
    if (destroyed_ != nullptr) ++*destroyed_;
  }
  Status enqueue(void* workspace, uint64_t workspaceSize, device::Stream& stream) override {
    ++enqueued;
    seenSize = workspaceSize;
    stream.enqueue("fill", [this, workspace] {
      // Refers to the plan: it must still be alive when the task runs.
      if (workspace != nullptr) std::memset(workspace, fillByte, this->workspaceSize());
      ++ran;
      return Status::ok();
    });
    return result_;
  }
  std::atomic<int>* destroyed_;
  Status result_;
  int enqueued = 0;
  uint64_t seenSize = 0;
  std::atomic<int> ran{0};
  uint8_t fillByte = 0x6B;
};

struct ThrowingPlan : aclOpExecutor {
  ThrowingPlan() : aclOpExecutor("aclnnThrow", 0) {}
  Status enqueue(void*, uint64_t, device::Stream&) override {
    throw std::runtime_error("plan exploded");
  }
};

class AclExecutor : public AclRuntimeTest {
 protected:
  void SetUp() override {
    AclRuntimeTest::SetUp();
    live0_ = acl::liveExecutorCount();
  }
  void TearDown() override {
    EXPECT_EQ(acl::liveExecutorCount(), live0_) << "a test leaked executors";
    AclRuntimeTest::TearDown();
  }
  size_t live0_ = 0;
};

TEST_F(AclExecutor, ExecuteEnqueuesOnceAndConsumes) {
  std::atomic<int> destroyed{0};
  auto* plan = new FillPlan(256, &destroyed);
  aclOpExecutor* ex = acl::registerExecutor(std::unique_ptr<aclOpExecutor>(plan));
  EXPECT_TRUE(acl::isLiveExecutor(ex));
  EXPECT_EQ(ex->opName(), "aclnnTestFill");
  EXPECT_EQ(ex->workspaceSize(), 256u);
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 1024, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(acl::executeC("aclnnTestFill", ws, 1024, ex, nullptr), ACLNN_SUCCESS) << recentError();
  EXPECT_FALSE(acl::isLiveExecutor(ex));
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(destroyed.load(), 1);  // released by the stream after its tasks
  uint8_t out[256];
  ASSERT_EQ(aclrtMemcpy(out, 256, ws, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (uint8_t b : out) ASSERT_EQ(b, 0x6B);
  // A consumed executor is no longer a handle.
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", ws, 1024, ex, nullptr), ACLNN_ERR_PARAM_INVALID,
                  "aclnnTestFill: ", "not a live aclOpExecutor");
  EXPECT_REJECTED(aclDestroyAclOpExecutor(ex), ACLNN_ERR_PARAM_INVALID,
                  "aclDestroyAclOpExecutor: ", "not a live aclOpExecutor");
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

TEST_F(AclExecutor, PlanLivesUntilItsTasksRan) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(stream, &s));
  std::atomic<bool> open{false};
  s->enqueue("gate", [&] {
    while (!open.load()) std::this_thread::sleep_for(std::chrono::microseconds(200));
    return Status::ok();
  });
  std::atomic<int> destroyed{0};
  auto* plan = new FillPlan(0, &destroyed);
  aclOpExecutor* ex = acl::registerExecutor(std::unique_ptr<aclOpExecutor>(plan));
  EXPECT_EQ(acl::executeC("aclnnTestFill", nullptr, 0, ex, stream), ACLNN_SUCCESS) << recentError();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(destroyed.load(), 0);  // its task has not run yet
  open = true;
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(destroyed.load(), 1);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(AclExecutor, RejectedExecuteLeavesTheExecutorAlive) {
  std::atomic<int> destroyed{0};
  auto* plan = new FillPlan(512, &destroyed);
  aclOpExecutor* ex = acl::registerExecutor(std::unique_ptr<aclOpExecutor>(plan));
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 400, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> host(512);
  int local = 0;
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", ws, 512, nullptr, nullptr),
                  ACLNN_ERR_PARAM_NULLPTR, "executor must not be null");
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", ws, 256, ex, nullptr), ACLNN_ERR_PARAM_INVALID,
                  "workspaceSize (256) is smaller than the 512 bytes",
                  "aclnnTestFillGetWorkspaceSize");
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", nullptr, 512, ex, nullptr),
                  ACLNN_ERR_PARAM_NULLPTR, "workspace must not be null", "needs 512 bytes");
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", host.data(), 512, ex, nullptr),
                  ACLNN_ERR_PARAM_INVALID, "workspace", "not inside a live device allocation");
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", ws, 512, ex, nullptr), ACLNN_ERR_PARAM_INVALID,
                  "crosses the end");  // the allocation holds 400 of the 512 bytes
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", host.data(), 512,
                                reinterpret_cast<aclOpExecutor*>(&local), nullptr),
                  ACLNN_ERR_PARAM_INVALID, "not a live aclOpExecutor");
  void* ws2 = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws2, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", ws2, 512, ex, &local), ACLNN_ERR_PARAM_INVALID,
                  "not a live stream");
  // No current device on another thread: a runtime error.
  int rc = 0;
  std::string msg;
  std::thread t([&] {
    rc = acl::executeC("aclnnTestFill", ws2, 512, ex, nullptr);
    msg = recentError();
  });
  t.join();
  EXPECT_EQ(rc, ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_NE(msg.find("no current device"), std::string::npos) << msg;
  EXPECT_EQ(plan->enqueued, 0);
  EXPECT_TRUE(acl::isLiveExecutor(ex));
  EXPECT_EQ(destroyed.load(), 0);
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  EXPECT_EQ(destroyed.load(), 1);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(ws2), ACL_SUCCESS);
}

TEST_F(AclExecutor, EnqueueFailureOrExceptionStillConsumes) {
  std::atomic<int> destroyed{0};
  aclOpExecutor* ex = acl::registerExecutor(std::make_unique<FillPlan>(
      0, &destroyed, Status(code::kNnParamInvalid, "prob 1.5 is outside [0, 1]")));
  EXPECT_REJECTED(acl::executeC("aclnnTestFill", nullptr, 0, ex, nullptr), ACLNN_ERR_PARAM_INVALID,
                  "prob 1.5 is outside [0, 1]");
  EXPECT_FALSE(acl::isLiveExecutor(ex));
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(destroyed.load(), 1);
  aclOpExecutor* thrower = acl::registerExecutor(std::make_unique<ThrowingPlan>());
  EXPECT_REJECTED(acl::executeC("aclnnThrow", nullptr, 0, thrower, nullptr), ACLNN_ERR_INNER,
                  "aclnnThrow: ", "internal error", "plan exploded");
  EXPECT_FALSE(acl::isLiveExecutor(thrower));
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

TEST_F(AclExecutor, DefaultPlanDoesNothingAndNeedsNoWorkspace) {
  aclOpExecutor* ex = acl::registerExecutor(std::make_unique<aclOpExecutor>("aclnnEmpty", 0));
  EXPECT_EQ(acl::executeC("aclnnEmpty", nullptr, 0, ex, nullptr), ACLNN_SUCCESS) << recentError();
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

TEST_F(AclExecutor, DestroyRules) {
  EXPECT_REJECTED(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_PARAM_NULLPTR,
                  "aclDestroyAclOpExecutor: ", "executor must not be null");
  std::atomic<int> destroyed{0};
  aclOpExecutor* ex = acl::registerExecutor(std::make_unique<FillPlan>(64, &destroyed));
  EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  EXPECT_EQ(destroyed.load(), 1);
  EXPECT_REJECTED(aclDestroyAclOpExecutor(ex), ACLNN_ERR_PARAM_INVALID, "not a live aclOpExecutor");
  EXPECT_EQ(destroyed.load(), 1);
}

}  // namespace
}  // namespace asctwin::testing
