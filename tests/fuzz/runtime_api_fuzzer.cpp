// libFuzzer target over the runtime's handle-based entry points: a sequence
// of calls chosen by the input on streams (with configurations and failure
// modes), events (both kinds), notifies, model capture and replay, data
// buffers, TDT queues, physical memory and reserved ranges, and 2D copies,
// with handles that are live, destroyed, null or never created, and
// arguments inside and outside their ranges.
// Properties: no crash, no sanitizer report, no hang; every rejected call
// leaves a message; everything created is destroyed at the end of the input.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <vector>

#include "acl/acl_tdt_queue.h"
#include "common/error_message.h"
#include "fuzz_util.h"

namespace {

struct World {
  std::vector<aclrtStream> streams;
  std::vector<aclrtEvent> events;
  std::vector<aclrtNotify> notifies;
  std::vector<aclmdlRI> models;
  std::vector<aclDataBuffer*> buffers;
  std::vector<uint32_t> queues;
  std::vector<void*> device;
  std::vector<aclrtDrvMemHandle> physical;
  std::vector<void*> reserved;
  std::vector<void*> dead;  // destroyed handles of any kind, for stale use
  int foreign = 0;          // its address: a handle nothing created
};

template <class T>
T pick(FuzzedDataProvider& in, const std::vector<T>& v, World& w) {
  const int k = in.ConsumeIntegralInRange<int>(0, 3);
  if (k == 0 || v.empty()) return nullptr;
  if (k == 1 && !w.dead.empty())
    return static_cast<T>(w.dead[in.ConsumeIntegralInRange<size_t>(0, w.dead.size() - 1)]);
  if (k == 2) return reinterpret_cast<T>(&w.foreign);
  return v[in.ConsumeIntegralInRange<size_t>(0, v.size() - 1)];
}

aclrtStream pickStream(FuzzedDataProvider& in, World& w) {
  // Streams: null (the default stream) and live ones only; a stale stream
  // handle is checked against the registry, which the other picks cover.
  if (w.streams.empty() || in.ConsumeBool()) return nullptr;
  return w.streams[in.ConsumeIntegralInRange<size_t>(0, w.streams.size() - 1)];
}

void step(FuzzedDataProvider& in, World& w) {
  asctwin::clearLastError();
  int rc = 0;
  const char* api = "";
  switch (in.ConsumeIntegralInRange<int>(0, 21)) {
    case 0: {
      api = "aclrtCreateStreamWithConfig";
      aclrtStream s = nullptr;
      rc = aclrtCreateStreamWithConfig(&s, in.ConsumeIntegralInRange<uint32_t>(0, 9),
                                       in.ConsumeIntegral<uint32_t>() & 0x3F);
      if (rc == 0 && w.streams.size() < 4)
        w.streams.push_back(s);
      else if (rc == 0)
        aclrtDestroyStream(s);
      break;
    }
    case 1: {
      api = "aclrtSetStreamFailureMode";
      rc = aclrtSetStreamFailureMode(pickStream(in, w), in.ConsumeIntegralInRange<uint64_t>(0, 3));
      break;
    }
    case 2: {
      api = "aclrtCreateEvent*";
      aclrtEvent e = nullptr;
      const uint32_t flag = in.ConsumeIntegral<uint32_t>() & 0x7F;
      rc = in.ConsumeBool() ? aclrtCreateEventWithFlag(&e, flag)
                            : aclrtCreateEventExWithFlag(&e, flag);
      if (rc == 0) w.events.push_back(e);
      break;
    }
    case 3:
      api = "aclrtRecordEvent";
      rc = aclrtRecordEvent(pick(in, w.events, w), pickStream(in, w));
      break;
    case 4:
      api = "aclrtStreamWaitEventWithTimeout";
      rc = aclrtStreamWaitEventWithTimeout(
          pickStream(in, w), pick(in, w.events, w),
          in.ConsumeBool() ? -2 : in.ConsumeIntegralInRange<int32_t>(0, 2));
      break;
    case 5: {
      api = "aclrtQueryEventStatus";
      aclrtEventRecordedStatus st;
      rc = aclrtQueryEventStatus(pick(in, w.events, w), in.ConsumeBool() ? &st : nullptr);
      break;
    }
    case 6: {
      api = "aclrtDestroyEvent";
      aclrtEvent e = pick(in, w.events, w);
      rc = aclrtDestroyEvent(e);
      if (rc == 0) {
        std::erase(w.events, e);
        w.dead.push_back(e);
      }
      break;
    }
    case 7: {
      api = "aclrtCreateNotify";
      aclrtNotify n = nullptr;
      rc = aclrtCreateNotify(&n, in.ConsumeIntegralInRange<uint64_t>(0, 2));
      if (rc == 0) w.notifies.push_back(n);
      break;
    }
    case 8:
      api = "aclrtRecordNotify";
      rc = aclrtRecordNotify(pick(in, w.notifies, w), pickStream(in, w));
      break;
    case 9: {
      api = "aclmdlRICaptureBegin";
      if (w.streams.empty()) break;
      aclrtStream s = w.streams[in.ConsumeIntegralInRange<size_t>(0, w.streams.size() - 1)];
      rc = aclmdlRICaptureBegin(
          s, static_cast<aclmdlRICaptureMode>(in.ConsumeIntegralInRange<int>(-1, 3)));
      break;
    }
    case 10: {
      api = "aclmdlRICaptureEnd";
      if (w.streams.empty()) break;
      aclmdlRI m = nullptr;
      rc = aclmdlRICaptureEnd(w.streams[in.ConsumeIntegralInRange<size_t>(0, w.streams.size() - 1)],
                              &m);
      if (rc == 0) w.models.push_back(m);
      break;
    }
    case 11:
      api = "aclmdlRIExecuteAsync";
      rc = aclmdlRIExecuteAsync(pick(in, w.models, w), pickStream(in, w));
      break;
    case 12: {
      api = "aclrtMalloc";
      void* p = nullptr;
      rc = aclrtMalloc(&p, in.ConsumeIntegralInRange<size_t>(0, 4096), ACL_MEM_MALLOC_HUGE_FIRST);
      if (rc == 0) w.device.push_back(p);
      break;
    }
    case 13: {
      api = "aclrtMemsetAsync";
      void* p = pick(in, w.device, w);
      rc = aclrtMemsetAsync(p, in.ConsumeIntegralInRange<size_t>(0, 8192), 1,
                            in.ConsumeIntegralInRange<size_t>(0, 8192), pickStream(in, w));
      break;
    }
    case 14: {
      api = "aclrtMemcpy2d";
      std::vector<uint8_t> host(256);
      void* p = pick(in, w.device, w);
      rc = aclrtMemcpy2d(p, in.ConsumeIntegralInRange<size_t>(0, 64), host.data(), 16,
                         in.ConsumeIntegralInRange<size_t>(0, 16),
                         in.ConsumeIntegralInRange<size_t>(0, 16), ACL_MEMCPY_HOST_TO_DEVICE);
      break;
    }
    case 15: {
      api = "aclCreateDataBuffer";
      void* p = pick(in, w.device, w);
      aclDataBuffer* b = aclCreateDataBuffer(p, in.ConsumeIntegralInRange<size_t>(0, 64));
      if (b != nullptr)
        w.buffers.push_back(b);
      else
        rc = 1;
      break;
    }
    case 16: {
      api = "aclDestroyDataBuffer";
      aclDataBuffer* b = pick(in, w.buffers, w);
      rc = aclDestroyDataBuffer(b);
      if (rc == 0) {
        std::erase(w.buffers, b);
        w.dead.push_back(b);
      }
      break;
    }
    case 17: {
      api = "acltdtCreateQueue";
      acltdtQueueAttr* a = acltdtCreateQueueAttr();
      uint32_t depth = in.ConsumeIntegralInRange<uint32_t>(0, 10), qid = 0;
      rc = acltdtSetQueueAttr(a, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof depth, &depth);
      if (rc == 0) rc = acltdtCreateQueue(a, &qid);
      if (rc == 0) w.queues.push_back(qid);
      acltdtDestroyQueueAttr(a);
      break;
    }
    case 18: {
      api = "acltdtEnqueueData/DequeueData";
      const uint32_t qid =
          w.queues.empty() || in.ConsumeBool() ? in.ConsumeIntegral<uint32_t>() : w.queues[0];
      char data[32] = {};
      size_t n = 0;
      rc = in.ConsumeBool() ? acltdtEnqueueData(qid, data, in.ConsumeIntegralInRange<size_t>(0, 32),
                                                nullptr, 0, 0, 0)
                            : acltdtDequeueData(qid, data, sizeof data, &n, nullptr, 0, 0);
      break;
    }
    case 19: {
      api = "aclrtMallocPhysical/aclrtReserveMemAddress";
      aclrtPhysicalMemProp prop{};
      prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
      prop.location.type = static_cast<aclrtMemLocationType>(in.ConsumeIntegralInRange<int>(0, 3));
      prop.location.id = in.ConsumeIntegralInRange<uint32_t>(0, 9);
      const size_t size = (2u << 20) * in.ConsumeIntegralInRange<size_t>(0, 2) +
                          in.ConsumeIntegralInRange<size_t>(0, 1);
      if (in.ConsumeBool()) {
        aclrtDrvMemHandle h = nullptr;
        rc = aclrtMallocPhysical(&h, size, &prop, 0);
        if (rc == 0) w.physical.push_back(h);
      } else {
        void* va = nullptr;
        rc = aclrtReserveMemAddress(&va, size, 0, nullptr, 0);
        if (rc == 0) w.reserved.push_back(va);
      }
      break;
    }
    case 20: {
      api = "aclrtMapMem";
      void* va = pick(in, w.reserved, w);
      rc = aclrtMapMem(va, (2u << 20) * in.ConsumeIntegralInRange<size_t>(0, 2), 0,
                       pick(in, w.physical, w), 0);
      if (rc == 0) rc = aclrtUnmapMem(va);
      break;
    }
    default:
      api = "aclrtSynchronizeStreamWithTimeout";
      rc = aclrtSynchronizeStreamWithTimeout(pickStream(in, w), 1000);
      break;
  }
  FUZZ_CHECK_MESSAGE(rc, api);
}

void cleanUp(World& w) {
  for (aclrtStream s : w.streams) {
    aclmdlRI m = nullptr;
    (void)aclmdlRICaptureEnd(s, &m);  // an open capture
    if (m != nullptr) w.models.push_back(m);
  }
  for (aclmdlRI m : w.models) aclmdlRIDestroy(m);
  for (aclrtStream s : w.streams) FUZZ_CHECK(aclrtDestroyStream(s) == 0, "stream destroy");
  (void)aclrtSynchronizeDevice();
  for (aclrtEvent e : w.events) aclrtDestroyEvent(e);
  for (aclrtNotify n : w.notifies) aclrtDestroyNotify(n);
  for (aclDataBuffer* b : w.buffers) aclDestroyDataBuffer(b);
  for (uint32_t q : w.queues) acltdtDestroyQueue(q);
  for (void* p : w.device) aclrtFree(p);
  for (void* va : w.reserved) aclrtReleaseMemAddress(va);
  for (aclrtDrvMemHandle h : w.physical) aclrtFreePhysical(h);
  asctwin::clearLastError();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) std::abort();
  warmUpAllocator();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  World w;
  for (int i = 0; i < 24 && in.remaining_bytes() > 0; ++i) step(in, w);
  cleanUp(w);
  return 0;
}
