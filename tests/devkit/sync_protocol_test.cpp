// GM flag protocols (kernel::SyncProtocol) as the checker sees them: Huawei's
// IBSet/IBWait as its CPU mode runs them (a flag word copied into UB, tested,
// set and copied back, between the stubs it calls on entry and exit; written
// here with the own API, line for line as in
// impl/basic_api/kernel_operator_block_sync_intf_impl.h), and a GroupBarrier
// as Huawei's waits (the dcci of a line, then a load through the pointer,
// inside devkit::SyncProtocolScope), and the own GroupBarrier.
//  - With the protocol known, the data handed over through it is ordered and
//    the flag words are no race: no finding, in fast mode and under check
//    mode's seeds, and the data arrive.
//  - The same copies without the stubs race (what devkit mode reported
//    before the stubs meant anything); a read before the wait still races:
//    the protocol orders only what comes after it.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "asctwin/asctwin_check.h"
#include "asctwin/capi/sys_entry.h"
#include "asctwin/devkit/hooks.h"
#include "asctwin/devkit/scalar_access.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

using namespace AscendC;

namespace {

constexpr uint32_t kLen = 64;  // floats handed from block 0 to block 1

// kCorrect: as written; kNoStubs: IBSet/IBWait without their stubs;
// kReadBeforeWait: a block also reads the handed-over data before its wait.
enum Variant : int32_t { kCorrect = 0, kNoStubs = 1, kReadBeforeWait = 2 };

// Huawei's IBSet (waits for the flag to be 0, writes 1) and IBWait (waits
// for 1, writes 0) are the same loop; `stub` is the one each calls on entry
// and exit (none: the same copies without it).
using IbStub = void (*)(int32_t, int32_t, bool);
void ibProtocol(const GlobalTensor<int32_t>& flags, const LocalTensor<int32_t>& ub, int32_t block,
                IbStub stub, int32_t want) {
  if (stub != nullptr) stub(block, 0, true);
  GlobalTensor<int32_t> slot = flags[block * 8];
  PipeBarrier<PIPE_ALL>();
  while (true) {
    DataCopy(ub, slot, 8);
    SetFlag<HardEvent::MTE2_S>(0);
    WaitFlag<HardEvent::MTE2_S>(0);
    if (ub.GetValue(0) == want) {
      ub.SetValue(0, 1 - want);
      SetFlag<HardEvent::S_MTE3>(0);
      WaitFlag<HardEvent::S_MTE3>(0);
      DataCopy(slot, ub, 8);
      break;
    }
  }
  PipeBarrier<PIPE_ALL>();
  if (stub != nullptr) stub(block, 0, true);
}

void ibSet(const GlobalTensor<int32_t>& flags, const LocalTensor<int32_t>& ub, int32_t block,
           bool stubs) {
  ibProtocol(flags, ub, block, stubs ? __ib_set_stub : nullptr, 0);
}

void ibWait(const GlobalTensor<int32_t>& flags, const LocalTensor<int32_t>& ub, int32_t block,
            bool stubs) {
  ibProtocol(flags, ub, block, stubs ? __ib_wait_stub : nullptr, 1);
}

// Block 0 copies src to mid and sets the flag; block 1 waits for it and
// copies mid to dst.
__global__ __aicore__ void handOver(GM_ADDR src, GM_ADDR mid, GM_ADDR dst, GM_ADDR flagsGm,
                                    int32_t variant) {
  GlobalTensor<float> s, m, d;
  GlobalTensor<int32_t> flags;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), kLen);
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), kLen);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), kLen);
  flags.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(flagsGm), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, f;
  pipe.InitBuffer(a, kLen * sizeof(float));
  pipe.InitBuffer(f, 32);
  LocalTensor<float> x = a.Get<float>();
  LocalTensor<int32_t> ub = f.Get<int32_t>();
  const bool stubs = variant != kNoStubs;
  if (GetBlockIdx() == 0) {
    DataCopy(x, s, kLen);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(m, x, kLen);
    ibSet(flags, ub, 0, stubs);
  } else {
    if (variant == kReadBeforeWait) DataCopy(x, m, kLen);
    ibWait(flags, ub, 0, stubs);
    if (variant != kReadBeforeWait) DataCopy(x, m, kLen);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(d, x, kLen);
  }
}

// Huawei's GroupBarrier, reduced to one arrive counter (64 bytes at
// `counters`): Arrive adds 1 with an atomic copy; Wait cleans the line from
// the data cache and loads the counter through the pointer until all have
// arrived. Each of the blocks writes its quarter of mid, arrives, waits, and
// then reads all of mid.
__global__ __aicore__ void groupReduce(GM_ADDR mid, GM_ADDR dst, GM_ADDR counters,
                                       int32_t variant) {
  const int64_t n = GetBlockNum();
  const int64_t b = GetBlockIdx();
  const uint32_t part = kLen / static_cast<uint32_t>(n);
  GlobalTensor<float> m, d;
  GlobalTensor<int32_t> counter;
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), kLen);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst) + b * kLen, kLen);
  counter.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(counters), 16);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, o;
  pipe.InitBuffer(a, kLen * sizeof(float));
  pipe.InitBuffer(o, 32);
  LocalTensor<float> x = a.Get<float>();
  LocalTensor<int32_t> one = o.Get<int32_t>();
  Duplicate(x, static_cast<float>(b + 1), static_cast<int32_t>(part));
  Duplicate(one, 0, 8);
  SetFlag<HardEvent::V_S>(0);
  WaitFlag<HardEvent::V_S>(0);
  one.SetValue(0, 1);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(m[b * part], x, part);
  if (variant == kReadBeforeWait && b == 0) {
    PipeBarrier<PIPE_ALL>();
    DataCopy(x, m, kLen);  // before the barrier: races with the others' writes
  }
  {
    const asctwin::devkit::SyncProtocolScope arrive(asctwin::kernel::SyncProtocol::GroupArrive);
    SetFlag<HardEvent::S_MTE3>(1);
    WaitFlag<HardEvent::S_MTE3>(1);
    SetAtomicAdd<int32_t>();
    DataCopy(counter, one, 8);
    SetAtomicNone();
  }
  {
    const asctwin::devkit::SyncProtocolScope wait(asctwin::kernel::SyncProtocol::GroupWait);
    // dcci(line, SINGLE_CACHE_LINE, CACHELINE_OUT), then the load.
    constexpr uint8_t kCachelineOut = 2;
    auto* head = reinterpret_cast<volatile int32_t*>(counters);
    asctwin::devkit::dataCacheCleanInvalidate(counters, false, kCachelineOut);
    while (*head < n) asctwin::devkit::dataCacheCleanInvalidate(counters, false, kCachelineOut);
  }
  DataCopy(x, m, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(d, x, kLen);
}

// The own GroupBarrier, used the same way.
__global__ __aicore__ void ownGroupReduce(GM_ADDR mid, GM_ADDR dst, GM_ADDR workspace,
                                          int32_t variant) {
  const int64_t n = GetBlockNum();
  const int64_t b = GetBlockIdx();
  const uint32_t part = kLen / static_cast<uint32_t>(n);
  GlobalTensor<float> m, d;
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), kLen);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst) + b * kLen, kLen);
  TPipe pipe;
  GroupBarrier<PipeMode::MTE3_MODE> barrier(workspace, static_cast<uint32_t>(n),
                                            static_cast<uint32_t>(n));
  TBuf<TPosition::VECCALC> a;
  pipe.InitBuffer(a, kLen * sizeof(float));
  LocalTensor<float> x = a.Get<float>();
  Duplicate(x, static_cast<float>(b + 1), static_cast<int32_t>(part));
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(m[b * part], x, part);
  if (variant == kReadBeforeWait && b == 0) {
    PipeBarrier<PIPE_ALL>();
    DataCopy(x, m, kLen);
  }
  barrier.Arrive(static_cast<uint32_t>(b));
  barrier.Wait(static_cast<uint32_t>(b));
  PipeBarrier<PIPE_ALL>();
  DataCopy(x, m, kLen);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(d, x, kLen);
}

}  // namespace

namespace asctwin::testing {
namespace {

constexpr uint32_t kTools = checker::racecheck | checker::initcheck | checker::detcheck;
constexpr uint32_t kBlocks = 4;

class SyncProtocolFindings : public KernelTest {
 protected:
  void TearDown() override { asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0); }

  // The hand-over under `variant`: the checker's findings; dst must equal src
  // whenever block 1 reads after its wait.
  std::vector<checker::Finding> handOverFindings(int32_t variant) {
    DevBuf src(kLen * 4), mid(kLen * 4), dst(kLen * 4), flags(64 * 4);
    std::vector<float> in(kLen);
    for (uint32_t i = 0; i < kLen; ++i) in[i] = static_cast<float>(i) * 0.5f;
    src.upload(in);
    mid.zero();
    dst.zero();
    flags.zero();
    checker::Session session(kTools);
    EXPECT_EQ(asctwin::run(handOver, vec(2, "handOver"), src.gm(), mid.gm(), dst.gm(), flags.gm(),
                           variant),
              0)
        << lastError();
    if (variant != kReadBeforeWait) {
      EXPECT_EQ(dst.download<float>(kLen), in);
    }
    return session.findings();
  }

  template <typename Kernel>
  std::vector<checker::Finding> groupFindings(Kernel k, const char* name, int32_t variant) {
    DevBuf mid(kLen * 4), dst(kBlocks * kLen * 4), work(64 * 1024);
    mid.zero();
    dst.zero();
    work.zero();
    checker::Session session(kTools);
    EXPECT_EQ(asctwin::run(k, vec(kBlocks, name), mid.gm(), dst.gm(), work.gm(), variant), 0)
        << lastError();
    std::vector<float> want(kLen);
    for (uint32_t i = 0; i < kLen; ++i) want[i] = static_cast<float>(i / (kLen / kBlocks) + 1);
    const std::vector<float> got = dst.download<float>(kBlocks * kLen);
    for (uint32_t b = 0; b < kBlocks; ++b)
      EXPECT_EQ(std::vector<float>(got.begin() + b * kLen, got.begin() + (b + 1) * kLen), want)
          << "block " << b;
    return session.findings();
  }
};

TEST_F(SyncProtocolFindings, HuaweisIbSetAndIbWaitOrderTheHandOver) {
  const auto f = handOverFindings(kCorrect);
  EXPECT_TRUE(f.empty()) << dump(f);
}

TEST_F(SyncProtocolFindings, HuaweisIbSetAndIbWaitAreCleanUnderEveryCheckSeed) {
  for (uint64_t seed = 0; seed < 8; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    const auto f = handOverFindings(kCorrect);
    EXPECT_TRUE(f.empty()) << "seed " << seed << "\n" << dump(f);
  }
}

TEST_F(SyncProtocolFindings, TheSameCopiesWithoutTheStubsRace) {
  const auto f = handOverFindings(kNoStubs);
  EXPECT_FALSE(ofKind(f, "race-cross-core").empty()) << dump(f);
}

TEST_F(SyncProtocolFindings, AReadBeforeIbWaitStillRaces) {
  const auto f = handOverFindings(kReadBeforeWait);
  const auto races = ofKind(f, "race-cross-core");
  ASSERT_EQ(races.size(), 1u) << dump(f);
  EXPECT_NE(races[0].message.find("GM bytes"), std::string::npos) << dump(f);
}

TEST_F(SyncProtocolFindings, HuaweisGroupBarrierOrdersTheGroup) {
  const auto f = groupFindings(groupReduce, "groupReduce", kCorrect);
  EXPECT_TRUE(f.empty()) << dump(f);
  for (uint64_t seed = 0; seed < 4; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    const auto g = groupFindings(groupReduce, "groupReduce", kCorrect);
    EXPECT_TRUE(g.empty()) << "seed " << seed << "\n" << dump(g);
  }
}

TEST_F(SyncProtocolFindings, AReadBeforeHuaweisGroupWaitStillRaces) {
  const auto f = groupFindings(groupReduce, "groupReduce", kReadBeforeWait);
  EXPECT_FALSE(ofKind(f, "race-cross-core").empty()) << dump(f);
}

TEST_F(SyncProtocolFindings, TheOwnGroupBarrierOrdersTheGroup) {
  const auto f = groupFindings(ownGroupReduce, "ownGroupReduce", kCorrect);
  EXPECT_TRUE(f.empty()) << dump(f);
  for (uint64_t seed = 0; seed < 4; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    const auto g = groupFindings(ownGroupReduce, "ownGroupReduce", kCorrect);
    EXPECT_TRUE(g.empty()) << "seed " << seed << "\n" << dump(g);
  }
  const auto late = groupFindings(ownGroupReduce, "ownGroupReduce", kReadBeforeWait);
  EXPECT_FALSE(ofKind(late, "race-cross-core").empty()) << dump(late);
}

}  // namespace
}  // namespace asctwin::testing
