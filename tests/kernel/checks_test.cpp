// The always-on checks: each produces a kernel error naming the kernel, the
// block, the API and the source line, instead of overrunning or hanging.
#include "kernel_test_util.h"

using namespace AscendC;

namespace {

__global__ __aicore__ void beyondAllocation(GM_ADDR x) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x));  // size unknown
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024);
  DataCopy(g, b.Get<float>(), 256);  // 1 KiB into a 512-byte allocation
}

// The GM check remembers the allocations it found (per core); an access
// after one that found the allocation is still checked against its end:
// `count` floats from float `at` of the 512-byte allocation.
__global__ __aicore__ void afterAKnownRange(GM_ADDR x, uint32_t at, uint32_t count) {
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x));  // size unknown
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024);
  LocalTensor<float> t = b.Get<float>();
  DataCopy(t, g, 64);  // bytes [0, 256): in bounds
  PipeBarrier<PIPE_ALL>();
  DataCopy(t, g[at], count);
}

__global__ __aicore__ void ubOverflow() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b;
  pipe.InitBuffer(a, 128 * 1024);
  pipe.InitBuffer(b, 128 * 1024);  // 256 KiB > 192 KiB
}

__global__ __aicore__ void misaligned(GM_ADDR) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024);
  LocalTensor<float> t = b.Get<float>();
  Adds(t[3], t[3], 1.0f, 8);  // 12-byte offset
}

__global__ __aicore__ void badEventId() {
  SetFlag<HardEvent::MTE2_V>(8);
}

__global__ __aicore__ void waitWithoutSet() {
  WaitFlag<HardEvent::V_MTE3>(1);
}

__global__ __aicore__ void dequeEmpty() {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 1, 256);
  LocalTensor<float> t = q.DeQue<float>();
  (void)t;
}

__global__ __aicore__ void freeForeign() {
  TPipe pipe;
  TQue<TPosition::VECIN, 1> q1, q2;
  pipe.InitBuffer(q1, 1, 256);
  pipe.InitBuffer(q2, 1, 256);
  LocalTensor<float> t = q1.AllocTensor<float>();
  q2.FreeTensor(t);
}

__global__ __aicore__ void allocExhausted() {
  TPipe pipe;
  TQue<TPosition::VECOUT, 1> q;
  pipe.InitBuffer(q, 2, 256);
  LocalTensor<float> a = q.AllocTensor<float>();
  LocalTensor<float> b = q.AllocTensor<float>();
  LocalTensor<float> c = q.AllocTensor<float>();  // both buffers taken, none freed
  (void)a;
  (void)b;
  (void)c;
}

__global__ __aicore__ void unsupportedCast() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1024);
  Cast(b.Get<float>(), b.Get<half>(), RoundMode::CAST_RINT, 8);  // half -> float: CAST_NONE only
}

__global__ __aicore__ void ubOnCube() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
}

}  // namespace

namespace asctwin::testing {

struct CheckCase {
  const char* name;
  std::function<int()> launch;
  std::vector<std::string> mustContain;
};

TEST_F(KernelTest, EveryAlwaysOnCheckReports) {
  DevBuf small(512);
  const std::vector<CheckCase> cases = {
      {"beyondAllocation",
       [&] { return asctwin::run(beyondAllocation, vec(1, "beyondAllocation"), small.gm()); },
       {"block 0 (AIV)", "DataCopy at checks_test.cpp:", "crosses the end of allocation"}},
      {"acrossAKnownEnd",  // bytes [256, 768)
       [&] {
         return asctwin::run(afterAKnownRange, vec(1, "acrossAKnownEnd"), small.gm(), 64u, 128u);
       },
       {"DataCopy at checks_test.cpp:", "crosses the end of allocation"}},
      {"pastAKnownEnd",  // bytes [544, 576): past the end
       [&] {
         return asctwin::run(afterAKnownRange, vec(1, "pastAKnownEnd"), small.gm(), 136u, 8u);
       },
       {"DataCopy at checks_test.cpp:", "is not inside a live device allocation"}},
      {"ubOverflow",
       [&] { return asctwin::run(ubOverflow, vec(1, "ubOverflow")); },
       {"TPipe::InitBuffer at checks_test.cpp:", "exceeds the 196608-byte UB"}},
      {"misaligned",
       [&] { return asctwin::run(misaligned, vec(1, "misaligned"), small.gm()); },
       {"Adds at checks_test.cpp:", "not 32-byte aligned"}},
      {"badEventId",
       [&] { return asctwin::run(badEventId, vec(1, "badEventId")); },
       {"SetFlag at checks_test.cpp:", "event id must be in [0, 7], got 8"}},
      {"waitWithoutSet",
       [&] { return asctwin::run(waitWithoutSet, vec(1, "waitWithoutSet")); },
       {"WaitFlag<V_MTE3>(1) has no SetFlag", "would hang"}},
      {"dequeEmpty",
       [&] { return asctwin::run(dequeEmpty, vec(1, "dequeEmpty")); },
       {"TQue::DeQue at checks_test.cpp:", "empty queue"}},
      {"freeForeign",
       [&] { return asctwin::run(freeForeign, vec(1, "freeForeign")); },
       {"TQue::FreeTensor at checks_test.cpp:", "does not belong to this queue"}},
      {"allocExhausted",
       [&] { return asctwin::run(allocExhausted, vec(1, "allocExhausted")); },
       {"TQue::AllocTensor", "in use"}},
      {"unsupportedCast",
       [&] { return asctwin::run(unsupportedCast, vec(1, "unsupportedCast")); },
       {"Cast at checks_test.cpp:", "Cast from half to float does not support CAST_RINT"}},
      {"ubOnCube",
       [&] { return asctwin::run(ubOnCube, cube(1, "ubOnCube")); },
       {"block 0 (AIC)", "UB does not exist on an AIC core"}},
  };
  for (const auto& c : cases) {
    const int rc = c.launch();
    EXPECT_EQ(rc, ACL_ERROR_RT_FAILURE) << c.name;
    const std::string msg = lastError();
    EXPECT_NE(msg.find(std::string("kernel '") + c.name + "'"), std::string::npos)
        << c.name << ": " << msg;
    for (const auto& m : c.mustContain)
      EXPECT_NE(msg.find(m), std::string::npos) << c.name << ": " << msg;
  }
}

}  // namespace asctwin::testing
