// racecheck and detcheck: races inside a core and across cores, the atomics
// seed's broken scenarios, and zero findings on the correct ones and on a
// double-buffered queue pipeline; same seed, same findings.
#include "asctwin/asctwin_check.h"
#include "check/scenarios.h"
#include "checker/checker_util.h"
#include "kernel/kernel_test_util.h"

using namespace AscendC;
using check_scenarios::kLen;
using check_scenarios::Variant;

namespace {

// MTE2 fills a buffer that PIPE_V reads without MTE2_V in between.
__global__ __aicore__ void sameCoreRace(GM_ADDR src, GM_ADDR dst) {
  GlobalTensor<float> s, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b;
  pipe.InitBuffer(a, 256);
  pipe.InitBuffer(b, 256);
  LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
  DataCopy(x, s, 64);    // @sc-write
  Adds(y, x, 1.0f, 64);  // @sc-read
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(d, y, 64);
}

// Block 0 writes GM that block 1 reads, with no cross-core synchronisation.
__global__ __aicore__ void crossCoreRace(GM_ADDR src, GM_ADDR mid, GM_ADDR dst) {
  GlobalTensor<float> s, m, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), 64);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a;
  pipe.InitBuffer(a, 256);
  LocalTensor<float> x = a.Get<float>();
  if (GetBlockIdx() == 0) {
    DataCopy(x, s, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(m, x, 64);  // @cc-write
  } else {
    DataCopy(x, m, 64);  // @cc-read
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(d, x, 64);
  }
}

// The same with SyncAll in between: clean.
__global__ __aicore__ void crossCoreSynced(GM_ADDR src, GM_ADDR mid, GM_ADDR dst) {
  GlobalTensor<float> s, m, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), 64);
  m.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(mid), 64);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst), 64);
  TPipe pipe;
  TBuf<TPosition::VECCALC> a;
  pipe.InitBuffer(a, 256);
  LocalTensor<float> x = a.Get<float>();
  if (GetBlockIdx() == 0) {
    DataCopy(x, s, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(m, x, 64);
  }
  SyncAll();
  if (GetBlockIdx() == 1) {
    DataCopy(x, m, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(d, x, 64);
  }
}

// A double-buffered VECIN -> Adds -> VECOUT pipeline over `tiles` tiles of 64
// floats per block: the queues' hidden flags order everything.
__global__ __aicore__ void pipeline(GM_ADDR src, GM_ADDR dst, uint32_t tiles) {
  constexpr uint32_t kTile = 64;
  const uint64_t base = static_cast<uint64_t>(GetBlockIdx()) * tiles * kTile;
  GlobalTensor<float> s, d;
  s.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src) + base, tiles * kTile);
  d.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(dst) + base, tiles * kTile);
  TPipe pipe;
  TQue<TPosition::VECIN, 2> in;
  TQue<TPosition::VECOUT, 2> out;
  pipe.InitBuffer(in, 2, kTile * sizeof(float));
  pipe.InitBuffer(out, 2, kTile * sizeof(float));
  for (uint32_t t = 0; t < tiles; ++t) {
    LocalTensor<float> x = in.AllocTensor<float>();
    DataCopy(x, s[t * kTile], kTile);
    in.EnQue(x);
    x = in.DeQue<float>();
    LocalTensor<float> y = out.AllocTensor<float>();
    Adds(y, x, 2.0f, kTile);
    in.FreeTensor(x);
    out.EnQue(y);
    y = out.DeQue<float>();
    DataCopy(d[t * kTile], y, kTile);
    out.FreeTensor(y);
  }
}

}  // namespace

namespace asctwin::testing {
namespace {

const char* kScenarios = "check/scenarios.h";

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

class RaceFindings : public KernelTest {
 protected:
  void SetUp() override {
    for (int i = 0; i < 4; ++i) src[i] = std::make_unique<DevBuf>(kLen * 4);
    dst = std::make_unique<DevBuf>(kLen * 4);
    sync = std::make_unique<DevBuf>(64 * 32);
  }
  void TearDown() override { asctwinSetKernelMode(ASCTWIN_MODE_DEFAULT, 0); }
  int scenario(int which, Variant v, uint64_t seed) {
    const float vals[4] = {0.0f, 1.0f, 1e16f, -1e16f};
    for (int i = 0; i < 4; ++i) src[i]->upload(std::vector<float>(kLen, vals[i]));
    dst->upload(std::vector<float>(kLen, 42.0f));
    sync->zero();
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    const auto variant = static_cast<int32_t>(v);
    switch (which) {
      case 1:
        return asctwin::run(check_scenarios::scenario1, vec(1, "scenario1"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), variant);
      case 2:
        return asctwin::run(check_scenarios::scenario2, vec(4, "scenario2"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), sync->gm(),
                            variant);
      default:
        return asctwin::run(check_scenarios::scenario3, cube(4, "scenario3"), src[0]->gm(),
                            src[1]->gm(), src[2]->gm(), src[3]->gm(), dst->gm(), sync->gm(),
                            variant);
    }
  }
  std::unique_ptr<DevBuf> src[4], dst, sync;
};

TEST_F(RaceFindings, CorrectSeedScenariosHaveNoFindings) {
  checker::Session s(checker::all);
  for (int which = 1; which <= 3; ++which)
    for (uint64_t seed = 0; seed < 20; ++seed)
      ASSERT_EQ(scenario(which, Variant::Correct, seed), 0) << lastError();
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
}

TEST_F(RaceFindings, Scenario1AtomicsWithoutBarrier) {
  checker::Session s(checker::all);
  ASSERT_EQ(scenario(1, Variant::NoBarrierBetweenAtomics, 0), 0) << lastError();
  auto f = ofKind(s.findings(), "unordered-atomics");
  ASSERT_FALSE(f.empty()) << dump(s.findings());
  EXPECT_EQ(f[0].tool, "detcheck");
  EXPECT_TRUE(endsWith(f[0].first.file, kScenarios)) << f[0].first.file;
  EXPECT_EQ(f[0].first.pipe, "MTE3");
  ASSERT_TRUE(f[0].second.has_value());
  EXPECT_EQ(f[0].second->pipe, "MTE3");
  EXPECT_NE(f[0].first.line, f[0].second->line);
  EXPECT_EQ(s.findings().size(), f.size()) << dump(s.findings());
}

TEST_F(RaceFindings, Scenario1InitCopyUnorderedWithAtomics) {
  checker::Session s(checker::all);
  ASSERT_EQ(scenario(1, Variant::NoBarrierAfterInit, 0), 0) << lastError();
  auto f = ofKind(s.findings(), "plain-write-vs-atomic");
  ASSERT_FALSE(f.empty()) << dump(s.findings());
  EXPECT_TRUE(ofKind(s.findings(), "unordered-atomics").empty()) << dump(s.findings());
}

TEST_F(RaceFindings, Scenario2WaitingOnTheWrongBlock) {
  checker::Session s(checker::all);
  ASSERT_EQ(scenario(2, Variant::WrongBlock, 0), 0) << lastError();
  auto f = ofKind(s.findings(), "unordered-atomics");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  ASSERT_TRUE(f[0].second.has_value());
  std::vector<int> blocks{f[0].first.block, f[0].second->block};
  std::sort(blocks.begin(), blocks.end());
  EXPECT_EQ(blocks, (std::vector<int>{1, 3}));
}

TEST_F(RaceFindings, Scenario3SignalBeforeTheCopyCompletes) {
  checker::Session s(checker::all);
  ASSERT_EQ(scenario(3, Variant::NoMte3SBeforeSignal, 0), 0) << lastError();
  EXPECT_FALSE(s.findings().empty());
  for (const auto& f : s.findings()) EXPECT_EQ(f.tool, "detcheck") << checker::toText(f);
}

TEST_F(RaceFindings, SameCoreRaceBetweenPipes) {
  DevBuf a(256), b(256);
  a.zero();
  checker::Session s(checker::racecheck);
  ASSERT_EQ(asctwin::run(sameCoreRace, vec(1, "scr"), a.gm(), b.gm()), 0) << lastError();
  auto f = ofKind(s.findings(), "race-same-core");
  ASSERT_EQ(f.size(), 1u) << dump(s.findings());
  EXPECT_EQ(f[0].tool, "racecheck");
  EXPECT_EQ(f[0].first.line, markerLine(__FILE__, "sc-write"));
  EXPECT_EQ(f[0].first.pipe, "MTE2");
  ASSERT_TRUE(f[0].second.has_value());
  EXPECT_EQ(f[0].second->line, markerLine(__FILE__, "sc-read"));
  EXPECT_EQ(f[0].second->pipe, "V");
  EXPECT_EQ(f[0].second->api, "Adds");
}

TEST_F(RaceFindings, CrossCoreRace) {
  DevBuf a(256), m(256), d(256);
  a.zero();
  m.zero();
  checker::Session s(checker::racecheck);
  bool found = false;
  for (uint64_t seed = 0; seed < 4; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    ASSERT_EQ(asctwin::run(crossCoreRace, vec(2, "ccr"), a.gm(), m.gm(), d.gm()), 0);
  }
  for (const auto& f : ofKind(s.findings(), "race-cross-core")) {
    ASSERT_TRUE(f.second.has_value());
    std::set<int> lines{f.first.line, f.second->line};
    EXPECT_EQ(lines,
              (std::set<int>{markerLine(__FILE__, "cc-write"), markerLine(__FILE__, "cc-read")}));
    EXPECT_NE(f.first.block, f.second->block);
    found = true;
  }
  EXPECT_TRUE(found) << dump(s.findings());
}

TEST_F(RaceFindings, SyncAllOrdersTheCores) {
  DevBuf a(256), m(256), d(256);
  a.zero();
  m.zero();
  checker::Session s(checker::all);
  for (uint64_t seed = 0; seed < 8; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    ASSERT_EQ(asctwin::run(crossCoreSynced, vec(2, "ccs"), a.gm(), m.gm(), d.gm()), 0)
        << lastError();
  }
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
}

TEST_F(RaceFindings, QueuePipelineIsClean) {
  constexpr uint32_t kBlocks = 4, kTiles = 6;
  DevBuf a(kBlocks * kTiles * 64 * 4), d(kBlocks * kTiles * 64 * 4);
  a.upload(std::vector<float>(kBlocks * kTiles * 64, 1.5f));
  checker::Session s(checker::all);
  for (uint64_t seed = 0; seed < 8; ++seed) {
    asctwinSetKernelMode(ASCTWIN_MODE_CHECK, seed);
    ASSERT_EQ(asctwin::run(pipeline, vec(kBlocks, "pipeline"), a.gm(), d.gm(), kTiles), 0)
        << lastError();
  }
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
  EXPECT_EQ(d.download<float>(1)[0], 3.5f);
}

TEST_F(RaceFindings, ToolMaskFilters) {
  checker::Session s(checker::racecheck | checker::synccheck);
  ASSERT_EQ(scenario(1, Variant::NoBarrierBetweenAtomics, 0), 0) << lastError();
  EXPECT_TRUE(s.findings().empty()) << dump(s.findings());
}

TEST_F(RaceFindings, SameSeedSameFindings) {
  std::string first;
  for (int run = 0; run < 2; ++run) {
    checker::Session s(checker::all);
    ASSERT_EQ(scenario(2, Variant::WrongBlock, 7), 0) << lastError();
    ASSERT_EQ(scenario(1, Variant::NoBarrierBetweenAtomics, 7), 0) << lastError();
    const std::string json = checker::toJson(s.findings());
    if (run == 0) {
      first = json;
    } else {
      EXPECT_EQ(json, first);
    }
  }
  EXPECT_NE(first, "[]");
}

}  // namespace
}  // namespace asctwin::testing
