// Check mode beyond the seed's scenarios: mode selection (options, process
// setting, environment), the observer hook, queue kernels, local scalar
// accesses, SyncAll, the data cache, determine-compute turns, deadlock
// reports, and the check-vs-fast slowdown on a vector-add kernel.
#include <chrono>
#include <cstdlib>
#include <mutex>

#include "asctwin/asctwin_check.h"
#include "check/scenarios.h"
#include "kernel/check_mode.h"
#include "kernel/kernel_test_util.h"
#include "kernel/observer.h"

using namespace AscendC;

namespace {

constexpr int32_t kTile = 256;

// The add_custom shape: queues, double buffering (the queues' hidden flags
// are the only synchronisation).
__global__ __aicore__ void addKernel(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t total) {
  const uint32_t per = total / GetBlockNum();
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + per * GetBlockIdx(), per);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + per * GetBlockIdx(), per);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + per * GetBlockIdx(), per);
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inX, inY;
  TQue<TPosition::VECOUT, 2> outZ;
  pipe.InitBuffer(inX, 2, kTile * sizeof(float));
  pipe.InitBuffer(inY, 2, kTile * sizeof(float));
  pipe.InitBuffer(outZ, 2, kTile * sizeof(float));
  for (uint32_t t = 0; t < per / kTile; ++t) {
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = inY.AllocTensor<float>();
    DataCopy(a, xg[t * kTile], kTile);
    DataCopy(b, yg[t * kTile], kTile);
    inX.EnQue(a);
    inY.EnQue(b);
    LocalTensor<float> a2 = inX.DeQue<float>();
    LocalTensor<float> b2 = inY.DeQue<float>();
    LocalTensor<float> c = outZ.AllocTensor<float>();
    Add(c, a2, b2, kTile);
    outZ.EnQue(c);
    inX.FreeTensor(a2);
    inY.FreeTensor(b2);
    LocalTensor<float> c2 = outZ.DeQue<float>();
    DataCopy(zg[t * kTile], c2, kTile);
    outZ.FreeTensor(c2);
  }
}

// The same with plain buffers and explicit flags; `withFlags` = 0 drops the
// MTE2_V flag between the loads and the Add (a missing synchronisation).
__global__ __aicore__ void addFlags(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t withFlags) {
  GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), kTile);
  yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), kTile);
  zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), kTile);
  TPipe pipe;
  TBuf<TPosition::VECCALC> ba, bb, bc;
  pipe.InitBuffer(ba, kTile * 4);
  pipe.InitBuffer(bb, kTile * 4);
  pipe.InitBuffer(bc, kTile * 4);
  LocalTensor<float> a = ba.Get<float>(), b = bb.Get<float>(), c = bc.Get<float>();
  DataCopy(a, xg, kTile);
  DataCopy(b, yg, kTile);
  if (withFlags) {
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
  }
  Add(c, a, b, kTile);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(zg, c, kTile);
}

// Scalar reads of UB right after a copy into it: the compiler orders them,
// so they always see the copied values.
__global__ __aicore__ void scalarAfterCopy(GM_ADDR x, GM_ADDR out) {
  GlobalTensor<int32_t> xg, og;
  xg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x), 64);
  og.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 64 * 4);
  LocalTensor<int32_t> l = buf.Get<int32_t>();
  DataCopy(l, xg, 64);
  int32_t sum = 0;
  for (uint32_t i = 0; i < 64; ++i) sum += l.GetValue(i);
  l.SetValue(0, sum);
  SetFlag<HardEvent::S_MTE3>(0);
  WaitFlag<HardEvent::S_MTE3>(0);
  DataCopy(og, l, 8);
}

// Reads many different GM words (tiling data) with no GM change in between:
// not a spin loop.
__global__ __aicore__ void readTiling(GM_ADDR tiling, GM_ADDR out) {
  GlobalTensor<int32_t> t, o;
  t.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(tiling), 32);
  o.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 8);
  int32_t sum = 0;
  for (uint32_t i = 0; i < 32; ++i) sum += t.GetValue(i);
  if (GetBlockIdx() == 0) o.SetValue(0, sum);
}

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
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(sum, ones, n);
    SetFlag<HardEvent::MTE3_V>(0);
    WaitFlag<HardEvent::MTE3_V>(0);
  }
  SyncAll();
  Duplicate(ones, static_cast<half>(1.0f), static_cast<int32_t>(n));
  Duplicate(vals, static_cast<float>(GetBlockIdx() * 10 + 3), static_cast<int32_t>(n));
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  SetAtomicAdd<half>();
  DataCopy(sum, ones, n);
  SetAtomicMax<float>();
  DataCopy(mx, vals, n);
  SetAtomicNone();
}

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
    const int32_t n = ReadGmByPassDCache<int32_t>(o.GetPhyAddr());
    WriteGmByPassDCache<int32_t>(o.GetPhyAddr(1 + n), static_cast<int32_t>(GetBlockIdx()));
    WriteGmByPassDCache<int32_t>(o.GetPhyAddr(), n + 1);
    NotifyNextBlock(w, ub);
  }
}

__global__ __aicore__ void earlyReturn() {
  if (GetBlockIdx() == 2) return;  // misses the second SyncAll
  SyncAll();
  SyncAll();
}

__global__ __aicore__ void waitNever(GM_ADDR sync) {
  GlobalTensor<int32_t> flags;
  flags.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sync), 2 * 8);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 32);
  if (GetBlockIdx() == 1) IBWait(flags, b.Get<int32_t>(), 0, 0);  // block 0 never sets it
}

__global__ __aicore__ void waitFlagNoSet() {
  WaitFlag<HardEvent::MTE3_S>(2);
}

// An error inside a deferred instruction (a Gather offset outside the UB) is
// reported when the instruction runs.
__global__ __aicore__ void badGather() {
  TPipe pipe;
  TBuf<TPosition::VECCALC> b, o, d;
  pipe.InitBuffer(b, 256);
  pipe.InitBuffer(o, 32);
  pipe.InitBuffer(d, 256);
  LocalTensor<uint32_t> off = o.Get<uint32_t>();
  Duplicate(off, 1u << 30, 8);
  Gather(d.Get<float>(), b.Get<float>(), off, 0, 8);
}

struct Recorder : asctwin::kernel::InstrObserver {
  std::mutex mu;
  std::vector<std::pair<uint32_t, pipe_t>> executed;  // (line, pipe)
  std::vector<asctwin::kernel::AtomicOp> atomics;
  uint64_t scalarGm = 0, syncs = 0, begins = 0, ends = 0;
  void onLaunchBegin(const asctwin::kernel::Launch&) override { ++begins; }
  void onLaunchEnd(const asctwin::kernel::Launch&, bool) override { ++ends; }
  void onExecute(const asctwin::kernel::CoreState&, const asctwin::kernel::Instr& in) override {
    std::lock_guard lock(mu);
    executed.emplace_back(in.site.line, in.pipe);
    if (in.pipe == PIPE_MTE3) atomics.push_back(in.atomicOp);
  }
  void onScalarGm(const asctwin::kernel::CoreState&,
                  const asctwin::kernel::ScalarGmAccess&) override {
    std::lock_guard lock(mu);
    ++scalarGm;
  }
  void onSync(const asctwin::kernel::CoreState&, const asctwin::kernel::SyncEvent&) override {
    std::lock_guard lock(mu);
    ++syncs;
  }
};

}  // namespace

namespace asctwin::testing {

class CheckKernelsTest : public KernelTest {
 protected:
  void TearDown() override {
    asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0);
    unsetenv("ASCTWIN_MODE");
    unsetenv("ASCTWIN_SEED");
  }
  static LaunchOptions checked(LaunchOptions o, uint64_t seed) {
    o.mode = ExecMode::Check;
    o.seed = seed;
    return o;
  }
};

TEST_F(CheckKernelsTest, ModeFromOptionsProcessSettingAndEnvironment) {
  kernel::LaunchStats stats;
  LaunchOptions o = vec(2, "k");
  o.stats = &stats;
  DevBuf t(32 * 4), out(32);
  t.zero();
  // Default: fast.
  ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
  EXPECT_EQ(stats.mode, ExecMode::Fast);
  // Environment.
  setenv("ASCTWIN_MODE", "check", 1);
  setenv("ASCTWIN_SEED", "5", 1);
  ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
  EXPECT_EQ(stats.mode, ExecMode::Check);
  EXPECT_EQ(stats.seed, 5u);
  int mode = -1;
  uint64_t seed = 0;
  ASSERT_EQ(asctwinGetKernelMode(&mode, &seed), ACL_SUCCESS);
  EXPECT_EQ(mode, ASCTWIN_MODE_CHECK);
  EXPECT_EQ(seed, 5u);
  // The process setting wins over the environment.
  ASSERT_EQ(asctwinSetKernelMode(ASCTWIN_MODE_CHECK, 77), ACL_SUCCESS);
  ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
  EXPECT_EQ(stats.seed, 77u);
  ASSERT_EQ(asctwinSetKernelMode(ASCTWIN_MODE_FAST, 0), ACL_SUCCESS);
  ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
  EXPECT_EQ(stats.mode, ExecMode::Fast);
  // The launch's own choice wins over both.
  o.mode = ExecMode::Check;
  o.seed = 3;
  ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
  EXPECT_EQ(stats.mode, ExecMode::Check);
  EXPECT_EQ(stats.seed, 3u);
  EXPECT_EQ(asctwinSetKernelMode(3, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("asctwinSetKernelMode"), std::string::npos);
}

TEST_F(CheckKernelsTest, MalformedEnvironmentIsAnErrorNamingTheVariable) {
  DevBuf t(32 * 4), out(32);
  t.zero();
  setenv("ASCTWIN_MODE", "chekc", 1);
  EXPECT_EQ(asctwin::run(readTiling, vec(1), t.gm(), out.gm()), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("ASCTWIN_MODE"), std::string::npos) << lastError();
  EXPECT_NE(lastError().find("chekc"), std::string::npos) << lastError();
  int mode = 0;
  EXPECT_EQ(asctwinGetKernelMode(&mode, nullptr), ACL_ERROR_INVALID_PARAM);
  setenv("ASCTWIN_MODE", "check", 1);
  setenv("ASCTWIN_SEED", "12x", 1);
  EXPECT_EQ(asctwin::run(readTiling, vec(1), t.gm(), out.gm()), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(lastError().find("ASCTWIN_SEED"), std::string::npos) << lastError();
  // A launch on a stream takes the mode when it is made.
  setenv("ASCTWIN_SEED", "0x10", 1);
  kernel::LaunchStats stats;
  LaunchOptions o = vec(1);
  o.stats = &stats;
  ASSERT_EQ(asctwin::launch(readTiling, o, nullptr, t.gm(), out.gm()), 0) << lastError();
  unsetenv("ASCTWIN_MODE");
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << lastError();
  EXPECT_EQ(stats.mode, ExecMode::Check);
  EXPECT_EQ(stats.seed, 16u);
}

TEST_F(CheckKernelsTest, QueueKernelIsCorrectUnderEverySeed) {
  const uint32_t n = 4 * 4 * kTile;
  std::vector<float> x(n), y(n);
  for (uint32_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i) * 0.5f;
    y[i] = 3.0f - static_cast<float>(i);
  }
  DevBuf xb(n * 4), yb(n * 4), zb(n * 4);
  xb.upload(x);
  yb.upload(y);
  const ExploreResult r = explore(100, 0, [&](uint64_t) {
    zb.zero();
    EXPECT_EQ(asctwin::run(addKernel, vec(4, "add"), xb.gm(), yb.gm(), zb.gm(), n), 0)
        << lastError();
    return hashBytes(zb.gm(), n * 4);
  });
  EXPECT_EQ(r.distinct(), 1u) << r.summary();
  auto z = zb.download<float>(n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(z[i], x[i] + y[i]) << i;
}

TEST_F(CheckKernelsTest, MissingMte2VFlagReadsGarbageUnderSomeSeeds) {
  DevBuf xb(kTile * 4), yb(kTile * 4), zb(kTile * 4);
  xb.upload(std::vector<float>(kTile, 1.0f));
  yb.upload(std::vector<float>(kTile, 2.0f));
  for (int32_t withFlags : {1, 0}) {
    const ExploreResult r = explore(200, 0, [&](uint64_t) {
      zb.zero();
      EXPECT_EQ(asctwin::run(addFlags, vec(1, "addFlags"), xb.gm(), yb.gm(), zb.gm(), withFlags), 0)
          << lastError();
      return hashBytes(zb.gm(), kTile * 4);
    });
    if (withFlags) {
      EXPECT_EQ(r.distinct(), 1u) << r.summary();
    } else {
      EXPECT_GE(r.distinct(), 2u) << r.summary();
    }
  }
}

TEST_F(CheckKernelsTest, ScalarAccessToLocalMemoryWaitsForPendingCopies) {
  DevBuf x(64 * 4), out(64 * 4);
  std::vector<int32_t> v(64);
  for (int i = 0; i < 64; ++i) v[i] = i + 1;
  x.upload(v);
  for (uint64_t seed = 0; seed < 50; ++seed) {
    out.zero();
    ASSERT_EQ(asctwin::run(scalarAfterCopy, checked(vec(1), seed), x.gm(), out.gm()), 0)
        << lastError();
    EXPECT_EQ(out.download<int32_t>(1)[0], 64 * 65 / 2) << "seed " << seed;
  }
}

TEST_F(CheckKernelsTest, ReadingManyGmWordsIsNotASpin) {
  DevBuf t(32 * 4), out(32);
  std::vector<int32_t> v(32, 2);
  t.upload(v);
  for (ExecMode m : {ExecMode::Fast, ExecMode::Check}) {
    out.zero();
    LaunchOptions o = vec(3);
    o.mode = m;
    ASSERT_EQ(asctwin::run(readTiling, o, t.gm(), out.gm()), 0) << lastError();
    EXPECT_EQ(out.download<int32_t>(1)[0], 64);
  }
}

TEST_F(CheckKernelsTest, SyncAllAtomicsAreExactUnderEverySeed) {
  const uint32_t n = 64;
  DevBuf sum(n * 2), mx(n * 4);
  const ExploreResult r = explore(200, 0, [&](uint64_t) {
    mx.upload(std::vector<float>(n, -1.0f));
    EXPECT_EQ(asctwin::run(syncAllAtomics, vec(3, "syncall"), sum.gm(), mx.gm(), n), 0)
        << lastError();
    return hashBytes(mx.gm(), n * 4, hashBytes(sum.gm(), n * 2));
  });
  EXPECT_EQ(r.distinct(), 1u) << r.summary();
  auto s = sum.download<half>(n);
  auto m = mx.download<float>(n);
  for (uint32_t i = 0; i < n; ++i) {
    EXPECT_EQ(static_cast<float>(s[i]), 5.0f) << i;
    EXPECT_EQ(m[i], 23.0f) << i;
  }
}

TEST_F(CheckKernelsTest, DataCacheHidesWritesUntilCleaned) {
  DevBuf data(32), flag(32);
  for (int clean : {0, 1}) {
    for (uint64_t seed = 0; seed < 20; ++seed) {
      data.upload(std::vector<int32_t>(8, -5));
      flag.zero();
      ASSERT_EQ(asctwin::run(dcacheKernel, checked(vec(2), seed), data.gm(), flag.gm(), clean), 0)
          << lastError();
      auto d = data.download<int32_t>(2);
      EXPECT_EQ(d[1], clean ? 77 : -5) << "clean=" << clean << " seed " << seed;
      EXPECT_EQ(d[0], 77);
    }
  }
}

TEST_F(CheckKernelsTest, DetermineComputeTakesTurnsInBlockOrder) {
  const uint32_t blocks = 5, rounds = 3;
  DevBuf ws(blocks * 32), out(1024 * 4);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    out.zero();
    ASSERT_EQ(asctwin::run(determineOrder, checked(vec(blocks), seed), ws.gm(), out.gm(), rounds),
              0)
        << lastError();
    auto log = out.download<int32_t>(1 + blocks * rounds);
    ASSERT_EQ(log[0], static_cast<int32_t>(blocks * rounds));
    for (uint32_t i = 0; i < blocks * rounds; ++i)
      EXPECT_EQ(log[1 + i], static_cast<int32_t>(i % blocks)) << i;
  }
}

TEST_F(CheckKernelsTest, DeadlocksAreReportedAsInFastMode) {
  EXPECT_EQ(asctwin::run(earlyReturn, checked(vec(4, "early"), 1)), ACL_ERROR_RT_FAILURE);
  std::string msg = lastError();
  EXPECT_NE(msg.find("deadlocked"), std::string::npos) << msg;
  EXPECT_NE(msg.find("block 2 (AIV) returned after 0 SyncAll call(s)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("SyncAll at check_kernels_test.cpp:"), std::string::npos) << msg;

  DevBuf sync(2 * 32);
  sync.zero();
  EXPECT_EQ(asctwin::run(waitNever, checked(vec(2, "waitNever"), 2), sync.gm()),
            ACL_ERROR_RT_FAILURE);
  msg = lastError();
  EXPECT_NE(msg.find("block 1 (AIV) spins on GM"), std::string::npos) << msg;
  EXPECT_NE(msg.find("IBWait at check_kernels_test.cpp:"), std::string::npos) << msg;

  EXPECT_EQ(asctwin::run(waitFlagNoSet, checked(vec(1, "noSet"), 3)), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("WaitFlag<MTE3_S>(2) has no SetFlag"), std::string::npos)
      << lastError();
}

TEST_F(CheckKernelsTest, ErrorsInDeferredInstructionsFailTheLaunch) {
  EXPECT_EQ(asctwin::run(badGather, checked(vec(2, "gather"), 4)), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("Gather offset[0]"), std::string::npos) << lastError();
  EXPECT_EQ(asctwin::run(badGather, vec(2, "gather")), ACL_ERROR_RT_FAILURE);
  EXPECT_NE(lastError().find("Gather offset[0]"), std::string::npos) << lastError();
}

TEST_F(CheckKernelsTest, ObserverSeesEveryRecordInExecutionOrder) {
  DevBuf s[4] = {DevBuf(32), DevBuf(32), DevBuf(32), DevBuf(32)};
  DevBuf dst(32), sync(64 * 32);
  const float vals[4] = {0.0f, 1.0f, 1e16f, -1e16f};
  for (int i = 0; i < 4; ++i) s[i].upload(std::vector<float>(8, vals[i]));
  for (ExecMode m : {ExecMode::Check, ExecMode::Fast}) {
    Recorder rec;
    LaunchOptions o = vec(1, "scenario1");
    o.mode = m;
    o.seed = 9;
    const uint64_t before = asctwinExecutedInstructions();
    ASSERT_EQ(asctwin::kernel::runObserved(&rec, check_scenarios::scenario1, o, s[0].gm(),
                                           s[1].gm(), s[2].gm(), s[3].gm(), dst.gm(), 0),
              0)
        << lastError();
    // 4 loads, the init copy, then the three atomic copies in program order.
    EXPECT_EQ(rec.executed.size(), 8u);
    EXPECT_EQ(asctwinExecutedInstructions() - before, 8u);
    ASSERT_EQ(rec.atomics.size(), 4u);
    EXPECT_EQ(rec.atomics[0], kernel::AtomicOp::None);
    for (int i = 1; i < 4; ++i) EXPECT_EQ(rec.atomics[i], kernel::AtomicOp::Add);
    std::vector<uint32_t> mte3Lines;
    for (auto& [line, pipe] : rec.executed)
      if (pipe == PIPE_MTE3) mte3Lines.push_back(line);
    EXPECT_TRUE(std::is_sorted(mte3Lines.begin(), mte3Lines.end()));  // barriers keep them in order
    EXPECT_GT(rec.syncs, 5u);
    EXPECT_EQ(rec.begins, 1u);
    EXPECT_EQ(rec.ends, 1u);
  }
  // The process observer serves launches that name none.
  Recorder rec;
  kernel::setProcessObserver(&rec);
  DevBuf t(32 * 4), out(32);
  t.zero();
  ASSERT_EQ(asctwin::run(readTiling, checked(vec(2), 1), t.gm(), out.gm()), 0) << lastError();
  kernel::setProcessObserver(nullptr);
  EXPECT_EQ(rec.scalarGm, 2u * 32u + 1u);
}

TEST_F(CheckKernelsTest, SlowdownOfCheckModeOnAVectorAddKernel) {
  const uint32_t n = 16 * 64 * kTile;  // 256 Ki floats over 16 blocks
  DevBuf xb(n * 4), yb(n * 4), zb(n * 4);
  xb.upload(std::vector<float>(n, 1.5f));
  yb.upload(std::vector<float>(n, 2.0f));
  auto time = [&](ExecMode m) {
    LaunchOptions o = vec(16, "add");
    o.mode = m;
    double best = 1e9;
    for (int rep = 0; rep < 3; ++rep) {
      const auto t0 = std::chrono::steady_clock::now();
      EXPECT_EQ(asctwin::run(addKernel, o, xb.gm(), yb.gm(), zb.gm(), n), 0) << lastError();
      best = std::min(best,
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
  };
  const double fast = time(ExecMode::Fast);
  const double check = time(ExecMode::Check);
  auto z = zb.download<float>(n);
  EXPECT_EQ(z[n - 1], 3.5f);
  std::printf("vector add, %u floats on 16 blocks: fast %.3f ms, check %.3f ms, slowdown x%.1f\n",
              n, fast * 1e3, check * 1e3, check / fast);
  RecordProperty("check_slowdown", std::to_string(check / fast));
}

}  // namespace asctwin::testing
