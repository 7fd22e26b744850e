// aclInit/aclFinalize, devices, streams, ordering and error latching through
// the C API, the determinism switch.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "acl/runtime.h"
#include "acl_test_util.h"
#include "device/soc.h"

namespace asctwin::testing {
namespace {

TEST(AclInit, InitTwiceAndFinalizeTwice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_REJECTED(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit: ", "already");
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_REJECTED(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE,
                  "aclFinalize: ", "without a matching aclInit");
  // Initialising again after finalize is allowed.
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(AclInit, FinalizeWithoutInit) {
  EXPECT_REJECTED(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "never initialised");
}

// As in the real runtime, aclInit is not required: devices, streams, memory
// and copies work without it (32 asc-devkit examples never call it).
void runWithoutAclInit() {
  int32_t dev = -1;
  EXPECT_REJECTED(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: ",
                  "no current device");
  void* p = nullptr;
  // What needs a device fails with ACL_ERROR_RT_CONTEXT_NULL (107002) on a thread without one.
  EXPECT_REJECTED(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL,
                  "aclrtMalloc: ", "aclrtSetDevice");
  aclrtStream stream = nullptr;
  EXPECT_REJECTED(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream");
  EXPECT_REJECTED(aclrtSynchronizeDevice(), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSynchronizeDevice");
  // Host memory needs no device.
  void* h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 64), ACL_SUCCESS) << recentError();
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << recentError();
  ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
  EXPECT_EQ(dev, 0);
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << recentError();
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS) << recentError();
  ASSERT_EQ(aclrtMemsetAsync(p, 64, 0x3C, 64, stream), ACL_SUCCESS) << recentError();
  ASSERT_EQ(aclrtMemcpyAsync(h, 64, p, 64, ACL_MEMCPY_DEVICE_TO_HOST, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << recentError();
  EXPECT_EQ(static_cast<uint8_t*>(h)[63], 0x3C);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(AclInit, RuntimeCallsWorkWithoutAclInit) {
  runWithoutAclInit();
  // aclFinalize without aclInit is still an error.
  EXPECT_REJECTED(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "never initialised");
}

TEST(AclInit, FinalizeReleasesDevicesAndCallsWorkAfterIt) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  // The thread's current device ended with finalize; the allocation survives
  // and can be freed without a device.
  int32_t dev = -1;
  EXPECT_REJECTED(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSetDevice");
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  runWithoutAclInit();
}

class ConfigFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("asctwin_acl_cfg_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    aclFinalize();
    std::filesystem::remove_all(dir_);
  }
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }
  std::filesystem::path dir_;
};

TEST_F(ConfigFileTest, AcceptsEmptyAndObjectDocuments) {
  for (const char* text :
       {"", "  \n", "{}", R"({"dump": {"dump_list": []}, "err_msg_mode": "1"})"}) {
    const std::string path = write("ok.json", text);
    EXPECT_EQ(aclInit(path.c_str()), ACL_SUCCESS) << "'" << text << "': " << recentError();
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }
}

TEST_F(ConfigFileTest, RejectsMissingDirectoryAndMalformedFiles) {
  const std::string missing = (dir_ / "missing.json").string();
  EXPECT_REJECTED(aclInit(missing.c_str()), ACL_ERROR_INVALID_FILE, "configPath", "missing.json",
                  "does not name an existing file");
  EXPECT_REJECTED(aclInit(dir_.string().c_str()), ACL_ERROR_INVALID_FILE, "not a regular file");
  const std::string array = write("array.json", "[1, 2]");
  EXPECT_REJECTED(aclInit(array.c_str()), ACL_ERROR_PARSE_FILE, "must contain a JSON object",
                  "array");
  const std::string broken = write("broken.json", "{\"dump\": ");
  EXPECT_REJECTED(aclInit(broken.c_str()), ACL_ERROR_PARSE_FILE, "must contain a JSON object",
                  "parse error");
  // A failed aclInit leaves the runtime uninitialised.
  EXPECT_REJECTED(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "without a matching aclInit");
}

TEST(AclInit, MalformedEnvironmentFailsInit) {
  ASSERT_EQ(::setenv("ASCTWIN_AIV_CORES", "lots", 1), 0);
  device::resetSoc();
  EXPECT_REJECTED(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "aclInit: ", "ASCTWIN_AIV_CORES",
                  "'lots'");
  ASSERT_EQ(::unsetenv("ASCTWIN_AIV_CORES"), 0);
  device::resetSoc();
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS) << recentError();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, DeviceIdRangeFollowsTheSoc) {
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  uint64_t socCount = 0;
  ASSERT_EQ(asctwinSocGetField("deviceCount", &socCount), ACL_SUCCESS);
  EXPECT_EQ(count, socCount);
  EXPECT_REJECTED(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID, "deviceId must be in [0, ",
                  "got -1");
  const std::string gotCount = "got " + std::to_string(count);
  EXPECT_REJECTED(aclrtSetDevice(static_cast<int32_t>(count)), ACL_ERROR_RT_INVALID_DEVICEID,
                  gotCount.c_str());
  EXPECT_REJECTED(aclrtResetDevice(99), ACL_ERROR_RT_INVALID_DEVICEID, "got 99");
  ASSERT_EQ(asctwinSocSetField("deviceCount", 4), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 4u);
  ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS) << recentError();
  int32_t dev = -1;
  ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
  EXPECT_EQ(dev, 3);
  // Memory is charged to the current device.
  asctwinMemStats before{}, after{};
  ASSERT_EQ(asctwinMemGetStats(3, &before), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(asctwinMemGetStats(3, &after), ACL_SUCCESS);
  EXPECT_EQ(after.liveAllocations, before.liveAllocations + 1);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(3), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "count must not be null");
}

TEST(AclDevice, GetDeviceNeedsACurrentDevice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  int32_t dev = -1;
  EXPECT_REJECTED(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL,
                  "aclrtGetDevice: ", "no current device");
  void* p = nullptr;
  EXPECT_REJECTED(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL,
                  "aclrtMalloc: ", "aclrtSetDevice");
  aclrtStream s = nullptr;
  EXPECT_REJECTED(aclrtCreateStream(&s), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream");
  EXPECT_REJECTED(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_CONTEXT_NULL, "default stream");
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
  EXPECT_EQ(dev, 0);
  EXPECT_REJECTED(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "deviceId must not be null");
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, CurrentDeviceIsPerThread) {
  int rcBefore = -1, rcAfter = -1;
  std::string msg;
  std::thread t([&] {
    void* p = nullptr;
    rcBefore = aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    msg = recentError();
    if (aclrtSetDevice(0) == ACL_SUCCESS) {
      rcAfter = aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);
      if (rcAfter == ACL_SUCCESS) aclrtFree(p);
      aclrtResetDevice(0);
    }
  });
  t.join();
  EXPECT_EQ(rcBefore, ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_NE(msg.find("per thread"), std::string::npos) << msg;
  EXPECT_EQ(rcAfter, ACL_SUCCESS);
  // The other thread's reset did not end this thread's device (reference count).
  int32_t dev = -1;
  EXPECT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, ResetDeviceIsReferenceCounted) {
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // second reference
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);  // last reference
  EXPECT_REJECTED(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL,
                  "no current device");
  EXPECT_REJECTED(aclrtResetDevice(0), ACL_ERROR_INVALID_PARAM, "deviceId 0 is not set");
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // for TearDown
}

TEST_F(AclRuntimeTest, ResetDeviceDestroysItsStreams) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_PARAM, "not a live stream");
  EXPECT_REJECTED(aclrtDestroyStream(s), ACL_ERROR_INVALID_PARAM, "not a live stream");
}

TEST_F(AclRuntimeTest, StreamHandleChecks) {
  EXPECT_REJECTED(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM,
                  "aclrtCreateStream: ", "stream must not be null");
  EXPECT_REJECTED(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM,
                  "default stream cannot be destroyed");
  int local = 0;
  EXPECT_REJECTED(aclrtDestroyStream(&local), ACL_ERROR_INVALID_PARAM, "not a live stream");
  EXPECT_REJECTED(aclrtSynchronizeStream(&local), ACL_ERROR_INVALID_PARAM, "not a live stream");
  device::Stream* def = nullptr;
  ASSERT_TRUE(acl::resolveStream(nullptr, &def));
  EXPECT_REJECTED(aclrtDestroyStream(def), ACL_ERROR_INVALID_PARAM, "default stream");
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&b), ACL_SUCCESS);
  EXPECT_NE(a, b);
  EXPECT_NE(a, static_cast<aclrtStream>(def));
  EXPECT_EQ(aclrtSynchronizeStream(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(a), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtDestroyStream(a), ACL_ERROR_INVALID_PARAM, "not a live stream");
  EXPECT_EQ(aclrtDestroyStream(b), ACL_SUCCESS);
}

// Blocks a stream until released, so that the test can observe asynchrony.
struct Gate {
  std::atomic<bool> open{false};
  void block(device::Stream* s) {
    s->enqueue("gate", [this] {
      while (!open.load()) std::this_thread::sleep_for(std::chrono::microseconds(200));
      return Status::ok();
    });
  }
};

TEST_F(AclRuntimeTest, AsyncCopiesRunInStreamOrder) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(stream, &s));
  constexpr size_t n = 4096;
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, n, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, n, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> src(n), out(n, 0);
  for (size_t i = 0; i < n; ++i) src[i] = static_cast<uint8_t>(i * 7);
  Gate gate;
  gate.block(s);
  ASSERT_EQ(aclrtMemsetAsync(a, n, 0x5A, n, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(a, n, src.data(), n / 2, ACL_MEMCPY_HOST_TO_DEVICE, stream),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(b, n, a, n, ACL_MEMCPY_DEVICE_TO_DEVICE, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(out.data(), n, b, n, ACL_MEMCPY_DEVICE_TO_HOST, stream), ACL_SUCCESS);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Nothing ran yet: the calls returned while the stream was blocked.
  EXPECT_EQ(out[0], 0);
  gate.open = true;
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << recentError();
  for (size_t i = 0; i < n / 2; ++i) ASSERT_EQ(out[i], src[i]) << i;
  for (size_t i = n / 2; i < n; ++i) ASSERT_EQ(out[i], 0x5A) << i;
  EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, StreamErrorLatchesUntilSynchronize) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  // Stop on failure: the tasks after the failing one are skipped.
  ASSERT_EQ(aclrtSetStreamFailureMode(stream, ACL_STOP_ON_FAILURE), ACL_SUCCESS);
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(stream, &s));
  void* a = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::vector<uint8_t> out(256, 0);
  Gate gate;
  gate.block(s);
  // Valid when called ...
  ASSERT_EQ(aclrtMemsetAsync(a, 256, 1, 256, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(out.data(), 256, a, 256, ACL_MEMCPY_DEVICE_TO_HOST, stream),
            ACL_SUCCESS);
  // ... but the memory is gone by the time the stream gets there.
  ASSERT_EQ(aclrtFree(a), ACL_SUCCESS);
  gate.open = true;
  EXPECT_REJECTED(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_PARAM,
                  "aclrtSynchronizeStream: ", "aclrtMemsetAsync(256 bytes)",
                  "not inside a live device allocation", "1 later task(s)");
  EXPECT_EQ(out[0], 0);  // the copy after the failure was skipped
  // The error was reported once; the stream works again.
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, DefaultStreamLatchesTaskErrorCode) {
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(nullptr, &s));
  s->enqueue("kernel_y", [] { return Status(code::kRtFailure, "vector unit fault at line 7"); });
  EXPECT_REJECTED(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_FAILURE, "kernel_y",
                  "vector unit fault at line 7");
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, DestroyStreamWaitsForQueuedWork) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(stream, &s));
  std::atomic<int> done{0};
  s->enqueue("slow", [&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    done = 1;
    return Status::ok();
  });
  ASSERT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(done.load(), 1);
}

TEST_F(AclRuntimeTest, DestroyStreamForceDoesNotWaitButResetDoes) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(stream, &s));
  Gate gate;
  gate.block(s);
  std::atomic<int> done{0};
  s->enqueue("after gate", [&] {
    done = 1;
    return Status::ok();
  });
  // Returns while the stream is blocked; the handle is dead at once.
  ASSERT_EQ(aclrtDestroyStreamForce(stream), ACL_SUCCESS) << recentError();
  EXPECT_EQ(done.load(), 0);
  EXPECT_REJECTED(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_PARAM, "not a live stream");
  EXPECT_REJECTED(aclrtDestroyStreamForce(stream), ACL_ERROR_INVALID_PARAM, "not a live stream");
  EXPECT_REJECTED(aclrtDestroyStreamForce(nullptr), ACL_ERROR_INVALID_PARAM,
                  "default stream cannot be destroyed");
  // The queued work still runs: resetting the device waits for it.
  std::thread opener([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    gate.open = true;
  });
  ASSERT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS) << recentError();
  opener.join();
  EXPECT_EQ(done.load(), 1);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // for TearDown
}

TEST_F(AclRuntimeTest, SynchronizeDeviceWaitsForEveryStreamOfTheDevice) {
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&b), ACL_SUCCESS);
  device::Stream *sa = nullptr, *sb = nullptr, *sd = nullptr;
  ASSERT_TRUE(acl::resolveStream(a, &sa));
  ASSERT_TRUE(acl::resolveStream(b, &sb));
  ASSERT_TRUE(acl::resolveStream(nullptr, &sd));
  std::atomic<int> done{0};
  for (device::Stream* s : {sa, sb, sd})
    s->enqueue("slow", [&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      ++done;
      return Status::ok();
    });
  sb->enqueue("fails", [] { return Status(code::kRtFailure, "planted failure"); });
  EXPECT_REJECTED(aclrtSynchronizeDevice(), ACL_ERROR_RT_FAILURE, "aclrtSynchronizeDevice: ",
                  "planted failure");
  EXPECT_EQ(done.load(), 3);
  EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);  // the error was reported once
  EXPECT_EQ(aclrtDestroyStream(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(b), ACL_SUCCESS);
}

TEST_F(AclRuntimeTest, ResetDeviceForceIgnoresTheReferenceCount) {
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // three references in all
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDeviceForce(0), ACL_SUCCESS);
  int32_t dev = -1;
  EXPECT_REJECTED(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL, "no current device");
  EXPECT_REJECTED(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_PARAM, "not a live stream");
  // Released already: both reset calls now fail (documented order rule).
  EXPECT_REJECTED(aclrtResetDeviceForce(0), ACL_ERROR_INVALID_PARAM, "deviceId 0 is not set");
  EXPECT_REJECTED(aclrtResetDevice(0), ACL_ERROR_INVALID_PARAM, "deviceId 0 is not set");
  EXPECT_REJECTED(aclrtResetDeviceForce(-3), ACL_ERROR_RT_INVALID_DEVICEID, "got -3");
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // for TearDown
}

TEST_F(AclRuntimeTest, FinalizeWaitsForQueuedWork) {
  device::Stream* s = nullptr;
  ASSERT_TRUE(acl::resolveStream(nullptr, &s));
  std::atomic<int> done{0};
  s->enqueue("slow", [&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    done = 1;
    return Status::ok();
  });
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(done.load(), 1);
  EXPECT_FALSE(device::Stream::isLive(s));
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

TEST(AclSysParam, DeterministicSwitch) {
  int64_t v = -1;
  ASSERT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_SUCCESS);
  EXPECT_EQ(v, 0);
  EXPECT_FALSE(acl::deterministic());
  ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_SUCCESS);
  EXPECT_EQ(v, 1);
  EXPECT_TRUE(acl::deterministic());
  EXPECT_REJECTED(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2), ACL_ERROR_INVALID_PARAM,
                  "aclrtSetSysParamOpt: ", "must be 0 (off) or 1", "got 2");
  EXPECT_TRUE(acl::deterministic());  // unchanged by the rejected call
  EXPECT_REJECTED(aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1), ACL_ERROR_INVALID_PARAM,
                  "not supported");
  EXPECT_REJECTED(aclrtSetSysParamOpt(static_cast<aclSysParamOpt>(9), 1), ACL_ERROR_INVALID_PARAM,
                  "opt must be ACL_OPT_DETERMINISTIC (0), got 9");
  EXPECT_REJECTED(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM,
                  "value must not be null");
  EXPECT_REJECTED(aclrtGetSysParamOpt(static_cast<aclSysParamOpt>(2), &v), ACL_ERROR_INVALID_PARAM,
                  "not supported");
  ASSERT_EQ(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
  EXPECT_FALSE(acl::deterministic());
}

// aclGetRecentErrMsg "gets and clears" the thread's message and returns null
// when there is none (13_exception_handling.md).
TEST(AclErrors, RecentMessageIsPerThreadTakenOnceAndNullWhenNone) {
  asctwin::clearLastError();
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  const char* seen = reinterpret_cast<const char*>(1);
  std::thread t([&] { seen = aclGetRecentErrMsg(); });
  t.join();
  EXPECT_EQ(seen, nullptr);
  const char* m = aclGetRecentErrMsg();
  ASSERT_NE(m, nullptr);
  EXPECT_NE(std::string(m).find("aclrtSetDevice"), std::string::npos);
  EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // taken
}

// aclrtGetLastError returns and clears the thread's last runtime error code;
// aclrtPeekAtLastError only reads it (13_exception_handling.md).
TEST(AclErrors, LastRuntimeErrorPeekAndGet) {
  (void)aclrtGetLastError(ACL_RT_THREAD_LEVEL);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetRunMode(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  int other = -1;
  std::thread t([&] { other = aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL); });
  t.join();
  EXPECT_EQ(other, ACL_SUCCESS);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_SUCCESS);
  EXPECT_EQ(aclrtPeekAtLastError(static_cast<aclrtLastErrLevel>(1)), ACL_ERROR_INVALID_PARAM);
}

}  // namespace
}  // namespace asctwin::testing
