// Synchronisation: the atomics seed's deterministic scenarios (fast mode runs
// in program order, so correctly synchronised kernels give exactly 1.0),
// SyncAll with atomics, the data cache, and deadlocks reported instead of hung.
#include <cmath>

#include "kernel_test_util.h"

using namespace AscendC;

namespace {

constexpr uint32_t kLen = 8;  // 8 floats = one 32-byte block

// Scenario 1: one AIV; init copy, then three atomic adds in order 2, 3, 1.
__global__ __aicore__ void scenario1(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3, GM_ADDR dst) {
  GlobalTensor<float> g[4], out;
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  for (int i = 0; i < 4; ++i) g[i].SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[i]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 4 * kLen * sizeof(float));
  LocalTensor<float> l = buf.Get<float>();
  for (int i = 0; i < 4; ++i) DataCopy(l[i * kLen], g[i], kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(out, l[0], kLen);
  PipeBarrier<PIPE_MTE3>();
  SetAtomicAdd<float>();
  DataCopy(out, l[2 * kLen], kLen);
  PipeBarrier<PIPE_MTE3>();
  DataCopy(out, l[3 * kLen], kLen);
  PipeBarrier<PIPE_MTE3>();
  DataCopy(out, l[1 * kLen], kLen);
  DisableDmaAtomic();
}

// Scenario 2: four AIVs in order 0 -> 2 -> 3 -> 1 with IBSet/IBWait.
__global__ __aicore__ void scenario2(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3, GM_ADDR dst,
                                     GM_ADDR sync) {
  const int64_t b = GetBlockIdx();
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  GlobalTensor<float> src, out;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[b]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  GlobalTensor<int32_t> flags;
  flags.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sync), 4 * 8);
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ, syncQ;
  pipe.InitBuffer(inQ, 1, kLen * sizeof(float));
  pipe.InitBuffer(syncQ, 1, 32);
  const int32_t waitFor[4] = {-1, 3, 0, 2};
  LocalTensor<float> l = inQ.AllocTensor<float>();
  LocalTensor<int32_t> s = syncQ.AllocTensor<int32_t>();
  if (waitFor[b] >= 0) IBWait(flags, s, waitFor[b], 0);
  DataCopy(l, src, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  if (b != 0) SetAtomicAdd<float>();
  DataCopy(out, l, kLen);
  DisableDmaAtomic();
  if (b != 1) IBSet(flags, s, static_cast<int32_t>(b), 0);
  inQ.FreeTensor(l);
  syncQ.FreeTensor(s);
}

// Scenario 3: four AICs through L1, GM flags polled with bypass-cache accesses.
__global__ __aicore__ void scenario3(GM_ADDR s0, GM_ADDR s1, GM_ADDR s2, GM_ADDR s3, GM_ADDR dst,
                                     GM_ADDR sync) {
  const int64_t b = GetBlockIdx();
  GM_ADDR srcs[4] = {s0, s1, s2, s3};
  GlobalTensor<float> src, out;
  src.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(srcs[b]), kLen);
  out.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  auto* addr = reinterpret_cast<__gm__ int32_t*>(sync);
  LocalMemAllocator<Hardware::L1> l1;
  LocalTensor<float> l = l1.Alloc<float, kLen>();
  const int32_t waitFor[4] = {-1, 3, 0, 2};
  if (waitFor[b] >= 0) {
    while (true) {
      if (ReadGmByPassDCache<int32_t>(addr + waitFor[b] * 8) == 1) {
        WriteGmByPassDCache<int32_t>(addr + waitFor[b] * 8, 0);
        break;
      }
    }
    SetFlag<HardEvent::S_MTE2>(0);
    WaitFlag<HardEvent::S_MTE2>(0);
  }
  DataCopy(l, src, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  if (b != 0) SetAtomicAdd<float>();
  DataCopy(out, l, kLen);
  DisableDmaAtomic();
  if (b != 1) {
    SetFlag<HardEvent::MTE3_S>(0);
    WaitFlag<HardEvent::MTE3_S>(0);
    WriteGmByPassDCache<int32_t>(addr + b * 8, 1);
  }
}

// Three AIVs: SyncAll, then atomically add ones (half) into twos; atomic max.
__global__ __aicore__ void syncAllAtomics(GM_ADDR sumGm, GM_ADDR maxGm, uint32_t n) {
  GlobalTensor<half> sum;
  GlobalTensor<float> mx;
  sum.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(sumGm), n);
  mx.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(maxGm), n);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, m;
  pipe.InitBuffer(a, n * sizeof(half));
  pipe.InitBuffer(m, n * sizeof(float));
  LocalTensor<half> ones = a.Get<half>();
  LocalTensor<float> vals = m.Get<float>();
  if (GetBlockIdx() == 0) {
    Duplicate(ones, static_cast<half>(2.0f), static_cast<int32_t>(n));
    DataCopy(sum, ones, n);
  }
  SyncAll();
  Duplicate(ones, static_cast<half>(1.0f), static_cast<int32_t>(n));
  Duplicate(vals, static_cast<float>(GetBlockIdx() * 10 + 3), static_cast<int32_t>(n));
  SetAtomicAdd<half>();
  DataCopy(sum, ones, n);
  SetAtomicMax<float>();
  DataCopy(mx, vals, n);
  SetAtomicNone();
}

// Block 0 writes through its data cache and signals; block 1 reads after the
// signal. Without DataCacheCleanAndInvalid the value stays in block 0's cache.
__global__ __aicore__ void dcacheKernel(GM_ADDR data, GM_ADDR flag, int32_t clean) {
  GlobalTensor<int32_t> d;
  d.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(data), 8);
  auto* f = reinterpret_cast<__gm__ int32_t*>(flag);
  if (GetBlockIdx() == 0) {
    d.SetValue(0, 77);
    if (clean)
      DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(d);
    WriteGmByPassDCache<int32_t>(f, 1);
    while (ReadGmByPassDCache<int32_t>(f) != 2) {
    }
  } else {
    while (ReadGmByPassDCache<int32_t>(f) != 1) {
    }
    d.SetValue(1, d.GetValue(0));
    DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(d);
    WriteGmByPassDCache<int32_t>(f, 2);
  }
}

__global__ __aicore__ void earlyReturn() {
  if (GetBlockIdx() == 2) return;  // misses the second SyncAll
  SyncAll();
  SyncAll();
}

// Block 0 makes one SyncAll more than the others, which return first: the
// deadlock is seen by the worker thread that holds block 0 after its other
// blocks finished (it must wake block 0 to unwind, not wait for a notify).
__global__ __aicore__ void extraSyncAllOnBlockZero() {
  SyncAll();
  if (GetBlockIdx() == 0) SyncAll();
}

__global__ __aicore__ void waitNever(GM_ADDR sync) {
  GlobalTensor<int32_t> flags;
  flags.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sync), 2 * 8);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  if (GetBlockIdx() == 1) IBWait(flags, b.Get<int32_t>(), 0, 0);  // block 0 never sets it
}

__global__ __aicore__ void spinForever(GM_ADDR flag) {
  auto* f = reinterpret_cast<__gm__ int32_t*>(flag);
  while (ReadGmByPassDCache<int32_t>(f) != 5) {
  }
}

__global__ __aicore__ void determineOrder(GM_ADDR ws, GM_ADDR out, uint32_t rounds) {
  GlobalTensor<int32_t> w, o;
  w.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(ws), GetBlockNum() * 8);
  o.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 1024);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  LocalTensor<int32_t> ub = b.Get<int32_t>();
  InitDetermineComputeWorkspace(w, ub);
  for (uint32_t r = 0; r < rounds; ++r) {
    WaitPreBlock(w, ub);
    // Append our index to a log at out[0] (count) / out[1..].
    const int32_t n = ReadGmByPassDCache<int32_t>(o.GetPhyAddr());
    WriteGmByPassDCache<int32_t>(o.GetPhyAddr(1 + n), static_cast<int32_t>(GetBlockIdx()));
    WriteGmByPassDCache<int32_t>(o.GetPhyAddr(), n + 1);
    NotifyNextBlock(w, ub);
  }
}

}  // namespace

namespace asctwin::testing {

class ScenarioTest : public KernelTest {
 protected:
  void SetUp() override {
    const float vals[4] = {0.0f, 1.0f, 1e16f, -1e16f};
    for (int i = 0; i < 4; ++i) {
      src[i] = std::make_unique<DevBuf>(kLen * 4);
      src[i]->upload(std::vector<float>(kLen, vals[i]));
    }
    dst = std::make_unique<DevBuf>(kLen * 4);
    sync = std::make_unique<DevBuf>(64 * 32);
    sync->zero();
  }
  void expectExactlyOne() {
    auto out = dst->download<float>(kLen);
    for (uint32_t i = 0; i < kLen; ++i) EXPECT_EQ(out[i], 1.0f) << i;
  }
  std::unique_ptr<DevBuf> src[4], dst, sync;
};

TEST_F(ScenarioTest, SeedDataOnlyOneOrderGivesOne) {
  // The oracle behind the scenarios: 0 + 1e16 - 1e16 + 1 = 1, other orders 0.
  const float a = 0.0f, b = 1.0f, c = 1e16f, d = -1e16f;
  EXPECT_EQ(((a + c) + d) + b, 1.0f);
  EXPECT_EQ(((a + b) + c) + d, 0.0f);
  EXPECT_EQ(((a + c) + b) + d, 0.0f);
}

TEST_F(ScenarioTest, Scenario1SingleCorePipeBarriers) {
  ASSERT_EQ(asctwin::run(scenario1, vec(1, "scenario1"), src[0]->gm(), src[1]->gm(), src[2]->gm(),
                         src[3]->gm(), dst->gm()),
            0)
      << lastError();
  expectExactlyOne();
}

TEST_F(ScenarioTest, Scenario2FourAivsWithIBSetIBWait) {
  ASSERT_EQ(asctwin::run(scenario2, vec(4, "scenario2"), src[0]->gm(), src[1]->gm(), src[2]->gm(),
                         src[3]->gm(), dst->gm(), sync->gm()),
            0)
      << lastError();
  expectExactlyOne();
}

TEST_F(ScenarioTest, Scenario3FourAicsWithGmFlags) {
  ASSERT_EQ(asctwin::run(scenario3, cube(4, "scenario3"), src[0]->gm(), src[1]->gm(), src[2]->gm(),
                         src[3]->gm(), dst->gm(), sync->gm()),
            0)
      << lastError();
  expectExactlyOne();
}

TEST_F(KernelTest, SyncAllThenAtomicAddAndMax) {
  const uint32_t n = 64;
  DevBuf sum(n * 2), mx(n * 4);
  mx.upload(std::vector<float>(n, -1.0f));
  ASSERT_EQ(asctwin::run(syncAllAtomics, vec(3, "syncall"), sum.gm(), mx.gm(), n), 0)
      << lastError();
  auto s = sum.download<half>(n);
  auto m = mx.download<float>(n);
  for (uint32_t i = 0; i < n; ++i) {
    EXPECT_EQ(static_cast<float>(s[i]), 5.0f) << i;
    EXPECT_EQ(m[i], 23.0f) << i;
  }
}

TEST_F(KernelTest, DataCacheHidesWritesUntilCleaned) {
  DevBuf data(32), flag(32);
  for (int clean : {0, 1}) {
    data.upload(std::vector<int32_t>(8, -5));
    flag.zero();
    ASSERT_EQ(asctwin::run(dcacheKernel, vec(2, "dcache"), data.gm(), flag.gm(), clean), 0)
        << lastError();
    auto d = data.download<int32_t>(2);
    EXPECT_EQ(d[1], clean ? 77 : -5) << "clean=" << clean;  // block 1 saw GM
    EXPECT_EQ(d[0], 77);  // written back at the end of block 0 either way
  }
}

TEST_F(KernelTest, SyncAllWithEarlyReturnIsReportedNotHung) {
  EXPECT_EQ(asctwin::run(earlyReturn, vec(4, "early")), ACL_ERROR_RT_FAILURE);
  const std::string msg = lastError();
  EXPECT_NE(msg.find("deadlocked"), std::string::npos) << msg;
  EXPECT_NE(msg.find("block 2 (AIV) returned after 0 SyncAll call(s)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("SyncAll at sync_test.cpp:"), std::string::npos) << msg;
}

TEST_F(KernelTest, ExtraSyncAllOnOneBlockIsReportedForEveryBlockCount) {
  for (uint32_t blocks = 2; blocks <= 9; ++blocks) {
    SCOPED_TRACE("blocks " + std::to_string(blocks));
    EXPECT_EQ(asctwin::run(extraSyncAllOnBlockZero, vec(blocks, "extra")), ACL_ERROR_RT_FAILURE);
    const std::string msg = lastError();
    EXPECT_NE(msg.find("block 0 (AIV) waits in SyncAll call #2"), std::string::npos) << msg;
    EXPECT_NE(msg.find("block 1 (AIV) returned after 1 SyncAll call(s)"), std::string::npos) << msg;
  }
}

TEST_F(KernelTest, IBWaitThatCanNeverSucceedIsReported) {
  DevBuf sync(2 * 32);
  sync.zero();
  EXPECT_EQ(asctwin::run(waitNever, vec(2, "waitNever"), sync.gm()), ACL_ERROR_RT_FAILURE);
  const std::string msg = lastError();
  EXPECT_NE(msg.find("block 1 (AIV) spins on GM"), std::string::npos) << msg;
  EXPECT_NE(msg.find("IBWait at sync_test.cpp:"), std::string::npos) << msg;
}

TEST_F(KernelTest, UserSpinLoopThatCanNeverSucceedIsReported) {
  DevBuf flag(32);
  flag.zero();
  EXPECT_EQ(asctwin::run(spinForever, vec(3, "spin"), flag.gm()), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("ReadGmByPassDCache at sync_test.cpp:"), std::string::npos)
      << lastError();
}

TEST_F(KernelTest, SyncAllNeedsResidentBlocks) {
  EXPECT_EQ(asctwin::run(earlyReturn, vec(41, "toomany")), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("resident"), std::string::npos) << lastError();
}

TEST_F(KernelTest, DetermineComputeTakesTurnsInBlockOrder) {
  const uint32_t blocks = 5, rounds = 3;
  DevBuf ws(blocks * 32), out(1024 * 4);
  out.zero();
  ASSERT_EQ(asctwin::run(determineOrder, vec(blocks, "determine"), ws.gm(), out.gm(), rounds), 0)
      << lastError();
  auto log = out.download<int32_t>(1 + blocks * rounds);
  ASSERT_EQ(log[0], static_cast<int32_t>(blocks * rounds));
  for (uint32_t i = 0; i < blocks * rounds; ++i)
    EXPECT_EQ(log[1 + i], static_cast<int32_t>(i % blocks)) << i;
}

}  // namespace asctwin::testing
