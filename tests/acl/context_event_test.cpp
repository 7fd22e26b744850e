// Contexts, stream configurations and failure modes, events, callbacks and
// host functions, model run instances, notifies: the behaviour the API
// reference documents, checked through the C API.
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl_test_util.h"
#include "acl/runtime.h"
#include "device/stream.h"

namespace asctwin::testing {
namespace {

class AclRuntimeExt : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS); }
  void TearDown() override { (void)aclrtResetDeviceForce(0); }
};

// A task that holds its stream until opened.
struct Gate {
  std::atomic<bool> open{false};
  static void hostFunc(void* self) {
    auto* g = static_cast<Gate*>(self);
    while (!g->open.load()) std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
};

TEST_F(AclRuntimeExt, ContextsAreCurrentPerThreadAndOwnTheirStreams) {
  aclrtContext a = nullptr, b = nullptr, cur = nullptr;
  ASSERT_EQ(aclrtCreateContext(&a, 1), ACL_SUCCESS);  // becomes current: device 1
  int32_t dev = -1;
  ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
  EXPECT_EQ(dev, 1);
  ASSERT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
  EXPECT_EQ(cur, a);
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  // Another thread has no current context until it sets one.
  int other = 0;
  std::thread([&] {
    int32_t d = -1;
    other = aclrtGetDevice(&d);
    EXPECT_EQ(aclrtSetCurrentContext(a), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&d), ACL_SUCCESS);
    EXPECT_EQ(d, 1);
  }).join();
  EXPECT_EQ(other, ACL_ERROR_RT_CONTEXT_NULL);
  ASSERT_EQ(aclrtCreateContext(&b, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetCurrentContext(a), ACL_SUCCESS);
  // Destroying a context destroys its streams.
  ASSERT_EQ(aclrtDestroyContext(a), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtGetCurrentContext(&cur), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_REJECTED(aclrtDestroyContext(a), ACL_ERROR_INVALID_PARAM, "not a live context");
  EXPECT_REJECTED(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM,
                  "context must not be null");
  ASSERT_EQ(aclrtDestroyContext(b), ACL_SUCCESS);
  // The default context cannot be destroyed with aclrtDestroyContext.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtDestroyContext(cur), ACL_ERROR_INVALID_PARAM, "default context");
  (void)aclrtResetDevice(0);
}

TEST_F(AclRuntimeExt, StreamConfigurationAndQueries) {
  aclrtStreamConfigHandle* h = aclrtCreateStreamConfigHandle();
  ASSERT_NE(h, nullptr);
  const uint32_t prio = 3, flags = ACL_STREAM_FAST_LAUNCH;
  ASSERT_EQ(aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_PRIORITY, &prio, sizeof prio), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_FLAG, &flags, sizeof flags), ACL_SUCCESS);
  const uint32_t bad = 8;
  EXPECT_REJECTED(aclrtSetStreamConfigOpt(h, ACL_RT_STREAM_PRIORITY, &bad, sizeof bad),
                  ACL_ERROR_INVALID_PARAM, "priority must be in [0, 7]");
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStreamV2(&s, h), ACL_SUCCESS);
  uint32_t got = 0;
  ASSERT_EQ(aclrtStreamGetPriority(s, &got), ACL_SUCCESS);
  EXPECT_EQ(got, 3u);
  ASSERT_EQ(aclrtStreamGetFlags(s, &got), ACL_SUCCESS);
  EXPECT_EQ(got, ACL_STREAM_FAST_LAUNCH);
  int32_t id1 = 0, id2 = 0;
  aclrtStream t = nullptr;
  ASSERT_EQ(aclrtCreateStreamWithConfig(&t, 0, ACL_STREAM_PERSISTENT), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamGetId(s, &id1), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamGetId(t, &id2), ACL_SUCCESS);
  EXPECT_NE(id1, id2);
  EXPECT_REJECTED(aclrtCreateStreamWithConfig(&t, 0, 0x80000000u), ACL_ERROR_INVALID_PARAM,
                  "ACL_STREAM_");
  // Query: not ready while a host function holds it, complete after.
  Gate g;
  ASSERT_EQ(aclrtLaunchHostFunc(s, Gate::hostFunc, &g), ACL_SUCCESS);
  aclrtStreamStatus st;
  ASSERT_EQ(aclrtStreamQuery(s, &st), ACL_SUCCESS);
  EXPECT_EQ(st, ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(s, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  g.open = true;
  ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(s, -1), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamQuery(s, &st), ACL_SUCCESS);
  EXPECT_EQ(st, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(t), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStreamConfigHandle(h), ACL_SUCCESS);
}

TEST_F(AclRuntimeExt, FailureModeStopOrContinue) {
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  for (uint64_t mode : {ACL_STOP_ON_FAILURE, ACL_CONTINUE_ON_FAILURE}) {
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetStreamFailureMode(s, mode), ACL_SUCCESS);
    Gate g;
    ASSERT_EQ(aclrtLaunchHostFunc(s, Gate::hostFunc, &g), ACL_SUCCESS);
    void* doomed = nullptr;
    ASSERT_EQ(aclrtMalloc(&doomed, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(doomed, 64, 1, 64, s), ACL_SUCCESS);  // fails: freed below
    ASSERT_EQ(aclrtMemsetAsync(d, 64, 0x5A, 64, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(doomed), ACL_SUCCESS);
    g.open = true;
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_PARAM);
    uint8_t b = 0;
    ASSERT_EQ(aclrtMemcpy(&b, 1, d, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(b, mode == ACL_STOP_ON_FAILURE ? 0xFF : 0x5A) << mode;  // 0xFF: fresh memory
    ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(d, 64, 0xFF, 64), ACL_SUCCESS);
  }
  EXPECT_REJECTED(aclrtSetStreamFailureMode(nullptr, 7), ACL_ERROR_INVALID_PARAM, "mode must be");
  aclrtFree(d);
}

TEST_F(AclRuntimeExt, EventsRecordWaitQueryTimestamps) {
  aclrtStream s1 = nullptr, s2 = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
  aclrtEvent e = nullptr, start = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEventWithFlag(&start, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtEventGetTimestamp(e, nullptr), ACL_ERROR_INVALID_PARAM, "timestamp");
  uint64_t ts = 0;
  EXPECT_EQ(aclrtEventGetTimestamp(e, &ts), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  Gate g;
  ASSERT_EQ(aclrtRecordEvent(start, s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchHostFunc(s1, Gate::hostFunc, &g), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 7, 4, s1), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(e, s1), ACL_SUCCESS);
  // s2 waits for e, then overwrites: the final value is s2's.
  ASSERT_EQ(aclrtStreamWaitEvent(s2, e), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 9, 4, s2), ACL_SUCCESS);
  aclrtEventRecordedStatus rs;
  ASSERT_EQ(aclrtQueryEventStatus(e, &rs), ACL_SUCCESS);
  EXPECT_EQ(rs, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(aclrtSynchronizeEventWithTimeout(e, 10), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  g.open = true;
  ASSERT_EQ(aclrtSynchronizeEvent(e), ACL_SUCCESS);
  ASSERT_EQ(aclrtQueryEventStatus(e, &rs), ACL_SUCCESS);
  EXPECT_EQ(rs, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  ASSERT_EQ(aclrtSynchronizeStream(s2), ACL_SUCCESS);
  uint8_t b = 0;
  ASSERT_EQ(aclrtMemcpy(&b, 1, d, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(b, 9);
  float ms = 0;
  ASSERT_EQ(aclrtEventElapsedTime(&ms, start, e), ACL_SUCCESS);
  EXPECT_GE(ms, 4.0f);  // the gate held s1 for at least 5 ms
  EXPECT_EQ(aclrtEventElapsedTime(&ms, e, start), ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL);
  ASSERT_EQ(aclrtEventGetTimestamp(e, &ts), ACL_SUCCESS);
  EXPECT_GT(ts, 0u);
  aclrtEvent bad = nullptr;
  EXPECT_REJECTED(aclrtCreateEventWithFlag(&bad, 0x1000), ACL_ERROR_INVALID_PARAM, "ACL_EVENT_");
  EXPECT_EQ(bad, nullptr);
  EXPECT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtRecordEvent(e, s1), ACL_ERROR_INVALID_PARAM, "not a live event");
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_SUCCESS);
  aclrtFree(d);
  aclrtDestroyStream(s1);
  aclrtDestroyStream(s2);
}

std::atomic<int> gCallbacks{0};
void countCallback(void* p) {
  gCallbacks += *static_cast<int*>(p);
}

TEST_F(AclRuntimeExt, CallbacksRunOnTheSubscribedThread) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  int three = 3;
  EXPECT_REJECTED(aclrtLaunchCallback(countCallback, &three, ACL_CALLBACK_BLOCK, s),
                  ACL_ERROR_STREAM_NOT_SUBSCRIBE, "aclrtSubscribeReport");
  std::atomic<bool> stop{false};
  pthread_t tid = 0;
  std::thread worker([&] {
    while (!stop.load()) (void)aclrtProcessReport(10);
  });
  tid = worker.native_handle();
  ASSERT_EQ(aclrtSubscribeReport(static_cast<uint64_t>(tid), s), ACL_SUCCESS);
  EXPECT_EQ(aclrtSubscribeReport(static_cast<uint64_t>(tid), s), ACL_ERROR_REPEAT_SUBSCRIBE);
  gCallbacks = 0;
  ASSERT_EQ(aclrtLaunchCallback(countCallback, &three, ACL_CALLBACK_BLOCK, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchCallback(countCallback, &three, ACL_CALLBACK_NO_BLOCK, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  // The blocking one ran before the stream went on; the other may follow.
  EXPECT_GE(gCallbacks.load(), 3);
  while (gCallbacks.load() < 6) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(aclrtUnSubscribeReport(static_cast<uint64_t>(tid), s), ACL_SUCCESS);
  stop = true;
  worker.join();
  EXPECT_EQ(aclrtProcessReport(5), ACL_ERROR_THREAD_NOT_SUBSCRIBE);
  // Host functions run in stream order on the stream itself.
  int one = 1;
  gCallbacks = 0;
  ASSERT_EQ(aclrtLaunchHostFunc(s, countCallback, &one), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(gCallbacks.load(), 1);
  aclrtDestroyStream(s);
}

// Running a model on a stream that is being captured records the run into
// the capture (the fuzzer found this deadlocking: the capture sink takes the
// model registry's lock, which the launch held).
TEST_F(AclRuntimeExt, ModelRunOnACapturingStreamIsRecorded) {
  aclrtStream s = nullptr, c = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&c), ACL_SUCCESS);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 7, 4, s), ACL_SUCCESS);
  aclmdlRI inner = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &inner), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(c, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIExecuteAsync(inner, c), ACL_SUCCESS);  // recorded, not run
  aclmdlRI outer = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(c, &outer), ACL_SUCCESS);
  uint8_t h[4] = {};
  ASSERT_EQ(aclrtMemset(d, 4, 0, 4), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIExecuteAsync(outer, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(h, 4, d, 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(h[0], 7);
  EXPECT_EQ(h[3], 7);
  EXPECT_EQ(aclmdlRIDestroy(outer), ACL_SUCCESS);
  EXPECT_EQ(aclmdlRIDestroy(inner), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(d), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(c), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// A model that captured a record and a wait of an event still runs safely
// after the event is destroyed: the captured tasks look the event up at
// launch and fail with the runtime's message instead of touching freed state
// (the runtime_api fuzzer found the use after free).
TEST_F(AclRuntimeExt, CapturedEventTasksAfterTheEventIsDestroyed) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  aclrtEvent ev = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&ev), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordEvent(ev, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(s, ev), ACL_SUCCESS);
  aclmdlRI m = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &m), ACL_SUCCESS);
  // While the event lives the model runs.
  ASSERT_EQ(aclmdlRIExecuteAsync(m, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyEvent(ev), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIExecuteAsync(m, s), ACL_SUCCESS);
  EXPECT_NE(aclrtSynchronizeStream(s), ACL_SUCCESS);
  const char* msg = aclGetRecentErrMsg();
  ASSERT_NE(msg, nullptr);
  EXPECT_NE(std::string(msg).find("is not a live event"), std::string::npos) << msg;
  EXPECT_EQ(aclmdlRIDestroy(m), ACL_SUCCESS);
  aclrtDestroyStream(s);
}

TEST_F(AclRuntimeExt, ModelCaptureReplaysAndUpdatesTaskGroups) {
  aclrtStream s = nullptr, up = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&up), ACL_SUCCESS);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
  aclmdlRICaptureStatus status;
  aclmdlRI m = nullptr;
  ASSERT_EQ(aclmdlRICaptureGetInfo(s, &status, &m), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
  ASSERT_EQ(aclrtMemsetAsync(d, 8, 1, 4, s), ACL_SUCCESS);  // recorded, not run
  ASSERT_EQ(aclmdlRICaptureTaskGrpBegin(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(static_cast<uint8_t*>(d) + 4, 4, 2, 4, s), ACL_SUCCESS);
  aclrtTaskGrp grp = nullptr;
  ASSERT_EQ(aclmdlRICaptureTaskGrpEnd(s, &grp), ACL_SUCCESS);
  aclmdlRI ended = nullptr;
  ASSERT_EQ(aclmdlRICaptureEnd(s, &ended), ACL_SUCCESS);
  EXPECT_EQ(ended, m);
  uint8_t h[8];
  ASSERT_EQ(aclrtMemcpy(h, 8, d, 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(h[0], 0xFF);  // nothing ran during the capture
  for (int run = 0; run < 2; ++run) {
    ASSERT_EQ(aclrtMemset(d, 8, 0, 8), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIExecuteAsync(m, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(h, 8, d, 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(h[0], 1);
    EXPECT_EQ(h[4], 2);
  }
  // Update the group: later runs write 3.
  ASSERT_EQ(aclmdlRICaptureTaskUpdateBegin(up, grp), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(static_cast<uint8_t*>(d) + 4, 4, 3, 4, up), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRICaptureTaskUpdateEnd(up), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(up), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIExecuteAsync(m, s), ACL_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(h, 8, d, 8, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(h[4], 3);
  EXPECT_EQ(aclmdlRICaptureEnd(s, &ended), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
  ASSERT_EQ(aclmdlRIDestroy(m), ACL_SUCCESS);
  EXPECT_REJECTED(aclmdlRIExecuteAsync(m, s), ACL_ERROR_INVALID_PARAM, "not a live model");
  aclrtFree(d);
  aclrtDestroyStream(s);
  aclrtDestroyStream(up);
}

TEST_F(AclRuntimeExt, BuiltModelSwitchesStreamsOnDeviceValues) {
  aclrtStream head = nullptr, yes = nullptr, end = nullptr, exec = nullptr;
  ASSERT_EQ(aclrtCreateStreamWithConfig(&head, 0, ACL_STREAM_PERSISTENT), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStreamWithConfig(&yes, 0, ACL_STREAM_PERSISTENT), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStreamWithConfig(&end, 0, ACL_STREAM_PERSISTENT), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&exec), ACL_SUCCESS);
  void *left = nullptr, *right = nullptr, *out = nullptr;
  ASSERT_EQ(aclrtMalloc(&left, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&right, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&out, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int32_t one = 1;
  ASSERT_EQ(aclrtMemcpy(right, 4, &one, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclmdlRI m = nullptr;
  ASSERT_EQ(aclmdlRIBuildBegin(&m, 0), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIBindStream(m, head, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIBindStream(m, yes, ACL_MODEL_STREAM_FLAG_DEFAULT), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIBindStream(m, end, ACL_MODEL_STREAM_FLAG_DEFAULT), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(out, 4, 0, 4, head), ACL_SUCCESS);
  ASSERT_EQ(aclrtSwitchStream(left, ACL_RT_EQUAL, right, ACL_RT_SWITCH_INT32, yes, nullptr, head),
            ACL_SUCCESS);
  ASSERT_EQ(aclrtActiveStream(end, head),
            ACL_SUCCESS);  // reached only when the switch does not jump
  ASSERT_EQ(aclrtMemsetAsync(out, 4, 5, 1, yes), ACL_SUCCESS);
  ASSERT_EQ(aclrtActiveStream(end, yes), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIEndTask(m, end), ACL_SUCCESS);
  ASSERT_EQ(aclmdlRIBuildEnd(m, nullptr), ACL_SUCCESS);
  for (int32_t v : {1, 2}) {
    ASSERT_EQ(aclrtMemcpy(left, 4, &v, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIExecuteAsync(m, exec), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(exec), ACL_SUCCESS);
    uint8_t b = 0xAA;
    ASSERT_EQ(aclrtMemcpy(&b, 1, out, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(b, v == 1 ? 5 : 0) << v;
  }
  aclrtStream plain = nullptr;
  ASSERT_EQ(aclrtCreateStream(&plain), ACL_SUCCESS);
  EXPECT_REJECTED(aclmdlRIBindStream(m, plain, 0), ACL_ERROR_INVALID_PARAM,
                  "ACL_STREAM_PERSISTENT");
  ASSERT_EQ(aclmdlRIDestroy(m), ACL_SUCCESS);
  for (void* p : {left, right, out}) aclrtFree(p);
  for (aclrtStream st : {head, yes, end, exec, plain}) aclrtDestroyStream(st);
}

TEST_F(AclRuntimeExt, NotifyOrdersTwoStreams) {
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&b), ACL_SUCCESS);
  aclrtNotify n = nullptr;
  ASSERT_EQ(aclrtCreateNotify(&n, 0), ACL_SUCCESS);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  Gate g;
  ASSERT_EQ(aclrtWaitAndResetNotify(n, b, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 2, 4, b), ACL_SUCCESS);
  ASSERT_EQ(aclrtLaunchHostFunc(a, Gate::hostFunc, &g), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 1, 4, a), ACL_SUCCESS);
  ASSERT_EQ(aclrtRecordNotify(n, a), ACL_SUCCESS);
  g.open = true;
  ASSERT_EQ(aclrtSynchronizeStream(b), ACL_SUCCESS);
  uint8_t v = 0;
  ASSERT_EQ(aclrtMemcpy(&v, 1, d, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(v, 2);
  char key[65] = {};
  ASSERT_EQ(
      aclrtNotifyGetExportKey(n, key, sizeof key, ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION),
      ACL_SUCCESS);
  aclrtNotify imported = nullptr;
  ASSERT_EQ(aclrtNotifyImportByKey(&imported, key, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyNotify(imported), ACL_SUCCESS);
  ASSERT_EQ(aclrtDestroyNotify(n), ACL_SUCCESS);
  EXPECT_REJECTED(aclrtRecordNotify(n, a), ACL_ERROR_INVALID_PARAM, "not a live notify");
  aclrtFree(d);
  aclrtDestroyStream(a);
  aclrtDestroyStream(b);
}

TEST_F(AclRuntimeExt, CountingNotifyWaitsForItsCount) {
  aclrtStream a = nullptr, b = nullptr;
  ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&b), ACL_SUCCESS);
  aclrtCntNotify n = nullptr;
  ASSERT_EQ(aclrtCntNotifyCreate(&n, 0), ACL_SUCCESS);
  void* d = nullptr;
  ASSERT_EQ(aclrtMalloc(&d, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclrtCntNotifyWaitInfo w{};
  w.mode = ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE;
  w.value = 3;
  w.isClear = 1;
  ASSERT_EQ(aclrtCntNotifyWaitWithTimeout(n, b, &w), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 2, 4, b), ACL_SUCCESS);
  Gate g;
  ASSERT_EQ(aclrtLaunchHostFunc(a, Gate::hostFunc, &g), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(d, 4, 1, 4, a), ACL_SUCCESS);
  aclrtCntNotifyRecordInfo r{ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 2};
  ASSERT_EQ(aclrtCntNotifyRecord(n, a, &r), ACL_SUCCESS);  // 2: not yet
  ASSERT_EQ(aclrtCntNotifyRecord(n, a, &r), ACL_SUCCESS);  // 4: enough
  g.open = true;
  ASSERT_EQ(aclrtSynchronizeStream(b), ACL_SUCCESS);
  uint8_t v = 0;
  ASSERT_EQ(aclrtMemcpy(&v, 1, d, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(v, 2);
  // Cleared by the wait: a second wait with a timeout times out.
  w.timeout = 5;
  ASSERT_EQ(aclrtCntNotifyWaitWithTimeout(n, b, &w), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(b), ACL_ERROR_RT_WAIT_TIMEOUT);
  r.mode = static_cast<aclrtCntNotifyRecordMode>(3);
  EXPECT_REJECTED(aclrtCntNotifyRecord(n, a, &r), ACL_ERROR_INVALID_PARAM,
                  "aclrtCntNotifyRecordMode");
  ASSERT_EQ(aclrtCntNotifyDestroy(n), ACL_SUCCESS);
  aclrtFree(d);
  aclrtDestroyStream(a);
  aclrtDestroyStream(b);
}

TEST_F(AclRuntimeExt, DeviceQueriesAndUnsupported) {
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 8u);
  aclrtRunMode mode;
  ASSERT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_HOST);
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B4");
  int32_t can = 0;
  ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 1), ACL_SUCCESS);
  EXPECT_EQ(can, 1);
  EXPECT_REJECTED(aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_ERROR_INVALID_PARAM, "must differ");
  int64_t v = 0;
  ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &v), ACL_SUCCESS);
  EXPECT_EQ(v, 40);
  EXPECT_REJECTED(aclrtBinaryLoadFromFile("x.o", nullptr, nullptr),
                  ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "device binaries");
  EXPECT_EQ(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION),
            ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  char ver[ACL_PKG_VERSION_MAX_SIZE] = {};
  char pkg[] = "runtime";
  ASSERT_EQ(aclsysGetVersionStr(pkg, ver), ACL_SUCCESS);
  EXPECT_STREQ(ver, ASCTWIN_TEST_PROJECT_VERSION);
}

}  // namespace
}  // namespace asctwin::testing
